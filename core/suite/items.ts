import { JsonDocument } from '../document/jsonDocument';
import type { Span } from '../text/lineIndex';
import type { Locale } from '../i18n/locale';
import { isObject } from '../json';
import type { DiagnosticCode, Severity } from '../rules/codes';
import { cellTextOffset, readDelimited, type Cell } from './delimited';
import { suiteMsg } from './messages';
import { parsePyList } from './pyList';
import type { SuiteTask } from './tasks';
import { appendAll } from '../arrays';

/**
 * Suite items from the files people already have: TSV, CSV and JSONL in the public shapes (AfriMMLU's
 * multiple choice, AfriMGSM's math, AfriXNLI's NLI, topic classification, two-column translation), and
 * FLORES-style aligned line files for translation. Columns are found by name (and the names people use for
 * them), or mapped as `corpus import --map` maps them. Every problem is a finding with the exact span of the
 * cell, key or line in the item file, so the editor and `validate` point at it. Pure: the caller reads files.
 */

export type ItemFormat = 'csv' | 'tsv' | 'jsonl' | 'lines';

export { SUITE_TASKS, type SuiteTask } from './tasks';

/** `.tsv`/`.tab` TSV, `.csv` CSV, `.jsonl`/`.ndjson` JSON lines; anything else one text per line (FLORES's files). */
export function itemFormatFor(fileName: string): ItemFormat {
  if (/\.(tsv|tab)$/i.test(fileName)) return 'tsv';
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.(jsonl|ndjson)$/i.test(fileName)) return 'jsonl';
  return 'lines';
}

export interface ItemFinding {
  code: DiagnosticCode;
  severity?: Severity;
  message: string;
  /** Offsets in the item file's text. */
  span: Span;
  related?: { span: Span; message: string }[];
}

interface ItemBase {
  /** The `id` column when there is one, else the item's number in the file (1-based). */
  id: string;
  /** The item's number in its file, 1-based (rows after the header, non-blank lines). */
  ordinal: number;
  /** The whole row or line in the item file. */
  span: Span;
}

export const NLI_LABELS = ['entailment', 'neutral', 'contradiction'] as const;
export type NliLabel = (typeof NLI_LABELS)[number];

export type SuiteItem =
  | (ItemBase & { task: 'multiple_choice'; question: string; choices: string[]; answer: string; subject?: string })
  | (ItemBase & { task: 'math'; question: string; answer: number })
  | (ItemBase & { task: 'nli'; premise: string; hypothesis: string; label: NliLabel })
  | (ItemBase & { task: 'classification'; text: string; label: string })
  | (ItemBase & { task: 'translation'; source: string; target: string });

/** The fields each task reads, required first; `id` is always optional. */
const TASK_FIELDS: Readonly<Record<SuiteTask, { required: readonly string[]; optional: readonly string[] }>> = {
  multiple_choice: { required: ['question', 'choices', 'answer'], optional: ['subject'] },
  math: { required: ['question', 'answer_number'], optional: [] },
  nli: { required: ['premise', 'hypothesis', 'label'], optional: [] },
  classification: { required: ['text', 'label'], optional: [] },
  translation: { required: ['source', 'target'], optional: [] },
};

/** Column names the public sets use for our fields (SIB-200's `category` and `index_id`, for instance). */
const ALIASES: Readonly<Record<SuiteTask, Readonly<Record<string, string>>>> = {
  multiple_choice: { options: 'choices' },
  math: {},
  nli: {},
  classification: { category: 'label', topic: 'label' },
  translation: { src: 'source', tgt: 'target', sentence: 'source', reference: 'target', translation: 'target' },
};
const ID_ALIASES = ['index_id', 'index'];

export function taskFields(task: SuiteTask): { required: readonly string[]; optional: readonly string[] } {
  return TASK_FIELDS[task];
}

function aliasesOf(task: SuiteTask, field: string): string[] {
  return Object.entries(ALIASES[task])
    .filter(([, f]) => f === field)
    .map(([a]) => a);
}

/** One field of one row: its value (a string from a cell, any JSON value from a JSONL line) and where it is. */
interface FieldValue {
  value: unknown;
  span: Span;
  /** The text offset of a character of a string value, for pointing inside it. */
  offsetOf?: (valueOffset: number) => number;
}

interface Row {
  ordinal: number;
  span: Span;
  fields: Map<string, FieldValue>;
}

export interface ItemReadOptions {
  task: SuiteTask;
  /** Column (or JSONL key) → field, as `corpus import --map`; an empty field ignores the column. */
  map?: Readonly<Record<string, string>>;
  /** Classification: the suite's topics; a label outside them is reported. */
  topics?: readonly string[];
  locale?: Locale;
}

export interface ItemFileResult {
  items: SuiteItem[];
  findings: ItemFinding[];
}

/** The field a column or key fills: the map first, then the name itself, then the names people use for it. */
function fieldFor(name: string, task: SuiteTask, map: Readonly<Record<string, string>>): string | null {
  if (name in map) return map[name] || null;
  const key = name.trim().toLowerCase();
  const { required, optional } = TASK_FIELDS[task];
  if (key === 'id' || ID_ALIASES.includes(key)) return 'id';
  if (required.includes(key) || optional.includes(key)) return key;
  return ALIASES[task][key] ?? null;
}

function missingFieldMessage(locale: Locale, task: SuiteTask, field: string, id: 'missingColumn' | 'missingKey'): string {
  const aliases = aliasesOf(task, field);
  return suiteMsg(locale, id, { task, field, aliases: aliases.length ? suiteMsg(locale, 'aliases', { names: aliases.join(', ') }) : '' });
}

/** Reads an item file of one of the four row formats (`lines` is translation's pair of files: see readAlignedLines). */
export function readItemFile(text: string, format: Exclude<ItemFormat, 'lines'>, options: ItemReadOptions): ItemFileResult {
  const locale = options.locale ?? 'en';
  const findings: ItemFinding[] = [];
  const rows = format === 'jsonl' ? jsonlRows(text, options, findings, locale) : delimitedRows(text, format === 'tsv' ? '\t' : ',', options, findings, locale);
  if (rows === null) return { items: [], findings };
  if (rows.length === 0) {
    findings.push({ code: 'item-missing-field', message: suiteMsg(locale, 'noItems'), span: { start: 0, end: Math.min(text.length, 1) } });
    return { items: [], findings };
  }
  const items: SuiteItem[] = [];
  for (const row of rows) {
    const item = itemOf(row, options, findings, locale);
    if (item) items.push(item);
  }
  appendAll(findings, duplicateIdFindings(rows, locale));
  // In the order of the file, as an editor lists them (the sort is stable: a cell's findings keep their order).
  findings.sort((a, b) => a.span.start - b.span.start);
  return { items, findings };
}

function delimitedRows(text: string, delimiter: ',' | '\t', options: ItemReadOptions, findings: ItemFinding[], locale: Locale): Row[] | null {
  const table = readDelimited(text, delimiter);
  for (const p of table.problems)
    findings.push({ code: 'item-format', message: suiteMsg(locale, p.kind === 'unclosed-quote' ? 'unclosedQuote' : 'textAfterQuote'), span: p.span });
  const [header, ...records] = table.records;
  if (!header) {
    findings.push({ code: 'item-missing-field', message: suiteMsg(locale, 'noItems'), span: { start: 0, end: Math.min(text.length, 1) } });
    return null;
  }
  const map = options.map ?? {};
  const fields = header.cells.map((c) => fieldFor(c.value, options.task, map));
  let missing = false;
  for (const field of TASK_FIELDS[options.task].required) {
    if (fields.includes(field)) continue;
    missing = true;
    findings.push({ code: 'item-missing-field', message: missingFieldMessage(locale, options.task, field, 'missingColumn'), span: header.span });
  }
  for (const column of Object.keys(map))
    if (!header.cells.some((c) => c.value === column))
      findings.push({
        code: 'item-missing-field',
        message: missingFieldMessage(locale, options.task, map[column] || column, 'missingColumn'),
        span: header.span,
      });
  if (missing) return null;
  return records.map((record, r) => {
    if (record.cells.length !== header.cells.length)
      findings.push({
        code: 'item-format',
        severity: 'warning',
        message: suiteMsg(locale, 'rowLength', { count: record.cells.length, header: header.cells.length }),
        span: record.span,
      });
    const row: Row = { ordinal: r + 1, span: record.span, fields: new Map() };
    fields.forEach((field, i) => {
      const cell: Cell | undefined = record.cells[i];
      if (!field || !cell || row.fields.has(field)) return;
      row.fields.set(field, { value: cell.value, span: cell.span, offsetOf: (o) => cellTextOffset(text, cell, o) });
    });
    return row;
  });
}

function jsonlRows(text: string, options: ItemReadOptions, findings: ItemFinding[], locale: Locale): Row[] {
  const rows: Row[] = [];
  const map = options.map ?? {};
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 0;
  // One line per step, each step past its line break: bounded by the text's length.
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const lineText = text.slice(start, end).replace(/\r$/, '');
    const lineStart = start;
    line++;
    start = end + 1;
    if (lineText.trim() === '') continue;
    const span = { start: lineStart, end: lineStart + lineText.length };
    const doc = new JsonDocument(lineText);
    if (!doc.isValidJson || !isObject(doc.value)) {
      const detail = doc.isValidJson ? 'not an object' : (doc.syntaxErrors[0]?.message ?? 'invalid JSON');
      findings.push({ code: 'invalid-json', message: suiteMsg(locale, 'jsonLine', { line, detail }), span });
      continue;
    }
    const row: Row = { ordinal: rows.length + 1, span, fields: new Map() };
    const value = doc.value;
    for (const key of Object.keys(value)) {
      const field = fieldFor(key, options.task, map);
      if (!field || row.fields.has(field)) continue;
      const at = doc.locate([key], 'value');
      row.fields.set(field, { value: value[key], span: at ? { start: lineStart + at.start, end: lineStart + at.end } : span });
    }
    for (const field of TASK_FIELDS[options.task].required)
      if (!row.fields.has(field)) findings.push({ code: 'item-missing-field', message: missingFieldMessage(locale, options.task, field, 'missingKey'), span });
    rows.push(row);
  }
  return rows;
}

/** A JSON value as the text a person would write in a cell (strings as they are). */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function idOf(row: Row): string {
  const id = row.fields.get('id');
  const text = id ? asText(id.value).trim() : '';
  return text === '' ? String(row.ordinal) : text;
}

export function letterOf(index: number): string {
  return String.fromCharCode(65 + index);
}

/** A row's item, or null (with findings) when a field it needs is missing or wrong. */
function itemOf(row: Row, options: ItemReadOptions, findings: ItemFinding[], locale: Locale): SuiteItem | null {
  const id = idOf(row);
  const base = { id, ordinal: row.ordinal, span: row.span };
  let ok = true;
  /** A required text field, trimmed-nonempty; an empty one is reported at its cell. */
  const textField = (field: string): string => {
    const f = row.fields.get(field);
    if (!f) {
      ok = false;
      return '';
    }
    const value = asText(f.value);
    if (value.trim() === '') {
      ok = false;
      findings.push({ code: 'item-empty', message: suiteMsg(locale, 'emptyField', { field, id }), span: f.span });
    }
    return value;
  };
  switch (options.task) {
    case 'multiple_choice': {
      const question = textField('question');
      const choices = choicesOf(row, id, findings, locale);
      const answerField = row.fields.get('answer');
      const subject = row.fields.get('subject');
      if (!choices || !answerField || !ok) return null;
      const answer = answerLetter(answerField, choices.length, id, findings, locale);
      if (answer === null) return null;
      const subjectText = subject ? asText(subject.value) : '';
      return { ...base, task: 'multiple_choice', question, choices, answer, ...(subjectText ? { subject: subjectText } : {}) };
    }
    case 'math': {
      const question = textField('question');
      const answerText = textField('answer_number');
      if (!ok) return null;
      const f = row.fields.get('answer_number')!;
      const answer = typeof f.value === 'number' ? f.value : numberOf(answerText);
      if (answer === null) {
        findings.push({ code: 'item-answer', message: suiteMsg(locale, 'answerNumber', { id, answer: answerText }), span: f.span });
        return null;
      }
      return { ...base, task: 'math', question, answer };
    }
    case 'nli': {
      const premise = textField('premise');
      const hypothesis = textField('hypothesis');
      const labelText = textField('label');
      if (!ok) return null;
      const label = nliLabel(labelText);
      if (!label) {
        findings.push({ code: 'item-answer', message: suiteMsg(locale, 'nliLabel', { id, label: labelText }), span: row.fields.get('label')!.span });
        return null;
      }
      return { ...base, task: 'nli', premise, hypothesis, label };
    }
    case 'classification': {
      const text = textField('text');
      const label = textField('label').trim();
      if (!ok) return null;
      if (options.topics && !options.topics.includes(label)) {
        findings.push({
          code: 'item-answer',
          message: suiteMsg(locale, 'topicLabel', { id, label, topics: options.topics.join(', ') }),
          span: row.fields.get('label')!.span,
        });
        return null;
      }
      return { ...base, task: 'classification', text, label };
    }
    case 'translation': {
      const source = textField('source');
      const target = textField('target');
      return ok ? { ...base, task: 'translation', source, target } : null;
    }
  }
}

/** A plain decimal number as datasets write `answer_number` ("42", "-3", "2.5", "1,000"). */
function numberOf(text: string): number | null {
  const t = text.trim().replace(/,(?=\d{3}(?!\d))/g, '');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** XNLI's labels: 0 entailment, 1 neutral, 2 contradiction, or the names. */
function nliLabel(text: string): NliLabel | null {
  const t = text.trim().toLowerCase();
  if (/^[012]$/.test(t)) return NLI_LABELS[Number(t)];
  return (NLI_LABELS as readonly string[]).includes(t) ? (t as NliLabel) : null;
}

function choicesOf(row: Row, id: string, findings: ItemFinding[], locale: Locale): string[] | null {
  const f = row.fields.get('choices');
  if (!f) return null;
  let values: string[];
  let elementSpans: (Span | undefined)[] = [];
  if (Array.isArray(f.value)) {
    if (!f.value.every((v): v is string => typeof v === 'string')) {
      findings.push({ code: 'item-choices', message: suiteMsg(locale, 'choicesType', { id }), span: f.span });
      return null;
    }
    values = f.value;
  } else if (typeof f.value === 'string') {
    const parsed = parsePyList(f.value);
    if (!parsed.ok) {
      // In a cell: point at the character where the list stops parsing; in a JSON string, at the whole value.
      const at = f.offsetOf ? f.offsetOf(parsed.offset) : undefined;
      const span = at === undefined ? f.span : { start: at, end: Math.min(at + 1, f.span.end) };
      findings.push({
        code: 'item-choices',
        message: suiteMsg(locale, 'choicesParse', { id, expected: parsed.expected }),
        span: span.end > span.start ? span : f.span,
      });
      return null;
    }
    values = parsed.items.map((e) => e.value);
    const offsetOf = f.offsetOf;
    elementSpans = parsed.items.map((e) => (offsetOf ? { start: offsetOf(e.start), end: offsetOf(e.end) } : undefined));
  } else {
    findings.push({ code: 'item-choices', message: suiteMsg(locale, 'choicesType', { id }), span: f.span });
    return null;
  }
  if (values.length < 2 || values.length > 26) {
    findings.push({ code: 'item-choices', message: suiteMsg(locale, 'choicesCount', { id, count: values.length }), span: f.span });
    return null;
  }
  let ok = true;
  values.forEach((v, i) => {
    if (v.trim() !== '') return;
    ok = false;
    findings.push({ code: 'item-choices', message: suiteMsg(locale, 'choiceEmpty', { id, letter: letterOf(i) }), span: elementSpans[i] ?? f.span });
  });
  return ok ? values : null;
}

/** The answer as a letter: a letter among the choices' (any case), or a 0-based index. */
function answerLetter(f: FieldValue, count: number, id: string, findings: ItemFinding[], locale: Locale): string | null {
  const text = asText(f.value).trim();
  const letters = Array.from({ length: count }, (_, i) => letterOf(i));
  const range = `${letters[0]}–${letters[count - 1]}`;
  if (text === '') {
    findings.push({ code: 'item-empty', message: suiteMsg(locale, 'emptyField', { field: 'answer', id }), span: f.span });
    return null;
  }
  if (/^[A-Za-z]$/.test(text)) {
    const letter = text.toUpperCase();
    if (letters.includes(letter)) return letter;
    findings.push({ code: 'item-answer', message: suiteMsg(locale, 'answerLetter', { id, answer: text, letters: range }), span: f.span });
    return null;
  }
  if (/^\d+$/.test(text) && Number(text) < count) return letters[Number(text)];
  findings.push({ code: 'item-answer', message: suiteMsg(locale, 'answerForm', { id, answer: text, letters: range, last: count - 1 }), span: f.span });
  return null;
}

function duplicateIdFindings(rows: readonly Row[], locale: Locale): ItemFinding[] {
  const out: ItemFinding[] = [];
  const first = new Map<string, Row>();
  for (const row of rows) {
    if (!row.fields.has('id')) continue;
    const id = idOf(row);
    const seen = first.get(id);
    if (!seen) {
      first.set(id, row);
      continue;
    }
    out.push({
      code: 'duplicate-id',
      message: suiteMsg(locale, 'duplicateItemId', { id, first: seen.ordinal }),
      span: row.fields.get('id')!.span,
      related: [{ span: seen.fields.get('id')!.span, message: suiteMsg(locale, 'duplicateItemIdFirst', { id }) }],
    });
  }
  return out;
}

/** The non-blank lines of a text, each with its span (a `\r` before a `\n` is not part of a line). */
function linesOf(text: string): { text: string; span: Span; line: number }[] {
  const out: { text: string; span: Span; line: number }[] = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 0;
  // One line per step: bounded by the text's length.
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const lineText = text.slice(start, end).replace(/\r$/, '');
    out.push({ text: lineText, span: { start, end: start + lineText.length }, line });
    line++;
    start = end + 1;
  }
  return out;
}

export interface AlignedResult {
  items: SuiteItem[];
  sourceFindings: ItemFinding[];
  targetFindings: ItemFinding[];
}

/**
 * Translation items from two files of aligned lines (FLORES's `ewe_Latn.dev` and `eng_Latn.dev`): line i of
 * one translates line i of the other; an empty line is an empty item, and different line counts are reported
 * at the first line one file lacks (or the last line of the shorter file).
 */
export function readAlignedLines(sourceText: string, targetText: string, locale: Locale = 'en'): AlignedResult {
  const source = linesOf(sourceText);
  const target = linesOf(targetText);
  const sourceFindings: ItemFinding[] = [];
  const targetFindings: ItemFinding[] = [];
  if (source.length !== target.length) {
    const message = suiteMsg(locale, 'alignment', { source: source.length, target: target.length });
    const longer = source.length > target.length ? source : target;
    const shorter = source.length > target.length ? target : source;
    const extra = longer[shorter.length].span;
    const lastOfShorter = shorter.length ? shorter[shorter.length - 1].span : { start: 0, end: 0 };
    (source.length > target.length ? sourceFindings : targetFindings).push({ code: 'item-alignment', message, span: extra });
    (source.length > target.length ? targetFindings : sourceFindings).push({ code: 'item-alignment', message, span: lastOfShorter });
  }
  const items: SuiteItem[] = [];
  const n = Math.min(source.length, target.length);
  for (let i = 0; i < n; i++) {
    const id = String(i + 1);
    let ok = true;
    for (const [lines, findings, field] of [
      [source, sourceFindings, 'source'],
      [target, targetFindings, 'target'],
    ] as const) {
      if (lines[i].text.trim() !== '') continue;
      ok = false;
      findings.push({ code: 'item-empty', message: suiteMsg(locale, 'emptyField', { field, id }), span: lines[i].span });
    }
    if (ok) items.push({ id, ordinal: i + 1, span: source[i].span, task: 'translation', source: source[i].text, target: target[i].text });
  }
  return { items, sourceFindings, targetFindings };
}
