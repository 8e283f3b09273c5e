import type { FileCoverageReport } from '../../core/coverage/report';

/** The panel's words, already in the user's language (the VS Code adapter fills them with vscode.l10n). */
export interface PreviewStrings {
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
  more: string;
  toneMarks: string;
  nasalVowels: string;
}

export interface PreviewOptions {
  nonce: string;
  /** The webview's `cspSource`, allowed for styles. */
  cspSource: string;
  fileName: string;
  strings: PreviewStrings;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** JSON that can sit inside a <script> element: no `<`, no line separators that end a JS string early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The coverage preview: a grid of the alphabet with counts (missing special letters marked in words, not only
 * colour), a bar per letter, per-item coverage and look-alikes. The page is static HTML plus one nonce'd script
 * that renders the report with DOM APIs and `textContent`, so nothing from the file is ever parsed as HTML.
 */
export function renderCoverageHtml(report: FileCoverageReport | undefined, options: PreviewOptions): string {
  const { nonce, cspSource, strings } = options;
  const csp = `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(strings.title)}</title>
<style nonce="${nonce}">
  body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 16px 24px; }
  h1 { font-size: 1.3em; margin: 12px 0 4px; }
  h2 { font-size: 1.05em; margin: 18px 0 6px; }
  .summary { color: var(--vscode-descriptionForeground); margin-bottom: 8px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(64px, 1fr)); gap: 6px; }
  .letter { border: 1px solid var(--vscode-panel-border, #8884); border-radius: 4px; padding: 6px 4px; text-align: center; background: var(--vscode-editorWidget-background); color: inherit; font: inherit; cursor: pointer; }
  .letter:focus-visible, button:focus-visible { outline: 2px solid var(--vscode-focusBorder); outline-offset: 1px; }
  .letter .glyph { display: block; font-size: 1.6em; line-height: 1.2; }
  .letter .count { display: block; font-size: 0.85em; color: var(--vscode-descriptionForeground); }
  .letter.special { border-width: 2px; }
  .letter.missing { border-style: dashed; border-color: var(--vscode-errorForeground); }
  .letter.missing .count { color: var(--vscode-errorForeground); font-weight: 600; }
  .letter[aria-pressed="true"] { background: var(--vscode-list-activeSelectionBackground); color: var(--vscode-list-activeSelectionForeground); }
  .bars { display: grid; grid-template-columns: 3em 1fr 4em; gap: 2px 8px; align-items: center; }
  .bar { height: 10px; background: var(--vscode-charts-blue, var(--vscode-textLink-foreground)); border-radius: 2px; min-width: 1px; }
  .bar.special { background: var(--vscode-charts-orange, var(--vscode-editorWarning-foreground)); }
  .num { text-align: right; font-variant-numeric: tabular-nums; color: var(--vscode-descriptionForeground); }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--vscode-panel-border, #8883); }
  td.zero { color: var(--vscode-errorForeground); }
  button.link { background: none; border: none; padding: 0; color: var(--vscode-textLink-foreground); cursor: pointer; font: inherit; text-decoration: underline; }
  ul.occurrences { columns: 4 12em; padding-left: 1.2em; }
  .note { color: var(--vscode-descriptionForeground); font-style: italic; }
</style>
</head>
<body>
<h1 id="title"></h1>
<div class="summary" id="summary" role="status" aria-live="polite"></div>
<main id="root"></main>
<script nonce="${nonce}">
(function () {
  const vscode = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : { postMessage: function () {} };
  const S = ${scriptJson(strings)};
  const fileName = ${scriptJson(options.fileName)};
  let report = ${scriptJson(report ?? null)};
  let selected = null;

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'text') node.textContent = v; else if (k === 'onclick') node.addEventListener('click', v); else node.setAttribute(k, v);
    }
    for (const child of children || []) if (child) node.appendChild(child);
    return node;
  }
  function reveal(offset) { vscode.postMessage({ type: 'reveal', offset: offset }); }

  function render() {
    const root = document.getElementById('root');
    root.replaceChildren();
    document.getElementById('title').textContent = S.title + ' — ' + fileName;
    const lang = report && report.languages[0];
    if (!lang) { document.getElementById('summary').textContent = S.noText; return; }
    const present = lang.specialLetters.length - lang.missing.length;
    document.getElementById('summary').textContent = lang.name.en + ' ' + present + '/' + lang.specialLetters.length + ' ' + S.specialLetters + (lang.missing.length ? ' · ' + S.missing + ': ' + lang.missing.join(' ') : '');

    const grid = el('div', { class: 'grid', role: 'group', 'aria-label': S.title });
    for (const letter of lang.alphabet) {
      const count = lang.letters[letter] || 0;
      const special = lang.specialLetters.includes(letter);
      const missing = special && count === 0;
      const label = letter + ': ' + count + (missing ? ' (' + S.missing + ')' : '');
      grid.appendChild(el('button', { class: 'letter' + (special ? ' special' : '') + (missing ? ' missing' : ''), 'aria-label': label, 'aria-pressed': String(selected === letter), onclick: function () { selected = selected === letter ? null : letter; render(); } }, [
        el('span', { class: 'glyph', text: letter }),
        el('span', { class: 'count', text: missing ? S.missing : String(count) }),
      ]));
    }
    root.appendChild(grid);

    if (selected) {
      const list = (report.occurrences[selected] || []);
      root.appendChild(el('h2', { text: S.occurrences + ' « ' + selected + ' »' }));
      if (list.length === 0) root.appendChild(el('p', { class: 'note', text: S.noOccurrence }));
      const ul = el('ul', { class: 'occurrences' });
      for (const o of list) ul.appendChild(el('li', {}, [el('button', { class: 'link', text: o.label, onclick: function () { reveal(o.offset); } })]));
      root.appendChild(ul);
    }

    const max = Math.max(1, ...lang.alphabet.map(function (l) { return lang.letters[l] || 0; }));
    const bars = el('div', { class: 'bars', role: 'img', 'aria-label': S.title });
    for (const letter of lang.alphabet) {
      const count = lang.letters[letter] || 0;
      const bar = el('div', { class: 'bar' + (lang.specialLetters.includes(letter) ? ' special' : '') });
      bar.style.width = (100 * count / max) + '%';
      bars.append(el('span', { text: letter }), el('div', {}, [bar]), el('span', { class: 'num', text: String(count) }));
    }
    root.appendChild(bars);

    const marks = Object.entries(lang.toneMarks).map(function (e) { return e[0] + ' ×' + e[1]; }).join(', ');
    const nasal = Object.entries(lang.nasalVowels).map(function (e) { return e[0] + ' ×' + e[1]; }).join(', ');
    if (marks) root.appendChild(el('p', { text: S.toneMarks + ': ' + marks }));
    if (nasal) root.appendChild(el('p', { text: S.nasalVowels + ': ' + nasal }));

    if (report.confusables.length) {
      root.appendChild(el('h2', { text: S.lookAlikes + ' (' + report.confusables.length + ')' }));
      const ul = el('ul');
      for (const c of report.confusables.slice(0, 200)) {
        ul.appendChild(el('li', {}, [el('button', { class: 'link', text: (c.range.start.line + 1) + ':' + (c.range.start.character + 1) + '  ' + c.found + ' → ' + c.expected, onclick: function () { reveal(c.offset); } })]));
      }
      root.appendChild(ul);
    }

    root.appendChild(el('h2', { text: S.perItem }));
    const head = el('tr', {}, [el('th', { text: S.item }), el('th', { text: S.distinct })].concat(lang.specialLetters.map(function (l) { return el('th', { text: l }); })));
    const table = el('table', {}, [el('thead', {}, [head])]);
    const body = el('tbody');
    for (const item of report.items.slice(0, 300)) {
      const cells = [el('td', {}, [el('button', { class: 'link', text: item.label, onclick: function () { reveal(item.offset); } })]), el('td', { class: 'num', text: String(item.distinctLetters) })];
      item.special.forEach(function (n) { cells.push(el('td', { class: 'num' + (n === 0 ? ' zero' : ''), text: n === 0 ? '–' : String(n) })); });
      body.appendChild(el('tr', {}, cells));
    }
    table.appendChild(body);
    root.appendChild(table);
    if (report.items.length > 300) root.appendChild(el('p', { class: 'note', text: S.more.replace('{0}', String(report.items.length - 300)) }));
  }

  window.addEventListener('message', function (event) {
    const message = event.data;
    if (message && message.type === 'update') { report = message.report; render(); }
  });
  render();
})();
</script>
</body>
</html>`;
}
