/**
 * The corpus table's page (browser code, bundled by esbuild into dist/corpusTable.js). The extension host holds
 * the rows: it sends the columns, the figures and the number of rows the query shows, then only the rows of the
 * window the page shows (plus some either side), asked for as the page scrolls. Sort, filter and search run in
 * the host (the page sends its query); the rows in view are virtualised by @tanstack/virtual-core (only they
 * exist in the DOM). Every change goes back as a message the extension turns into a text edit of the JSON
 * document, whose change comes back as a new view. Keyboard first, an ARIA grid.
 */
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from '@tanstack/virtual-core';
import { attachEweTyping } from '../common/eweTyping';
import { el, format, vscodeApi } from '../common/page';
import { plural } from '../../core/i18n/plural';
import {
  fetchWindow,
  moveCell,
  FILTER_FIELDS,
  MAX_WINDOW_ROWS,
  OVERSCAN_ROWS,
  type FilterField,
  type MoveKey,
  type ViewQuery,
} from '../../core/corpus/tableView';
import type { HostMessage, RowProblem, TableMeta, TableStrings, WebviewMessage, WindowRow } from '../../protocol/corpusTable';

// Test builds only: scripts/build.mjs replaces EWEBENCH_PROBES by true with `--probes` (the build the end-to-end
// suite installs) and by false in the packaged build, where esbuild drops every branch it guards.
declare const EWEBENCH_PROBES: boolean;

const vscode = vscodeApi<WebviewMessage>();
const ROW_HEIGHT = 24;

const $ = (id: string) => document.getElementById(id) as HTMLElement;
const toolbar = $('toolbar');
const actions = $('actions');
const summaryBar = $('summary');
const messageBar = $('message');
const grid = $('grid');
const headRow = $('headrow');
const viewport = $('viewport');
const spacer = $('spacer');
const rowsBox = $('rows');
const descriptions = $('descriptions');
const hint = $('hint');

let strings: TableStrings | undefined;
/** The user's `ewebench.eweInput.enable`, sent with the strings. */
let eweTyping = true;
const typingOn = () => eweTyping;
let meta: TableMeta | undefined;
let version = -1;
/** The host's numbering of the order shown: windows of another view are stale. */
let viewId = -1;
/** Rows the query shows. */
let shown = 0;
/** The rows the page holds: positions `first`… of view `view`. */
let loaded: { view: number; first: number; rows: WindowRow[] } = { view: -1, first: 0, rows: [] };
/** The window asked for and not yet answered. */
let asked: { view: number; first: number; end: number } | undefined;
const saved = (vscode.getState() ?? {}) as { query?: ViewQuery };
let query: ViewQuery = saved.query ?? {};
let active = { row: 0, column: 0 };
/** Entry indices of the selected rows. */
const selected = new Set<number>();
let editing: { input: HTMLInputElement | HTMLSelectElement; index: number; field: string; original: string } | undefined;
let painted = false;

/** The row at a position of the view, when the page holds it. */
function rowAt(position: number): WindowRow | undefined {
  return loaded.view === viewId ? loaded.rows[position - loaded.first] : undefined;
}

// Only the rows in view (and a few either side) are drawn: @tanstack/virtual-core says which, from the
// scrolled area's offset and size. The sticky header row sits above the rows inside the scrolled area.
const virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
  count: 0,
  getScrollElement: () => viewport,
  estimateSize: () => ROW_HEIGHT,
  overscan: 8,
  scrollMargin: ROW_HEIGHT,
  scrollToFn: elementScroll,
  observeElementRect,
  observeElementOffset,
  onChange: () => scheduleRender(),
});
virtualizer._didMount();
virtualizer._willUpdate();

let renderFrame = 0;
function scheduleRender(): void {
  if (renderFrame) return;
  renderFrame = requestAnimationFrame(() => {
    renderFrame = 0;
    if (!editing) renderRows();
  });
}

const post = (message: WebviewMessage) => vscode.postMessage(message);

const ROW_HEAD_WIDTH = 56;

/** A column's narrowest width and its share of the room left. */
function columnWidth(field: string, kind: string): [number, number] {
  if (['source', 'reference', 'source_text', 'target', 'target_expected'].includes(field)) return [220, 3];
  if (['context', 'notes'].includes(field) || kind === 'json') return [140, 1.5];
  if (field === 'id' || field === 'index') return [90, 0.8];
  return [90, 1];
}

function template(): string {
  const widths = (meta?.columns ?? []).map((c) => columnWidth(c.field, c.kind));
  // Header and rows scroll sideways together when the columns need more room than the page has.
  grid.style.setProperty('--grid-width', `${ROW_HEAD_WIDTH + widths.reduce((sum, [min]) => sum + min, 0)}px`);
  return [`${ROW_HEAD_WIDTH}px`, ...widths.map(([min, share]) => `minmax(${min}px, ${share}fr)`)].join(' ');
}

// ---- Toolbar, actions and summary ---------------------------------------------------------------------------

let searchTimer: ReturnType<typeof setTimeout> | undefined;
const shownLabel = el('span', { id: 'shown', 'aria-live': 'polite' });
const selectedLabel = el('span', { id: 'selectedCount' });
const fieldSelect = el('select', { id: 'setFieldName' });
const fieldValue = el('input', { id: 'setFieldValue', type: 'text' });
withTyping(fieldValue);
/** The value box of a field chosen from a list: the list instead of the text box. */
const fieldChoice = el('select', { id: 'setFieldChoice' });
fieldChoice.hidden = true;
fieldSelect.addEventListener('change', () => showFieldValue());

/** The text box, or the list of the chosen field's values when it has one. */
function showFieldValue(): void {
  const column = meta?.columns.find((c) => c.field === fieldSelect.value);
  fieldValue.hidden = column?.choices !== undefined;
  fieldChoice.hidden = column?.choices === undefined;
  if (!column?.choices) return;
  const keep = fieldChoice.value;
  const list = choiceList(column, '');
  fieldChoice.replaceChildren(...list.childNodes);
  fieldChoice.value = keep;
}
const filterSelects = new Map<FilterField, HTMLSelectElement>();

/** Ewe typing in a text field of the page, with the keys shown below the toolbar while it has the focus. */
function withTyping(field: HTMLInputElement): void {
  attachEweTyping(field, typingOn);
  field.addEventListener('focus', () => {
    hint.textContent = strings?.typingHint ?? '';
    hint.hidden = !eweTyping || !hint.textContent;
  });
  field.addEventListener('blur', () => (hint.hidden = true));
}

function buildToolbar(): void {
  if (!strings) return;
  const s = strings;
  toolbar.replaceChildren();
  const search = el('input', { id: 'search', type: 'search', placeholder: s.search, 'aria-label': s.search });
  search.value = query.search ?? '';
  withTyping(search);
  search.addEventListener('input', () => {
    if (searchTimer) clearTimeout(searchTimer);
    searchTimer = setTimeout(() => setQuery({ ...query, search: search.value }), 120);
  });
  toolbar.append(search);
  for (const field of FILTER_FIELDS) {
    const select = el('select', { id: `filter-${field}`, 'aria-label': s[field] });
    select.addEventListener('change', () => setQuery({ ...query, filters: { ...query.filters, [field]: select.value } }));
    filterSelects.set(field, select);
    toolbar.append(select);
  }
  const problemsLabel = el('label');
  const problemsBox = el('input', { id: 'problemsOnly', type: 'checkbox' });
  problemsBox.checked = query.problemsOnly === true;
  problemsBox.addEventListener('change', () => setQuery({ ...query, problemsOnly: problemsBox.checked }));
  problemsLabel.append(problemsBox, ' ' + s.problemsOnly);
  toolbar.append(problemsLabel, shownLabel);

  actions.replaceChildren();
  const button = (id: string, label: string, onClick: () => void, secondary = false) => {
    const b = el('button', { id, type: 'button', ...(secondary ? { class: 'secondary' } : {}) }, label);
    b.addEventListener('click', onClick);
    return b;
  };
  fieldSelect.setAttribute('aria-label', s.setField);
  fieldValue.setAttribute('aria-label', s.value);
  fieldValue.placeholder = s.value;
  fieldChoice.setAttribute('aria-label', s.value);
  actions.append(
    button('addEntry', s.addEntry, () => post({ type: 'add', version })),
    button('duplicate', s.duplicate, () => targets().length && post({ type: 'duplicate', version, indices: targets() }), true),
    button('delete', s.delete, () => targets().length && post({ type: 'remove', version, indices: targets() }), true),
    button(
      'exportSheet',
      s.exportSheet,
      () => post({ type: 'spreadsheet', action: 'export', ...(selected.size ? { indices: [...selected].sort((a, b) => a - b) } : {}) }),
      true,
    ),
    button('importSheet', s.importSheet, () => post({ type: 'spreadsheet', action: 'import' }), true),
    el('span', {}, s.setField),
    fieldSelect,
    fieldValue,
    fieldChoice,
    button(
      'applyField',
      s.apply,
      () =>
        fieldSelect.value &&
        targets().length &&
        post({ type: 'setField', version, indices: targets(), field: fieldSelect.value, text: fieldChoice.hidden ? fieldValue.value : fieldChoice.value }),
      true,
    ),
    selectedLabel,
  );
}

/** The rows an action applies to: the selection, else the active row. */
function targets(): number[] {
  if (selected.size) return [...selected].sort((a, b) => a - b);
  const row = rowAt(active.row);
  return row ? [row.index] : [];
}

function refreshControls(): void {
  if (!strings || !meta) return;
  const options = meta.filters;
  for (const [field, select] of filterSelects) {
    const values = options[field];
    select.hidden = !values;
    const current = query.filters?.[field] ?? '';
    select.replaceChildren(el('option', { value: '' }, strings.filterAll[field]), ...(values ?? []).map((v) => el('option', { value: v }, v)));
    select.value = values?.includes(current) ? current : '';
  }
  const currentField = fieldSelect.value;
  const idField = meta.idField;
  fieldSelect.replaceChildren(...meta.columns.filter((c) => c.field !== idField).map((c) => el('option', { value: c.field }, c.field)));
  if (currentField) fieldSelect.value = currentField;
  showFieldValue();
  selectedLabel.textContent = selected.size ? format(plural(selected.size, document.documentElement.lang, strings.selected), selected.size) : '';
  shownLabel.textContent = format(strings.shown, shown, meta.total);
}

function renderSummary(): void {
  if (!strings || !meta) return;
  const s = strings;
  const summary = meta.summary;
  summaryBar.replaceChildren();
  const part = (label: string, items: { value: string; count: number; minimum?: number }[]) => {
    const span = el('span');
    span.append(format(s.labelled, label, ''));
    items.forEach((item, i) => {
      const short = item.minimum !== undefined && item.count < item.minimum;
      const text = `${item.value} ${item.count}${item.minimum !== undefined ? `/${item.minimum}` : ''}`;
      const node = el('span', short ? { class: 'short', title: `${s.minimumNotMet} (${format(s.minimum, item.minimum ?? 0)})` } : {}, text);
      span.append(...(i ? [', '] : []), node);
    });
    return span;
  };
  summaryBar.append(el('span', {}, format(s.labelled, s.entries, summary.entries)));
  if (summary.segments.length) summaryBar.append(part(s.segments, summary.segments));
  if (summary.difficulties.length) {
    const tiers = part(`${s.tiers} (${summary.tiers.count}, ${format(s.minimum, summary.tiers.minimum)})`, summary.difficulties);
    if (summary.tiers.count < summary.tiers.minimum) tiers.classList.add('short');
    summaryBar.append(tiers);
  }
  if (summary.registers.length) {
    const registers = part(`${s.registers} (${summary.registerCount.count}, ${format(s.minimum, summary.registerCount.minimum)})`, summary.registers);
    if (summary.registerCount.count < summary.registerCount.minimum) registers.classList.add('short');
    summaryBar.append(registers);
  }
  if (summary.secret) summaryBar.append(el('span', {}, format(s.labelled, s.secretRow, summary.secret)));
}

// ---- The grid ----------------------------------------------------------------------------------------------

function setQuery(next: ViewQuery): void {
  query = next;
  vscode.setState({ query });
  // Sorted, filtered and searched in the extension host: it answers with the new view, the active entry kept.
  post({ type: 'query', query, active: rowAt(active.row)?.index });
}

/** Asks for the rows of the shown positions [first, end) the page lacks (once per view and window). */
function ensureRows(first: number, end: number): void {
  if (end <= first) return;
  const have = loaded.view === viewId && first >= loaded.first && end <= loaded.first + loaded.rows.length;
  const waiting = asked && asked.view === viewId && first >= asked.first && end <= asked.end;
  if (have || waiting) return;
  const range = fetchWindow(first, end, shown, OVERSCAN_ROWS, MAX_WINDOW_ROWS);
  asked = { view: viewId, ...range };
  post({ type: 'window', view: viewId, first: range.first, end: range.end });
}

function renderHead(): void {
  if (!meta || !strings) return;
  headRow.style.gridTemplateColumns = template();
  headRow.replaceChildren(el('div', { role: 'columnheader', class: 'cell rowhead', 'aria-colindex': '1' }, '#'));
  meta.columns.forEach((column, c) => {
    const sorted = query.sort?.column === c ? (query.sort.descending ? 'descending' : 'ascending') : 'none';
    const arrow = sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : '';
    const header = el(
      'div',
      {
        role: 'columnheader',
        class: 'cell',
        'aria-colindex': String(c + 2),
        'aria-sort': sorted,
        title: sorted === 'ascending' ? strings!.sortDescending : strings!.sortAscending,
        'data-field': column.field,
      },
      column.field + arrow,
    );
    header.addEventListener('click', () => {
      const sort = query.sort?.column !== c ? { column: c, descending: false } : query.sort.descending ? undefined : { column: c, descending: true };
      setQuery({ ...query, sort });
    });
    headRow.append(header);
  });
}

const cellId = (row: number, column: number) => `cell-${row}-${column}`;

const SEVERITY_ORDER: RowProblem['severity'][] = ['error', 'warning', 'information', 'hint'];
const worst = (list: RowProblem[]) => SEVERITY_ORDER.find((s) => list.some((p) => p.severity === s));

/** A row of the view the page does not hold yet: its place in the grid, busy until its window comes. */
function pendingRow(position: number, columns: string): HTMLElement {
  const line = el('div', { role: 'row', class: 'row', 'aria-rowindex': String(position + 2), 'aria-busy': 'true' });
  line.style.gridTemplateColumns = columns;
  line.append(el('div', { role: 'rowheader', class: 'cell rowhead', 'aria-colindex': '1' }, '…'));
  return line;
}

function renderRows(): void {
  // Rows that change while a cell is being edited are drawn when the edit ends (finishEdit), not under it.
  if (!meta || !strings || editing) return;
  const s = strings;
  const data = meta;
  const items = virtualizer.getVirtualItems().map((item) => ({ index: item.index, start: item.start }));
  if (items.length) ensureRows(items[0].index, items[items.length - 1].index + 1);
  // The active row stays in the DOM wherever it is (aria-activedescendant names it; a key moves from it), also
  // before the virtualizer has heard of the scroll that brings it into view.
  if (shown && !items.some((item) => item.index === active.row)) items.push({ index: active.row, start: ROW_HEIGHT + active.row * ROW_HEIGHT });
  const columns = template();
  const rows: HTMLElement[] = [];
  const notes: HTMLElement[] = [];
  for (const { index: r, start } of items) {
    const row = rowAt(r);
    // Item offsets count from the top of the scrolled area; the rows box starts below the header row.
    const top = `translateY(${start - ROW_HEIGHT}px)`;
    if (!row) {
      const pending = pendingRow(r, columns);
      pending.style.transform = top;
      rows.push(pending);
      continue;
    }
    const rowProblems = row.problems ?? [];
    const rowWorst = worst(rowProblems);
    const classes = ['row', ...(row.secret ? ['secret'] : []), ...(rowWorst === 'error' || rowWorst === 'warning' ? [`has-${rowWorst}`] : [])];
    const line = el('div', {
      role: 'row',
      class: classes.join(' '),
      'aria-rowindex': String(r + 2),
      'aria-selected': String(selected.has(row.index)),
      'data-entry': String(row.index),
    });
    line.style.gridTemplateColumns = columns;
    line.style.transform = top;
    // Problems with no field, and those on fields the table has no column for, belong to the row.
    const own = rowProblems.filter((p) => p.field === undefined || !data.columns.some((c) => c.field === p.field));
    const head = el(
      'div',
      {
        role: 'rowheader',
        class: 'cell rowhead',
        'aria-colindex': '1',
        ...(row.secret ? { 'aria-label': `${row.index + 1}, ${s.secretRow} (${row.segment})` } : {}),
        title: [row.secret ? `${s.secretRow} (${row.segment})` : '', ...own.map((p) => p.message)].filter(Boolean).join('\n'),
      },
      String(row.index + 1),
    );
    if (own.length) {
      const id = `desc-${r}-row`;
      head.setAttribute('aria-describedby', id);
      notes.push(el('span', { id }, own.map((p) => p.message).join('. ')));
    }
    line.append(head);
    data.columns.forEach((column, c) => {
      const value = row.cells[c];
      const hidden = row.hidden && value === null && (column.field === data.sourceField || column.field === data.referenceField);
      const cellProblems = rowProblems.filter((p) => p.field === column.field);
      const cellWorst = worst(cellProblems);
      const isActive = r === active.row && c === active.column;
      const cls = ['cell', ...(hidden ? ['hidden'] : value === null ? ['absent'] : []), ...(cellWorst ? [cellWorst] : []), ...(isActive ? ['active'] : [])];
      const cell = el(
        'div',
        {
          role: 'gridcell',
          id: cellId(r, c),
          class: cls.join(' '),
          'aria-colindex': String(c + 2),
          'data-field': column.field,
          dir: 'auto',
          ...(hidden ? { 'aria-readonly': 'true' } : {}),
        },
        hidden ? s.hiddenText : (value ?? ''),
      );
      const tip = [value && value.length > 40 ? value : '', ...cellProblems.map((p) => p.message)].filter(Boolean).join('\n');
      if (tip) cell.title = tip;
      if (cellProblems.length) {
        const id = `desc-${r}-${c}`;
        cell.setAttribute('aria-describedby', id);
        notes.push(el('span', { id }, cellProblems.map((p) => p.message).join('. ')));
      }
      line.append(cell);
    });
    rows.push(line);
  }
  rowsBox.replaceChildren(...rows);
  descriptions.replaceChildren(...notes);
  if (shown && document.getElementById(cellId(active.row, active.column))) grid.setAttribute('aria-activedescendant', cellId(active.row, active.column));
  else grid.removeAttribute('aria-activedescendant');
}

function scrollToActive(): void {
  // Below the sticky header row: the active row's top in the scrolled area is one row down.
  const top = (active.row + 1) * ROW_HEIGHT;
  const height = viewport.clientHeight;
  if (top < viewport.scrollTop + ROW_HEIGHT) viewport.scrollTop = top - ROW_HEIGHT;
  else if (top + ROW_HEIGHT > viewport.scrollTop + height) viewport.scrollTop = top + ROW_HEIGHT - height;
  renderRows();
  const cell = document.getElementById(cellId(active.row, active.column));
  if (!cell) return;
  // Sideways too, clear of the sticky row-number column.
  const left = cell.offsetLeft;
  const right = left + cell.offsetWidth;
  if (left < viewport.scrollLeft + ROW_HEAD_WIDTH) viewport.scrollLeft = left - ROW_HEAD_WIDTH;
  else if (right > viewport.scrollLeft + viewport.clientWidth) viewport.scrollLeft = right - viewport.clientWidth;
}

function moveTo(next: { row: number; column: number }): void {
  active = next;
  scrollToActive();
}

// ---- Editing -----------------------------------------------------------------------------------------------

/**
 * The list a cell of a column with choices edits through: the spec's values, then the others the corpus uses
 * (marked), and the cell's own value when it is neither (an empty cell starts on an empty choice).
 */
function choiceList(column: TableMeta['columns'][number], current: string): HTMLSelectElement {
  const select = el('select', { 'aria-label': `${column.field} ${strings?.chooseHint ?? ''}` });
  const others = (meta?.others[column.field] ?? []).filter((v) => !column.choices!.includes(v));
  if (current === '' || (!column.choices!.includes(current) && !others.includes(current))) select.append(el('option', { value: current }, current));
  select.append(...column.choices!.map((v) => el('option', { value: v }, v)));
  if (others.length) {
    const group = el('optgroup', { label: strings?.notInSpec ?? '' });
    group.append(...others.map((v) => el('option', { value: v }, v)));
    select.append(group);
  }
  select.value = current;
  return select;
}

/** The first choice of a list that starts with the key typed (case ignored), as a spreadsheet's list does. */
function choiceStartingWith(select: HTMLSelectElement, key: string): string | undefined {
  const k = key.toLocaleLowerCase();
  return [...select.options].find((o) => o.value !== '' && o.value.toLocaleLowerCase().startsWith(k))?.value;
}

function startEdit(initial?: string): void {
  if (!meta || editing) return;
  const data = meta;
  const row = rowAt(active.row);
  if (!row) return;
  const column = data.columns[active.column];
  const cell = document.getElementById(cellId(active.row, active.column));
  if (!cell || (row.hidden && row.cells[active.column] === null && (column.field === data.sourceField || column.field === data.referenceField))) return;
  const original = row.cells[active.column] ?? '';
  let input: HTMLInputElement | HTMLSelectElement;
  if (column.choices) {
    // Chosen, not typed: the spec's values (and the corpus's own), arrows to move, Enter to keep.
    const select = choiceList(column, original);
    const typed = initial === undefined ? undefined : choiceStartingWith(select, initial);
    if (typed !== undefined) select.value = typed;
    input = select;
  } else {
    const text = el('input', { type: 'text', 'aria-label': `${column.field} ${strings?.editHint ?? ''}`, spellcheck: 'false', dir: 'auto' });
    text.value = initial ?? original;
    input = text;
  }
  const state = { input, index: row.index, field: column.field, original };
  editing = state;
  if (input instanceof HTMLInputElement) withTyping(input);
  (input as HTMLElement).addEventListener('keydown', (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      finishEdit(false);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      finishEdit(true, 'ArrowDown');
    } else if (e.key === 'Tab') {
      e.preventDefault();
      finishEdit(true, e.shiftKey ? 'ShiftTab' : 'Tab');
    }
  });
  input.addEventListener('blur', () => editing === state && finishEdit(true));
  cell.replaceChildren(input);
  input.focus();
  if (input instanceof HTMLInputElement) {
    const end = input.value.length;
    input.setSelectionRange(end, end);
  }
}

function finishEdit(commit: boolean, move?: MoveKey): void {
  const state = editing;
  if (!state || !meta) return;
  editing = undefined;
  const text = state.input.value;
  if (commit && text !== state.original) {
    post({ type: 'edit', version, index: state.index, field: state.field, text });
    // Shown at once; the document's change brings the row as written.
    const row = loaded.rows.find((r) => r.index === state.index);
    const column = meta.columns.findIndex((c) => c.field === state.field);
    if (row && column >= 0) row.cells[column] = text;
  }
  grid.focus();
  if (move) moveTo(moveCell(active, move, shown, meta.columns.length, pageRows()));
  else renderRows();
}

const pageRows = () => Math.max(1, Math.floor(viewport.clientHeight / ROW_HEIGHT) - 1);

const KEYS: Record<string, MoveKey> = {
  ArrowUp: 'ArrowUp',
  ArrowDown: 'ArrowDown',
  ArrowLeft: 'ArrowLeft',
  ArrowRight: 'ArrowRight',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
};

function toggleSelected(index: number): void {
  if (selected.has(index)) selected.delete(index);
  else selected.add(index);
}

grid.addEventListener('keydown', (e) => {
  if (!meta || editing || e.target !== grid) return;
  let key: MoveKey | undefined = KEYS[e.key];
  if (e.key === 'Tab') key = e.shiftKey ? 'ShiftTab' : 'Tab';
  if ((e.ctrlKey || e.metaKey) && e.key === 'Home') key = 'CtrlHome';
  if ((e.ctrlKey || e.metaKey) && e.key === 'End') key = 'CtrlEnd';
  if (key) {
    e.preventDefault();
    const next = moveCell(active, key, shown, meta.columns.length, pageRows());
    // Shift with an arrow up or down selects the rows it passes.
    if (e.shiftKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
      const from = rowAt(active.row)?.index;
      const to = rowAt(next.row)?.index;
      if (from !== undefined) selected.add(from);
      if (to !== undefined) selected.add(to);
      refreshControls();
    }
    moveTo(next);
    return;
  }
  if (e.key === 'Enter' || e.key === 'F2') {
    e.preventDefault();
    startEdit();
  } else if (e.key === ' ') {
    e.preventDefault();
    const index = rowAt(active.row)?.index;
    if (index !== undefined) toggleSelected(index);
    refreshControls();
    renderRows();
  } else if (e.key === 'Escape' && selected.size) {
    selected.clear();
    refreshControls();
    renderRows();
  } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
    // Typing on a cell starts editing it with that key, as in a spreadsheet.
    e.preventDefault();
    startEdit(e.key);
  }
});

function cellAt(target: EventTarget | null): { row: number; column: number } | undefined {
  const cell = (target as HTMLElement | null)?.closest?.('[role=gridcell]');
  const m = cell && /^cell-(\d+)-(\d+)$/.exec(cell.id);
  return m ? { row: Number(m[1]), column: Number(m[2]) } : undefined;
}

rowsBox.addEventListener('mousedown', (e) => {
  if (editing && (e.target as HTMLElement).tagName === 'INPUT') return;
  const head = (e.target as HTMLElement).closest('[role=rowheader]');
  if (head && meta && head.parentElement?.hasAttribute('data-entry')) {
    const index = Number(head.parentElement?.getAttribute('data-entry'));
    if (!e.ctrlKey && !e.metaKey && !e.shiftKey) selected.clear();
    toggleSelected(index);
    refreshControls();
  }
  const at = cellAt(e.target);
  if (at) active = at;
  e.preventDefault();
  grid.focus();
  renderRows();
});
rowsBox.addEventListener('dblclick', (e) => {
  const at = cellAt(e.target);
  if (!at) return;
  active = at;
  renderRows();
  startEdit();
});
rowsBox.addEventListener('contextmenu', (e) => {
  const at = cellAt(e.target);
  const index = at ? rowAt(at.row)?.index : undefined;
  if (index !== undefined) post({ type: 'reveal', index, field: meta?.columns[at!.column]?.field });
});

window.addEventListener('resize', () => scheduleRender());

// ---- Messages from the extension ---------------------------------------------------------------------------

/** Shows a view of the host: its figures, its length and the rows it came with. */
function showView(message: Extract<HostMessage, { type: 'view' }>): void {
  const keep = message.renumbered ? undefined : rowAt(active.row)?.index;
  const columnsBefore = meta?.columns.map((c) => `${c.field}:${c.kind}`).join('\n');
  meta = message.meta;
  version = message.version;
  viewId = message.view;
  shown = message.shown;
  loaded = { view: message.view, first: message.first, rows: message.rows };
  asked = undefined;
  grid.dataset.version = String(version);
  if (message.renumbered) selected.clear();
  messageBar.textContent = '';
  grid.hidden = false;
  grid.setAttribute('aria-rowcount', String(shown + 1));
  grid.setAttribute('aria-colcount', String(meta.columns.length + 1));
  if (columnsBefore !== meta.columns.map((c) => `${c.field}:${c.kind}`).join('\n'))
    active.column = Math.min(active.column, Math.max(0, meta.columns.length - 1));
  // The entry to make active (after a query, the one that was; after an add, the new one), else the active
  // entry where the new rows have it (a cell edit in a sorted column moves its row): follow it.
  const kept = keep === undefined ? -1 : message.rows.findIndex((r) => r.index === keep);
  const focus = message.focus ?? (kept >= 0 ? message.first + kept : undefined);
  if (message.focusField !== undefined) {
    // After an add: the new row's first empty cell, with the focus in the grid (Enter edits it, not a second add).
    const column = meta.columns.findIndex((c) => c.field === message.focusField);
    if (column >= 0) active.column = column;
    grid.focus();
  }
  const moved = focus !== undefined && focus !== active.row;
  if (focus !== undefined) active.row = focus;
  active.row = Math.max(0, Math.min(active.row, shown - 1));
  virtualizer.setOptions({ ...virtualizer.options, count: shown });
  virtualizer.measure();
  spacer.style.height = `${virtualizer.getTotalSize()}px`;
  renderSummary();
  renderHead();
  refreshControls();
  if (moved) scrollToActive();
  else renderRows();
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message.type) {
    case 'init':
      strings = message.strings;
      eweTyping = message.eweTyping;
      grid.setAttribute('aria-label', strings.grid);
      buildToolbar();
      // The query kept from the last time this table was shown (the host starts with none).
      if (Object.keys(query).length) post({ type: 'query', query });
      break;
    case 'view': {
      const shownAt = performance.now();
      const first = meta === undefined;
      showView(message);
      if (first && !editing) grid.focus();
      // Test builds only: once the browser has laid the rows out, the provider times the opening by it.
      if (EWEBENCH_PROBES && !painted && message.rows.length) {
        painted = true;
        requestAnimationFrame(() =>
          setTimeout(() => {
            const now = performance.now();
            const width = document.documentElement.clientWidth;
            // The columns a user sees on opening: their header wholly inside the page, before any scrolling.
            const visibleColumns = [...headRow.querySelectorAll<HTMLElement>('[data-field]')]
              .filter((h) => {
                const box = h.getBoundingClientRect();
                return box.width > 0 && box.left >= 0 && box.right <= width + 0.5;
              })
              .map((h) => h.dataset.field ?? '');
            post({ type: 'painted', version, rows: shown, drawMs: now - shownAt, at: performance.timeOrigin + now, width, visibleColumns });
          }, 0),
        );
      }
      break;
    }
    case 'window':
      if (message.view !== viewId) break;
      loaded = { view: message.view, first: message.first, rows: message.rows };
      asked = undefined;
      if (!editing) renderRows();
      break;
    case 'unavailable':
      version = message.version;
      meta = undefined;
      grid.hidden = true;
      summaryBar.replaceChildren();
      messageBar.textContent = message.reason;
      break;
    case 'error':
      messageBar.textContent = message.message;
      break;
  }
});

// Test builds only (EWEBENCH_PROBES): how long the page took to get here from its own start (its document loaded, this
// script run), and when that
// start was on the wall clock (the host places it between its own moments).
post(EWEBENCH_PROBES ? { type: 'ready', pageMs: performance.now(), origin: performance.timeOrigin } : { type: 'ready' });
