import { JsonDocument } from '../../core/document/jsonDocument';
import type { TextEdit } from '../../core/document/jsonEdits';
import type { TextRange } from '../../core/text/lineIndex';
import { CorpusTableModel, type TableEditError, type TableOptions } from '../../core/corpus/tableModel';
import {
  fetchWindow,
  filterOptions,
  otherValues,
  FILTER_FIELDS,
  MAX_WINDOW_ROWS,
  summarize,
  viewRows,
  type FilterField,
  type TableRow,
  type ViewQuery,
} from '../../core/corpus/tableView';
import type { HostMessage, ProblemsByEntry, RowProblem, TableMeta, WebviewMessage, WindowRow } from '../../protocol/corpusTable';

/**
 * One corpus table's state in the extension host, free of `vscode` (and of Node) so the bench and tests drive
 * it directly: the model of the document's current version (derived from the previous one when an edit stays
 * inside entries, built from the text otherwise), the view the page's query shows (sort, filter and search run
 * here), the windows of rows the page asks for, diagnostics mapped onto entries and fields, and a page message
 * turned into text edits.
 */

/** The text document as the session sees it (a `vscode.TextDocument` fits). */
export interface TableSource {
  getText(): string;
  readonly version: number;
  /** The text's length, when it costs less than `getText()` (checks a model derived from edits). */
  textLength?(): number;
  /** The text's parse at the current version, when the editor keeps one (shared with the lenses and runs). */
  parsed?(): JsonDocument;
}

/** A diagnostic with its range as offsets into the text. */
export interface OffsetDiagnostic {
  start: number;
  severity: RowProblem['severity'];
  message: string;
}

/** Page messages whose changes leave every entry at its index (cells set, entries added at the end). */
export function keepsIndices(message: WebviewMessage): boolean {
  return message.type === 'edit' || message.type === 'setField' || message.type === 'add';
}

export type SessionResult = { edits: TextEdit[]; focus?: number; focusField?: string } | { error: TableEditError | 'stale' | 'unavailable' };

export type Unavailable = { reason: 'notCorpus' | 'invalidJson' };

/** Rows sent with a view when the page has asked for none yet: a screenful and some. */
const FIRST_WINDOW = 100;

/** What the page is shown: one view of one model, numbered so a window answers the view it was asked of. */
interface View {
  id: number;
  model: CorpusTableModel;
  query: ViewQuery;
  problems: ProblemsByEntry;
  /** Positions in the model's rows, in the order shown. */
  positions: number[];
  meta: TableMeta;
}

/**
 * Whether the rows `next` rebuilt show what the summary and the filter menus count (segment, the filter fields,
 * secrecy) as they were in `previous`: a text typed into a source or reference cell leaves the figures as they are.
 */
function sameFigures(previous: CorpusTableModel, next: CorpusTableModel): boolean {
  // The filter menus, the summary and the lists of values read these columns.
  const columns = next.data.columns.flatMap((c, i) => (FILTER_FIELDS.includes(c.field as FilterField) || c.choices ? [i] : []));
  for (const index of next.changed ?? []) {
    const a = previous.data.rows[index];
    const b = next.data.rows[index];
    if (!a || !b || a.segment !== b.segment || a.secret !== b.secret || columns.some((c) => a.cells[c] !== b.cells[c])) return false;
  }
  return next.changed !== undefined;
}

export class TableSession {
  private built?: { version: number; hide: boolean; model: CorpusTableModel | Unavailable };
  /**
   * The oldest version whose entry indices still name the same entries: a page message from it or later is
   * applied to the current text. Changes the table made itself that keep every entry where it was (a cell, a
   * field on a selection, an entry added at the end) keep it; any other change moves it to that change's version.
   */
  private indicesFrom = 0;
  /** The last version `changed` was told of (a model built for it can be carried across the next change). */
  private seen: number;
  private query: ViewQuery = {};
  private diagnostics: readonly OffsetDiagnostic[] = [];
  private problemsOf?: { model: CorpusTableModel; diagnostics: readonly OffsetDiagnostic[]; byEntry: ProblemsByEntry };
  private view?: View;
  /** The last model derived from an edit, and the one it was derived from (their rows differ at its `changed`). */
  private derivedFrom?: { from: CorpusTableModel; to: CorpusTableModel };
  /** The figures of a model, carried to the next one while its edits leave them as they were. */
  private figures?: { model: CorpusTableModel; meta: TableMeta };
  private views = 0;
  /** The rows the page last asked for: the next view sends them again. */
  private window = { first: 0, end: FIRST_WINDOW };
  /** The entry the next view makes active (sent as its position): the page's after a query, a new entry after an add. */
  private active?: number;
  private focusPending = false;
  /** The field whose cell the next view makes active (after an add, the new row's first empty cell). */
  private focusField?: string;
  private renumbered = false;
  /** How the last model came to be (for tests and the bench). */
  lastBuild: 'derived' | 'parsed' | undefined;

  constructor(
    private readonly source: TableSource,
    private readonly options: () => TableOptions = () => ({}),
  ) {
    this.seen = source.version;
  }

  /** The model of the current version, or why there is none. */
  model(): CorpusTableModel | Unavailable {
    const hide = this.hidesSecretText();
    const version = this.source.version;
    if (this.builtFor(version, hide)) return this.built!.model;
    return this.build(version, hide, this.parse());
  }

  /** The current version's parse: the editor's shared one when it has it, else the text parsed here. */
  private parse(): JsonDocument {
    return this.source.parsed?.() ?? new JsonDocument(this.source.getText());
  }

  private hidesSecretText(): boolean {
    return this.options().hideSecretText === true;
  }

  private builtFor(version: number, hide: boolean): boolean {
    return this.built?.version === version && this.built.hide === hide;
  }

  private build(version: number, hide: boolean, doc: JsonDocument): CorpusTableModel | Unavailable {
    let model: CorpusTableModel | Unavailable;
    // Edits are computed from positions in the text: a text that does not parse is not edited from the table.
    if (!doc.isValidJson) model = { reason: 'invalidJson' };
    else {
      try {
        model = new CorpusTableModel(doc, { hideSecretText: hide });
      } catch {
        model = { reason: 'notCorpus' };
      }
    }
    this.built = { version, hide, model };
    this.lastBuild = 'parsed';
    return model;
  }

  /**
   * Does ahead what the page's first view and its first edit need, while the page is still loading: see
   * `prepareView` and `prepareEdits`.
   */
  async prepare(pause: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    await this.prepareView(pause);
    await this.prepareEdits(pause);
  }

  /**
   * Makes the first view ahead (the text read, parsed and modelled, the sorted and filtered rows with their
   * figures), so the view message then only picks rows. `pause` is awaited between the steps (each about one
   * `JSON.parse` of the text or less), so the thread stays free for what VS Code asks meanwhile: it mounts the
   * page only after round trips through the extension host. A change meanwhile ends the work early; `model()`
   * then builds what is missing when asked.
   */
  async prepareView(pause: () => Promise<void>): Promise<void> {
    await pause();
    const version = this.source.version;
    const hide = this.hidesSecretText();
    const current = () => this.source.version === version && this.hidesSecretText() === hide;
    if (!this.builtFor(version, hide)) {
      const shared = this.source.parsed;
      const text = shared ? '' : this.source.getText();
      await pause();
      if (!current() || this.builtFor(version, hide)) return;
      const doc = shared ? shared() : new JsonDocument(text);
      await pause();
      if (!current() || this.builtFor(version, hide)) return;
      this.build(version, hide, doc);
      await pause();
    }
    const model = this.built?.model;
    if (current() && model instanceof CorpusTableModel) this.currentView(model);
  }

  /**
   * Reads ahead, after the first view, what the first edit needs: the entries' positions in the text, the file's
   * style, the line table (an edit's ranges).
   */
  async prepareEdits(pause: () => Promise<void>): Promise<void> {
    const model = this.builtModel();
    if (!model) return;
    await pause();
    model.prepare();
    await pause();
    void model.doc.lineIndex.lineCount;
  }

  /**
   * The line and character ranges of `edits` (offsets into the current version's text), from the model's text
   * model; undefined when the model is not of the current version (the caller then asks the document).
   */
  rangesOf(edits: readonly TextEdit[]): TextRange[] | undefined {
    const lines = this.builtModel()?.doc.lineIndex;
    return lines && edits.map((e) => lines.rangeOf(e));
  }

  /** The model built for the current version, if it is a table (whatever the secret-text setting: positions are the same). */
  private builtModel(): CorpusTableModel | undefined {
    const built = this.built;
    return built && built.version === this.source.version && built.model instanceof CorpusTableModel ? built.model : undefined;
  }

  /**
   * Tells the session the document changed to `version` by `changes` (in order, each on the text the one before
   * left, as the editor reports them); `keptIndices`: the change was the table's own and left every entry at its
   * index, so rows the page drew before it still name the same entries. When the changes stay inside entries, the
   * new version's model is derived from the last one at once (only those entries parsed again).
   */
  changed(version: number, keptIndices: boolean, changes?: readonly TextEdit[]): void {
    if (!keptIndices) {
      this.indicesFrom = version;
      this.renumbered = true;
    }
    const built = this.built;
    const previous = this.seen;
    this.seen = version;
    if (!changes || !built || built.version !== previous || !(built.model instanceof CorpusTableModel)) return;
    const derived = built.model.edited(changes);
    if (!derived || (this.source.textLength && this.source.textLength() !== derived.doc.text.length)) return;
    this.built = { version, hide: built.hide, model: derived };
    this.derivedFrom = { from: built.model, to: derived };
    this.lastBuild = 'derived';
    if (this.figures?.model === built.model && sameFigures(built.model, derived)) this.figures = { model: derived, meta: this.figures.meta };
  }

  /** The diagnostics of the document, as offsets into its current text. */
  setDiagnostics(diagnostics: readonly OffsetDiagnostic[]): void {
    this.diagnostics = diagnostics;
  }

  /** The page's sort, filter and search; `active`: the entry it has active, kept active in the new order. */
  setQuery(query: ViewQuery, active?: number): void {
    this.query = query;
    this.focus(active);
  }

  /** Makes `index` the entry the next view makes active (after an add or a duplicate, the new entry). */
  focus(index: number | undefined, field?: string): void {
    this.active = index;
    this.focusPending = index !== undefined;
    this.focusField = field;
  }

  /** Diagnostics by entry, each on the field its range starts in. */
  problems(diagnostics: readonly OffsetDiagnostic[] = this.diagnostics): ProblemsByEntry {
    const model = this.model();
    const out = new Map<number, RowProblem[]>();
    if (!(model instanceof CorpusTableModel)) return out;
    if (this.problemsOf && this.problemsOf.model === model && this.problemsOf.diagnostics === diagnostics) return this.problemsOf.byEntry;
    for (const d of diagnostics) {
      const at = model.locate(d.start);
      if (!at) continue;
      let list = out.get(at.index);
      if (!list) out.set(at.index, (list = []));
      list.push({ severity: d.severity, message: d.message, ...(at.field === undefined ? {} : { field: at.field }) });
    }
    this.problemsOf = { model, diagnostics, byEntry: out };
    return out;
  }

  /** The current view: computed again only when the model, the query or the diagnostics changed. */
  private currentView(model: CorpusTableModel): View {
    const problems = this.problems();
    const view = this.view;
    if (view && view.model === model && view.query === this.query && view.problems === problems) return view;
    if (this.figures?.model !== model) {
      const meta = {
        shape: model.data.shape,
        idField: model.data.idField,
        sourceField: model.data.sourceField,
        referenceField: model.data.referenceField,
        columns: model.data.columns,
        total: model.data.rows.length,
        summary: summarize(model.data),
        filters: filterOptions(model.data),
        others: otherValues(model.data),
      };
      this.figures = { model, meta };
    }
    const meta = this.figures.meta;
    const positions = this.keptPositions(view, model, problems) ?? viewRows(model.data, this.query, new Set(problems.keys()));
    this.view = { id: ++this.views, model, query: this.query, problems, positions, meta };
    return this.view;
  }

  /**
   * The last view's order, when `model` was derived from its model by edits that leave every changed row where
   * the query put it (shown or not as before, the same sort key) and the same entries have problems: a text
   * typed into a cell the view neither filters, searches nor sorts by does not sort and filter 20,000 rows again.
   */
  private keptPositions(view: View | undefined, model: CorpusTableModel, problems: ProblemsByEntry): number[] | undefined {
    if (!view || this.derivedFrom?.to !== model || this.derivedFrom.from !== view.model || view.query !== this.query || !model.changed) return undefined;
    if (problems.size !== view.problems.size || [...problems.keys()].some((k) => !view.problems.has(k))) return undefined;
    const problemRows = new Set(problems.keys());
    const shows = (m: CorpusTableModel, row: TableRow) => viewRows({ ...m.data, rows: [row] }, this.query, problemRows).length === 1;
    const sort = this.query.sort?.column;
    for (const index of model.changed) {
      const before = view.model.data.rows[index];
      const after = model.data.rows[index];
      if (!before || !after || shows(view.model, before) !== shows(model, after)) return undefined;
      if (sort !== undefined && before.cells[sort] !== after.cells[sort]) return undefined;
    }
    return view.positions;
  }

  /**
   * The message that shows the current version to the page: the view's figures and the rows of the window the
   * page last asked for (around the entry to make active, when there is one), or why there is no table
   * (`reasons` translates it).
   */
  viewMessage(reasons: Record<Unavailable['reason'], string>): HostMessage {
    const model = this.model();
    const version = this.source.version;
    if (!(model instanceof CorpusTableModel)) return { type: 'unavailable', version, reason: reasons[model.reason] };
    const view = this.currentView(model);
    const at = this.focusPending && this.active !== undefined ? this.positionOf(view, this.active) : -1;
    let range = this.window;
    if (at >= 0) {
      const half = Math.floor(FIRST_WINDOW / 2);
      range = { first: Math.max(0, at - half), end: at + half };
    }
    const rows = this.rows(view, range.first, range.end);
    const message: HostMessage = {
      type: 'view',
      version,
      view: view.id,
      meta: view.meta,
      query: view.query,
      shown: view.positions.length,
      first: rows.first,
      rows: rows.rows,
      ...(at >= 0 ? { focus: at } : {}),
      ...(at >= 0 && this.focusField !== undefined ? { focusField: this.focusField } : {}),
      ...(this.renumbered ? { renumbered: true } : {}),
    };
    this.focusPending = false;
    this.focusField = undefined;
    this.renumbered = false;
    return message;
  }

  /** The rows at positions [first, end) of view `view`, when that is still the view shown (else none: a new view is on its way). */
  windowMessage(view: number, first: number, end: number): HostMessage | undefined {
    const model = this.model();
    if (!(model instanceof CorpusTableModel) || !this.view || this.view.id !== view || this.view.model !== model) return undefined;
    const rows = this.rows(this.view, first, end);
    return { type: 'window', version: this.source.version, view, first: rows.first, rows: rows.rows };
  }

  private rows(view: View, first: number, end: number): { first: number; rows: WindowRow[] } {
    const range = fetchWindow(first, end, view.positions.length, 0, MAX_WINDOW_ROWS);
    this.window = range;
    const rows = view.positions.slice(range.first, range.end).map((position) => {
      const row = view.model.data.rows[position];
      const problems = view.problems.get(row.index);
      return problems ? { ...row, problems } : row;
    });
    return { first: range.first, rows };
  }

  private positionOf(view: View, index: number): number {
    // In file order the row of entry i sits at or before position i: look there first.
    const rows = view.model.data.rows;
    const guess = Math.min(index, view.positions.length - 1);
    if (guess >= 0 && rows[view.positions[guess]]?.index === index) return guess;
    return view.positions.findIndex((p) => rows[p].index === index);
  }

  /** The columns the current version shows, as one string to compare. */
  columns(): string {
    const model = this.model();
    return model instanceof CorpusTableModel ? model.data.columns.map((c) => `${c.field}:${c.kind}`).join('\n') : '';
  }

  /** The text edits a page message asks for (none for messages that edit nothing). */
  handle(message: WebviewMessage): SessionResult | undefined {
    if (message.type !== 'edit' && message.type !== 'setField' && message.type !== 'add' && message.type !== 'duplicate' && message.type !== 'remove')
      return undefined;
    const model = this.model();
    if (!(model instanceof CorpusTableModel)) return { error: 'unavailable' };
    // Indices name entries of the version the page shows: accepted while they still name the same entries (the
    // page may send the next cell before the rows of its last edit came back), refused after any other change.
    if (message.version < this.indicesFrom || message.version > this.source.version) return { error: 'stale' };
    switch (message.type) {
      case 'edit':
        return model.editCell(message.index, message.field, message.text);
      case 'setField':
        return model.setField(message.indices, message.field, message.text);
      case 'add': {
        const r = model.addEntry();
        return 'edits' in r ? { edits: r.edits, focus: r.index, ...(r.field === undefined ? {} : { focusField: r.field }) } : r;
      }
      case 'duplicate': {
        const r = model.duplicate(message.indices);
        return 'edits' in r ? { edits: r.edits, focus: r.index } : r;
      }
      case 'remove':
        return model.remove(message.indices);
    }
  }
}
