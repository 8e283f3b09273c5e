/**
 * The corpus table's page: a static shell (toolbar, summary bar, grid) with a strict Content Security Policy:
 * no inline script, one nonce for the bundled script (dist/corpusTable.js) and the style block, nothing from
 * the network. Colours are VS Code's theme variables. Pure, so tests read it without VS Code.
 */
import { escapeAttr as escapeHtml, webviewCsp } from '../webviewPage';

export interface TableHtmlOptions {
  nonce: string;
  /** The webview's `cspSource`. */
  cspSource: string;
  /** The script's webview URI. */
  scriptUri: string;
  /** `en` or `fr`, for the page's `lang`. */
  lang: string;
  title: string;
}

export const ROW_HEIGHT = 24;

const CSS = `
:root { --row: ${ROW_HEIGHT}px; }
body { margin: 0; padding: 0; font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); height: 100vh; display: flex; flex-direction: column; overflow: hidden; }
#toolbar, #actions { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 6px 8px; border-bottom: 1px solid var(--vscode-panel-border, transparent); }
input, select, button { font: inherit; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, var(--vscode-panel-border, transparent)); padding: 2px 6px; border-radius: 2px; }
button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: 1px solid var(--vscode-button-border, transparent); cursor: pointer; }
button:hover { background: var(--vscode-button-hoverBackground); }
button.secondary { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: -1px; }
#summary { padding: 4px 8px; font-size: 0.92em; color: var(--vscode-descriptionForeground); border-bottom: 1px solid var(--vscode-panel-border, transparent); display: flex; flex-wrap: wrap; gap: 4px 14px; }
#summary .short { color: var(--vscode-editorWarning-foreground); }
#message { padding: 4px 8px; color: var(--vscode-errorForeground); }
#message:empty { display: none; }
#hint { padding: 2px 8px; font-size: 0.92em; color: var(--vscode-descriptionForeground); }
#hint[hidden] { display: none; }
#grid { flex: 1; display: flex; flex-direction: column; min-height: 0; outline: none; }
#grid:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
.row { display: grid; height: var(--row); align-items: stretch; border-bottom: 1px solid var(--vscode-editorGroup-border, transparent); box-sizing: border-box; }
.head { position: sticky; top: 0; z-index: 2; min-width: var(--grid-width, 100%); }
.head .rowhead { background: var(--vscode-editorGroupHeader-tabsBackground, var(--vscode-editor-background)); }
.head .row { font-weight: 600; background: var(--vscode-editorGroupHeader-tabsBackground, var(--vscode-editor-background)); }
.head [role=columnheader] { cursor: pointer; user-select: none; }
#viewport { flex: 1; overflow: auto; position: relative; }
#spacer { position: relative; min-width: var(--grid-width, 100%); }
#rows { position: absolute; left: 0; right: 0; top: 0; }
#rows .row { position: absolute; left: 0; right: 0; top: 0; will-change: transform; }
.cell { unicode-bidi: plaintext; padding: 0 6px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; line-height: calc(var(--row) - 1px); border-right: 1px solid var(--vscode-editorGroup-border, transparent); box-sizing: border-box; }
.rowhead { color: var(--vscode-editorLineNumber-foreground); text-align: right; font-variant-numeric: tabular-nums; position: sticky; left: 0; z-index: 1; background: var(--vscode-editor-background); }
.row[aria-selected=true] { background: var(--vscode-list-inactiveSelectionBackground); }
.cell.active { outline: 2px solid var(--vscode-focusBorder); outline-offset: -2px; }
#grid:focus .cell.active { background: var(--vscode-list-activeSelectionBackground); color: var(--vscode-list-activeSelectionForeground); }
.row.secret .rowhead { border-left: 3px solid var(--vscode-charts-purple, var(--vscode-editorWarning-foreground)); }
.row.secret .rowhead::before { content: "\\25C6  "; color: var(--vscode-charts-purple, var(--vscode-editorWarning-foreground)); }
.cell.hidden { font-style: italic; color: var(--vscode-disabledForeground); }
.cell.absent { color: var(--vscode-disabledForeground); }
.cell.error { text-decoration: underline wavy var(--vscode-editorError-foreground); text-underline-offset: 3px; }
.cell.warning { text-decoration: underline wavy var(--vscode-editorWarning-foreground); text-underline-offset: 3px; }
.cell.information, .cell.hint { text-decoration: underline dotted var(--vscode-editorInfo-foreground); text-underline-offset: 3px; }
.row.has-error .rowhead { color: var(--vscode-editorError-foreground); }
.row.has-warning .rowhead { color: var(--vscode-editorWarning-foreground); }
.cell input { width: 100%; height: calc(var(--row) - 2px); box-sizing: border-box; border: none; outline: 1px solid var(--vscode-focusBorder); padding: 0 4px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export function renderTableHtml(options: TableHtmlOptions): string {
  const { nonce, cspSource, scriptUri, lang, title } = options;
  const csp = webviewCsp(nonce, cspSource, { fonts: true });
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${CSS}</style>
</head>
<body>
<div id="toolbar"></div>
<div id="actions"></div>
<div id="summary" role="status" aria-live="polite"></div>
<div id="message" role="alert"></div>
<div id="hint" hidden></div>
<div id="grid" role="grid" tabindex="0" aria-multiselectable="true">
  <div id="viewport">
    <div class="head" role="rowgroup"><div class="row" role="row" aria-rowindex="1" id="headrow"></div></div>
    <div id="spacer" role="rowgroup"><div id="rows"></div></div>
  </div>
</div>
<div id="descriptions" class="sr-only"></div>
<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>`;
}
