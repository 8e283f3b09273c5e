import type { FileCoverageReport } from '../../core/coverage/report';
import type { Locale } from '../../core/i18n/locale';

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
 * The coverage preview: a grid of the alphabet with counts (missing special letters marked in words, not only
 * colour), a bar per letter, per-item coverage and look-alikes; choosing a letter lists its occurrences, and
 * choosing one posts `{type: 'reveal', offset, end}` to the extension. The page is static HTML plus one nonce'd
 * script that renders the report with DOM APIs and `textContent`, so nothing from the file is parsed as HTML;
 * `{type: 'update', report, fileName}` messages re-render it in place, keeping the keyboard focus and the scroll
 * position where they were (answered with `{type: 'rendered'}`). It posts `{type: 'ready'}` each time it loads.
 */
export function renderCoverageHtml(report: FileCoverageReport | undefined, options: PreviewOptions): string {
  const { nonce, cspSource, strings, locale } = options;
  const csp = `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';`;
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
<script nonce="${escapeHtml(nonce)}">
(function () {
  const vscode = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : { postMessage: function () {}, getState: function () {}, setState: function () {} };
  const S = ${scriptJson(strings)};
  const locale = ${scriptJson(locale)};
  let fileName = ${scriptJson(options.fileName)};
  let report = ${scriptJson(report ?? null)};
  // VS Code rebuilds the page from its HTML when its tab shows again: the chosen letter, the scroll position and
  // the focused control survive in the webview state, for the same file.
  const saved = vscode.getState();
  const same = saved && saved.fileName === fileName;
  let selected = same ? saved.selected : null;
  let scrollY = same && typeof saved.scrollY === 'number' ? saved.scrollY : 0;
  let focusKey = same && typeof saved.focused === 'string' ? saved.focused : null;
  // A page rebuilt from HTML written for an earlier file: the state of the file shown last waits for its content.
  let pending = saved && !same ? saved : null;
  function remember() { vscode.setState({ fileName: fileName, selected: selected, scrollY: scrollY, focused: focusKey }); }
  function select(letter) { selected = letter; remember(); render(); }

  // Elements from data: text only ever goes through textContent, attributes through setAttribute.
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'text') node.textContent = v; else if (k === 'onclick') node.addEventListener('click', v); else node.setAttribute(k, v);
    }
    for (const child of children || []) if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    return node;
  }
  function reveal(span) { vscode.postMessage({ type: 'reveal', offset: span.start, end: span.end }); }
  function nameOf(lang) { return lang.name[locale] || lang.name.en; }
  function count(map, key) { return (map && map[key]) || 0; }

  function render() {
    // Re-rendering replaces every node: remember which control had the focus and where the page was scrolled,
    // and give both back.
    const focused = document.activeElement && document.activeElement.getAttribute && document.activeElement.getAttribute('data-key');
    const top = window.scrollY;
    const root = document.getElementById('root');
    root.replaceChildren();
    document.getElementById('title').textContent = S.title + ' — ' + fileName;
    const lang = report && report.languages[0];
    if (!lang) { document.getElementById('summary').textContent = S.noText; return; }
    const present = lang.specialLetters.length - lang.missing.length;
    let summary = nameOf(lang) + ' ' + present + '/' + lang.specialLetters.length + ' ' + S.specialLetters + (lang.missing.length ? ' · ' + S.missing + ': ' + lang.missing.join(' ') : '');
    for (const other of report.languages.slice(1)) summary += ' · ' + nameOf(other) + ' ' + (other.specialLetters.length - other.missing.length) + '/' + other.specialLetters.length;
    document.getElementById('summary').textContent = summary;

    const grid = el('div', { class: 'grid', role: 'group', 'aria-label': S.title });
    for (const letter of lang.alphabet) {
      const n = count(lang.letters, letter);
      const special = lang.specialLetters.includes(letter);
      const missing = special && n === 0;
      const capitals = count(lang.capitals, letter);
      const upper = letter.charAt(0).toUpperCase() + letter.slice(1);
      const label = letter + ': ' + n + (capitals ? ' (' + upper + ' ' + capitals + ')' : '') + (missing ? ', ' + S.missing : '');
      grid.appendChild(el('button', { class: 'letter' + (special ? ' special' : '') + (missing ? ' missing' : ''), 'data-key': 'letter:' + letter, title: label, 'aria-label': label, 'aria-pressed': String(selected === letter), onclick: function () { select(selected === letter ? null : letter); } }, [
        el('span', { class: 'glyph', 'aria-hidden': 'true', text: letter }),
        el('span', { class: 'count', 'aria-hidden': 'true', text: missing ? S.missing : String(n) }),
      ]));
    }
    root.appendChild(grid);

    if (selected) {
      const list = report.occurrences[selected] || [];
      root.appendChild(el('h2', { text: S.occurrences + ' « ' + selected + ' » (' + count(lang.letters, selected) + ')' }));
      if (list.length === 0) root.appendChild(el('p', { class: 'note', text: S.noOccurrence }));
      const ul = el('ul', { class: 'occurrences' });
      list.forEach(function (o, i) {
        ul.appendChild(el('li', {}, [el('button', { class: 'link', 'data-key': 'occurrence:' + selected + ':' + i, 'aria-label': o.label + ': ' + o.before + o.match + o.after, onclick: function () { reveal(o.span); } }, [
          el('span', { class: 'label', text: o.label }),
          el('span', { class: 'context' }, [o.before, el('mark', { text: o.match }), o.after]),
        ])]));
      });
      root.appendChild(ul);
      if (count(lang.letters, selected) > list.length && list.length > 0) root.appendChild(el('p', { class: 'note', text: S.more.replace('{0}', String(count(lang.letters, selected) - list.length)) }));
    }

    // The bars repeat the grid's counts, which the grid's buttons already give to screen readers.
    const max = Math.max(1, ...lang.alphabet.map(function (l) { return count(lang.letters, l); }));
    const bars = el('div', { class: 'bars', 'aria-hidden': 'true' });
    for (const letter of lang.alphabet) {
      const n = count(lang.letters, letter);
      const bar = el('div', { class: 'bar' + (lang.specialLetters.includes(letter) ? ' special' : '') });
      bar.style.width = (100 * n / max) + '%';
      bars.appendChild(el('div', { class: 'bar-row' }, [el('span', { text: letter }), el('div', {}, [bar]), el('span', { class: 'num', text: String(n) })]));
    }
    root.appendChild(bars);

    const marks = Object.entries(lang.toneMarks).map(function (e) { return e[0] + ' ×' + e[1]; }).join(', ');
    const nasal = Object.entries(lang.nasalVowels).map(function (e) { return e[0] + ' ×' + e[1]; }).join(', ');
    if (marks) root.appendChild(el('p', { text: S.toneMarks + ': ' + marks }));
    if (nasal) root.appendChild(el('p', { text: S.nasalVowels + ': ' + nasal }));

    if (report.confusables.length) {
      root.appendChild(el('h2', { text: S.lookAlikes + ' (' + report.confusables.length + ')' }));
      const ul = el('ul');
      report.confusables.slice(0, 200).forEach(function (c, i) {
        ul.appendChild(el('li', {}, [el('button', { class: 'link', 'data-key': 'confusable:' + i, onclick: function () { reveal(c.span); } }, [
          el('span', { class: 'label', text: (c.range.start.line + 1) + ':' + (c.range.start.character + 1) }),
          el('span', { class: 'context', text: c.found + ' → ' + c.expected }),
        ])]));
      });
      root.appendChild(ul);
    }

    root.appendChild(el('h2', { text: S.perItem }));
    const head = el('tr', {}, [el('th', { scope: 'col', text: S.item }), el('th', { scope: 'col', class: 'num', text: S.distinct })].concat(lang.specialLetters.map(function (l) { return el('th', { scope: 'col', class: 'num', text: l }); })));
    const table = el('table', {}, [el('thead', {}, [head])]);
    const body = el('tbody');
    report.items.slice(0, 300).forEach(function (item, i) {
      const cells = [el('th', { scope: 'row' }, [el('button', { class: 'link', 'data-key': 'item:' + i, onclick: function () { reveal({ start: item.offset, end: item.offset }); } }, [el('span', { class: 'label', text: item.label })])]), el('td', { class: 'num', text: String(item.distinctLetters) })];
      item.special.forEach(function (n, k) { cells.push(el('td', { class: 'num' + (n === 0 ? ' zero' : ''), 'aria-label': lang.specialLetters[k] + ': ' + n, text: n === 0 ? '–' : String(n) })); });
      body.appendChild(el('tr', {}, cells));
    });
    table.appendChild(body);
    root.appendChild(table);
    if (report.items.length > 300) root.appendChild(el('p', { class: 'note', text: S.more.replace('{0}', String(report.items.length - 300)) }));

    if (focused) {
      const again = Array.from(root.querySelectorAll('[data-key]')).find(function (node) { return node.getAttribute('data-key') === focused; });
      if (again) again.focus();
    }
    window.scrollTo(0, top);
  }

  window.addEventListener('message', function (event) {
    const message = event.data;
    if (!message || message.type !== 'update') return;
    report = message.report;
    if (typeof message.fileName === 'string' && message.fileName !== fileName) {
      // Another file: its own letter, scroll and focus when this page showed it before a rebuild, else the top.
      fileName = message.fileName;
      const back = pending && pending.fileName === fileName ? pending : null;
      selected = back ? back.selected : null;
      focusKey = back && typeof back.focused === 'string' ? back.focused : null;
      scrollY = back && typeof back.scrollY === 'number' ? back.scrollY : 0;
      render();
      window.scrollTo(0, scrollY);
      remember();
    } else {
      render();
    }
    pending = null;
    vscode.postMessage({ type: 'rendered' });
  });
  window.addEventListener('scroll', function () { scrollY = window.scrollY; remember(); });
  document.addEventListener('focusin', function (event) { focusKey = event.target && event.target.getAttribute ? event.target.getAttribute('data-key') : null; remember(); });
  // Coming back into a rebuilt page: the control that had the focus gets it again (never taken on load, which
  // would pull the focus away from the editor).
  window.addEventListener('focus', function () {
    const active = document.activeElement;
    if (!focusKey || (active && active.getAttribute && active.getAttribute('data-key'))) return;
    const again = Array.from(document.getElementById('root').querySelectorAll('[data-key]')).find(function (node) { return node.getAttribute('data-key') === focusKey; });
    if (again) again.focus();
  });
  render();
  if (scrollY) window.scrollTo(0, scrollY);
  vscode.postMessage({ type: 'ready' });
})();
</script>
</body>
</html>`;
}
