/**
 * The frame of a board view (leaderboard, and the other views that show ranked tables): the page script
 * (`webview/boards/main.ts`, bundled as dist/boardsView.js) fills it from messages. Strict CSP: the script only
 * by nonce, styles from the page itself, nothing from the network. Colours are the theme's. Pure.
 */
export interface BoardHtmlOptions {
  nonce: string;
  cspSource: string;
  scriptUri: string;
  lang: string;
  title: string;
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

export function renderBoardHtml(options: BoardHtmlOptions): string {
  const { nonce, cspSource } = options;
  const csp = `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src ${cspSource};`;
  return `<!DOCTYPE html>
<html lang="${escapeAttr(options.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeAttr(options.title)}</title>
<style nonce="${escapeAttr(nonce)}">
  body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 1rem 2rem; }
  h1 { font-size: 1.3rem; margin: 1rem 0 0.5rem; }
  h2 { font-size: 1.1rem; margin: 1.2rem 0 0.4rem; }
  #toolbar { display: flex; flex-wrap: wrap; gap: 0.8rem; align-items: end; margin: 0.4rem 0 0.8rem; }
  label { display: flex; flex-direction: column; gap: 0.2rem; color: var(--vscode-descriptionForeground); }
  select, button { font: inherit; }
  select { color: var(--vscode-dropdown-foreground); background: var(--vscode-dropdown-background); border: 1px solid var(--vscode-dropdown-border, transparent); padding: 0.15rem 0.3rem; }
  button.action { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); border: 1px solid var(--vscode-button-border, transparent); padding: 0.25rem 0.8rem; border-radius: 2px; cursor: pointer; }
  .scroll { overflow-x: auto; }
  table { border-collapse: collapse; margin: 0 0 0.6rem; }
  th, td { border: 1px solid var(--vscode-editorWidget-border, #8884); padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; white-space: nowrap; }
  th { background: var(--vscode-editorWidget-background); font-weight: 600; }
  th button { font: inherit; font-weight: 600; color: inherit; background: none; border: none; padding: 0; cursor: pointer; }
  td.n { text-align: right; font-variant-numeric: tabular-nums; }
  .ci { color: var(--vscode-descriptionForeground); font-size: 0.85em; margin-left: 0.3em; }
  tr.unranked td { color: var(--vscode-disabledForeground, var(--vscode-descriptionForeground)); font-style: italic; }
  tr.unranked td:first-child { color: var(--vscode-errorForeground); }
  tr.tie td:first-child { color: var(--vscode-editorWarning-foreground); font-weight: 600; }
  tbody tr:hover { background: var(--vscode-list-hoverBackground); }
  tbody tr:focus { outline: 1px solid var(--vscode-focusBorder); outline-offset: -1px; background: var(--vscode-list-focusBackground, var(--vscode-list-hoverBackground)); }
  button:focus-visible, select:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
  .note, #hint { color: var(--vscode-descriptionForeground); }
  tr.bad td:first-child { border-left: 3px solid var(--vscode-testing-iconFailed, var(--vscode-errorForeground)); }
  tr.good td:first-child { border-left: 3px solid var(--vscode-testing-iconPassed, var(--vscode-charts-green)); }
  figure.chart { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; margin: 0.8rem 0; }
  figure.chart svg { max-width: 100%; height: auto; }
  table.numbers caption { text-align: left; font-weight: 600; padding-bottom: 0.2rem; }
  td.diff { white-space: pre-wrap; max-width: 50rem; }
  del { color: var(--vscode-gitDecoration-deletedResourceForeground, var(--vscode-errorForeground)); background: var(--vscode-diffEditor-removedTextBackground); }
  ins { color: var(--vscode-gitDecoration-addedResourceForeground, var(--vscode-charts-green)); background: var(--vscode-diffEditor-insertedTextBackground); text-decoration: none; }
</style>
</head>
<body>
<h1 id="title"></h1>
<div id="toolbar"></div>
<p id="hint"></p>
<main id="tables" aria-live="polite"></main>
<div id="notes"></div>
<script nonce="${escapeAttr(nonce)}" src="${escapeAttr(options.scriptUri)}"></script>
</body>
</html>`;
}
