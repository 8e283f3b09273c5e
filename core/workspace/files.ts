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
