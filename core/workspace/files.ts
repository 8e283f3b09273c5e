/**
 * Which files a walk over a workspace or a folder reads: the one rule the CLI's folder expansion, the language
 * server's start-up scan and its file-watcher events share, so they see the same files.
 */

/**
 * Folders never walked into. A folder named explicitly (a CLI argument, a workspace root) is always read; only
 * the folders found below it are skipped.
 * - `node_modules`: installed packages ship JSON (package.json, schemas, fixtures) that are not the user's tests.
 * - `.git`, and any other dot-folder (`.vscode`, `.vscode-test`, `.e2e`, `.cache`…): tool state, not content.
 * - `out`, `dist`: build output; a copied fixture there would duplicate every id of its source.
 */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'out', 'dist']);

/**
 * The same skip list as an editor's exclude glob (VS Code's `findFiles`), so a search does not even enter
 * these folders; `isListedWorkspaceFile` stays the rule for what is listed.
 */
export const SKIPPED_FOLDERS_GLOB = `{${[...SKIPPED_FOLDERS, '.*'].map((name) => `**/${name}/**`).join(',')}}`;

/** True for a folder a walk does not enter. */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || SKIPPED_FOLDERS.has(name);
}

/**
 * True when a path below a walked root (relative, `/` or `\` separated, file name last) lies in a skipped
 * folder: a watcher reports changes everywhere, and a file the walk would not reach must not be read either.
 */
export function inSkippedFolder(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/);
  parts.pop();
  return parts.some((part) => part !== '' && part !== '.' && part !== '..' && isSkippedFolder(part));
}

/** A JSON file by name (a path or a URI): what a walk collects and what an editor sends as JSON without a language. */
export function isJsonFileName(name: string): boolean {
  return name.endsWith('.json');
}

/** The editor languages whose documents we read: JSON, with or without comments. */
const JSON_LANGUAGES: ReadonlySet<string> = new Set(['json', 'jsonc']);

/**
 * An open document we read: a JSON language, or a `.json` name (editors that send another language id for
 * it, or none). The client and the server ask the same question.
 */
export function isJsonDocument(doc: { readonly languageId: string; readonly uri: string }): boolean {
  return JSON_LANGUAGES.has(doc.languageId) || isJsonFileName(doc.uri);
}

/**
 * A workspace file the Test Explorer lists (when its content is a tests file or a corpus): a JSON file that no
 * walk would skip and that is not a results file of ours. `relativePath` is below the workspace folder;
 * `resultsFolder` is the `ewebench.results.folder` setting (a folder of that name at any depth holds results).
 */
export function isListedWorkspaceFile(relativePath: string, resultsFolder: string): boolean {
  const path = relativePath.replace(/\\/g, '/');
  if (!isJsonFileName(path) || inSkippedFolder(path)) return false;
  const results = resultsFolder.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  return results === '' || !`/${path}`.includes(`/${results}/`);
}

/**
 * The task suites' item files an editor sends the language server (TSV, CSV, JSON lines: the names
 * `core/suite/items.ts`'s `itemFormatFor` reads), as a document selector's glob. The server checks only those a
 * suite of the workspace names (`server/workspaceSuites.ts`) and leaves the others without diagnostics.
 */
export const SUITE_ITEM_FILE_GLOB = '**/*.{tsv,tab,csv,jsonl,ndjson}';
