import { splitsPair } from './str';
import { PYTHON_WHITESPACE } from './whitespace';

/**
 * Python `re` (str patterns, CPython 3.11-3.13) on a JavaScript engine. The harness pastes a test's expected
 * answer into some of its patterns (`\b{X}\b`, `{X}\)`), so any syntax can reach us, and a pattern Python
 * rejects makes the harness crash. Literals, sets, groups (capturing and `(?:`), quantifiers (greedy, lazy,
 * `{m,n}`), anchors and escapes become an exact JavaScript regex (`u` flag):
 * - `\b \B \w \W` use Python's word characters (letters, numbers, underscore; not combining marks), where
 *   JavaScript's only know ASCII; `\s \S` Python's whitespace table; `\d` any decimal digit (Nd);
 * - `.` excludes only "\n"; with MULTILINE only "\n" ends a line (JavaScript also breaks at "\r", U+2028 and
 *   U+2029), and without it `$` also matches before a final "\n".
 * Syntax errors in that subset are {@link PyRegexError}. Any other `(?…)` extension, a backreference, a
 * possessive quantifier or `\N{…}` is one {@link PyRegexUnsupported} case, and reading stops there: a caller
 * never computes a different answer, nor claims an error Python might not raise.
 */

/** Python would raise `re.error` (or OverflowError) compiling this pattern. */
export class PyRegexError extends Error {}

/** Valid Python (or possibly valid), but outside what we reproduce exactly. */
export class PyRegexUnsupported extends Error {}

export interface PyRegexFlags {
  multiline?: boolean;
  /** The pattern is known to search in linear time (the scorers' fixed patterns): no bound on the text's length. */
  linear?: boolean;
}

/** The one reason shape for syntax beyond the translated subset. */
function beyondSubset(construct: string): PyRegexUnsupported {
  return new PyRegexUnsupported(`construct "${construct}" (extensions other than "(?:", backreferences, possessive quantifiers and \\N{…} are not reproduced)`);
}

const hex = (code: number): string => `\\u{${code.toString(16)}}`;
const WORD = '\\p{L}\\p{N}_';
const SPACE = PYTHON_WHITESPACE.map(hex).join('');
const ANY = '[\\s\\S]';
const AT_START = `(?<!${ANY})`;
const AT_END = `(?!${ANY})`;
const WORD_AFTER = `(?=[${WORD}])`;
const WORD_BEFORE = `(?<=[${WORD}])`;
const NO_WORD_AFTER = `(?![${WORD}])`;
const NO_WORD_BEFORE = `(?<![${WORD}])`;
/** Python's `\b` never matches in an empty string, and neither does this. */
const BOUNDARY = `(?:${WORD_BEFORE}${NO_WORD_AFTER}|${NO_WORD_BEFORE}${WORD_AFTER})`;
/** Python (before 3.14) refuses `\B` on an empty string as a whole. */
const NON_BOUNDARY = `(?:${WORD_BEFORE}${WORD_AFTER}|(?!${AT_START}${AT_END})${NO_WORD_BEFORE}${NO_WORD_AFTER})`;
const WORD_CHAR = new RegExp(`^[${WORD}]$`, 'u');

type Category = 'd' | 'D' | 's' | 'S' | 'w' | 'W';
/** Each category as an atom, and as what it adds inside a set (`\S` and `\W` cannot go inside one: undefined). */
const CATEGORIES: Record<Category, { atom: string; inSet?: string }> = {
  d: { atom: '\\p{Nd}', inSet: '\\p{Nd}' },
  D: { atom: '\\P{Nd}', inSet: '\\P{Nd}' },
  s: { atom: `[${SPACE}]`, inSet: SPACE },
  S: { atom: `[^${SPACE}]` },
  w: { atom: `[${WORD}]`, inSet: WORD },
  W: { atom: `[^${WORD}]` },
};
type SetItem = { code: number } | { lo: number; hi: number } | { category: Category };

/** Single-character escapes shared by patterns and sets (`\b` differs: the caller handles it). */
const CONTROL_ESCAPES: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92 };
const HEX_WIDTH: Record<string, number> = { x: 2, u: 4, U: 8 };
const ASCII_LETTER = /^[A-Za-z]$/;
const DIGIT = /^[0-9]$/;
const OCTAL = /^[0-7]$/;
const HEX_DIGIT = /^[0-9A-Fa-f]$/;
/** What may follow `(?` in Python; anything else is "unknown extension". */
const EXTENSION_STARTS = '#=!<P(>aiLmstux-';
const MAX_REPEAT = 4294967295; // CPython's MAXREPEAT on 64-bit builds
/** Larger bounds compile in Python but would stress the JavaScript engine; say so instead of guessing. */
const LARGEST_EMITTED_REPEAT = 100000;

/**
 * Choice points (variable repeats, alternatives) a pattern may hold. A backtracking search (V8's, and Python's
 * too) costs up to about length^(choices + 1); past this many, or past SEARCH_BUDGET for a given text, the
 * search is not run and the case is reported as not reproducible rather than risk running for minutes.
 */
export const MAX_CHOICE_POINTS = 4;
const SEARCH_BUDGET = 1e9;
/** One choice point (the harness's own `réponse.*X`): V8 skips to the literal, so only a huge text is refused. */
const SINGLE_CHOICE_BUDGET = 1e10;

/** One parsed element of a sequence: its JavaScript source and how Python lets it be repeated. */
interface Item {
  source: string;
  /** Zero-width anchors (AT codes in CPython) cannot take a quantifier: "nothing to repeat". */
  anchor?: boolean;
  repeated?: boolean;
  /** A `\b`, which a neighbouring literal lets us write as a one-sided test. */
  boundary?: boolean;
  /** For a single literal character: whether it is a Python word character. */
  literalWord?: boolean;
  /** It can match in more than one way (holds a variable repeat or an alternation): repeating it backtracks exponentially. */
  choice?: boolean;
}

const literalItem = (c: string): Item => ({ source: /^[A-Za-z0-9]$/.test(c) ? c : hex(c.codePointAt(0)!), literalWord: WORD_CHAR.test(c) });

/**
 * Next to a literal, `\b` only has to look at the other side: before a word character it means "no word
 * character before". Same meaning, but V8 runs the one-sided form several times faster, which matters for
 * the harness's `\bWORD\b` searches.
 */
function simplifyBoundaries(items: Item[]): void {
  items.forEach((item, i) => {
    if (!item.boundary) return;
    const next = items[i + 1]?.literalWord;
    const previous = items[i - 1]?.literalWord;
    if (next !== undefined) item.source = next ? NO_WORD_BEFORE : WORD_BEFORE;
    else if (previous !== undefined) item.source = previous ? NO_WORD_AFTER : WORD_AFTER;
  });
}

class Translator {
  private pos = 0;
  private readonly chars: string[];
  /** The first bound exceeded; parsing goes on so that later syntax errors still count. */
  private tooCostly?: string;
  /** Variable repeats and alternatives met so far. */
  choicePoints = 0;

  constructor(
    pattern: string,
    private readonly multiline: boolean,
  ) {
    this.chars = Array.from(pattern); // Python walks the pattern by code point
  }

  translate(): string {
    const out = this.alternation();
    if (this.pos < this.chars.length) throw new PyRegexError('unbalanced parenthesis');
    if (this.choicePoints > MAX_CHOICE_POINTS)
      this.tooCostly ??= `pattern with ${this.choicePoints} repeats or alternatives (its search can backtrack for too long)`;
    if (this.tooCostly) throw new PyRegexUnsupported(this.tooCostly);
    return out;
  }

  private peek(): string | undefined {
    return this.chars[this.pos];
  }

  /** The characters matching `re` from here on, at most `max` of them. */
  private take(re: RegExp, max = Infinity): string {
    let out = '';
    while (out.length < max && re.test(this.peek() ?? '')) out += this.chars[this.pos++];
    return out;
  }

  private alternation(): string {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.pos++;
      this.choicePoints++;
      branches.push(this.sequence());
    }
    return branches.join('|');
  }

  private sequence(): string {
    const items: Item[] = [];
    for (;;) {
      const c = this.peek();
      // A ")" at the top level is unbalanced; translate() reports it.
      if (c === undefined || c === '|' || c === ')') break;
      this.pos++;
      if (c === '\\') items.push(this.escape());
      else if (c === '[') items.push({ source: this.set() });
      else if (c === '*' || c === '+' || c === '?') this.repeat(items, c === '+' ? 1 : 0, c === '?' ? 1 : Infinity);
      else if (c === '{') {
        const bounds = this.braces();
        if (bounds) this.repeat(items, bounds.min, bounds.max);
        else items.push({ source: hex(0x7b) });
      } else if (c === '.') items.push({ source: '[^\\n]' });
      else if (c === '^') items.push({ source: this.multiline ? '(?<![^\\n])' : AT_START, anchor: true });
      else if (c === '$') items.push({ source: this.multiline ? `(?=\\n|${AT_END})` : `(?=\\n?${AT_END})`, anchor: true });
      else if (c === '(') {
        const before = this.choicePoints;
        const source = this.group();
        items.push({ source, choice: this.choicePoints > before });
      } else items.push(literalItem(c));
    }
    simplifyBoundaries(items);
    return items.map((i) => i.source).join('');
  }

  /** `{m,n}` after an item, or undefined when the brace is a literal (as Python reads `{`, `{}`, `{x}`). */
  private braces(): { min: number; max: number } | undefined {
    const start = this.pos;
    const lo = this.take(DIGIT);
    const comma = this.peek() === ',';
    if (comma) this.pos++;
    const hi = comma ? this.take(DIGIT) : lo;
    if (this.peek() !== '}' || (!comma && !lo)) {
      this.pos = start;
      return undefined;
    }
    this.pos++;
    const min = lo ? Number(lo) : 0;
    const max = hi ? Number(hi) : Infinity;
    if (min >= MAX_REPEAT || (max !== Infinity && max >= MAX_REPEAT)) throw new PyRegexError('the repetition number is too large');
    if (max < min) throw new PyRegexError('min repeat greater than max repeat');
    return { min, max };
  }

  private repeat(items: Item[], min: number, max: number): void {
    const last = items[items.length - 1];
    if (!last || last.anchor) throw new PyRegexError('nothing to repeat');
    if (last.repeated) throw new PyRegexError('multiple repeat');
    const quantifier = max === Infinity ? (min === 0 ? '*' : min === 1 ? '+' : `{${min},}`) : min === max ? `{${min}}` : `{${min},${max}}`;
    const lazy = this.peek() === '?';
    if (lazy) this.pos++;
    else if (this.peek() === '+') throw beyondSubset(`${quantifier}+`);
    if (min > LARGEST_EMITTED_REPEAT || (max !== Infinity && max > LARGEST_EMITTED_REPEAT)) this.tooCostly ??= 'very large repeat count';
    // `(A+)+C`, `(a|a)*b`: the ways to split the text multiply with each repetition, in Python as in V8.
    if (max > 1 && last.choice) this.tooCostly ??= 'repeat of a group that can itself match in several ways (its search can backtrack without limit)';
    if (max > min) this.choicePoints++;
    items[items.length - 1] = { source: last.source + quantifier + (lazy ? '?' : ''), repeated: true, choice: last.choice || max > min };
  }

  /** The escape after a "\" (consumed) outside a set. */
  private escape(): Item {
    const c = this.next('bad escape (end of pattern)');
    if (c === 'A' || c === 'Z') return { source: c === 'A' ? AT_START : AT_END, anchor: true };
    if (c === 'b') return { source: BOUNDARY, anchor: true, boundary: true };
    if (c === 'B') return { source: NON_BOUNDARY, anchor: true };
    if (c in CATEGORIES) return { source: CATEGORIES[c as Category].atom };
    const code = this.characterEscape(c, false);
    if (code !== undefined) return { source: hex(code) };
    if (DIGIT.test(c)) throw beyondSubset(`\\${c}`); // a group reference
    if (ASCII_LETTER.test(c)) throw new PyRegexError(`bad escape \\${c}`);
    return literalItem(c);
  }

  /** The escape after a "\" (consumed) inside a set. */
  private setEscape(): SetItem {
    const c = this.next('bad escape (end of pattern)');
    if (c === 'b') return { code: 8 };
    if (c in CATEGORIES) return { category: c as Category };
    const code = this.characterEscape(c, true);
    if (code !== undefined) return { code };
    if (DIGIT.test(c) || ASCII_LETTER.test(c)) throw new PyRegexError(`bad escape \\${c}`);
    return { code: c.codePointAt(0)! };
  }

  /**
   * Escapes that stand for one character: controls, `\x.. \u.... \U........` and octal. Outside a set,
   * Python reads digits as octal only after `\0` or as three octal digits; otherwise they name a group.
   */
  private characterEscape(c: string, inSet: boolean): number | undefined {
    if (c in CONTROL_ESCAPES) return CONTROL_ESCAPES[c];
    if (c === 'N') throw beyondSubset('\\N');
    const width = HEX_WIDTH[c];
    if (width) {
      const digits = this.take(HEX_DIGIT, width);
      if (digits.length !== width) throw new PyRegexError(`incomplete escape \\${c}${digits}`);
      const value = parseInt(digits, 16);
      if (value > 0x10ffff) throw new PyRegexError(`bad escape \\${c}${digits}`);
      return value;
    }
    const threeOctal = OCTAL.test(this.peek() ?? '') && OCTAL.test(this.chars[this.pos + 1] ?? '');
    if (!OCTAL.test(c) || !(inSet || c === '0' || threeOctal)) return undefined;
    const digits = c + this.take(OCTAL, 2);
    const value = parseInt(digits, 8);
    if (value > 0o377) throw new PyRegexError(`octal escape value \\${digits} outside of range 0-0o377`);
    return value;
  }

  private next(atEnd: string): string {
    const c = this.peek();
    if (c === undefined) throw new PyRegexError(atEnd);
    this.pos++;
    return c;
  }

  /** A `[...]` set; the opening bracket is consumed. */
  private set(): string {
    const negate = this.peek() === '^';
    if (negate) this.pos++;
    const items: SetItem[] = [];
    for (;;) {
      const c = this.next('unterminated character set');
      // A "]" right after "[" or "[^" is a member, as in Python.
      if (c === ']' && items.length > 0) break;
      const first = c === '\\' ? this.setEscape() : { code: c.codePointAt(0)! };
      if (this.peek() !== '-') {
        items.push(first);
        continue;
      }
      this.pos++;
      const next = this.next('unterminated character set');
      if (next === ']') {
        items.push(first, { code: 0x2d });
        break;
      }
      const second = next === '\\' ? this.setEscape() : { code: next.codePointAt(0)! };
      if (!('code' in first) || !('code' in second) || second.code < first.code) throw new PyRegexError('bad character range');
      items.push({ lo: first.code, hi: second.code });
    }
    return emitSet(items, negate);
  }

  /** A capturing group or `(?:…)`; the "(" is consumed. */
  private group(): string {
    let open = '(';
    if (this.peek() === '?') {
      this.pos++;
      const c = this.next('unexpected end of pattern');
      if (c !== ':') throw EXTENSION_STARTS.includes(c) ? beyondSubset(`(?${c}`) : new PyRegexError(`unknown extension ?${c}`);
      open = '(?:';
    }
    const body = this.alternation();
    this.next('missing ), unterminated subpattern');
    return `${open}${body})`;
  }
}

/**
 * A Python set as JavaScript. `\S` and `\W` are complements, which a JavaScript `u` class cannot hold, so a
 * set with either becomes an alternation.
 */
function emitSet(items: readonly SetItem[], negate: boolean): string {
  let plain = '';
  const complements: string[] = [];
  for (const item of items) {
    if ('code' in item) plain += hex(item.code);
    else if ('lo' in item) plain += `${hex(item.lo)}-${hex(item.hi)}`;
    else if (CATEGORIES[item.category].inSet !== undefined) plain += CATEGORIES[item.category].inSet;
    else complements.push(CATEGORIES[item.category].atom);
  }
  if (complements.length === 0) return `[${negate ? '^' : ''}${plain}]`;
  const union = `(?:${[`[${plain}]`, ...complements].join('|')})`;
  return negate ? `(?:(?!${union})${ANY})` : union;
}

/** A compiled Python pattern; `search` is `bool(pattern.search(text))`. */
export interface PyPattern {
  /** The JavaScript source it was translated to (shown in breakdowns and tests). */
  readonly jsSource: string;
  /** Variable repeats and alternatives: what bounds the cost of a search. */
  readonly choicePoints: number;
  /** Throws {@link PyRegexUnsupported} instead of searching when the search could run too long on `text`. */
  search(text: string): boolean;
}

/**
 * The JavaScript equivalent of `re.compile(pattern, re.MULTILINE if multiline else 0)`.
 * V8 may try a `u` regex at an index between the two halves of a surrogate pair, where zero-width assertions
 * see no character on either side; Python has no such position, so a match starting there is skipped.
 */
export function compilePyRegex(pattern: string, flags: PyRegexFlags = {}): PyPattern {
  const translator = new Translator(pattern, flags.multiline === true);
  const jsSource = translator.translate();
  const { choicePoints } = translator;
  const budget = flags.linear ? Infinity : choicePoints === 1 ? SINGLE_CHOICE_BUDGET : SEARCH_BUDGET;
  const regex = new RegExp(jsSource, 'gu');
  return {
    jsSource,
    choicePoints,
    search(text: string): boolean {
      if (choicePoints >= 1 && Math.pow(text.length, choicePoints + 1) > budget) {
        throw new PyRegexUnsupported(
          `pattern with ${choicePoints} repeats or alternatives on a ${text.length}-character text (its search could backtrack for too long)`,
        );
      }
      regex.lastIndex = 0;
      for (;;) {
        const match = regex.exec(text);
        if (!match) return false;
        if (!splitsPair(text, match.index)) return true;
        regex.lastIndex = match.index + 1;
      }
    },
  };
}

const cache = new Map<string, PyPattern | PyRegexError | PyRegexUnsupported>();
const CACHE_LIMIT = 1000;

/**
 * `bool(re.search(pattern, text, flags))`. Throws {@link PyRegexError} where Python raises, and
 * {@link PyRegexUnsupported} for constructs we do not reproduce. Compiled patterns are cached.
 */
export function pySearch(pattern: string, text: string, flags: PyRegexFlags = {}): boolean {
  const key = `${flags.multiline ? 'm' : '-'}${flags.linear ? 'l' : '-'}:${pattern}`;
  let compiled = cache.get(key);
  if (!compiled) {
    try {
      compiled = compilePyRegex(pattern, flags);
    } catch (error) {
      if (!(error instanceof PyRegexError || error instanceof PyRegexUnsupported)) throw error;
      compiled = error;
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, compiled);
  }
  if (compiled instanceof Error) throw compiled;
  return compiled.search(text);
}
