import * as vscode from 'vscode';
import { toLocale, type Locale } from '../../core/i18n/locale';
import type { L10n } from './l10n';

/** `vscode.l10n` with the display language, for the pure modules and for the runner's sentences (`runText`). */
export const userL10n: L10n = {
  t: (message, ...args) => vscode.l10n.t(message, ...args),
  get locale(): Locale {
    return toLocale(vscode.env.language);
  },
};
