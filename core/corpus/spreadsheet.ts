import Papa from 'papaparse';
import { JsonDocument, type JsonPath } from '../document/jsonDocument';
import type { Span } from '../text/lineIndex';
import { pick, type Bilingual, type Locale, type Params } from '../i18n/locale';
import { isObject, type JsonObject } from '../json';
import { defaultSeverity, type Severity } from '../rules/codes';
import type { Finding } from '../rules/finding';
import { validateDocument } from '../validate';
import { AppendedEntries, findingPhase } from '../entryValidation';
import { entriesOf } from '../document/classify';
import { freshIds, nextIds } from './idPattern';
import { appendToArray, applyTextEdits, arrayAppend, replaceValue, type TextEdit } from '../document/jsonEdits';
import { cellOf, cellValue, corpusSheet, fieldKind, schemaFields, SpreadsheetError, type CorpusSheet, type FieldKind } from './cells';
import { exactValue, floatIsExact } from '../document/numberText';
import type { SheetEncodingProblem } from '../document/encoding';
import { appendAll } from '../arrays';

/**
 * A corpus's entries as a spreadsheet and back. Export writes one row per entry and one column per field the
 * entries use; import reads CSV or TSV (papaparse, which also runs in a browser), maps columns to fields, gives
 * new entries ids in the file's own pattern and appends them as one edit. The result is checked by the same
 * validator as the editor's: an error in any imported row imports nothing, and every problem names its line.
 *
 * The rules a sheet is read by:
 * - Rows end at CRLF, LF or CR outside quotes, in any mix (a quoted cell keeps its line breaks as they are).
 * - Every row has as many cells as the header; a row of empty cells is a blank line and is skipped.
 * - A cell that a spreadsheet would run as a formula (first character `=`, `+`, `-`, `@`, tab or CR, after
 *   any number of `'`) is written with one more `'` in front, and one leading `'` is taken off such a cell on
 *   import: export then import gives every string back exactly, `'=x` included (written `''=x`).
 * - Numbers a float would change (`9007199254740993`, `-0`) are written and read as their digits.
 */

export type Delimiter = ',' | '\t';

/** `.tsv` and `.tab` files are tab-separated; everything else is CSV. */
export function delimiterFor(fileName: string): Delimiter {
  return /\.(tsv|tab)$/i.test(fileName) ? '\t' : ',';
}

const text = (locale: Locale, id: keyof typeof TEXT, params?: Params) => pick(TEXT[id], locale, params);

const TEXT: Record<string, Bilingual> = {
  notValidJson: { en: 'the corpus is not valid JSON: fix it before importing', fr: 'le corpus n’est pas du JSON valide\u00a0: corrigez-le avant d’importer' },
  empty: { en: 'the sheet has no header row', fr: 'la feuille n’a pas de ligne d’en-tête' },
  noRows: { en: 'the sheet has a header but no rows', fr: 'la feuille a un en-tête mais aucune ligne' },
  parse: { en: '{detail}', fr: '{detail}' },
  unmapped: {
    en: 'column "{column}" is not imported: name a field with --map "{column}=FIELD"',
    fr: 'la colonne « {column} » n’est pas importée\u00a0: indiquez un champ avec --map "{column}=CHAMP"',
  },
  unmappedWords: {
    en: 'column "{column}" is not imported: choose its field in the list of columns',
    fr: 'la colonne « {column} » n’est pas importée\u00a0: choisissez son champ dans la liste des colonnes',
  },
  sameSource: {
    en: 'this row has the same source as entry {id}: it is added as a new entry (to change entries from a sheet, keep its id column and update)',
    fr: 'cette ligne a la même source que l’entrée {id}\u00a0: elle est ajoutée comme nouvelle entrée (pour modifier des entrées depuis une feuille, gardez sa colonne d’identifiants et mettez à jour)',
  },
  unknownColumn: { en: '--map names column "{column}", which the sheet does not have', fr: '--map nomme la colonne « {column} », absente de la feuille' },
  twice: {
    en: 'field "{field}" is mapped from two columns ("{first}" and "{second}")',
    fr: 'le champ « {field} » provient de deux colonnes (« {first} » et « {second} »)',
  },
  badJson: {
    en: 'column "{column}": field "{field}" holds JSON in this corpus, and this cell is not JSON',
    fr: 'colonne « {column} »\u00a0: le champ « {field} » contient du JSON dans ce corpus, et cette cellule n’en est pas',
  },
  noSource: { en: 'no column is mapped to the source text field "{field}"', fr: 'aucune colonne ne correspond au champ du texte source « {field} »' },
  cellCount: {
    en: 'this row has {count} {count|cell|cells} and the header {header}: a cell holding the separator or a line break must be in double quotes',
    fr: 'cette ligne a {count} {count|cellule|cellules} et l’en-tête {header}\u00a0: une cellule qui contient le séparateur ou un saut de ligne doit être entre guillemets',
  },
  quotes: {
    en: 'a quoted cell is not closed: every " that opens a cell needs its closing "',
    fr: 'une cellule entre guillemets n’est pas fermée\u00a0: chaque " qui ouvre une cellule demande son " fermant',
  },
  utf16NoBom: {
    en: 'the sheet looks like UTF-16 without a byte order mark: save it as UTF-8 (CSV UTF-8 in a spreadsheet)',
    fr: 'la feuille semble être en UTF-16 sans indicateur d’ordre des octets\u00a0: enregistrez-la en UTF-8 (CSV UTF-8 dans un tableur)',
  },
  invalidUtf16: {
    en: 'the sheet starts with a UTF-16 byte order mark but is not valid UTF-16: save it as UTF-8 (CSV UTF-8 in a spreadsheet)',
    fr: 'la feuille commence par un indicateur UTF-16 mais n’est pas de l’UTF-16 valide\u00a0: enregistrez-la en UTF-8 (CSV UTF-8 dans un tableur)',
  },
  notUtf8: {
    en: 'the sheet is not UTF-8 (byte {offset}); it is probably {likely}: save it as UTF-8 (CSV UTF-8 in a spreadsheet), nothing was imported',
    fr: 'la feuille n’est pas en UTF-8 (octet {offset})\u202f; elle est sans doute en {likely}\u00a0: enregistrez-la en UTF-8 (CSV UTF-8 dans un tableur), rien n’a été importé',
  },
  loneSurrogate: {
    en: 'entry {entry}, field "{field}": holds half of a surrogate pair, which UTF-8 cannot write; the file will show U+FFFD (�) there',
    fr: 'entrée {entry}, champ « {field} »\u00a0: contient une moitié de paire de substitution, que l’UTF-8 ne peut pas écrire\u202f; le fichier montrera U+FFFD (�) à sa place',
  },
  changed: {
    en: 'the sheet changed while it was being imported: nothing was imported, try again',
    fr: 'la feuille a changé pendant l’import : rien n’a été importé, réessayez',
  },
  entryCount: {
    en: 'entry_count was {was} while the corpus held {held} {held|entry|entries}; it is set to {now}',
    fr: 'entry_count valait {was} alors que le corpus avait {held} {held|entrée|entrées}\u202f; il passe à {now}',
  },
};

/** What a sheet's bytes are refused for, as a message (the CLI and the editor read the bytes; core says why). */
export function describeSheetEncoding(problem: SheetEncodingProblem, locale: Locale = 'en'): string {
  if (problem.kind === 'utf-16-no-bom') return text(locale, 'utf16NoBom');
  if (problem.kind === 'invalid-utf-16') return text(locale, 'invalidUtf16');
  const likely = problem.likely === 'windows-1252' ? 'Windows-1252 (a spreadsheet’s plain "CSV" on Windows)' : 'Latin-1 (ISO-8859-1) or Windows-1252';
  return text(locale, 'notUtf8', { offset: problem.byteOffset, likely });
}

export interface ExportOptions {
  delimiter: Delimiter;
  /** Indices into the corpus's entries (a filtered view); all entries when absent. */
  rows?: readonly number[];
  /** A UTF-8 byte order mark first, so spreadsheet programs read Ewe letters right (CSV only by default). */
  bom?: boolean;
  locale?: Locale;
}

export interface ExportResult {
  text: string;
  /** How many entries the sheet holds (its rows, whatever line breaks their cells hold). */
  entries: number;
  /** What the written file will not keep as it is (a lone surrogate), by entry and field. */
  warnings: string[];
}

/** A cell a spreadsheet would run as a formula, after any `'` marks: it gets one more `'` on export. */
const FORMULA = /^'*[=+\-@\t\r]/;
/** A cell marked on export: one `'` comes off on import. */
const MARKED = /^'+[=+\-@\t\r]/;

/** A cell's text as imported: the export's formula mark taken off (`'=x` → `=x`, `''=x` → `'=x`), anything else as it is. */
export function unmarkFormula(cell: string): string {
  return MARKED.test(cell) ? cell.slice(1) : cell;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The entries as CSV or TSV text: a header of field names, then a row per entry. Strings are written as they
 * are (a formula-like one marked with `'`), numbers as the corpus writes them (digits kept past 2^53), booleans
 * as JSON writes them, objects and arrays as JSON text, absent and null as empty. Rows end in CRLF.
 */
export function exportSheet(corpusText: string, options: ExportOptions): ExportResult {
  const locale = options.locale ?? 'en';
  const doc = new JsonDocument(corpusText);
  if (!doc.isValidJson) throw new SpreadsheetError(text(locale, 'notValidJson'));
  const sheet = corpusSheet(doc.value, locale);
  const picked = options.rows ? options.rows.filter((i) => sheet.entries[i] !== undefined) : sheet.entries.map((_, i) => i);
  const warnings: string[] = [];
  const data = picked.map((k) => {
    const entry = sheet.entries[k];
    return sheet.columns.map((c) => {
      const value = entry[c];
      if (typeof value === 'number') {
        // JSON.parse may have rounded it: the corpus's own digits go out.
        return floatIsExact(value) ? value : cellOf(exactValue(doc, [...sheet.entriesPath, sheet.indices[k], c], value));
      }
      const cell = cellOf(value);
      if (LONE_SURROGATE.test(cell)) warnings.push(text(locale, 'loneSurrogate', { entry: sheet.indices[k] + 1, field: c }));
      return cell;
    });
  });
  const body = Papa.unparse({ fields: sheet.columns, data }, { delimiter: options.delimiter, newline: '\r\n', quotes: false, escapeFormulae: FORMULA });
  return { text: ((options.bom ?? options.delimiter === ',') ? '\uFEFF' : '') + body + '\r\n', entries: data.length, warnings };
}

export interface RowProblem {
  /** 1-based line of the sheet file the row starts on (blank lines and line breaks in cells counted); absent for the sheet as a whole. */
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
  map?: ReadonlyMap<string, string>;
  locale?: Locale;
  /** How a hint names what to do: the CLI's flags (the default), or in words for the editor's dialogs. */
  hints?: 'flags' | 'words';
}

export interface ImportPlan {
  /** Column → field it fills (null: not imported). */
  columns: { column: string; field: string | null }[];
  /** The new entries, in sheet order, as they will be written (objects without a prototype). */
  entries: JsonObject[];
  problems: RowProblem[];
  /** The edits that append the entries (and set `entry_count`), in text order; absent when any problem is an error (nothing is imported). */
  edits?: TextEdit[];
  newText?: string;
}

/** Column names people use for the spec's fields, beside the field names themselves. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['target', 'reference'],
  ['translation', 'reference'],
  ['text', 'source'],
  ['source_text', 'source'],
  ['target_expected', 'reference'],
]);

/** What a sheet may call a language's column, by ISO 639 code: its English and French names and its own. */
const LANGUAGE_NAMES: ReadonlyMap<string, readonly string[]> = new Map([
  ['eng', ['english', 'anglais']],
  ['en', ['english', 'anglais']],
  ['ewe', ['ewe', 'éwé', 'eʋegbe', 'evegbe']],
  ['ee', ['ewe', 'éwé', 'eʋegbe', 'evegbe']],
  ['fra', ['french', 'français', 'francais']],
  ['fr', ['french', 'français', 'francais']],
]);

/** Column names (lower case, NFC) that stand for the source and reference fields: the envelope's languages by name. */
function languageColumns(value: unknown, sheet: CorpusSheet): Map<string, string> {
  const out = new Map<string, string>();
  if (!isObject(value)) return out;
  const envelope = isObject(value.dataset) ? value.dataset : value;
  const referenceField =
    sheet.shape === 'legacy' ? 'target_expected' : sheet.columns.includes('target') && !sheet.columns.includes('reference') ? 'target' : 'reference';
  const pairs: [unknown, string][] = [
    [envelope.target_language, referenceField],
    [envelope.source_language, sheet.sourceField],
  ];
  for (const [code, field] of pairs) {
    if (typeof code !== 'string') continue;
    for (const name of LANGUAGE_NAMES.get(code.toLowerCase()) ?? []) out.set(name, field);
  }
  return out;
}

/** A sheet's record: its cells, and the line of the file it starts on. */
export interface SheetRow {
  cells: string[];
  line: number;
}

/** One record's text → its row (parsed by papaparse alone), or nothing for a blank line or a row of empty cells. */
function recordRow(record: string, startLine: number, delimiter: Delimiter, locale: Locale, problems: RowProblem[]): SheetRow | undefined {
  if (record === '' || /^ +$/.test(record)) return undefined;
  const parsed = Papa.parse<string[]>(record, { delimiter, newline: '\n', quoteChar: '"' });
  const cells = parsed.data[0] ?? [];
  if (parsed.errors.length > 0 || parsed.data.length !== 1) {
    problems.push({ severity: 'error', row: startLine, message: text(locale, 'quotes') });
    return undefined;
  }
  // A row of empty cells (`,,,` from a spreadsheet) is a blank line.
  if (cells.every((c) => c === '')) return undefined;
  return { cells: cells.map(unmarkFormula), line: startLine };
}

/**
 * Splits a sheet into records: a row ends at CRLF, LF or CR outside double quotes, in any mix; a quote opens
 * a quoted cell only at a cell's start (as papaparse reads it). Each record is then parsed by papaparse alone,
 * so a line ending papaparse did not guess can never merge rows. Lines are counted as an editor counts them
 * (CRLF, LF and CR each end one, inside quotes too). One pass, `i` growing each step. The plain twin of
 * `SheetRecordReader`, which reads the same records from the text given in pieces.
 */
function sheetRows(sheetText: string, delimiter: Delimiter, locale: Locale, problems: RowProblem[]): SheetRow[] {
  const rows: SheetRow[] = [];
  const n = sheetText.length;
  let line = 1;
  let start = 0;
  let startLine = 1;
  let inQuotes = false;
  let cellStart = true;
  const finish = (end: number) => {
    const row = recordRow(sheetText.slice(start, end), startLine, delimiter, locale, problems);
    if (row) rows.push(row);
  };
  for (let i = 0; i < n;) {
    const c = sheetText[i];
    if (inQuotes) {
      if (c === '"') {
        if (sheetText[i + 1] === '"') i += 2;
        else {
          inQuotes = false;
          i++;
        }
        continue;
      }
      if (c === '\n' || c === '\r') {
        line++;
        if (c === '\r' && sheetText[i + 1] === '\n') i++;
      }
      i++;
      continue;
    }
    if (c === '"' && cellStart) {
      inQuotes = true;
      cellStart = false;
      i++;
      continue;
    }
    if (c === delimiter) {
      cellStart = true;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      finish(i);
      i += c === '\r' && sheetText[i + 1] === '\n' ? 2 : 1;
      line++;
      start = i;
      startLine = line;
      cellStart = true;
      continue;
    }
    cellStart = false;
    i++;
  }
  if (inQuotes) problems.push({ severity: 'error', row: startLine, message: text(locale, 'quotes') });
  else finish(n);
  return rows;
}

/**
 * A copy of a cell that holds nothing else alive: a cell cut from a record is, in V8, a view of the whole chunk
 * it was read from, and a million kept cells would keep every chunk of the sheet. Concatenating one character
 * and cutting it off again flattens the pair into a string of its own.
 */
const ownCopy = (cell: string): string => (cell.length < 13 ? cell : (cell + ' ').slice(0, -1));

/**
 * The records of a sheet whose text arrives in pieces (the CLI reads a large sheet a chunk at a time, so the whole
 * text is never held): the same rows, lines and problems as `sheetRows` over the pieces joined, a leading byte
 * order mark removed. It keeps only the record being read; a piece may end anywhere (inside a quoted cell, between
 * CR and LF). Each piece is scanned once: a character whose meaning hangs on the next one (`"` in a quoted cell,
 * CR) waits for the next piece.
 */
export class SheetRecordReader {
  readonly rows: SheetRow[] = [];
  private text = '';
  private i = 0;
  private start = 0;
  private line = 1;
  private startLine = 1;
  private inQuotes = false;
  private cellStart = true;
  private started = false;

  /** `onRow`: each row as it is read, instead of keeping it in `rows` (an import of a million rows keeps none). */
  constructor(
    private readonly delimiter: Delimiter,
    private readonly locale: Locale,
    private readonly problems: RowProblem[],
    private readonly onRow?: (row: SheetRow) => void,
  ) {}

  push(piece: string): void {
    if (!this.started) {
      if (piece === '') return;
      this.started = true;
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    }
    // What is left of the text is the record being read: the records before it are rows already.
    this.text = this.text.slice(this.start) + piece;
    this.i -= this.start;
    this.start = 0;
    this.scan(false);
  }

  /** The rows, once the last piece is in. */
  end(): SheetRow[] {
    this.scan(true);
    if (this.inQuotes) this.problems.push({ severity: 'error', row: this.startLine, message: text(this.locale, 'quotes') });
    else this.finish(this.text.length);
    this.text = '';
    return this.rows;
  }

  private finish(end: number): void {
    const row = recordRow(this.text.slice(this.start, end), this.startLine, this.delimiter, this.locale, this.problems);
    if (!row) return;
    if (this.onRow) this.onRow(row);
    else this.rows.push({ cells: row.cells.map(ownCopy), line: row.line });
  }

  /** Scans from `i` to the end of the text, or to a character whose meaning waits on the next piece. */
  private scan(last: boolean): void {
    const t = this.text;
    const n = t.length;
    let i = this.i;
    while (i < n) {
      const c = t[i];
      // `"` in quotes and CR both look at the next character: without it, wait for the next piece.
      if (!last && i + 1 === n && (c === '\r' || (c === '"' && this.inQuotes))) break;
      if (this.inQuotes) {
        if (c === '"') {
          if (t[i + 1] === '"') i += 2;
          else {
            this.inQuotes = false;
            i++;
          }
          continue;
        }
        if (c === '\n' || c === '\r') {
          this.line++;
          if (c === '\r' && t[i + 1] === '\n') i++;
        }
        i++;
        continue;
      }
      if (c === '"' && this.cellStart) {
        this.inQuotes = true;
        this.cellStart = false;
        i++;
        continue;
      }
      if (c === this.delimiter) {
        this.cellStart = true;
        i++;
        continue;
      }
      if (c === '\r' || c === '\n') {
        this.finish(i);
        i += c === '\r' && t[i + 1] === '\n' ? 2 : 1;
        this.line++;
        this.start = i;
        this.startLine = this.line;
        this.cellStart = true;
        continue;
      }
      this.cellStart = false;
      i++;
    }
    this.i = i;
  }
}

function mapColumns(
  header: readonly string[],
  sheet: CorpusSheet,
  languages: ReadonlyMap<string, string>,
  overrides: ReadonlyMap<string, string>,
  locale: Locale,
  problems: RowProblem[],
  hints: 'flags' | 'words' = 'flags',
): (string | null)[] {
  for (const column of overrides.keys())
    if (!header.includes(column)) problems.push({ severity: 'error', column, message: text(locale, 'unknownColumn', { column }) });
  // The fields the entries use, then the ones their schema knows (`notes` in a corpus that has none yet).
  const known = new Map<string, string>();
  for (const field of [...sheet.columns, ...schemaFields(sheet)]) if (!known.has(field.toLowerCase())) known.set(field.toLowerCase(), field);
  const fields = header.map((column): string | null => {
    const override = overrides.get(column);
    if (override !== undefined) return override || null;
    const name = column.trim().toLowerCase();
    const alias = ALIASES.get(name);
    const field =
      known.get(name) ??
      languages.get(name.normalize('NFC')) ??
      (alias === undefined ? undefined : (known.get(alias) ?? (sheet.columns.length === 0 ? alias : undefined)));
    if (field) return field;
    // A corpus with no entries yet has no columns to match: the spec's field names are taken as they are.
    if (sheet.entries.length === 0 && /^[a-z_][a-z0-9_]*$/.test(name)) return name;
    problems.push({ severity: 'warning', column, message: text(locale, hints === 'words' ? 'unmappedWords' : 'unmapped', { column }) });
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
export function entryIndexOf(finding: Finding, entriesPath: JsonPath, itemSpans: readonly Span[]): number {
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
 * A sheet's header mapped to the corpus's fields, and its rows made entries: the one home of both for the whole
 * read (`readSheetRows`) and the streamed import (`streamImport`). Problems are pushed as they are found.
 */
class RowEntries {
  readonly fields: (string | null)[];
  readonly columns: { column: string; field: string | null }[];
  private readonly kinds: FieldKind[];
  private readonly locale: Locale;

  constructor(
    private readonly header: readonly string[],
    doc: JsonDocument,
    sheet: CorpusSheet,
    options: ImportOptions,
    private readonly problems: RowProblem[],
  ) {
    const locale = (this.locale = options.locale ?? 'en');
    const fields = (this.fields = mapColumns(
      header,
      sheet,
      languageColumns(doc.value, sheet),
      options.map ?? new Map<string, string>(),
      locale,
      problems,
      options.hints,
    ));
    this.columns = header.map((column, i) => ({ column, field: fields[i] }));
    if (!fields.includes(sheet.sourceField)) problems.push({ severity: 'error', message: text(locale, 'noSource', { field: sheet.sourceField }) });
    this.kinds = fields.map((f) => (f ? fieldKind(f, sheet) : 'string'));
  }

  /** The row as an entry (empty cells left out), or undefined when it has not the header's width (a problem then). */
  entryOf({ cells, line }: SheetRow): JsonObject | undefined {
    const { header, locale, problems } = this;
    if (cells.length !== header.length) {
      problems.push({ severity: 'error', row: line, message: text(locale, 'cellCount', { count: cells.length, header: header.length }) });
      return undefined;
    }
    // Field names come from the sheet: no prototype, so `__proto__` or `constructor` is a field like any other.
    const entry = Object.create(null) as JsonObject;
    this.fields.forEach((field, i) => {
      const cell = cells[i];
      if (!field || cell === '') return;
      const parsed = cellValue(cell, this.kinds[i]);
      if (parsed) entry[field] = parsed.value;
      else problems.push({ severity: 'error', row: line, column: header[i], message: text(locale, 'badJson', { column: header[i], field }) });
    });
    return entry;
  }
}

/** A sheet read against a corpus: its columns mapped, each row of the header's width as an entry (empty cells left out). */
export interface SheetRows {
  locale: Locale;
  doc: JsonDocument;
  sheet: CorpusSheet;
  header: string[];
  fields: (string | null)[];
  columns: { column: string; field: string | null }[];
  problems: RowProblem[];
  rows: { entry: JsonObject; line: number; cells: string[] }[];
}

/**
 * A sheet's text: whole, or in pieces in order (a large file read a chunk at a time; each piece is let go once
 * read, and the rows are the same as from the pieces joined).
 */
export type SheetText = string | Iterable<string>;

function recordsOf(sheetText: SheetText, delimiter: Delimiter, locale: Locale, problems: RowProblem[]): SheetRow[] {
  if (typeof sheetText === 'string') return sheetRows(sheetText.replace(/^\uFEFF/, ''), delimiter, locale, problems);
  const reader = new SheetRecordReader(delimiter, locale, problems);
  for (const piece of sheetText) reader.push(piece);
  return reader.end();
}

/** Reads the sheet for an import or an update; `plan` when the sheet has no header (only its problems). */
export function readSheetRows(corpusText: string, sheetText: SheetText, options: ImportOptions): SheetRows | { plan: ImportPlan } {
  const locale = options.locale ?? 'en';
  const doc = new JsonDocument(corpusText);
  if (!doc.isValidJson) throw new SpreadsheetError(text(locale, 'notValidJson'));
  const sheet = corpusSheet(doc.value, locale);
  const problems: RowProblem[] = [];
  const records = recordsOf(sheetText, options.delimiter, locale, problems);
  const [first, ...rows] = records;
  if (!first) {
    if (problems.length > 0) return { plan: { columns: [], entries: [], problems } };
    throw new SpreadsheetError(text(locale, 'empty'), { about: 'sheet' });
  }
  const header = first.cells;
  if (rows.length === 0 && problems.length === 0) throw new SpreadsheetError(text(locale, 'noRows'), { about: 'sheet' });
  const mapped = new RowEntries(header, doc, sheet, options, problems);
  const { fields, columns } = mapped;
  const out: { entry: JsonObject; line: number; cells: string[] }[] = [];
  for (const row of rows) {
    const entry = mapped.entryOf(row);
    if (entry) out.push({ entry, line: row.line, cells: row.cells });
  }
  return { locale, doc, sheet, header, fields, columns, problems, rows: out };
}

/**
 * Plans the import of `sheetText` into the corpus `corpusText`: columns mapped, rows turned into entries with
 * ids, the edit that appends them, and every problem with its line. Warnings do not stop an import; errors do.
 * Throws `SpreadsheetError` (about the sheet or the corpus) when there is nothing to plan.
 */
export function planImport(corpusText: string, sheetText: SheetText, options: ImportOptions): ImportPlan {
  const read = readSheetRows(corpusText, sheetText, options);
  if ('plan' in read) return read.plan;
  const { locale, doc, sheet, columns, problems } = read;
  const entries = read.rows.map((r) => r.entry);
  const lines = read.rows.map((r) => r.line);
  // The rows' cells are not needed any more (an update compares them, an import does not): let them go.
  read.rows = [];
  const plan: ImportPlan = { columns, entries, problems };
  // A row that repeats an entry's source is most likely that entry again (its id column dropped): said, not refused.
  const sources = new Map<string, unknown>();
  for (const e of sheet.entries)
    if (typeof e[sheet.sourceField] === 'string' && !sources.has(e[sheet.sourceField] as string)) sources.set(e[sheet.sourceField] as string, e[sheet.idField]);
  entries.forEach((e, i) => {
    const source = e[sheet.sourceField];
    if (typeof source === 'string' && sources.has(source))
      problems.push({ severity: 'warning', row: lines[i], message: text(locale, 'sameSource', { id: cellOf(sources.get(source)) }) });
  });

  // New ids follow the file's pattern and avoid every id already there or given in the sheet, by their digits.
  const existing = sheet.entries.map((e, k) => exactValue(doc, [...sheet.entriesPath, sheet.indices[k], sheet.idField], e[sheet.idField]));
  const given = entries.map((e) => e[sheet.idField]).filter((id) => id !== undefined);
  const missing = entries.filter((e) => e[sheet.idField] === undefined);
  const fresh = nextIds([...existing, ...given], missing.length);
  // The entries without an id take the fresh ids in sheet order, in one pass (`missing` is in sheet order too).
  let next = 0;
  entries.forEach((entry, i) => {
    if (entry[sheet.idField] !== undefined) return;
    // The id goes first, where a person looks for it.
    const withId = Object.create(null) as JsonObject;
    withId[sheet.idField] = fresh[next++];
    entries[i] = Object.assign(withId, entry);
  });

  const edits: TextEdit[] = [];
  const append = appendToArray(doc, sheet.entriesPath, entries);
  if (!append) return sortedProblems(plan);
  edits.push(append);
  // A curated corpus says how many entries it holds: the count follows the import.
  const count = isObject(doc.value) && sheet.entriesPath.length === 1 ? doc.value.entry_count : undefined;
  if (typeof count === 'number') {
    const now = sheet.count + entries.length;
    if (count !== sheet.count) problems.push({ severity: 'warning', message: text(locale, 'entryCount', { was: count, held: sheet.count, now }) });
    const edit = replaceValue(doc, ['entry_count'], now);
    if (edit) edits.push(edit);
  }
  edits.sort((a, b) => a.start - b.start);
  const newText = applyTextEdits(corpusText, edits);
  // Each edit's text becomes a view of the new text: the appended entries' text (a million rows' worth) is held once.
  let shift = 0;
  for (const edit of edits) {
    const start = edit.start + shift;
    shift += edit.text.length - (edit.end - edit.start);
    edit.text = newText.slice(start, start + edit.text.length);
  }
  const after = new JsonDocument(newText);
  const itemSpans = after.childrenAt(sheet.entriesPath);
  const spans = itemSpans && itemSpans.kind === 'array' ? itemSpans.items : [];
  const firstNew = sheet.count;
  for (const finding of validateDocument(after, { locale }).findings) {
    const index = entryIndexOf(finding, sheet.entriesPath, spans);
    if (index < firstNew) continue;
    problems.push({ severity: finding.severity ?? defaultSeverity(finding.code), row: lines[index - firstNew], message: finding.message, code: finding.code });
  }
  if (problems.some((p) => p.severity === 'error')) return sortedProblems(plan);
  return sortedProblems({ ...plan, edits, newText });
}

/** Problems in the order of the sheet's lines, the sheet's own (no line) first. */
export function sortedProblems(plan: ImportPlan): ImportPlan {
  plan.problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return plan;
}

/** What `streamImport` did: an `ImportPlan` without the entries and the new text, which went to `write`. */
export interface StreamedImport {
  columns: { column: string; field: string | null }[];
  /** How many entries the sheet gave (the import appends them all, or none). */
  count: number;
  /** As `ImportPlan.problems`, in the same order. */
  problems: RowProblem[];
  /**
   * Whether the pieces given to `write`, joined, are the new corpus text (`ImportPlan.newText`). False when a
   * problem is an error or no row made an entry: what was given, if anything, is to be dropped.
   */
  written: boolean;
}

/**
 * `planImport` for a sheet too large to hold (a million rows): the same columns, problems and new text, byte for
 * byte, with the new text given to `write` a piece at a time (an entry's text each) and each entry validated as
 * it comes (`AppendedEntries`, the validator's rules entry by entry), so neither the entries nor the new text is
 * ever held whole. `sheet` gives the sheet's text in pieces each time it is called: it is read twice when the
 * sheet gives ids (the new ids must avoid every one of them) or when the corpus's `entry_count` stands before its
 * entries (written before them), and once otherwise; a sheet whose rows differ between the two reads is refused.
 * Undefined when only the whole document can tell the findings (`AppendedEntries.whole`): the caller drops what
 * `write` was given and runs `planImport`. Throws `SpreadsheetError` as `planImport` does.
 */
export function streamImport(
  corpusText: string,
  sheet: () => Iterable<string>,
  options: ImportOptions,
  write: (piece: string) => void,
): StreamedImport | undefined {
  const locale = options.locale ?? 'en';
  const doc = new JsonDocument(corpusText);
  if (!doc.isValidJson) throw new SpreadsheetError(text(locale, 'notValidJson'));
  const corpus = corpusSheet(doc.value, locale);
  const append = arrayAppend(doc, corpus.entriesPath);
  if (!append) return undefined;
  const items = entriesOf(doc.value, corpus.entriesPath) ?? [];
  const declared = isObject(doc.value) && corpus.entriesPath.length === 1 ? doc.value.entry_count : undefined;
  const countSpan = typeof declared === 'number' ? doc.locate(['entry_count']) : undefined;
  const countFirst = countSpan !== undefined && countSpan.start < append.start;
  const countText = (now: number) => replaceValue(doc, ['entry_count'], now)?.text ?? '';

  // First read, when needed: the ids the sheet gives and how many entries it makes.
  const survey = surveySheet(sheet(), doc, corpus, options, countFirst);
  const existingIds = corpus.entries.map((e, k) => exactValue(doc, [...corpus.entriesPath, corpus.indices[k], corpus.idField], e[corpus.idField]));
  const fresh = freshIds([...existingIds, ...survey.given]);
  const sources = new Map<string, unknown>();
  for (const e of corpus.entries)
    if (typeof e[corpus.sourceField] === 'string' && !sources.has(e[corpus.sourceField] as string))
      sources.set(e[corpus.sourceField] as string, e[corpus.idField]);

  const problems: RowProblem[] = [];
  const readProblems: RowProblem[] = [];
  const lines: number[] = [];
  const validator = new AppendedEntries(doc.value, doc, corpus.entriesPath, items, locale, (k, f) =>
    problems.push({ severity: f.severity ?? defaultSeverity(f.code), row: lines[k], message: f.message, code: f.code }),
  );
  let mapped: RowEntries | undefined;
  let records = 0;
  let count = 0;
  let givenAt = 0;
  // Once an error is found nothing more is written (the caller drops what was).
  let checked = 0;
  let failed = false;
  const emit = (piece: string) => {
    for (; checked < problems.length; checked++) if (problems[checked].severity === 'error') failed = true;
    if (!failed) write(piece);
  };
  const changed = () => new SpreadsheetError(text(locale, 'changed'), { about: 'sheet' });
  const reader = new SheetRecordReader(options.delimiter, locale, readProblems, (row) => {
    if (!mapped) {
      mapped = new RowEntries(row.cells, doc, corpus, options, problems);
      return;
    }
    records++;
    const entry = mapped.entryOf(row);
    if (!entry) return;
    const source = entry[corpus.sourceField];
    if (typeof source === 'string' && sources.has(source))
      problems.push({ severity: 'warning', row: row.line, message: text(locale, 'sameSource', { id: cellOf(sources.get(source)) }) });
    let value = entry;
    const id = entry[corpus.idField];
    if (id === undefined) {
      // The id goes first, where a person looks for it.
      const withId = Object.create(null) as JsonObject;
      withId[corpus.idField] = fresh.next().value;
      value = Object.assign(withId, entry);
    } else if (givenAt >= survey.given.length || cellOf(survey.given[givenAt++]) !== cellOf(id)) throw changed();
    if (count === 0) emit(corpusText.slice(0, countFirst ? countSpan.start : append.start));
    if (count === 0 && countFirst) emit(countText(corpus.count + survey.count) + corpusText.slice(countSpan.end, append.start));
    const itemText = append.text(value);
    emit(append.separator(count === 0) + itemText);
    lines.push(row.line);
    count++;
    // The entry as the new text holds it (a float where the value keeps digits), as a full validation reads it.
    validator.add(JSON.parse(itemText) as unknown, value);
  });
  for (const piece of sheet()) {
    reader.push(piece);
    if (validator.whole) return undefined;
  }
  reader.end();
  if (!mapped) {
    if (readProblems.length > 0) return { columns: [], count: 0, problems: readProblems, written: false };
    throw new SpreadsheetError(text(locale, 'empty'), { about: 'sheet' });
  }
  if (records === 0 && readProblems.length === 0) throw new SpreadsheetError(text(locale, 'noRows'), { about: 'sheet' });
  if ((countFirst && count !== survey.count) || givenAt !== survey.given.length) throw changed();
  appendAll(problems, readProblems);
  const result: StreamedImport = { columns: mapped.columns, count, problems, written: false };
  if (count === 0) return sortStreamed(result);
  validator.end();
  if (validator.whole) return undefined;
  if (typeof declared === 'number') {
    const now = corpus.count + count;
    if (declared !== corpus.count) problems.push({ severity: 'warning', message: text(locale, 'entryCount', { was: declared, held: corpus.count, now }) });
  }
  emit(append.close);
  if (countSpan && !countFirst) emit(corpusText.slice(append.end, countSpan.start) + countText(corpus.count + count) + corpusText.slice(countSpan.end));
  else emit(corpusText.slice(append.end));
  result.written = !problems.some((p) => p.severity === 'error');
  return sortStreamed(result);
}

/** Problems in the order `planImport` gives them: by line, and on one line the sheet's own, then the validator's in its order. */
function sortStreamed(result: StreamedImport): StreamedImport {
  const phase = (p: RowProblem) => (p.code === undefined ? -1 : findingPhase(p.code));
  result.problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || phase(a) - phase(b));
  return result;
}

/**
 * The first read of a streamed import: the ids the sheet's rows give, in order, and how many rows make entries.
 * It stops after the header when neither is needed (no column gives ids, and `count` is not asked for).
 */
function surveySheet(
  pieces: Iterable<string>,
  doc: JsonDocument,
  corpus: CorpusSheet,
  options: ImportOptions,
  count: boolean,
): { given: unknown[]; count: number } {
  const scratch: RowProblem[] = [];
  const given: unknown[] = [];
  let entries = 0;
  let mapped: RowEntries | undefined;
  let done = false;
  const reader = new SheetRecordReader(options.delimiter, options.locale ?? 'en', scratch, (row) => {
    if (!mapped) {
      mapped = new RowEntries(row.cells, doc, corpus, options, scratch);
      done = !count && !mapped.fields.includes(corpus.idField);
      return;
    }
    const entry = mapped.entryOf(row);
    scratch.length = 0;
    if (!entry) return;
    entries++;
    const id = entry[corpus.idField];
    if (id !== undefined) given.push(id);
  });
  for (const piece of pieces) {
    if (done) break;
    reader.push(piece);
  }
  if (!done) reader.end();
  return { given, count: entries };
}
