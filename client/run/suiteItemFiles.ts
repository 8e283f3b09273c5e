import * as vscode from 'vscode';
import type { SuiteItemFile } from '../../protocol/ewebench';

/**
 * The task suites' item files the language server registered (`server/workspaceSuites.ts`, the one registry),
 * as the lenses, the Test Explorer and runs read them: asked once the server is up and again each time it says
 * they changed. Lookups are synchronous (a lens or a run plan needs the task at once); until the first answer,
 * no item file is known.
 */
export class SuiteItemFiles implements vscode.Disposable {
  private byUri = new Map<string, SuiteItemFile>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the registered item files changed (lenses and the Test Explorer refresh). */
  readonly onDidChange = this.changed.event;
  private asking: Promise<void> | undefined;

  /** The suite and task reading this file, when a suite names it. */
  of(uri: vscode.Uri): SuiteItemFile | undefined {
    return this.byUri.get(uri.toString());
  }

  /** Every registered item file's URI. */
  uris(): vscode.Uri[] {
    return [...this.byUri.keys()].map((u) => vscode.Uri.parse(u));
  }

  /** Asks `ask` for the list (one question at a time; a change during one asks again after it). */
  refresh(ask: () => Promise<SuiteItemFile[]>): Promise<void> {
    const previous = this.asking ?? Promise.resolve();
    const next = previous.then(async () => {
      let list: SuiteItemFile[];
      try {
        list = await ask();
      } catch {
        return; // the server stopped: what it said last stays
      }
      // The server's URIs are normalised by URL; VS Code's spelling is the key here.
      this.byUri = new Map(list.map((f) => [vscode.Uri.parse(f.uri).toString(), f]));
      this.changed.fire();
    });
    this.asking = next;
    return next;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The one registry of the client (set up at activation, before any lens or run asks). */
export const suiteItemFiles = new SuiteItemFiles();
