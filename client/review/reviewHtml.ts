import { reviewCardMarkup } from '../../core/review/cardMarkup';
import { escapeAttr, webviewCsp } from '../webviewPage';
/**
 * The review page's HTML: a fixed frame the page script (`webview/review/main.ts`, bundled as
 * dist/reviewView.js) fills from messages. Strict CSP: the script only by nonce, styles from the page itself,
 * nothing from the network. Pure, so it is tested without VS Code.
 */
export interface ReviewHtmlOptions {
  nonce: string;
  cspSource: string;
  scriptUri: string;
  lang: string;
}

export function renderReviewHtml(options: ReviewHtmlOptions): string {
  const { nonce, cspSource } = options;
  const csp = webviewCsp(nonce, cspSource, { images: true });
  const ratings = ['reject', 'gist', 'acceptable', 'excellent'].map((r) => `<button id="rate-${r}" class="rate ${r}" aria-pressed="false"></button>`).join('');
  return `<!DOCTYPE html>
<html lang="${escapeAttr(options.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${escapeAttr(nonce)}">
  body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 1.5rem 2rem; max-width: 60rem; }
  h1 { font-size: 1.2rem; margin: 1rem 0 0.2rem; }
  #header, #meta, #keys, .hint { color: var(--vscode-descriptionForeground); }
  .hint { font-size: 0.9em; }
  .progress { height: 4px; background: var(--vscode-editorWidget-border, #8884); margin: 0.6rem 0 1rem; }
  #bar { height: 100%; width: 0; background: var(--vscode-progressBar-background); }
  #card { outline: none; border: 1px solid var(--vscode-panel-border, #8884); border-radius: 4px; padding: 0.8rem 1rem; }
  #card:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
  .label { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--vscode-descriptionForeground); margin-top: 0.8rem; }
  .text { font-size: 1.15rem; white-space: pre-wrap; margin: 0.2rem 0 0; }
  #predicted { font-weight: 600; }
  .ratings { display: flex; gap: 0.5rem; margin: 1rem 0 0.6rem; flex-wrap: wrap; }
  button { font: inherit; color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); border: 1px solid var(--vscode-button-border, transparent); padding: 0.35rem 0.8rem; border-radius: 2px; cursor: pointer; }
  button[aria-pressed="true"] { color: var(--vscode-button-foreground); background: var(--vscode-button-background); }
  button:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
  button:disabled { opacity: 0.5; cursor: default; }
  textarea { width: 100%; min-height: 3rem; font: inherit; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, #8884); }
  nav { display: flex; gap: 0.5rem; margin-top: 0.8rem; }
</style>
</head>
<body>
${reviewCardMarkup(ratings)}
  <nav><button id="prev"></button><button id="next"></button></nav>
</section>
<p id="keys"></p>
<p id="status" role="status" aria-live="polite"></p>
<script nonce="${escapeAttr(nonce)}" src="${escapeAttr(options.scriptUri)}"></script>
</body>
</html>`;
}
