import type { FileCoverageReport } from '../core/coverage/report';
import type { Locale } from '../core/i18n/locale';

/**
 * Messages between the coverage preview (extension host, `client/coverage/panel.ts`) and its page
 * (`webview/coverage/main.ts`, bundled as `dist/coverageView.js`). Types only: the page's browser bundle imports
 * this file too, so it imports neither `vscode` nor Node.
 */

/** The page's words, already in the user's language (the VS Code adapter fills them with vscode.l10n). */
export interface CoverageStrings {
  title: string;
  specialLetters: string;
  missing: string;
  occurrences: string;
  noOccurrence: string;
  perItem: string;
  item: string;
  distinct: string;
  lookAlikes: string;
  noText: string;
  /** `{0} more` */
  more: string;
  toneMarks: string;
  nasalVowels: string;
}

/** What the page is written with: the JSON data block `<script type="application/json" id="coverage-data">` in its HTML, read once when it loads. */
export interface CoveragePageData {
  strings: CoverageStrings;
  /** Chooses the language names shown (Ewe / Éwé). */
  locale: Locale;
  fileName: string;
  report: FileCoverageReport | null;
}

/** From the extension: show this report (of this file) in place. */
export type CoverageToPage = { type: 'update'; report: FileCoverageReport | null; fileName: string };

/** From the page: it loaded (`ready`), it drew an update (`rendered`), the user chose an occurrence (`reveal`). */
export type CoverageFromPage = { type: 'ready' } | { type: 'rendered' } | { type: 'reveal'; offset: number; end: number };
