import * as vscode from 'vscode';
import { readResultsReport } from '../../core/run/resultsFile';
import { readRunCard } from '../../core/run/runCard';
import { readSuiteResults } from '../../core/suite/runRecords';
import type { RunRecord } from '../../core/run/types';
import { ResultsIndex } from './resultsIndex';
import { setting, SETTINGS } from '../config';

/** Reads one results file or run card into records; undefined when it is neither. */
export type RecordsReader = (value: unknown) => RunRecord[] | undefined;

export const readRecords: RecordsReader = (value) => readResultsReport(value)?.records ?? readRunCard(value)?.records ?? readSuiteResults(value);

export function resultsFolderSetting(): string {
  return setting('results.folder') || SETTINGS['results.folder'].default;
}

/** The results folder of a workspace folder. */
export function resultsFolderOf(folder: vscode.WorkspaceFolder): vscode.Uri {
  return vscode.Uri.joinPath(
    folder.uri,
    ...resultsFolderSetting()
      .split(/[\\/]+/)
      .filter(Boolean),
  );
}

/** A document's path as results record it: relative to its workspace folder, forward slashes. */
export function sourceFileOf(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, false).replace(/\\/g, '/');
}

/**
 * The results the editor shows: every results file and run card of each workspace folder's results folder
 * (watched, so a CLI run or a shared file appears at once), plus the records of runs in progress.
 */
export class ResultsStore implements vscode.Disposable {
  readonly index = new ResultsIndex();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private watchers: vscode.Disposable[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  private loaded?: Promise<void>;

  constructor(private readonly read: RecordsReader = readRecords) {
    this.subscriptions.push(
      this.changed,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('ewebench.results.folder')) void this.reload();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.reload()),
    );
  }

  /** Loads the results folders once (later calls wait for the same load). */
  ready(): Promise<void> {
    return (this.loaded ??= this.reload());
  }

  private async reload(): Promise<void> {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
    for (const key of [...this.fileKeys]) this.index.deleteSource(key);
    this.fileKeys.clear();
    const loads: Promise<void>[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const base = resultsFolderOf(folder);
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(base, '*.json'));
      watcher.onDidCreate((uri) => void this.loadFile(uri));
      watcher.onDidChange((uri) => void this.loadFile(uri));
      watcher.onDidDelete((uri) => this.forget(uri));
      this.watchers.push(watcher);
      loads.push(
        Promise.resolve(vscode.workspace.fs.readDirectory(base)).then(
          (entries) =>
            Promise.all(
              entries
                .filter(([name, type]) => type === vscode.FileType.File && name.endsWith('.json'))
                .map(([name]) => this.loadFile(vscode.Uri.joinPath(base, name), false)),
            ).then(() => undefined),
          () => undefined, // no results folder yet
        ),
      );
    }
    await Promise.all(loads);
    this.changed.fire();
  }

  private readonly fileKeys = new Set<string>();

  /** Reads (again) one results file or run card; a file that is neither is ignored. */
  async loadFile(uri: vscode.Uri, notify = true): Promise<void> {
    const key = uri.toString();
    let records: RunRecord[] | undefined;
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      records = this.read(JSON.parse(new TextDecoder().decode(bytes)));
    } catch {
      records = undefined; // half-written or not JSON: the next change event reads it again
    }
    if (records) {
      this.index.setSource(key, records);
      this.fileKeys.add(key);
    } else if (this.index.deleteSource(key)) this.fileKeys.delete(key);
    if (notify) this.changed.fire();
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.fileKeys.delete(key);
    if (this.index.deleteSource(key)) this.changed.fire();
  }

  /** A record of a run in progress, shown before its results file exists. */
  addLive(runKey: string, record: RunRecord): void {
    this.index.append(`live:${runKey}`, record);
    this.changed.fire();
  }

  /** A finished run: its results file (when written) replaces its live records. */
  async endLive(runKey: string, writtenFiles: readonly vscode.Uri[]): Promise<void> {
    for (const file of writtenFiles) await this.loadFile(file, false);
    // Without a written file (results folder outside the workspace, a write error) the live records stay.
    if (writtenFiles.length) this.index.deleteSource(`live:${runKey}`);
    this.changed.fire();
  }

  dispose(): void {
    for (const w of this.watchers) w.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
