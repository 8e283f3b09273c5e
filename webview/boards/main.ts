import type { BoardCell, BoardChart, BoardFromPage, BoardPage, BoardTable, BoardToPage } from '../../protocol/boards';
import { shownColumns } from '../../core/boards/columnOrder';
import { el, vscodeApi } from '../common/page';

/**
 * The page of the board views (browser code, bundled as dist/boardsView.js): lays out the tables the host sends,
 * each cell already formatted in the user's language. Sorting and filtering are asked of the host (core's rules
 * order the rows); the page only renders, keeps the focus where it was, and is keyboard operable: column
 * headers and filters are buttons and selects, rows are focusable (↑ ↓ Home End move, Enter opens the file).
 */

const vscode = vscodeApi<BoardFromPage>();
const $ = (id: string) => document.getElementById(id) as HTMLElement;

/** What had the focus before a re-render, found again after it. */
function focusKey(): string | undefined {
  return (document.activeElement as HTMLElement | null)?.dataset.focus;
}

function restoreFocus(key: string | undefined): void {
  if (key) document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`)?.focus();
}

function cellNode(cell: BoardCell): HTMLTableCellElement {
  const td = el('td', { ...(cell.numeric ? { class: 'n' } : {}), ...(cell.title ? { title: cell.title } : {}) }, cell.parts ? undefined : cell.text);
  if (cell.parts) {
    td.classList.add('diff');
    for (const part of cell.parts)
      td.append(part.op === 'equal' ? document.createTextNode(part.text) : el(part.op === 'delete' ? 'del' : 'ins', {}, part.text));
  }
  if (cell.heat !== undefined) {
    // Through the CSSOM (allowed by the page's CSP, unlike a style attribute): red at 0, green at 1, faint.
    const pct = Math.round(Math.min(1, Math.max(0, cell.heat)) * 100);
    td.style.backgroundColor = `color-mix(in srgb, color-mix(in srgb, var(--vscode-charts-green) ${pct}%, var(--vscode-charts-red)) 30%, transparent)`;
  }
  if (cell.ci) td.append(el('span', { class: 'ci' }, `[${cell.ci}]`));
  return td;
}

function tableNode(table: BoardTable, page: BoardPage): HTMLElement {
  const section = el('section', { 'aria-labelledby': `h-${table.id}` });
  section.append(el('h2', { id: `h-${table.id}` }, table.title));
  const scroll = el('div', { class: 'scroll' });
  const t = el('table', { id: `table-${table.id}`, 'aria-labelledby': `h-${table.id}` });
  const head = el('tr');
  const order = shownColumns(table.columns.map((c) => c.key));
  for (const column of order.map((i) => table.columns[i])) {
    const sorted = table.sort?.key === column.key;
    const th = el('th', { scope: 'col', ...(sorted ? { 'aria-sort': table.sort?.descending ? 'descending' : 'ascending' } : {}) });
    if (column.sortable) {
      const arrow = sorted ? (table.sort?.descending ? ' ▼' : ' ▲') : '';
      const button = el('button', { 'data-focus': `sort:${table.id}:${column.key}`, title: page.strings.sortHint }, `${column.label}${arrow}`);
      button.addEventListener('click', () => vscode.postMessage({ type: 'sort', table: table.id, key: column.key }));
      th.append(button);
    } else th.textContent = column.label;
    head.append(th);
  }
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  table.rows.forEach((row, i) => {
    const classes = [row.unranked ? 'unranked' : '', row.tie ? 'tie' : '', row.tone ?? ''].filter(Boolean).join(' ');
    const tr = el('tr', {
      tabindex: '0',
      'data-path': row.path,
      'data-focus': `row:${table.id}:${i}`,
      ...(row.path ? { title: `${page.strings.open}: ${row.path}` } : {}),
      ...(classes ? { class: classes } : {}),
    });
    for (const i of order) if (row.cells[i]) tr.append(cellNode(row.cells[i]));
    body.append(tr);
  });
  t.append(thead, body);
  scroll.append(t);
  section.append(scroll);
  return section;
}

/**
 * A chart: the host's SVG (core/charts: every text escaped, its style sheet carrying this page's nonce) parsed as
 * SVG, never as HTML; its numbers in a table beside it; a button asking the host to save it as an SVG file.
 */
function chartNode(chart: BoardChart, page: BoardPage): HTMLElement {
  const figure = el('figure', { class: 'chart', id: `chart-${chart.id}`, 'aria-labelledby': `cap-${chart.id}` });
  const parsed = new DOMParser().parseFromString(chart.svg, 'image/svg+xml').documentElement;
  const picture = el('div', { class: 'picture' });
  if (parsed.nodeName === 'svg') picture.append(document.importNode(parsed, true));
  const save = el('button', { class: 'action', 'data-focus': `export:${chart.id}` }, page.strings.exportSvg ?? 'SVG');
  save.addEventListener('click', () => vscode.postMessage({ type: 'exportSvg', id: chart.id }));
  picture.append(el('br'), save);
  const table = el('table', { class: 'numbers' });
  table.append(el('caption', { id: `cap-${chart.id}` }, chart.table.caption));
  const head = el('tr');
  for (const c of chart.table.columns) head.append(el('th', { scope: 'col' }, c));
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  for (const row of chart.table.rows) {
    const tr = el('tr');
    row.forEach((cell, i) => tr.append(i === 0 ? el('th', { scope: 'row' }, cell) : el('td', { class: 'n' }, cell)));
    body.append(tr);
  }
  table.append(thead, body);
  figure.append(picture, table);
  return figure;
}

function render(page: BoardPage): void {
  const focus = focusKey();
  document.title = page.title;
  $('title').textContent = page.title;
  const toolbar = $('toolbar');
  toolbar.replaceChildren();
  for (const filter of page.filters) {
    const label = el('label', {}, filter.label);
    const select = el('select', { 'data-focus': `filter:${filter.key}` });
    select.append(el('option', { value: '' }, page.strings.all));
    for (const option of filter.options) select.append(el('option', { value: option }, filter.optionLabels?.[option] ?? option));
    select.value = filter.value;
    select.addEventListener('change', () => vscode.postMessage({ type: 'filter', key: filter.key, value: select.value }));
    label.append(select);
    toolbar.append(label);
  }
  const refresh = el('button', { class: 'action', 'data-focus': 'refresh' }, page.strings.refresh);
  refresh.addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
  toolbar.append(refresh);
  $('hint').textContent = page.strings.hint;
  const tables = $('tables');
  tables.replaceChildren(...(page.charts ?? []).map((c) => chartNode(c, page)), ...page.tables.map((t) => tableNode(t, page)));
  if (!page.tables.some((t) => t.rows.length)) tables.append(el('p', {}, page.empty));
  $('notes').replaceChildren(...page.notes.map((n) => el('p', { class: 'note' }, n)));
  restoreFocus(focus);
  requestAnimationFrame(() => document.querySelectorAll<SVGSVGElement>('figure.chart svg').forEach(fitLabels));
}

/** A chart's labels that reach past its edges (a model's full name) are shown whole: its viewBox grows to hold them. */
function fitLabels(svg: SVGSVGElement): void {
  const box = svg.getBBox();
  const view = svg.viewBox.baseVal;
  const left = Math.min(view.x, Math.floor(box.x) - 2);
  const top = Math.min(view.y, Math.floor(box.y) - 2);
  const right = Math.max(view.x + view.width, Math.ceil(box.x + box.width) + 2);
  const bottom = Math.max(view.y + view.height, Math.ceil(box.y + box.height) + 2);
  if (left === view.x && top === view.y && right === view.x + view.width && bottom === view.y + view.height) return;
  svg.setAttribute('viewBox', `${left} ${top} ${right - left} ${bottom - top}`);
  svg.setAttribute('width', String(right - left));
  svg.setAttribute('height', String(bottom - top));
}

function rowOf(target: EventTarget | null): HTMLTableRowElement | null {
  return target instanceof HTMLElement ? target.closest('tbody tr') : null;
}

// Rows: ↑ ↓ Home End move within a table, Enter opens the file the row comes from.
document.addEventListener('keydown', (event) => {
  const row = rowOf(event.target);
  if (!row) return;
  const rows = [...(row.parentElement?.children ?? [])] as HTMLElement[];
  const at = rows.indexOf(row);
  const moves: Record<string, HTMLElement | undefined> = { ArrowDown: rows[at + 1], ArrowUp: rows[at - 1], Home: rows[0], End: rows[rows.length - 1] };
  const next = moves[event.key];
  if (next) {
    next.focus();
    event.preventDefault();
  } else if (event.key === 'Enter' && row.dataset.path) {
    vscode.postMessage({ type: 'open', path: row.dataset.path });
    event.preventDefault();
  }
});
document.addEventListener('dblclick', (event) => {
  const row = rowOf(event.target);
  if (row?.dataset.path) vscode.postMessage({ type: 'open', path: row.dataset.path });
});

window.addEventListener('message', (event: MessageEvent<BoardToPage>) => {
  if (event.data?.type === 'show') render(event.data.page);
});
vscode.postMessage({ type: 'ready' });
