import type { Locale } from '../../core/i18n/locale';
import { renderRunText, runText as sentence, type RunText } from '../../core/i18n/runMessages';

/**
 * The translation function pure client modules receive, so they stay testable without VS Code: the extension
 * passes `vscode.l10n`, tests pass `englishL10n`. Calls pass the English text itself as the first argument, so that
 * test/l10n.test.ts finds every string and checks its French translation.
 */
export interface L10n {
  t(message: string, ...args: Array<string | number | boolean>): string;
  /** The user's language for the sentences of core's tables (a run's errors and refusals); English when absent. */
  readonly locale?: Locale;
}

/** A sentence of a run (a skipped item's reason, a refusal), from its code and parameters, in the user's language. */
export function runText(text: RunText, l10n: L10n): string {
  return renderRunText(text, l10n.locale ?? 'en');
}

/** A result's error in the user's language: from its code and parameters when the record has them, else as written. */
export function recordError(record: { error: string | null; error_code?: RunText['code']; error_params?: RunText['params'] }, l10n: L10n): string {
  return record.error_code !== undefined ? runText(sentence(record.error_code, record.error_params), l10n) : (record.error ?? '');
}

/** English with `{0}` placeholders filled, as vscode.l10n does when no bundle is loaded. */
export const englishL10n: L10n = {
  t: (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : whole)),
};

/** A label before its value, `Status:`, with the colon as the language writes it (`Statut\u00a0:` in French). */
export function labelled(label: string, l10n: L10n): string {
  return l10n.t('{0}:', label);
}
