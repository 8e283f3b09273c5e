/**
 * A list of strings written as a Python list literal (`['Ɖe', "Kpɔ", 'x\'y']`), the way a `choices` column
 * reaches a TSV or CSV when a Python list was written with `str()`; JSON's `["a", "b"]` reads the same way.
 * Strings in single or double quotes, with Python's escapes (`\\ \' \" \n \t \r \0 \a \b \f \v \xhh \uhhhh
 * \Uhhhhhhhh`, and a backslash before anything else kept as is, as Python keeps it); a trailing comma allowed.
 * What does not parse says where it stopped, so a diagnostic can point at that character.
 */

export interface PyListElement {
  value: string;
  /** Offsets in the parsed text, quotes included. */
  start: number;
  end: number;
}

export type PyListResult = { ok: true; items: PyListElement[] } | { ok: false; offset: number; expected: string };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i])) i++;
  return i;
}

/** Reads one quoted string at `i`; returns its value and the offset after its closing quote. */
function readString(text: string, i: number): { value: string; end: number } | { error: number; expected: string } {
  const quote = text[i];
  let out = '';
  let j = i + 1;
  // Each step consumes at least one character: bounded by the text's length.
  while (j < text.length) {
    const c = text[j];
    if (c === quote) return { value: out, end: j + 1 };
    if (c === '\n' || c === '\r') return { error: j, expected: `closing ${quote}` };
    if (c !== '\\') {
      out += c;
      j++;
      continue;
    }
    const e = text[j + 1];
    if (e === undefined) break;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      j += 2;
      continue;
    }
    const digits = HEX_DIGITS[e];
    if (digits !== undefined) {
      const hex = text.slice(j + 2, j + 2 + digits);
      if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) return { error: j, expected: `${digits} hexadecimal digits after \\${e}` };
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) return { error: j, expected: 'a code point up to \\U0010ffff' };
      out += String.fromCodePoint(code);
      j += 2 + digits;
      continue;
    }
    if (e === '\n') {
      j += 2;
      continue;
    }
    // Python keeps an unknown escape as written: backslash and character.
    out += '\\' + e;
    j += 2;
  }
  return { error: text.length, expected: `closing ${quote}` };
}

/** Parses `text` as a list of strings; whitespace around it is allowed. */
export function parsePyList(text: string): PyListResult {
  let i = skipSpace(text, 0);
  if (text[i] !== '[') return { ok: false, offset: i, expected: '[' };
  i = skipSpace(text, i + 1);
  const items: PyListElement[] = [];
  // Each element consumes at least its two quotes: bounded by the text's length.
  while (i < text.length && text[i] !== ']') {
    if (text[i] !== "'" && text[i] !== '"') return { ok: false, offset: i, expected: items.length ? ', or ]' : 'a quoted string or ]' };
    const read = readString(text, i);
    if ('error' in read) return { ok: false, offset: read.error, expected: read.expected };
    items.push({ value: read.value, start: i, end: read.end });
    i = skipSpace(text, read.end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
    else if (text[i] !== ']') return { ok: false, offset: i, expected: ', or ]' };
  }
  if (text[i] !== ']') return { ok: false, offset: i, expected: ']' };
  const after = skipSpace(text, i + 1);
  if (after !== text.length) return { ok: false, offset: after, expected: 'nothing after ]' };
  return { ok: true, items };
}

/** Python's `repr` of a list of strings (`str(list)`), for writing the fixtures' shape and for tests. */
export function pyListRepr(values: readonly string[]): string {
  return '[' + values.map(pyStrRepr).join(', ') + ']';
}

/**
 * Python 3's `repr(str)` for the characters our fixtures use: single quotes unless the text holds `'` and no `"`,
 * control characters escaped (Python also escapes other non-printable ones, which `parsePyList` reads either way).
 */
export function pyStrRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + quote;
}
