import { styleOf } from '../../core/document/jsonEdits';

/**
 * The text an LSP snippet inserts when nobody fills it in, for clients without snippet support: placeholders give
 * their defaults, choices their first choice, tab stops (`$1`, `$0`) and variables nothing; escapes are undone.
 * Newlines and tabs stay as they are.
 */
export function snippetToPlainText(snippet: string): string {
  return parse(snippet, 0, false).text;
}

const NAME = /[0-9]|[A-Za-z_]/;

/** Reads until the end or, inside a placeholder, until its closing brace; returns the text and the index after it. */
function parse(s: string, start: number, nested: boolean): { text: string; end: number } {
  let out = '';
  let i = start;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && '$}\\,|'.includes(s[i + 1])) {
      out += s[i + 1];
      i += 2;
    } else if (nested && c === '}') {
      return { text: out, end: i + 1 };
    } else if (c === '$' && s[i + 1] === '{') {
      const placeholder = parsePlaceholder(s, i + 2);
      out += placeholder.text;
      i = placeholder.end;
    } else if (c === '$' && i + 1 < s.length && NAME.test(s[i + 1])) {
      // `$1`, `$0` or `$TM_SELECTED_TEXT`: nothing to insert.
      i++;
      while (i < s.length && /[0-9A-Za-z_]/.test(s[i])) i++;
    } else {
      out += c;
      i++;
    }
  }
  return { text: out, end: i };
}

/** `${…}` from just after the brace: `${1}`, `${1:default}`, `${1|a,b|}`, `${VAR}`, `${VAR:default}`. */
function parsePlaceholder(s: string, start: number): { text: string; end: number } {
  let i = start;
  while (i < s.length && /[0-9A-Za-z_]/.test(s[i])) i++;
  if (s[i] === '}') return { text: '', end: i + 1 };
  if (s[i] === ':') return parse(s, i + 1, true);
  if (s[i] === '|') {
    let first = '';
    let inFirst = true;
    i++;
    while (i < s.length) {
      const c = s[i];
      if (c === '\\' && i + 1 < s.length) {
        if (inFirst) first += s[i + 1];
        i += 2;
      } else if (c === '|' && s[i + 1] === '}') {
        return { text: first, end: i + 2 };
      } else {
        if (c === ',') inFirst = false;
        else if (inFirst) first += c;
        i++;
      }
    }
    return { text: first, end: i };
  }
  // Not a snippet construct after all: keep the text as written.
  return { text: '${' + s.slice(start, i), end: i };
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/**
 * A whole-object snippet made to fit where it goes, a new element of an array at `offset`: a comma before it when
 * the element before has none, a comma after it when another element follows. For clients without snippets
 * (`plain`) it is also unfilled and indented as the file is: the file's indent unit instead of the snippet's tabs,
 * its lines after the first at the element's indentation, the file's line breaks. The text is then valid JSON
 * where it lands; a snippet client adjusts a snippet's indentation itself.
 */
export function elementInPlace(text: string, offset: number, body: string, plain: boolean): string {
  let before = offset - 1;
  while (before >= 0 && isSpace(text[before])) before--;
  let after = offset;
  while (after < text.length && isSpace(text[after])) after++;
  const commaBefore = before >= 0 && text[before] !== '[' && text[before] !== ',';
  const commaAfter = after < text.length && text[after] !== ']' && text[after] !== ',';
  let element = body;
  if (plain) {
    const style = styleOf(text);
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const lineIndent = /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
    // On a line of its own the element starts at the cursor's indentation; after `[` on the same line, one unit in.
    const onOwnLine = lineStart + lineIndent.length === offset;
    const base = onOwnLine || text[before] !== '[' ? lineIndent : lineIndent + style.indent;
    element = snippetToPlainText(body)
      .split('\n')
      .map((line, i) => (i === 0 ? '' : base) + line.replace(/^\t+/, (tabs) => style.indent.repeat(tabs.length)))
      .join(style.eol);
  }
  return (commaBefore ? ',' : '') + element + (commaAfter ? ',' : '');
}
