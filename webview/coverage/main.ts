/**
 * The coverage preview's page: a grid of the alphabet with counts (missing special letters marked in words, not
 * only colour), a bar per letter, per-item coverage and look-alikes; choosing a letter lists its occurrences, and
 * choosing one posts `{type: 'reveal', offset, end}` to the extension. It renders with DOM APIs and `textContent`
 * only, so nothing from the file is parsed as HTML. `{type: 'update', report, fileName}` messages re-render it in
 * place, keeping the keyboard focus and the scroll position where they were (answered with `{type: 'rendered'}`).
 * It posts `{type: 'ready'}` each time it loads. Browser code: bundled by esbuild as `dist/coverageView.js`.
 */
import type { FileCoverageReport, LanguageCoverage } from '../../core/coverage/report';
import type { Span } from '../../core/text/lineIndex';
import type { CoverageFromPage, CoveragePageData, CoverageToPage } from '../../protocol/coverageView';
import { toneName } from '../../core/coverage/profiles';
import { vscodeApi } from '../common/page';

/** What the page keeps across a rebuild from its HTML (VS Code rebuilds a hidden, unretained webview). */
interface SavedState {
  fileName: string;
  selected: string | null;
  scrollY: number;
  focused: string | null;
}

const vscode = vscodeApi<CoverageFromPage, SavedState>();

const data = JSON.parse(document.getElementById('coverage-data')?.textContent ?? 'null') as CoveragePageData;
const S = data.strings;
const locale = data.locale;
let fileName = data.fileName;
let report: FileCoverageReport | null = data.report;

function isSaved(value: unknown): value is SavedState {
  return typeof value === 'object' && value !== null && typeof (value as SavedState).fileName === 'string';
}

// VS Code rebuilds the page from its HTML when its tab shows again: the chosen letter, the scroll position and the
// focused control survive in the webview state, for the same file.
const saved = vscode.getState();
const same = isSaved(saved) && saved.fileName === fileName;
let selected: string | null = same ? saved.selected : null;
let scrollY = same && typeof saved.scrollY === 'number' ? saved.scrollY : 0;
let focusKey: string | null = same && typeof saved.focused === 'string' ? saved.focused : null;
// A page rebuilt from HTML written for an earlier file: the state of the file shown last waits for its content.
let pending: SavedState | null = isSaved(saved) && !same ? saved : null;

function remember(): void {
  vscode.setState({ fileName, selected, scrollY, focused: focusKey });
}

function select(letter: string | null): void {
  selected = letter;
  remember();
  render();
}

type Child = Node | string | null | undefined;
interface Attrs {
  [name: string]: string | (() => void) | undefined;
  text?: string;
  onclick?: () => void;
}

/** Elements from data: text only ever goes through textContent, attributes through setAttribute. */
function el(tag: string, attrs: Attrs = {}, children: Child[] = []): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    if (k === 'text') node.textContent = v as string;
    else if (k === 'onclick') node.addEventListener('click', v as () => void);
    else node.setAttribute(k, v as string);
  }
  for (const child of children) if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

const reveal = (span: Span) => vscode.postMessage({ type: 'reveal', offset: span.start, end: span.end });
const nameOf = (lang: LanguageCoverage) => lang.name[locale] || lang.name.en;
const count = (map: Record<string, number> | undefined, key: string) => (map && map[key]) || 0;
/** The `data-key` of a focused or event target node, if it is an element that has one. */
const keyOf = (node: unknown) => (node && typeof (node as Element).getAttribute === 'function' ? (node as Element).getAttribute('data-key') : null);
const byKey = (key: string) =>
  Array.from(document.getElementById('root')?.querySelectorAll('[data-key]') ?? []).find((n) => n.getAttribute('data-key') === key);

function summaryOf(report: FileCoverageReport, lang: LanguageCoverage): string {
  const present = lang.specialLetters.length - lang.missing.length;
  let summary = `${nameOf(lang)} ${present}/${lang.specialLetters.length} ${S.specialLetters}${lang.missing.length ? ` · ${S.missing}: ${lang.missing.join(' ')}` : ''}`;
  for (const other of report.languages.slice(1))
    summary += ` · ${nameOf(other)} ${other.specialLetters.length - other.missing.length}/${other.specialLetters.length}`;
  return summary;
}

function letterGrid(lang: LanguageCoverage): HTMLElement {
  const grid = el('div', { class: 'grid', role: 'group', 'aria-label': S.title });
  for (const letter of lang.alphabet) {
    const n = count(lang.letters, letter);
    const special = lang.specialLetters.includes(letter);
    const missing = special && n === 0;
    const capitals = count(lang.capitals, letter);
    const upper = letter.charAt(0).toUpperCase() + letter.slice(1);
    const label = `${letter}: ${n}${capitals ? ` (${upper} ${capitals})` : ''}${missing ? `, ${S.missing}` : ''}`;
    grid.appendChild(
      el(
        'button',
        {
          class: `letter${special ? ' special' : ''}${missing ? ' missing' : ''}`,
          'data-key': `letter:${letter}`,
          title: label,
          'aria-label': label,
          'aria-pressed': String(selected === letter),
          onclick: () => select(selected === letter ? null : letter),
        },
        [
          el('span', { class: 'glyph', 'aria-hidden': 'true', text: letter }),
          el('span', { class: 'count', 'aria-hidden': 'true', text: missing ? S.missing : String(n) }),
        ],
      ),
    );
  }
  return grid;
}

function occurrenceList(root: HTMLElement, report: FileCoverageReport, lang: LanguageCoverage, letter: string): void {
  const list = report.occurrences[letter] ?? [];
  root.appendChild(el('h2', { text: `${S.occurrences} « ${letter} » (${count(lang.letters, letter)})` }));
  if (list.length === 0) root.appendChild(el('p', { class: 'note', text: S.noOccurrence }));
  const ul = el('ul', { class: 'occurrences' });
  list.forEach((o, i) => {
    ul.appendChild(
      el('li', {}, [
        el(
          'button',
          {
            class: 'link',
            'data-key': `occurrence:${letter}:${i}`,
            'aria-label': `${o.label}: ${o.before}${o.match}${o.after}`,
            onclick: () => reveal(o.span),
          },
          [el('span', { class: 'label', text: o.label }), el('span', { class: 'context' }, [o.before, el('mark', { text: o.match }), o.after])],
        ),
      ]),
    );
  });
  root.appendChild(ul);
  const total = count(lang.letters, letter);
  if (total > list.length && list.length > 0) root.appendChild(el('p', { class: 'note', text: S.more.replace('{0}', String(total - list.length)) }));
}

/** The bars repeat the grid's counts, which the grid's buttons already give to screen readers. */
function letterBars(lang: LanguageCoverage): HTMLElement {
  const max = Math.max(1, ...lang.alphabet.map((l) => count(lang.letters, l)));
  const bars = el('div', { class: 'bars', 'aria-hidden': 'true' });
  for (const letter of lang.alphabet) {
    const n = count(lang.letters, letter);
    const bar = el('div', { class: `bar${lang.specialLetters.includes(letter) ? ' special' : ''}` });
    bar.style.width = `${(100 * n) / max}%`;
    bars.appendChild(el('div', { class: 'bar-row' }, [el('span', { text: letter }), el('div', {}, [bar]), el('span', { class: 'num', text: String(n) })]));
  }
  return bars;
}

function lookAlikes(root: HTMLElement, report: FileCoverageReport): void {
  if (!report.confusables.length) return;
  root.appendChild(el('h2', { text: `${S.lookAlikes} (${report.confusables.length})` }));
  const ul = el('ul');
  report.confusables.slice(0, 200).forEach((c, i) => {
    ul.appendChild(
      el('li', {}, [
        el('button', { class: 'link', 'data-key': `confusable:${i}`, onclick: () => reveal(c.span) }, [
          el('span', { class: 'label', text: `${c.range.start.line + 1}:${c.range.start.character + 1}` }),
          el('span', { class: 'context', text: `${c.found} → ${c.expected}` }),
        ]),
      ]),
    );
  });
  root.appendChild(ul);
}

function itemTable(root: HTMLElement, report: FileCoverageReport, lang: LanguageCoverage): void {
  root.appendChild(el('h2', { text: S.perItem }));
  const head = el('tr', {}, [
    el('th', { scope: 'col', text: S.item }),
    el('th', { scope: 'col', class: 'num', text: S.distinct }),
    ...lang.specialLetters.map((l) => el('th', { scope: 'col', class: 'num', text: l })),
  ]);
  const table = el('table', {}, [el('thead', {}, [head])]);
  const body = el('tbody');
  report.items.slice(0, 300).forEach((item, i) => {
    const cells = [
      el('th', { scope: 'row' }, [
        el('button', { class: 'link', 'data-key': `item:${i}`, onclick: () => reveal({ start: item.offset, end: item.offset }) }, [
          el('span', { class: 'label', text: item.label }),
        ]),
      ]),
      el('td', { class: 'num', text: String(item.distinctLetters) }),
    ];
    item.special.forEach((n, k) => {
      cells.push(el('td', { class: `num${n === 0 ? ' zero' : ''}`, 'aria-label': `${lang.specialLetters[k]}: ${n}`, text: n === 0 ? '–' : String(n) }));
    });
    body.appendChild(el('tr', {}, cells));
  });
  table.appendChild(body);
  root.appendChild(table);
  if (report.items.length > 300) root.appendChild(el('p', { class: 'note', text: S.more.replace('{0}', String(report.items.length - 300)) }));
}

function render(): void {
  // Re-rendering replaces every node: remember which control had the focus and where the page was scrolled, and
  // give both back.
  // A page without the keyboard still names its last focused control: giving that one the focus back would pull
  // the keyboard out of the editor the user is typing in (and make this preview the active editor again).
  const focused = document.hasFocus() ? keyOf(document.activeElement) : null;
  const top = window.scrollY;
  const root = document.getElementById('root');
  const title = document.getElementById('title');
  const summary = document.getElementById('summary');
  if (!root || !title || !summary) return;
  root.replaceChildren();
  title.textContent = `${S.title} — ${fileName}`;
  const lang = report?.languages[0];
  if (!report || !lang) {
    summary.textContent = S.noText;
    return;
  }
  summary.textContent = summaryOf(report, lang);
  root.appendChild(letterGrid(lang));
  if (selected) occurrenceList(root, report, lang, selected);
  root.appendChild(letterBars(lang));
  const marks = Object.entries(lang.toneMarks)
    .map(([m, n]) => `${toneName(m, locale)} ×${n}`)
    .join(', ');
  const nasal = Object.entries(lang.nasalVowels)
    .map(([v, n]) => `${v} ×${n}`)
    .join(', ');
  if (marks) root.appendChild(el('p', { text: `${S.toneMarks}: ${marks}` }));
  if (nasal) root.appendChild(el('p', { text: `${S.nasalVowels}: ${nasal}` }));
  lookAlikes(root, report);
  itemTable(root, report, lang);
  if (focused) (byKey(focused) as HTMLElement | undefined)?.focus();
  window.scrollTo(0, top);
}

window.addEventListener('message', (event: MessageEvent<CoverageToPage | undefined>) => {
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
window.addEventListener('scroll', () => {
  scrollY = window.scrollY;
  remember();
});
document.addEventListener('focusin', (event) => {
  focusKey = keyOf(event.target);
  remember();
});
// Coming back into a rebuilt page: the control that had the focus gets it again (never taken on load, which would
// pull the focus away from the editor).
window.addEventListener('focus', () => {
  if (!focusKey || keyOf(document.activeElement)) return;
  (byKey(focusKey) as HTMLElement | undefined)?.focus();
});
render();
if (scrollY) window.scrollTo(0, scrollY);
vscode.postMessage({ type: 'ready' });
