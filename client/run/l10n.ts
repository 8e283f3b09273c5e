/**
 * The translation function pure client modules receive, so they stay testable without VS Code: the extension
 * passes `vscode.l10n`, tests pass `englishL10n`. Calls pass the English text itself as the first argument, so that
 * test/l10n.test.ts finds every string and checks its French translation.
 */
export interface L10n {
  t(message: string, ...args: Array<string | number | boolean>): string;
}

/** English with `{0}` placeholders filled, as vscode.l10n does when no bundle is loaded. */
export const englishL10n: L10n = {
  t: (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : whole)),
};
