import { JsonDocument } from '../document/jsonDocument';
import { pick, type Bilingual, type Locale, type Params } from '../i18n/locale';
import { isObject, type JsonObject } from '../json';
import { defaultSeverity } from '../rules/codes';
import { validateDocument } from '../validate';
import { cellOf, cellValue, fieldKind } from './cells';
import { nextIds } from './idPattern';
import { appendToArray, applyTextEdits, removeArrayItems, replaceValue, type TextEdit } from '../document/jsonEdits';
import { exactValue } from '../document/numberText';
import { entryIndexOf, readSheetRows, type ImportOptions, type RowProblem } from './spreadsheet';
import { CorpusTableModel } from './tableModel';
import { appendAll } from '../arrays';

/**
 * A spreadsheet brought back into the corpus it came from: rows whose id the corpus has change only the cells
 * that differ (each change the table's own minimal edit, in the file's style), rows with a new id (or none) are
 * appended, and entries the sheet leaves out are listed and kept, or removed when asked (`prune`). The result is
 * checked by the validator: an error in any changed or added entry changes nothing.
 */

const TEXT: Record<string, Bilingual> = {
  noIdColumn: {
    en: 'no column is mapped to the id field "{field}": an update finds each entry by its id',
    fr: 'aucune colonne ne correspond au champ d’identifiant « {field} »\u00a0: une mise à jour retrouve chaque entrée par son identifiant',
  },
  duplicateId: {
    en: 'id {id} is also on line {first}: each entry can be updated from one row only',
    fr: 'l’identifiant {id} figure aussi à la ligne {first}\u00a0: chaque entrée ne peut être mise à jour que par une seule ligne',
  },
  badCell: {
    en: 'column "{column}": field "{field}" holds JSON in this corpus, and this cell is not JSON',
    fr: 'colonne « {column} »\u00a0: le champ « {field} » contient du JSON dans ce corpus, et cette cellule n’en est pas',
  },
  entryCount: {
    en: 'entry_count was {was} while the corpus held {held} {held|entry|entries}; it is set to {now}',
    fr: 'entry_count valait {was} alors que le corpus avait {held} {held|entrée|entrées}\u202f; il passe à {now}',
  },
};

const text = (locale: Locale, id: keyof typeof TEXT, params?: Params) => pick(TEXT[id], locale, params);

export interface CellChange {
  field: string;
  column: string;
  /** The cell as the corpus has it (empty when the entry lacks the field), and as the sheet has it. */
  before: string;
  after: string;
}

export interface UpdatePlan {
  columns: { column: string; field: string | null }[];
  problems: RowProblem[];
  /** Entries whose cells change, in sheet order, each with its changed cells. */
  changed: { id: string; row: number; cells: CellChange[] }[];
  /** New entries (an id the corpus does not have, or none: one is given in the file's pattern). */
  added: { id: string; row: number; entry: JsonObject }[];
  /** Ids in the sheet whose entries stay as they are. */
  untouched: string[];
  /** Ids of the corpus's entries the sheet does not have: kept, or removed when `pruned`. */
  missing: string[];
  pruned: boolean;
  /** The corpus after the update; absent when any problem is an error (nothing changes). */
  newText?: string;
}

export interface UpdateOptions extends ImportOptions {
  /** Remove the entries whose ids the sheet does not have. */
  prune?: boolean;
}

/** An id as a key: the text a cell shows for it. */
const keyOf = (value: unknown): string => cellOf(value);

/**
 * Plans the update of the corpus `corpusText` from `sheetText`. Throws `SpreadsheetError` when there is
 * nothing to plan (no header, not a corpus), as `planImport` does.
 */
export function planUpdate(corpusText: string, sheetText: string, options: UpdateOptions): UpdatePlan {
  const read = readSheetRows(corpusText, sheetText, options);
  const empty = { changed: [], added: [], untouched: [], missing: [], pruned: false };
  if ('plan' in read) return { columns: read.plan.columns, problems: read.plan.problems, ...empty };
  const { locale, doc, sheet, header, fields, columns, problems } = read;
  const { idField, entriesPath } = sheet;
  const plan: UpdatePlan = { columns, problems, ...empty, pruned: options.prune === true };
  const idColumn = fields.indexOf(idField);
  if (idColumn < 0) {
    problems.push({ severity: 'error', message: text(locale, 'noIdColumn', { field: idField }) });
    return sortProblems(plan);
  }

  // The corpus's ids as the file writes them (digits kept past 2^53), first entry first.
  const byId = new Map<string, number>();
  const existingIds: unknown[] = [];
  sheet.entries.forEach((entry, k) => {
    if (!Object.hasOwn(entry, idField)) return;
    const id = exactValue(doc, [...entriesPath, sheet.indices[k], idField], entry[idField]);
    existingIds.push(id);
    const key = keyOf(id);
    if (!byId.has(key)) byId.set(key, sheet.indices[k]);
  });
  const idKind = fieldKind(idField, sheet);
  const sheetKey = (cell: string): string => {
    if (byId.has(cell)) return cell;
    const parsed = cellValue(cell.trim(), idKind);
    return parsed ? keyOf(parsed.value) : cell;
  };

  // Each row: an update of the entry with its id, or a new entry.
  const seen = new Map<string, number>();
  const updates: { index: number; id: string; row: number; cells: CellChange[] }[] = [];
  const additions: { row: number; entry: JsonObject }[] = [];
  for (const row of read.rows) {
    const cell = row.cells[idColumn];
    const key = cell === '' ? undefined : sheetKey(cell);
    if (key !== undefined) {
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push({ severity: 'error', row: row.line, column: header[idColumn], message: text(locale, 'duplicateId', { id: key, first }) });
        continue;
      }
      seen.set(key, row.line);
    }
    const index = key === undefined ? undefined : byId.get(key);
    if (index === undefined) {
      additions.push({ row: row.line, entry: row.entry });
      continue;
    }
    const entry = sheet.entries[sheet.indices.indexOf(index)];
    const cells: CellChange[] = [];
    fields.forEach((field, i) => {
      if (!field || field === idField) return;
      const before = Object.hasOwn(entry, field) ? cellOf(exactValue(doc, [...entriesPath, index, field], entry[field])) : '';
      const after = row.cells[i];
      if (before !== after) cells.push({ field, column: header[i], before, after });
    });
    updates.push({ index, id: key as string, row: row.line, cells });
  }

  // The changed cells, each the table's minimal edit of the text the edit before it left.
  let current = corpusText;
  let model = new CorpusTableModel(doc);
  const changedIndices = new Map<number, number>();
  for (const update of updates) {
    const made: CellChange[] = [];
    for (const change of update.cells) {
      const result = model.editCell(update.index, change.field, change.after);
      if ('error' in result) {
        problems.push({
          severity: 'error',
          row: update.row,
          column: change.column,
          message: text(locale, 'badCell', { column: change.column, field: change.field }),
        });
        continue;
      }
      // The same value written another way (`1.0` for `1`): nothing changes.
      if (result.edits.length === 0) continue;
      current = applyTextEdits(current, result.edits);
      model = model.edited(result.edits) ?? new CorpusTableModel(new JsonDocument(current));
      made.push(change);
    }
    if (made.length > 0) {
      plan.changed.push({ id: update.id, row: update.row, cells: made });
      changedIndices.set(update.index, update.row);
    } else plan.untouched.push(update.id);
  }

  // Entries the sheet leaves out: listed, and removed when asked.
  const missing: number[] = [];
  sheet.entries.forEach((entry, k) => {
    const index = sheet.indices[k];
    const id = Object.hasOwn(entry, idField) ? keyOf(exactValue(doc, [...entriesPath, index, idField], entry[idField])) : '';
    if (!seen.has(id) || byId.get(id) !== index) {
      missing.push(index);
      plan.missing.push(id);
    }
  });
  const edits: TextEdit[] = [];
  let pruned = 0;
  if (options.prune && missing.length > 0) {
    appendAll(edits, removeArrayItems(model.doc, entriesPath, missing));
    pruned = missing.length;
  }

  // New rows: ids in the file's pattern for those without, then appended as one edit.
  const given = additions.map((a) => a.entry[idField]).filter((id) => id !== undefined);
  const without = additions.filter((a) => a.entry[idField] === undefined);
  const fresh = nextIds([...existingIds, ...given], without.length);
  for (const addition of additions) {
    if (addition.entry[idField] === undefined) {
      const withId = Object.create(null) as JsonObject;
      withId[idField] = fresh[without.indexOf(addition)];
      addition.entry = Object.assign(withId, addition.entry);
    }
    plan.added.push({ id: keyOf(addition.entry[idField]), row: addition.row, entry: addition.entry });
  }
  if (additions.length > 0) {
    const append = appendToArray(
      model.doc,
      entriesPath,
      additions.map((a) => a.entry),
    );
    if (append) edits.push(append);
  }
  const count = isObject(doc.value) && entriesPath.length === 1 ? doc.value.entry_count : undefined;
  const now = sheet.count - pruned + additions.length;
  if (typeof count === 'number' && (pruned > 0 || additions.length > 0)) {
    if (count !== sheet.count) problems.push({ severity: 'warning', message: text(locale, 'entryCount', { was: count, held: sheet.count, now }) });
    const edit = replaceValue(model.doc, ['entry_count'], now);
    if (edit) edits.push(edit);
  }
  edits.sort((a, b) => a.start - b.start);
  current = applyTextEdits(current, edits);

  // The validator's findings in the changed and added entries, each on its row.
  const after = new JsonDocument(current);
  const array = after.childrenAt(entriesPath);
  const spans = array && array.kind === 'array' ? array.items : [];
  const rowOf = new Map<number, number>();
  // How many removed entries come before an index (`missing` is in index order): a binary search.
  const shift = (index: number) => {
    if (!options.prune) return 0;
    let lo = 0;
    let hi = missing.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (missing[mid] < index) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const [index, row] of changedIndices) rowOf.set(index - shift(index), row);
  additions.forEach((a, k) => rowOf.set(sheet.count - pruned + k, a.row));
  for (const finding of validateDocument(after, { locale }).findings) {
    const row = rowOf.get(entryIndexOf(finding, entriesPath, spans));
    if (row === undefined) continue;
    problems.push({ severity: finding.severity ?? defaultSeverity(finding.code), row, message: finding.message, code: finding.code });
  }
  if (problems.some((p) => p.severity === 'error')) return sortProblems(plan);
  return sortProblems({ ...plan, newText: current });
}

function sortProblems(plan: UpdatePlan): UpdatePlan {
  plan.problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return plan;
}

/**
 * The one edit that turns `before` into `after`: the text between their common start and common end, so an
 * editor applies an update as a single change (one undo) that leaves every other byte as it is.
 */
export function spanEdit(before: string, after: string): TextEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Never between the halves of a surrogate pair.
  if (start > 0 && /[\uD800-\uDBFF]/.test(before[start - 1])) start--;
  let end = 0;
  while (end < max - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  if (end > 0 && /[\uDC00-\uDFFF]/.test(before[before.length - end])) end--;
  return { start, end: before.length - end, text: after.slice(start, after.length - end) };
}
