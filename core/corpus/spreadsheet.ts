import Papa from 'papaparse';
import { JsonDocument, type JsonPath } from '../document/jsonDocument';
import type { Span } from '../text/lineIndex';
import { pick, type Bilingual, type Locale, type Params } from '../i18n/locale';
import type { JsonObject } from '../json';
import { defaultSeverity, type Severity } from '../rules/codes';
import type { Finding } from '../rules/finding';
import { validateDocument } from '../validate';
import { nextIds } from './idPattern';
import { appendToArray, applyTextEdit, type TextEdit } from './jsonEdits';
import { cellOf, cellValue, corpusSheet, fieldKind, SpreadsheetError, type CorpusSheet } from './cells';

/**
 * A corpus's entries as a spreadsheet and back. Export writes one row per entry and one column per field the
 * entries use; import reads CSV or TSV (papaparse, which also runs in a browser), maps columns to fields, gives
 * new entries ids in the file's own pattern and appends them as one edit. The result is checked by the same
 * validator as the editor's: an error in any imported row imports nothing, and every problem names its row.
 */

export type Delimiter = ',' | '\t';

/** `.tsv` and `.tab` files are tab-separated; everything else is CSV. */
export function delimiterFor(fileName: string): Delimiter {
  return /\.(tsv|tab)$/i.test(fileName) ? '\t' : ',';
}

const TEXT: Record<string, Bilingual> = {
  notValidJson: { en: 'the corpus is not valid JSON: fix it before importing', fr: 'le corpus n’est pas du JSON valide : corrigez-le avant d’importer' },
  empty: { en: 'the sheet has no header row', fr: 'la feuille n’a pas de ligne d’en-tête' },
  noRows: { en: 'the sheet has a header but no rows', fr: 'la feuille a un en-tête mais aucune ligne' },
  parse: { en: '{detail}', fr: '{detail}' },
  unmapped: {
    en: 'column "{column}" is not imported: name a field with --map "{column}=FIELD"',
    fr: 'la colonne « {column} » n’est pas importée : indiquez un champ avec --map "{column}=CHAMP"',
  },
  unknownColumn: { en: '--map names column "{column}", which the sheet does not have', fr: '--map nomme la colonne « {column} », absente de la feuille' },
  twice: {
    en: 'field "{field}" is mapped from two columns ("{first}" and "{second}")',
    fr: 'le champ « {field} » provient de deux colonnes (« {first} » et « {second} »)',
  },
  badJson: {
    en: 'column "{column}": field "{field}" holds JSON in this corpus, and this cell is not JSON',
    fr: 'colonne « {column} » : le champ « {field} » contient du JSON dans ce corpus, et cette cellule n’en est pas',
  },
  noSource: { en: 'no column is mapped to the source text field "{field}"', fr: 'aucune colonne ne correspond au champ du texte source « {field} »' },
};

const text = (locale: Locale, id: keyof typeof TEXT, params?: Params) => pick(TEXT[id], locale, params);

export interface ExportOptions {
  delimiter: Delimiter;
  /** Indices into the corpus's entries (a filtered view); all entries when absent. */
  rows?: readonly number[];
  /** A UTF-8 byte order mark first, so spreadsheet programs read Ewe letters right (CSV only by default). */
  bom?: boolean;
}

/**
 * The entries as CSV or TSV text: a header of field names, then a row per entry. Strings are written as they
 * are, numbers and booleans as JSON writes them, objects and arrays as JSON text, absent and null as empty.
 */
export function exportSheet(value: unknown, options: ExportOptions): string {
  const sheet = corpusSheet(value);
  const entries = options.rows ? options.rows.map((i) => sheet.entries[i]).filter((e): e is JsonObject => e !== undefined) : sheet.entries;
  const data = entries.map((entry) => sheet.columns.map((c) => cellOf(entry[c])));
  const body = Papa.unparse({ fields: sheet.columns, data }, { delimiter: options.delimiter, newline: '\r\n', quotes: false });
  return ((options.bom ?? options.delimiter === ',') ? '\uFEFF' : '') + body + '\r\n';
}

export interface RowProblem {
  /** 1-based record number in the sheet, the header being row 1; absent for the sheet as a whole. */
  row?: number;
  column?: string;
  severity: Severity;
  message: string;
  /** The validator's code when the problem is one of its findings. */
  code?: string;
}

export interface ImportOptions {
  delimiter: Delimiter;
  /** Column → field (`--map column=field`); an empty field skips the column. */
  map?: Readonly<Record<string, string>>;
  locale?: Locale;
}

export interface ImportPlan {
  /** Column → field it fills (null: not imported). */
  columns: { column: string; field: string | null }[];
  /** The new entries, in sheet order, as they will be written. */
  entries: JsonObject[];
  problems: RowProblem[];
  /** The one edit that appends the entries; absent when any problem is an error (nothing is imported). */
  edit?: TextEdit;
  newText?: string;
}

/** Column names people use for the spec's fields, beside the field names themselves. */
const ALIASES: Readonly<Record<string, string>> = {
  target: 'reference',
  translation: 'reference',
  text: 'source',
  source_text: 'source',
  target_expected: 'reference',
};

function mapColumns(
  header: readonly string[],
  sheet: CorpusSheet,
  overrides: Readonly<Record<string, string>>,
  locale: Locale,
  problems: RowProblem[],
): (string | null)[] {
  for (const column of Object.keys(overrides))
    if (!header.includes(column)) problems.push({ severity: 'error', column, message: text(locale, 'unknownColumn', { column }) });
  const known = new Map(sheet.columns.map((c) => [c.toLowerCase(), c]));
  const fields = header.map((column): string | null => {
    if (column in overrides) return overrides[column] || null;
    const name = column.trim().toLowerCase();
    const field = known.get(name) ?? known.get(ALIASES[name] ?? '') ?? (ALIASES[name] && sheet.columns.length === 0 ? ALIASES[name] : undefined);
    if (field) return field;
    // A corpus with no entries yet has no columns to match: the spec's field names are taken as they are.
    if (sheet.entries.length === 0 && /^[a-z_][a-z0-9_]*$/.test(name)) return name;
    problems.push({ severity: 'warning', column, message: text(locale, 'unmapped', { column }) });
    return null;
  });
  const from = new Map<string, string>();
  fields.forEach((field, i) => {
    if (!field) return;
    const first = from.get(field);
    if (first !== undefined) problems.push({ severity: 'error', column: header[i], message: text(locale, 'twice', { field, first, second: header[i] }) });
    else from.set(field, header[i]);
  });
  return fields;
}

/** Where an anchor lands among the entries: the index of the entry that holds it, or -1. */
function entryIndexOf(finding: Finding, entriesPath: JsonPath, itemSpans: readonly Span[]): number {
  const at = finding.at;
  if ('path' in at) {
    if (at.path.length <= entriesPath.length || entriesPath.some((p, i) => at.path[i] !== p)) return -1;
    const index = at.path[entriesPath.length];
    return typeof index === 'number' ? index : -1;
  }
  let lo = 0;
  let hi = itemSpans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = itemSpans[mid];
    if (at.span.start < span.start) hi = mid - 1;
    else if (at.span.start >= span.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * Plans the import of `sheetText` into the corpus `corpusText`: columns mapped, rows turned into entries with
 * ids, the edit that appends them, and every problem with its row. Warnings do not stop an import; errors do.
 */
export function planImport(corpusText: string, sheetText: string, options: ImportOptions): ImportPlan {
  const locale = options.locale ?? 'en';
  const doc = new JsonDocument(corpusText);
  if (!doc.isValidJson) throw new SpreadsheetError(text(locale, 'notValidJson'));
  const sheet = corpusSheet(doc.value, locale);
  const problems: RowProblem[] = [];
  const parsed = Papa.parse<string[]>(sheetText.replace(/^\uFEFF/, ''), { delimiter: options.delimiter, skipEmptyLines: 'greedy' });
  for (const e of parsed.errors)
    problems.push({ severity: 'error', ...(e.row === undefined ? {} : { row: e.row + 1 }), message: text(locale, 'parse', { detail: e.message }) });
  const [header, ...rows] = parsed.data;
  if (!header) throw new SpreadsheetError(text(locale, 'empty'));
  if (rows.length === 0) throw new SpreadsheetError(text(locale, 'noRows'));
  const fields = mapColumns(header, sheet, options.map ?? {}, locale, problems);
  const columns = header.map((column, i) => ({ column, field: fields[i] }));
  if (!fields.includes(sheet.sourceField)) problems.push({ severity: 'error', message: text(locale, 'noSource', { field: sheet.sourceField }) });
  const kinds = fields.map((f) => (f ? fieldKind(f, sheet) : 'string'));

  const entries: JsonObject[] = rows.map((cells, r) => {
    const entry: JsonObject = {};
    fields.forEach((field, i) => {
      const cell = cells[i];
      if (!field || cell === undefined || cell === '') return;
      const parsed = cellValue(cell, kinds[i]);
      if (parsed) entry[field] = parsed.value;
      else problems.push({ severity: 'error', row: r + 2, column: header[i], message: text(locale, 'badJson', { column: header[i], field }) });
    });
    return entry;
  });

  // New ids follow the file's pattern and avoid every id already there or given in the sheet.
  const given = entries.map((e) => e[sheet.idField]).filter((id) => id !== undefined);
  const missing = entries.filter((e) => e[sheet.idField] === undefined);
  const fresh = nextIds([...sheet.entries.map((e) => e[sheet.idField]), ...given], missing.length);
  missing.forEach((entry, i) => {
    // The id goes first, where a person looks for it.
    const withId: JsonObject = { [sheet.idField]: fresh[i], ...entry };
    for (const key of Object.keys(entry)) delete entry[key];
    Object.assign(entry, withId);
  });

  const edit = appendToArray(doc, sheet.entriesPath, entries);
  const plan: ImportPlan = { columns, entries, problems };
  if (!edit) return plan;
  const newText = applyTextEdit(corpusText, edit);
  const after = new JsonDocument(newText);
  const itemSpans = after.childrenAt(sheet.entriesPath);
  const spans = itemSpans && itemSpans.kind === 'array' ? itemSpans.items : [];
  const first = sheet.count;
  for (const finding of validateDocument(after, { locale }).findings) {
    const index = entryIndexOf(finding, sheet.entriesPath, spans);
    if (index < first) continue;
    problems.push({ severity: finding.severity ?? defaultSeverity(finding.code), row: index - first + 2, message: finding.message, code: finding.code });
  }
  problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  if (problems.some((p) => p.severity === 'error')) return plan;
  return { ...plan, edit, newText };
}
