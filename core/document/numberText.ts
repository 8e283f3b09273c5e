import type { JsonDocument, JsonPath } from './jsonDocument';

/**
 * A JSON number kept as the text the file writes it with. JSON.parse reads `9007199254740993` as
 * 9007199254740992 and `-0` as 0, and `1e400` as Infinity; Python's json (the harness) keeps integers exact.
 * Ids and number cells that a float would change are carried as their text, compared by it and written back
 * with it (`serialize` in jsonEdits writes the text as it is).
 */
export class NumberText {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A JSON integer's text: `-?(0|[1-9][0-9]*)`. */
export const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;

/** Whether a float reads `value` as the file wrote it (an integer within 2^53, not -0): its text is then String(value). */
export function floatIsExact(value: number): boolean {
  return Number.isSafeInteger(value) && !Object.is(value, -0);
}

/**
 * The value at `path` of `doc` as its digits when JSON.parse may have changed it (a number that is not a safe
 * integer, or -0): a NumberText with the file's own text. Any other value is returned as it is. Reads the text
 * only for those numbers, so a corpus of small ids costs nothing.
 */
export function exactValue(doc: JsonDocument, path: JsonPath, value: unknown): unknown {
  if (typeof value !== 'number' || floatIsExact(value)) return value;
  const span = doc.locate(path);
  return span ? new NumberText(doc.slice(span.start, span.end)) : value;
}

/**
 * The text a number cell's content stands for, when it is a JSON number: a plain number when a float keeps it
 * exactly (its text is what String writes), else a NumberText with the text as written (`9007199254740993`,
 * `-0`, `1.50`, `1e400`). Undefined when the text is not a JSON number.
 */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?$/;
/** What a spreadsheet may write for a number JSON would write otherwise (leading zeros: `007`). */
const LOOSE_NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
export function numberOfText(text: string): number | NumberText | undefined {
  const n = Number(text);
  if (!JSON_NUMBER.test(text)) return LOOSE_NUMBER.test(text) && Number.isFinite(n) ? n : undefined;
  return String(n) === text && Number.isFinite(n) && !Object.is(n, -0) ? n : new NumberText(text);
}
