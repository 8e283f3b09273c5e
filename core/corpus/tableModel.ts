import { entriesOf } from '../document/classify';
import { applyEdit } from '../document/edit';
import type { JsonDocument, JsonPath } from '../document/jsonDocument';
import { isObject, setOwn, type JsonObject } from '../json';
import { isSecretSegment } from '../spec/corpusTables';
import { nextIds } from './idPattern';
import { exactValue, NumberText } from '../document/numberText';
import {
  appendToArray,
  carryStyle,
  documentStyle,
  insertCopyAfter,
  insertItemsAfter,
  insertProperty,
  removeArrayItems,
  replaceValue,
  type TextEdit,
} from '../document/jsonEdits';
import { cellOf, cellValue, corpusSheet, fieldKind, type CorpusSheet, type FieldKind } from './cells';
import { fieldChoices, prefilledFields, requiredFields } from './choices';
import type { TableColumn, TableData, TableRow } from './tableView';

/**
 * The corpus table's model: a corpus document (any of the four shapes) as rows and columns, and every change
 * the table makes as minimal text edits of that document, so the JSON text stays the one source of truth and
 * a change is a diff of the changed value only. Pure: the VS Code provider applies the edits, the bench and
 * the tests apply them to strings.
 */

/** Why a change made no edit. */
export type TableEditError = 'notJson' | 'noEntry' | 'noField';

export type TableEditResult = { edits: TextEdit[] } | { error: TableEditError };

export interface TableOptions {
  /** Leave out the source and reference text of gold_standard and held_out entries. */
  hideSecretText?: boolean;
}

/** Where an offset of the text falls: the entry (its index in the entries array) and the field, if any. */
export interface EntryLocation {
  index: number;
  field?: string;
}

const LEADING = [
  'id',
  'index',
  'source',
  'source_text',
  'reference',
  'target',
  'target_expected',
  'segment',
  'difficulty',
  'register',
  'domain',
  'provenance',
  'context',
  'notes',
];

/** The spec's fields first, in the spec's order, then the others in the order the entries first use them. */
function orderColumns(fields: readonly string[]): string[] {
  const leading = LEADING.filter((f) => fields.includes(f));
  return [...leading, ...fields.filter((f) => !LEADING.includes(f))];
}

const sameKeys = (a: JsonObject, b: JsonObject): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k));
};

export class CorpusTableModel {
  readonly sheet: CorpusSheet;
  readonly data: TableData;
  private readonly items: readonly unknown[];
  private readonly kinds = new Map<string, FieldKind>();
  private readonly choices = new Map<string, string[] | undefined>();
  /** The entries whose rows were built again, when this model was derived from the previous version's. */
  readonly changed?: ReadonlySet<number>;

  /**
   * Throws `SpreadsheetError` when the document is not a Rosetta corpus. `previous`: the model of the text
   * before edits that changed only the entries `changed` (their keys kept); its sheet and other rows are reused.
   */
  constructor(
    readonly doc: JsonDocument,
    private readonly options: TableOptions = {},
    previous?: { model: CorpusTableModel; changed: ReadonlySet<number> },
  ) {
    this.items = previous ? (entriesOf(doc.value, previous.model.sheet.entriesPath) ?? []) : [];
    const reused = previous && this.reusedSheet(previous.model, previous.changed);
    this.sheet = reused ?? corpusSheet(doc.value);
    if (!reused) this.items = entriesOf(doc.value, this.sheet.entriesPath) ?? [];
    const legacy = this.sheet.shape === 'legacy';
    const referenceField = legacy
      ? 'target_expected'
      : this.sheet.columns.includes('target') && !this.sheet.columns.includes('reference')
        ? 'target'
        : 'reference';
    const columns: TableColumn[] = orderColumns(this.sheet.columns).map((field) => {
      const choices = this.choicesOf(field);
      return choices ? { field, kind: this.kindOf(field), choices } : { field, kind: this.kindOf(field) };
    });
    const fileSegment = isObject(doc.value) && typeof doc.value.segment === 'string' ? doc.value.segment : '';
    const hidden = new Set(options.hideSecretText ? [this.sheet.sourceField, referenceField] : []);
    const rowOf = (item: JsonObject, index: number): TableRow => {
      const segment = typeof item.segment === 'string' ? item.segment : fileSegment;
      const secret = isSecretSegment(segment);
      const hide = secret && hidden.size > 0;
      return {
        index,
        segment,
        secret,
        hidden: hide,
        cells: columns.map((c) =>
          Object.hasOwn(item, c.field) && !(hide && hidden.has(c.field))
            ? cellOf(exactValue(doc, [...this.sheet.entriesPath, index, c.field], item[c.field]))
            : null,
        ),
      };
    };
    let rows: TableRow[];
    const kept = previous?.model.data;
    if (reused && kept && kept.columns.length === columns.length && kept.columns.every((c, i) => c.field === columns[i].field && c.kind === columns[i].kind)) {
      // Every item is an object, so row i is entry i: only the changed rows are built again.
      rows = kept.rows.slice();
      for (const index of previous.changed) rows[index] = rowOf(this.items[index] as JsonObject, index);
      this.changed = previous.changed;
    } else {
      rows = [];
      this.items.forEach((item, index) => {
        if (isObject(item)) rows.push(rowOf(item, index));
      });
    }
    this.data = {
      shape: this.sheet.shape,
      idField: this.sheet.idField,
      sourceField: this.sheet.sourceField,
      referenceField,
      columns,
      rows,
      count: this.items.length,
    };
  }

  /**
   * The previous model's sheet for this document, when the edits changed only entries that stay objects with
   * the same keys (so the columns, the shape and the classification are the ones it found), every item of both
   * being an object; undefined otherwise (the sheet is then read from the whole value).
   */
  private reusedSheet(previous: CorpusTableModel, changed: ReadonlySet<number>): CorpusSheet | undefined {
    const old = previous.sheet;
    if (old.entries.length !== old.count || this.items.length !== old.count) return undefined;
    const entries = old.entries.slice();
    for (const index of changed) {
      const item = this.items[index];
      if (!isObject(item) || !sameKeys(item, old.entries[index])) return undefined;
      entries[index] = item;
    }
    return { ...old, entries };
  }

  /**
   * The model after `edits` (applied in order, each to the text the one before left), when each stays inside
   * one entry: the document re-parses only those entries (`applyEdit`) and the model rebuilds only their rows.
   * Undefined when an edit is anything else (an entry added or removed, the envelope touched, a field added or
   * removed): the caller then builds the model from the whole text, which gives the same model.
   */
  edited(edits: readonly TextEdit[]): CorpusTableModel | undefined {
    const path = this.sheet.entriesPath;
    let doc = this.doc;
    const changed = new Set<number>();
    for (const edit of edits) {
      const next = applyEdit(doc, edit, path);
      if (!next || next.index === undefined) return undefined;
      carryStyle(doc, next.doc, edit);
      doc = next.doc;
      changed.add(next.index);
    }
    const model = new CorpusTableModel(doc, this.options, { model: this, changed });
    return model.data.rows.length === this.data.rows.length && model.data.columns.length === this.data.columns.length ? model : undefined;
  }

  /**
   * Reads what the first edit needs ahead of it: where the entries are in the text (one pass over the entries
   * array, so an edit then scans only its entry) and the file's style (one pass over the text; later versions
   * carry it). The table calls it while its page loads.
   */
  prepare(): void {
    this.doc.childrenAt(this.sheet.entriesPath);
    documentStyle(this.doc);
  }

  /** How cells of `field` become values (as the corpus writes that field, else as its schema types it). */
  kindOf(field: string): FieldKind {
    let kind = this.kinds.get(field);
    if (!kind) this.kinds.set(field, (kind = fieldKind(field, this.sheet)));
    return kind;
  }

  /** The spec's values for `field`, when it is chosen from a list (read from the schema once per field). */
  choicesOf(field: string): string[] | undefined {
    if (!this.choices.has(field)) this.choices.set(field, fieldChoices(field, this.sheet));
    return this.choices.get(field);
  }

  private entryPath(index: number): JsonPath {
    return [...this.sheet.entriesPath, index];
  }

  private entry(index: number): JsonObject | undefined {
    const item = this.items[index];
    return isObject(item) ? item : undefined;
  }

  /** The edit that gives `field` of entry `index` the value `text` stands for; none when it already has it. */
  private fieldEdit(index: number, field: string, text: string): TextEdit | TableEditError | null {
    const entry = this.entry(index);
    if (!entry) return 'noEntry';
    if (!field) return 'noField';
    const parsed = cellValue(text, this.kindOf(field));
    if (!parsed) return 'notJson';
    if (Object.hasOwn(entry, field)) {
      const path = [...this.entryPath(index), field];
      // Numbers compare by their text (a float would call 9007199254740993 and 9007199254740992 the same).
      const current = exactValue(this.doc, path, entry[field]);
      const isNumber = (v: unknown) => typeof v === 'number' || v instanceof NumberText;
      const same =
        isNumber(current) && isNumber(parsed.value) ? cellOf(current) === cellOf(parsed.value) : JSON.stringify(current) === JSON.stringify(parsed.value);
      if (same) return null;
      return replaceValue(this.doc, path, parsed.value) ?? 'noEntry';
    }
    // An empty cell typed into a field the entry lacks adds nothing.
    if (text === '') return null;
    return insertProperty(this.doc, this.entryPath(index), field, parsed.value) ?? 'noEntry';
  }

  /** A cell typed in: one edit (the value replaced, or the field added to the entry), or none when unchanged. */
  editCell(index: number, field: string, text: string): TableEditResult {
    const edit = this.fieldEdit(index, field, text);
    if (typeof edit === 'string') return { error: edit };
    return { edits: edit ? [edit] : [] };
  }

  /** One field set on several entries: one edit per entry that changes, applied together. */
  setField(indices: readonly number[], field: string, text: string): TableEditResult {
    const edits: TextEdit[] = [];
    for (const index of new Set(indices)) {
      const edit = this.fieldEdit(index, field, text);
      if (typeof edit === 'string') return { error: edit };
      if (edit) edits.push(edit);
    }
    return { edits: edits.sort((a, b) => a.start - b.start) };
  }

  /** Every entry's id as the file writes it (digits kept past 2^53), for new ids that follow them. */
  private ids(): unknown[] {
    const { idField, entriesPath } = this.sheet;
    return this.items.map((item, i) => (isObject(item) ? exactValue(this.doc, [...entriesPath, i, idField], item[idField]) : undefined));
  }

  /**
   * A new entry at the end, its id in the file's pattern, with empty source and reference text and the other
   * required fields filled from the row above (else the corpus's most common value), its keys in that row's
   * order, written in its layout (on one line when it is on one line). `field`: the new row's first empty cell.
   */
  addEntry(): TableEditResult & { index?: number; field?: string } {
    const [id] = nextIds(this.ids(), 1);
    if (id === undefined) return { error: 'noEntry' };
    const { idField, sourceField, entriesPath } = this.sheet;
    const referenceField = this.data.referenceField;
    const above = this.entry(this.items.length - 1);
    const filled = prefilledFields(requiredFields(this.sheet), new Set([idField, sourceField, referenceField]), above, this.sheet.entries);
    const values: JsonObject = {};
    for (const [key, value] of [[idField, id], [sourceField, ''], [referenceField, ''], ...Object.entries(filled)] as [string, unknown][])
      setOwn(values, key, value);
    // The row above's key order, then the rest; names read from the file are own keys, never Object members.
    const entry: JsonObject = {};
    for (const key of [...Object.keys(above ?? {}), ...Object.keys(values)])
      if (Object.hasOwn(values, key) && !Object.hasOwn(entry, key)) setOwn(entry, key, values[key]);
    const edit = appendToArray(this.doc, entriesPath, [entry], true);
    return edit ? { edits: [edit], index: this.items.length, field: sourceField } : { error: 'noEntry' };
  }

  /**
   * A copy of each entry right after it, with a new id in the file's pattern: the entry's own text with its id
   * replaced (an entry without an id gets its copy written in the file's style, the id first). One insertion
   * per entry, the rest of the text untouched. `index`: the first copy's index once the edits are applied.
   */
  duplicate(indices: readonly number[]): TableEditResult & { index?: number } {
    const originals = [...new Set(indices)].sort((a, b) => a - b);
    const sources = originals.map((i) => this.entry(i));
    if (sources.length === 0 || sources.some((e) => !e)) return { error: 'noEntry' };
    const ids = nextIds(this.ids(), sources.length);
    if (ids.length < sources.length) return { error: 'noEntry' };
    const edits: TextEdit[] = [];
    for (const [k, entry] of (sources as JsonObject[]).entries()) {
      const { idField, entriesPath } = this.sheet;
      const edit = Object.hasOwn(entry, idField)
        ? insertCopyAfter(this.doc, entriesPath, originals[k], [idField], ids[k])
        : insertItemsAfter(this.doc, entriesPath, originals[k], [{ [idField]: ids[k], ...entry }]);
      if (!edit) return { error: 'noEntry' };
      edits.push(edit);
    }
    return { edits, index: originals[0] + 1 };
  }

  /** The entries removed with their separators (one edit per run of neighbouring entries). */
  remove(indices: readonly number[]): TableEditResult {
    if (indices.length === 0 || indices.some((i) => !this.entry(i))) return { error: 'noEntry' };
    return { edits: removeArrayItems(this.doc, this.sheet.entriesPath, indices) };
  }

  /** The entry, and the field within it, that an offset of the text falls in (diagnostics onto rows and cells). */
  locate(offset: number): EntryLocation | undefined {
    const array = this.doc.childrenAt(this.sheet.entriesPath);
    if (!array || array.kind !== 'array') return undefined;
    const items = array.items;
    let lo = 0;
    let hi = items.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (offset < items[mid].start) hi = mid - 1;
      else if (offset >= items[mid].end) lo = mid + 1;
      else {
        const entry = this.doc.childrenAt(this.entryPath(mid));
        if (!entry || entry.kind !== 'object') return { index: mid };
        const property = entry.properties.find((p) => offset >= p.keySpan.start && offset < Math.max(p.valueSpan.end, p.keySpan.end + 1));
        return property ? { index: mid, field: property.key } : { index: mid };
      }
    }
    return undefined;
  }
}
