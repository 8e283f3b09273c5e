/**
 * A small test harness for the extension host (code-server through scripts/e2e/run.mjs, or @vscode/test-electron).
 * The suite is bundled into one file with esbuild, so tests register themselves on import instead of being
 * discovered by a runner such as mocha, and nothing beyond `vscode` is needed at run time. Result lines start
 * with ✔ or ✖: scripts/e2e/run.mjs counts them from the host's log.
 */
import * as vscode from 'vscode';

interface RegisteredTest {
  name: string;
  /** May return a line of detail (a measured figure) printed under the result. */
  body: () => Promise<void | string>;
  timeoutMs: number;
}

const registered: RegisteredTest[] = [];

/** Registers a test; bodies run one after another in registration (import) order. */
export function e2eTest(name: string, body: () => Promise<void | string>, timeoutMs = 30_000): void {
  // E2E_GREP (the runner's environment): only the tests whose names contain it (or one of its |-separated parts),
  // while working on one.
  const only = process.env.E2E_GREP?.split('|').filter(Boolean);
  if (only?.length && !only.some((part) => name.includes(part))) return;
  registered.push({ name, body, timeoutMs });
}

function withTimeout(body: () => Promise<void | string>, ms: number): Promise<void | string> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`test did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([body(), expiry]).finally(() => clearTimeout(timer));
}

export async function runRegistered(): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  for (const t of registered) {
    const start = Date.now();
    try {
      const detail = await withTimeout(t.body, t.timeoutMs);
      passed++;
      console.log(`✔ ${t.name} (${Date.now() - start} ms)${detail ? `\n    ${detail}` : ''}`);
    } catch (error) {
      failed++;
      const reason = error instanceof Error ? error.message : String(error);
      console.log(`✖ ${t.name}\n    ${reason.replace(/\s+/g, ' ').slice(0, 1500)}`);
    }
  }
  return { passed, failed };
}

/**
 * Polls `probe` until it returns a truthy value: the language server answers asynchronously, usually within a
 * second; the default wait stays short so that a broken extension fails the whole suite in a few minutes.
 */
export async function until<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const EXTENSION_ID = 'ewebench.ewebench-studio';
export const SOURCE = 'ewebench';

export function workspaceFile(relative: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the suite needs a workspace folder (test/e2e/workspace copied by the runner)');
  return vscode.Uri.joinPath(folder.uri, relative);
}

export async function openEditor(relative: string): Promise<vscode.TextEditor> {
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(workspaceFile(relative)));
}

export function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' ? String(d.code.value) : String(d.code);
}

export function ourDiagnostics(uri: vscode.Uri, code?: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE && (code === undefined || codeOf(d) === code));
}

/** Waits until the server has published at least one diagnostic with `code` for `uri`. */
export function diagnosticsWithCode(uri: vscode.Uri, code: string): Promise<vscode.Diagnostic[]> {
  return until(`a ${code} diagnostic on ${uri.path}`, () => {
    const list = ourDiagnostics(uri, code);
    return list.length > 0 && list;
  });
}

/** The position just inside the first occurrence of `needle` (plus `shift` characters). */
export function positionOf(doc: vscode.TextDocument, needle: string, shift = 1): vscode.Position {
  const at = doc.getText().indexOf(needle);
  if (at < 0) throw new Error(`${needle} not found in ${doc.uri.path}`);
  return doc.positionAt(at + shift);
}

export async function quickFixes(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  return (
    (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value)) ?? []
  );
}

/** Applies the quick fix whose title matches, failing with the titles on offer when none does. */
export async function applyQuickFix(uri: vscode.Uri, range: vscode.Range, title: RegExp): Promise<void> {
  let offered: string[] = [];
  const fix = await until(
    `a quick fix titled ${title}`,
    async () => {
      const actions = await quickFixes(uri, range);
      offered = actions.map((a) => a.title);
      return actions.find((a) => title.test(a.title) && a.edit);
    },
    10_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; offered: ${offered.join(' | ') || 'none'}`);
  });
  if (!fix.edit || !(await vscode.workspace.applyEdit(fix.edit))) throw new Error(`the edit of "${fix.title}" did not apply`);
}

export const SEVERITY_NAMES: Record<vscode.DiagnosticSeverity, string> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/**
 * Runs `body` with a workspace setting changed, restoring the previous value afterwards. The workspace is a
 * temporary copy, so the .vscode/settings.json this writes never reaches the repository.
 */
export async function withWorkspaceSetting(section: string, key: string, value: unknown, body: () => Promise<void>): Promise<void> {
  const config = vscode.workspace.getConfiguration(section);
  const before = config.inspect(key)?.workspaceValue;
  await config.update(key, value, vscode.ConfigurationTarget.Workspace);
  try {
    await body();
  } finally {
    await vscode.workspace.getConfiguration(section).update(key, before, vscode.ConfigurationTarget.Workspace);
  }
}
