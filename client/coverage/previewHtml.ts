import type { FileCoverageReport } from '../../core/coverage/report';
import type { Locale } from '../../core/i18n/locale';
import type { CoveragePageData, CoverageStrings } from '../../protocol/coverageView';
import { webviewCsp } from '../webviewPage';

/** The panel's words, already in the user's language (the VS Code adapter fills them with vscode.l10n). */
export type PreviewStrings = CoverageStrings;

export interface PreviewOptions {
  nonce: string;
  /** The webview's `cspSource`, allowed for styles. */
  cspSource: string;
  /** The page's script, `dist/coverageView.js` as a webview URI (`webview/coverage/main.ts`). */
  scriptUri: string;
  /** Chooses the language names shown (Ewe / Éwé) and the page's `lang`. */
  locale: Locale;
  fileName: string;
  strings: PreviewStrings;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For text placed in HTML markup or an attribute value: the five characters that can end or start markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** JSON that can sit inside a <script> element: no `<` (so no `</script>` or `<!--`), no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The coverage preview's HTML: static markup and styles, the page's data as one JSON block (never executed:
 * `type="application/json"`, escaped so that nothing in it can end the block), and the page's script,
 * `dist/coverageView.js` bundled from `webview/coverage/main.ts`, loaded with the nonce. The strict CSP allows
 * only that nonce for scripts and styles; the page renders with DOM APIs and `textContent`.
 */
export function renderCoverageHtml(report: FileCoverageReport | undefined, options: PreviewOptions): string {
  const { nonce, cspSource, strings, locale } = options;
  const csp = webviewCsp(nonce, cspSource);
  const data: CoveragePageData = { strings, locale, fileName: options.fileName, report: report ?? null };
  return `<!DOCTYPE html>
<html lang="${locale === 'fr' ? 'fr' : 'en'}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(strings.title)}</title>
<style nonce="${escapeHtml(nonce)}">
  body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 16px 24px; }
  h1 { font-size: 1.3em; margin: 12px 0 4px; }
  h2 { font-size: 1.05em; margin: 18px 0 6px; }
  .summary { color: var(--vscode-descriptionForeground); margin-bottom: 8px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(64px, 1fr)); gap: 6px; }
  .letter { border: 1px solid var(--vscode-panel-border, #8884); border-radius: 4px; padding: 6px 4px; text-align: center; background: var(--vscode-editorWidget-background); color: inherit; font: inherit; cursor: pointer; }
  .letter:focus-visible, button:focus-visible { outline: 2px solid var(--vscode-focusBorder); outline-offset: 1px; }
  .letter .glyph { display: block; font-size: 1.6em; line-height: 1.2; }
  .letter .count { display: block; font-size: 0.85em; color: var(--vscode-descriptionForeground); }
  .letter.special { border-width: 2px; border-color: var(--vscode-charts-orange, var(--vscode-editorWarning-foreground)); }
  .letter.missing { border-style: dashed; border-color: var(--vscode-errorForeground); }
  .letter.missing .count { color: var(--vscode-errorForeground); font-weight: 600; }
  .letter[aria-pressed="true"] { background: var(--vscode-list-activeSelectionBackground); color: var(--vscode-list-activeSelectionForeground); }
  .bars { columns: 2 16em; column-gap: 32px; margin-top: 12px; }
  .bar-row { display: grid; grid-template-columns: 2.5em 1fr 3.5em; gap: 8px; align-items: center; break-inside: avoid; line-height: 1.5; }
  .bar { height: 10px; background: var(--vscode-charts-blue, var(--vscode-textLink-foreground)); border-radius: 2px; min-width: 1px; }
  .bar.special { background: var(--vscode-charts-orange, var(--vscode-editorWarning-foreground)); }
  .num { text-align: right; font-variant-numeric: tabular-nums; color: var(--vscode-descriptionForeground); }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--vscode-panel-border, #8883); }
  th.num, td.num { text-align: right; }
  td.zero { color: var(--vscode-errorForeground); }
  button.link { background: none; border: none; padding: 0; color: var(--vscode-textLink-foreground); cursor: pointer; font: inherit; text-align: left; }
  button.link .label { text-decoration: underline; margin-right: 0.6em; }
  button.link .context { color: var(--vscode-foreground); }
  mark { background: var(--vscode-editor-findMatchHighlightBackground, #ea5c0055); color: inherit; border-radius: 2px; }
  ul.occurrences { columns: 2 22em; padding-left: 1.2em; }
  .note { color: var(--vscode-descriptionForeground); font-style: italic; }
</style>
</head>
<body>
<h1 id="title"></h1>
<div class="summary" id="summary" role="status" aria-live="polite"></div>
<main id="root"></main>
<script type="application/json" id="coverage-data">${scriptJson(data)}</script>
<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(options.scriptUri)}"></script>
</body>
</html>`;
}
