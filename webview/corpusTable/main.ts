/**
 * The corpus table's page (browser code, bundled by esbuild into dist/corpusTable.js). It paints the rows the
 * extension sends, virtualised (only the rows in view exist in the DOM), runs sort, filter and search locally
 * through core's pure `tableView`, and sends every change back as a message: the extension turns it into a
 * text edit of the JSON document, whose change comes back as new data. Keyboard first, an ARIA grid.
 */
import { composeAfterTyping, madeLiteralPrefix } from '../../core/typing/eweInput';
import {
  filterOptions,
  moveCell,
  summarize,
  viewRows,
  visibleWindow,
  FILTER_FIELDS,
  type FilterField,
  type MoveKey,
  type TableData,
  type ViewQuery,
} from '../../core/corpus/tableView';
import type { HostMessage, ProblemsByEntry, RowProblem, TableStrings, WebviewMessage } from '../../protocol/corpusTable';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
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

let strings: TableStrings | undefined;
let data: TableData | undefined;
let version = -1;
let problems: ProblemsByEntry = {};
let problemRows = new Set<number>();
const saved = (vscode.getState() ?? {}) as { query?: ViewQuery };
let query: ViewQuery = saved.query ?? {};
let view: number[] = [];
let active = { row: 0, column: 0 };
/** Entry indices of the selected rows. */
const selected = new Set<number>();
let pendingFocus: number | undefined;
let editing: { input: HTMLInputElement; index: number; field: string; original: string; literal: boolean } | undefined;

const format = (template: string, ...args: (string | number)[]) => template.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
const post = (message: WebviewMessage) => vscode.postMessage(message);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const ROW_HEAD_WIDTH = 56;

/** A column's narrowest width and its share of the room left. */
function columnWidth(field: string, kind: string): [number, number] {
  if (['source', 'reference', 'source_text', 'target', 'target_expected'].includes(field)) return [220, 3];
  if (['context', 'notes'].includes(field) || kind === 'json') return [140, 1.5];
  if (field === 'id' || field === 'index') return [90, 0.8];
  return [90, 1];
}

function template(): string {
  const widths = (data?.columns ?? []).map((c) => columnWidth(c.field, c.kind));
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
const filterSelects = new Map<FilterField, HTMLSelectElement>();

function buildToolbar(): void {
  if (!strings) return;
  const s = strings;
  toolbar.replaceChildren();
  const search = el('input', { id: 'search', type: 'search', placeholder: s.search, 'aria-label': s.search });
  search.value = query.search ?? '';
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
  fieldValue.addEventListener('input', (e) => composeInto(fieldValue, e as InputEvent, fieldState));
  actions.append(
    button('addEntry', s.addEntry, () => post({ type: 'add', version })),
    button('duplicate', s.duplicate, () => targets().length && post({ type: 'duplicate', version, indices: targets() }), true),
    button('delete', s.delete, () => targets().length && post({ type: 'remove', version, indices: targets() }), true),
    el('span', {}, s.setField),
    fieldSelect,
    fieldValue,
    button(
      'applyField',
      s.apply,
      () => fieldSelect.value && targets().length && post({ type: 'setField', version, indices: targets(), field: fieldSelect.value, text: fieldValue.value }),
      true,
    ),
    selectedLabel,
  );
}

/** The rows an action applies to: the selection, else the active row. */
function targets(): number[] {
  if (selected.size) return [...selected].sort((a, b) => a - b);
  const position = view[active.row];
  return position === undefined || !data ? [] : [data.rows[position].index];
}

function refreshControls(): void {
  if (!strings || !data) return;
  const options = filterOptions(data);
  for (const [field, select] of filterSelects) {
    const values = options[field];
    select.hidden = !values;
    const current = query.filters?.[field] ?? '';
    select.replaceChildren(el('option', { value: '' }, `${strings[field]}: ${strings.allValues}`), ...(values ?? []).map((v) => el('option', { value: v }, v)));
    select.value = values?.includes(current) ? current : '';
  }
  const currentField = fieldSelect.value;
  fieldSelect.replaceChildren(...data.columns.filter((c) => c.field !== data?.idField).map((c) => el('option', { value: c.field }, c.field)));
  if (currentField) fieldSelect.value = currentField;
  selectedLabel.textContent = selected.size ? format(strings.selected, selected.size) : '';
  shownLabel.textContent = format(strings.shown, view.length, data.rows.length);
}

function renderSummary(): void {
  if (!strings || !data) return;
  const s = strings;
  const summary = summarize(data);
  summaryBar.replaceChildren();
  const part = (label: string, items: { value: string; count: number; minimum?: number }[]) => {
    const span = el('span');
    span.append(`${label}: `);
    items.forEach((item, i) => {
      const short = item.minimum !== undefined && item.count < item.minimum;
      const text = `${item.value} ${item.count}${item.minimum !== undefined ? `/${item.minimum}` : ''}`;
      const node = el('span', short ? { class: 'short', title: `${s.minimumNotMet} (${format(s.minimum, item.minimum ?? 0)})` } : {}, text);
      span.append(...(i ? [', '] : []), node);
    });
    return span;
  };
  summaryBar.append(el('span', {}, `${s.entries}: ${summary.entries}`));
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
  if (summary.secret) summaryBar.append(el('span', {}, `${s.secretRow}: ${summary.secret}`));
}

// ---- The grid ----------------------------------------------------------------------------------------------

function setQuery(next: ViewQuery): void {
  const keep = activeEntry();
  query = next;
  vscode.setState({ query });
  recompute(keep);
}

function activeEntry(): { index: number; field?: string } | undefined {
  const position = view[active.row];
  if (position === undefined || !data) return undefined;
  return { index: data.rows[position].index, field: data.columns[active.column]?.field };
}

/** Sorts and filters again, keeping the active cell on the same entry and field when it is still shown. */
function recompute(keep = activeEntry()): void {
  if (!data) return;
  view = viewRows(data, query, problemRows);
  const column = keep?.field ? data.columns.findIndex((c) => c.field === keep.field) : -1;
  const wanted = pendingFocus ?? keep?.index;
  const row = wanted === undefined ? -1 : view.findIndex((p) => data?.rows[p].index === wanted);
  if (pendingFocus !== undefined && row >= 0) pendingFocus = undefined;
  active = {
    row: row >= 0 ? row : Math.min(active.row, Math.max(0, view.length - 1)),
    column: column >= 0 ? column : Math.min(active.column, Math.max(0, data.columns.length - 1)),
  };
  grid.setAttribute('aria-rowcount', String(view.length + 1));
  grid.setAttribute('aria-colcount', String(data.columns.length + 1));
  spacer.style.height = `${view.length * ROW_HEIGHT}px`;
  renderHead();
  refreshControls();
  renderRows();
  if (row >= 0 && keep === undefined) scrollToActive();
}

function renderHead(): void {
  if (!data || !strings) return;
  headRow.style.gridTemplateColumns = template();
  headRow.replaceChildren(el('div', { role: 'columnheader', class: 'cell rowhead', 'aria-colindex': '1' }, '#'));
  data.columns.forEach((column, c) => {
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

function problemsOf(index: number): RowProblem[] {
  return problems[index] ?? [];
}

const SEVERITY_ORDER: RowProblem['severity'][] = ['error', 'warning', 'information', 'hint'];
const worst = (list: RowProblem[]) => SEVERITY_ORDER.find((s) => list.some((p) => p.severity === s));

function renderRows(): void {
  // Rows that change while a cell is being edited are drawn when the edit ends (finishEdit), not under it.
  if (!data || !strings || editing) return;
  const s = strings;
  // The header row sticks to the top of the scrolled area: rows start one row below it.
  const { first, end } = visibleWindow(Math.max(0, viewport.scrollTop - ROW_HEIGHT), (viewport.clientHeight || 600) - ROW_HEIGHT, ROW_HEIGHT, view.length);
  rowsBox.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
  const columns = template();
  const rows: HTMLElement[] = [];
  const notes: HTMLElement[] = [];
  for (let r = first; r < end; r++) {
    const row = data.rows[view[r]];
    const rowProblems = problemsOf(row.index);
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
    // Problems with no field, and those on fields the table has no column for, belong to the row.
    const own = rowProblems.filter((p) => p.field === undefined || !data!.columns.some((c) => c.field === p.field));
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
      const hidden = row.hidden && value === null && (column.field === data!.sourceField || column.field === data!.referenceField);
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
  if (view.length) grid.setAttribute('aria-activedescendant', cellId(active.row, active.column));
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

const fieldState = { literal: false };

/** Ewe typing inside a text box: `;d` → ɖ, `e;'` → é, composed as the key lands. */
function composeInto(input: HTMLInputElement, event: InputEvent, state: { literal: boolean }): void {
  if (event.inputType !== 'insertText' || input.selectionStart === null) {
    state.literal = false;
    return;
  }
  const cursor = input.selectionStart;
  const composition = composeAfterTyping(input.value.slice(0, cursor), state.literal);
  state.literal = composition !== null && madeLiteralPrefix(composition);
  if (!composition) return;
  const start = cursor - composition.deleteBefore;
  input.value = input.value.slice(0, start) + composition.insert + input.value.slice(cursor);
  const at = start + composition.insert.length;
  input.setSelectionRange(at, at);
}

function startEdit(initial?: string): void {
  if (!data || editing) return;
  const position = view[active.row];
  if (position === undefined) return;
  const row = data.rows[position];
  const column = data.columns[active.column];
  const cell = document.getElementById(cellId(active.row, active.column));
  if (!cell || (row.hidden && row.cells[active.column] === null && (column.field === data.sourceField || column.field === data.referenceField))) return;
  const original = row.cells[active.column] ?? '';
  const input = el('input', { type: 'text', 'aria-label': `${column.field} ${strings?.editHint ?? ''}`, spellcheck: 'false' });
  input.value = initial ?? original;
  const state = { input, index: row.index, field: column.field, original, literal: false };
  editing = state;
  input.addEventListener('input', (e) => composeInto(input, e as InputEvent, state));
  input.addEventListener('keydown', (e) => {
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
  const end = input.value.length;
  input.setSelectionRange(end, end);
}

function finishEdit(commit: boolean, move?: MoveKey): void {
  const state = editing;
  if (!state || !data) return;
  editing = undefined;
  const text = state.input.value;
  if (commit && text !== state.original) {
    post({ type: 'edit', version, index: state.index, field: state.field, text });
    // Shown at once; the document's change repaints it with the value as written.
    const position = data.rows.findIndex((r) => r.index === state.index);
    const column = data.columns.findIndex((c) => c.field === state.field);
    if (position >= 0 && column >= 0) data.rows[position].cells[column] = text;
  }
  grid.focus();
  if (move) moveTo(moveCell(active, move, view.length, data.columns.length, pageRows()));
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
  if (!data || editing || e.target !== grid) return;
  let key: MoveKey | undefined = KEYS[e.key];
  if (e.key === 'Tab') key = e.shiftKey ? 'ShiftTab' : 'Tab';
  if ((e.ctrlKey || e.metaKey) && e.key === 'Home') key = 'CtrlHome';
  if ((e.ctrlKey || e.metaKey) && e.key === 'End') key = 'CtrlEnd';
  if (key) {
    e.preventDefault();
    const next = moveCell(active, key, view.length, data.columns.length, pageRows());
    // Shift with an arrow up or down selects the rows it passes.
    if (e.shiftKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
      const from = data.rows[view[active.row]]?.index;
      const to = data.rows[view[next.row]]?.index;
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
    const index = data.rows[view[active.row]]?.index;
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
  if (head && data) {
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
  const index = at && data ? data.rows[view[at.row]]?.index : undefined;
  if (index !== undefined) post({ type: 'reveal', index, field: data?.columns[at!.column]?.field });
});

let scrollFrame = 0;
viewport.addEventListener('scroll', () => {
  if (scrollFrame) return;
  scrollFrame = requestAnimationFrame(() => {
    scrollFrame = 0;
    if (!editing) renderRows();
  });
});
window.addEventListener('resize', () => renderRows());

// ---- Messages from the extension ---------------------------------------------------------------------------

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message.type) {
    case 'init':
      strings = message.strings;
      grid.setAttribute('aria-label', strings.grid);
      buildToolbar();
      break;
    case 'data': {
      const first = data === undefined;
      const keep = activeEntry();
      data = message.data;
      version = message.version;
      grid.dataset.version = String(version);
      problems = message.problems;
      problemRows = new Set(Object.keys(problems).map(Number));
      for (const index of [...selected]) if (!data.rows.some((r) => r.index === index)) selected.delete(index);
      messageBar.textContent = '';
      grid.hidden = false;
      renderSummary();
      recompute(keep);
      if (first && !editing) grid.focus();
      // Once the browser has laid the rows out: the provider times the opening by it.
      if (first) requestAnimationFrame(() => setTimeout(() => post({ type: 'painted', version, rows: data?.rows.length ?? 0 }), 0));
      break;
    }
    case 'rows': {
      if (!data) break;
      const keep = activeEntry();
      const positions = new Map(data.rows.map((row, position) => [row.index, position]));
      for (const row of message.rows) {
        const position = positions.get(row.index);
        if (position !== undefined) data.rows[position] = row;
      }
      version = message.version;
      grid.dataset.version = String(version);
      problems = message.problems;
      problemRows = new Set(Object.keys(problems).map(Number));
      renderSummary();
      recompute(keep);
      break;
    }
    case 'problems':
      if (message.version !== version) break;
      problems = message.problems;
      problemRows = new Set(Object.keys(problems).map(Number));
      if (query.problemsOnly) recompute();
      else renderRows();
      break;
    case 'unavailable':
      version = message.version;
      data = undefined;
      grid.hidden = true;
      summaryBar.replaceChildren();
      messageBar.textContent = message.reason;
      break;
    case 'error':
      messageBar.textContent = message.message;
      break;
    case 'focusEntry':
      pendingFocus = message.index;
      if (data?.rows.some((r) => r.index === message.index)) {
        recompute({ index: message.index, field: data.columns[active.column]?.field });
        scrollToActive();
      }
      break;
  }
});

post({ type: 'ready' });
