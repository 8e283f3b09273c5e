import { PYTHON_WHITESPACE as SPACE_CODES } from './whitespace';

/**
 * Python `re` patterns (str patterns, as CPython 3.11-3.13 parse them) run on a JavaScript engine.
 *
 * The harness builds some of its regexes by pasting a test's expected answer into a pattern
 * (`\b{X}\b`, `{X}\)`, ...), so any Python regex syntax can reach us, and a pattern Python rejects makes the
 * harness crash. We parse the Python syntax ourselves and emit an equivalent JavaScript regex (`u` flag):
 * - `\b \B \w \W` use Python's word characters for str (letters, numbers, underscore; combining marks are not
 *   word characters), where JavaScript's `\b` and `\w` only know ASCII;
 * - `\s \S` use Python's whitespace set (JavaScript's adds U+FEFF and lacks U+001C-001F and U+0085);
 * - `\d` is any decimal digit (Nd), `.` excludes only "\n";
 * - `^` and `$` follow Python: with MULTILINE only "\n" ends a line (JavaScript also breaks at "\r", U+2028
 *   and U+2029), and `$` without it also matches before a final "\n".
 * Syntax errors are reported as {@link PyRegexError}; valid Python constructs that JavaScript cannot express
 * the same way (lookbehind, backreferences, atomic groups, possessive quantifiers, inline flags, `\N{...}`)
 * as {@link PyRegexUnsupported}, so a caller never silently computes a different answer.
 */

/** Python would raise `re.error` (or OverflowError) compiling this pattern. */
export class PyRegexError extends Error {}

/** Valid Python, but outside the subset we reproduce exactly. */
export class PyRegexUnsupported extends Error {}

export interface PyRegexFlags {
  multiline?: boolean;
}

const WORD = '\\p{L}\\p{N}_';
const SPACE = SPACE_CODES.map(hex).join('');
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

function hex(code: number): string {
  return `\\u{${code.toString(16)}}`;
}

type Category = 'd' | 'D' | 's' | 'S' | 'w' | 'W';
type ClassItem = { kind: 'char'; code: number } | { kind: 'range'; lo: number; hi: number } | { kind: 'category'; name: Category };

const CATEGORY_ATOM: Record<Category, string> = {
  d: '\\p{Nd}',
  D: '\\P{Nd}',
  s: `[${SPACE}]`,
  S: `[^${SPACE}]`,
  w: `[${WORD}]`,
  W: `[^${WORD}]`,
};

/** Single-character escapes shared by patterns and classes (`\b` is handled by the caller: it differs). */
const CONTROL_ESCAPES: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92 };
const ASCII_LETTER = /^[A-Za-z]$/;
const DIGIT = /^[0-9]$/;
const OCTAL = /^[0-7]$/;
const HEX_DIGIT = /^[0-9A-Fa-f]$/;
const FLAG_LETTERS = 'iLmsxatu';
const MAX_REPEAT = 4294967295; // CPython's MAXREPEAT on 64-bit builds
/** Larger bounds compile in Python but would stress the JavaScript engine; say so instead of guessing. */
const LARGEST_EMITTED_REPEAT = 100000;

/** One parsed element of a sequence: its JavaScript source and how Python lets it be repeated. */
interface Item {
  source: string;
  /** Zero-width anchors (AT codes in CPython) cannot take a quantifier: "nothing to repeat". */
  anchor?: boolean;
  repeated?: boolean;
  /** Lookarounds need a non-capturing wrapper before a JavaScript quantifier. */
  lookaround?: boolean;
  /** A `\b`, which a neighbouring literal lets us write as a one-sided test. */
  boundary?: boolean;
  /** For a single literal character: whether it is a Python word character. */
  literalWord?: boolean;
  /** It can match in more than one way (holds a variable repeat or an alternation): repeating it backtracks exponentially. */
  choice?: boolean;
}

/**
 * Choice points (variable repeats, alternatives) a pattern may hold. A backtracking search (V8's, and Python's
 * too) costs up to about length^(choices + 1); past this many, or past SEARCH_BUDGET for a given text, the
 * search is not run and the case is reported as not reproducible rather than risk running for minutes.
 */
export const MAX_CHOICE_POINTS = 4;
const SEARCH_BUDGET = 1e9;
/** One choice point (the harness's own `réponse.*X`): V8 skips to the literal, so only a huge text is refused. */
const SINGLE_CHOICE_BUDGET = 1e10;

const WORD_CHAR = new RegExp(`^[${WORD}]$`, 'u');

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
  /** Capturing groups opened so far, those already closed, and the group number of each name. */
  private opened = 0;
  private readonly closed = new Set<number>();
  private readonly groupNames = new Map<string, number>();
  /** Group numbers named by conditionals, which Python checks once the whole pattern is read. */
  private readonly forwardReferences: number[] = [];
  private readonly chars: string[];
  /** The first construct met that we do not reproduce; parsing goes on so later syntax errors still count. */
  private unsupported?: string;
  /** Variable repeats and alternatives met so far. */
  choicePoints = 0;

  constructor(pattern: string, private readonly multiline: boolean) {
    // Python walks the pattern by code point.
    this.chars = Array.from(pattern);
  }

  translate(): string {
    const out = this.alternation(0);
    if (this.pos < this.chars.length) throw new PyRegexError('unbalanced parenthesis');
    for (const group of this.forwardReferences) if (group > this.opened) throw new PyRegexError(`invalid group reference ${group}`);
    if (this.choicePoints > MAX_CHOICE_POINTS) this.notReproduced(`pattern with ${this.choicePoints} repeats or alternatives (its search can backtrack for too long)`);
    if (this.unsupported) throw new PyRegexUnsupported(this.unsupported);
    return out;
  }

  private notReproduced(what: string): void {
    this.unsupported ??= what;
  }

  private peek(): string | undefined {
    return this.chars[this.pos];
  }

  private alternation(depth: number): string {
    const branches = [this.sequence(depth, depth === 0)];
    while (this.peek() === '|') {
      this.pos++;
      this.choicePoints++;
      branches.push(this.sequence(depth, false));
    }
    return branches.join('|');
  }

  /** `first`: the start of the pattern's first branch, the only place Python 3.11 accepts global flags. */
  private sequence(depth: number, first: boolean): string {
    const items: Item[] = [];
    for (;;) {
      const c = this.peek();
      // A ")" at depth 0 is unbalanced; translate() reports it.
      if (c === undefined || c === '|' || c === ')') break;
      this.pos++;
      if (c === '\\') items.push(this.escape());
      else if (c === '[') items.push({ source: this.characterClass() });
      else if (c === '*' || c === '+' || c === '?') this.repeat(items, c === '+' ? 1 : 0, c === '?' ? 1 : Infinity);
      else if (c === '{') {
        const bounds = this.braceQuantifier();
        if (bounds) this.repeat(items, bounds.min, bounds.max);
        else items.push({ source: hex(0x7b) });
      } else if (c === '.') items.push({ source: '[^\\n]' });
      else if (c === '^') items.push({ source: this.multiline ? '(?<![^\\n])' : AT_START, anchor: true });
      else if (c === '$') items.push({ source: this.multiline ? `(?=\\n|${AT_END})` : `(?=\\n?${AT_END})`, anchor: true });
      else if (c === '(') {
        const before = this.choicePoints;
        const group = this.group(depth, first && items.length === 0);
        if (group) items.push({ ...group, choice: this.choicePoints > before });
      } else items.push(literalItem(c));
    }
    simplifyBoundaries(items);
    return items.map((i) => i.source).join('');
  }

  /** `{m,n}` after an item, or undefined when the brace is a literal (as Python reads `{`, `{}`, `{x}`). */
  private braceQuantifier(): { min: number; max: number } | undefined {
    const start = this.pos;
    if (this.peek() === '}') return undefined;
    let lo = '';
    let hi = '';
    while (DIGIT.test(this.peek() ?? '')) lo += this.chars[this.pos++];
    if (this.peek() === ',') {
      this.pos++;
      while (DIGIT.test(this.peek() ?? '')) hi += this.chars[this.pos++];
    } else hi = lo;
    if (this.peek() !== '}') {
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
    const lazy = this.peek() === '?';
    if (lazy) this.pos++;
    else if (this.peek() === '+') {
      this.pos++;
      this.notReproduced('possessive quantifier');
    }
    if (min > LARGEST_EMITTED_REPEAT || (max !== Infinity && max > LARGEST_EMITTED_REPEAT)) this.notReproduced('very large repeat count');
    // `(A+)+C`, `(a|a)*b`: the ways to split the text multiply with each repetition, in Python as in V8.
    if (max > 1 && last.choice) this.notReproduced('repeat of a group that can itself match in several ways (its search can backtrack without limit)');
    if (max > min) this.choicePoints++;
    const quantifier = max === Infinity ? (min === 0 ? '*' : min === 1 ? '+' : `{${min},}`) : min === max ? `{${min}}` : `{${min},${max}}`;
    const atom = last.lookaround ? `(?:${last.source})` : last.source;
    items[items.length - 1] = { source: atom + quantifier + (lazy ? '?' : ''), repeated: true, choice: last.choice || max > min };
  }

  private escape(): Item {
    const c = this.peek();
    if (c === undefined) throw new PyRegexError('bad escape (end of pattern)');
    this.pos++;
    switch (c) {
      case 'A':
        return { source: AT_START, anchor: true };
      case 'Z':
        return { source: AT_END, anchor: true };
      case 'b':
        return { source: BOUNDARY, anchor: true, boundary: true };
      case 'B':
        return { source: NON_BOUNDARY, anchor: true };
      case 'd':
      case 'D':
      case 's':
      case 'S':
      case 'w':
      case 'W':
        return { source: CATEGORY_ATOM[c] };
    }
    if (c in CONTROL_ESCAPES) return { source: hex(CONTROL_ESCAPES[c]) };
    const code = this.numericEscape(c);
    if (code !== undefined) return { source: hex(code) };
    if (c === '0') return { source: hex(this.octalDigits('0', 2)) };
    if (DIGIT.test(c)) {
      // Python reads `\NNN` with three octal digits as a character, anything else as a group reference.
      let digits = c;
      if (DIGIT.test(this.peek() ?? '')) {
        digits += this.chars[this.pos++];
        if (OCTAL.test(digits[0]) && OCTAL.test(digits[1]) && OCTAL.test(this.peek() ?? '')) {
          digits += this.chars[this.pos++];
          const value = parseInt(digits, 8);
          if (value > 0o377) throw new PyRegexError(`octal escape value \\${digits} outside of range 0-0o377`);
          return { source: hex(value) };
        }
      }
      this.checkReference(Number(digits));
      this.notReproduced('backreference');
      return { source: '(?:)' };
    }
    if (ASCII_LETTER.test(c)) throw new PyRegexError(`bad escape \\${c}`);
    return literalItem(c);
  }

  /** `\x..`, `\u....`, `\U........` and `\N{...}`: undefined when `c` starts none of them. */
  private numericEscape(c: string): number | undefined {
    const width = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
    if (width) {
      let digits = '';
      while (digits.length < width && HEX_DIGIT.test(this.peek() ?? '')) digits += this.chars[this.pos++];
      if (digits.length !== width) throw new PyRegexError(`incomplete escape \\${c}${digits}`);
      const value = parseInt(digits, 16);
      if (value > 0x10ffff) throw new PyRegexError(`bad escape \\${c}${digits}`);
      return value;
    }
    if (c === 'N') {
      if (this.peek() !== '{') throw new PyRegexError('missing {');
      const close = this.chars.indexOf('}', this.pos + 1);
      if (close < 0 || close === this.pos + 1) throw new PyRegexError('missing character name');
      this.pos = close + 1;
      this.notReproduced('\\N{...} named character');
      return 0;
    }
    return undefined;
  }

  /** Up to `more` further octal digits after `first`. */
  private octalDigits(first: string, more: number): number {
    let digits = first;
    while (digits.length <= more && OCTAL.test(this.peek() ?? '')) digits += this.chars[this.pos++];
    return parseInt(digits, 8);
  }

  private classEscape(): ClassItem {
    const c = this.peek();
    if (c === undefined) throw new PyRegexError('bad escape (end of pattern)');
    this.pos++;
    if (c === 'b') return { kind: 'char', code: 8 };
    if (c in CONTROL_ESCAPES) return { kind: 'char', code: CONTROL_ESCAPES[c] };
    if ('dDsSwW'.includes(c)) return { kind: 'category', name: c as Category };
    const code = this.numericEscape(c);
    if (code !== undefined) return { kind: 'char', code };
    if (OCTAL.test(c)) {
      const value = this.octalDigits(c, 2);
      if (value > 0o377) throw new PyRegexError('octal escape value outside of range 0-0o377');
      return { kind: 'char', code: value };
    }
    if (DIGIT.test(c) || ASCII_LETTER.test(c)) throw new PyRegexError(`bad escape \\${c}`);
    return { kind: 'char', code: c.codePointAt(0)! };
  }

  private classAtom(c: string): ClassItem {
    return c === '\\' ? this.classEscape() : { kind: 'char', code: c.codePointAt(0)! };
  }

  /** A `[...]` set; the opening bracket is consumed. */
  private characterClass(): string {
    const negate = this.peek() === '^';
    if (negate) this.pos++;
    const items: ClassItem[] = [];
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new PyRegexError('unterminated character set');
      this.pos++;
      // A "]" right after "[" or "[^" is a member, as in Python.
      if (c === ']' && items.length > 0) break;
      const first = this.classAtom(c);
      if (this.peek() === '-') {
        this.pos++;
        const next = this.peek();
        if (next === undefined) throw new PyRegexError('unterminated character set');
        this.pos++;
        if (next === ']') {
          items.push(first, { kind: 'char', code: 0x2d });
          break;
        }
        const second = this.classAtom(next);
        if (first.kind !== 'char' || second.kind !== 'char' || second.code < first.code) throw new PyRegexError('bad character range');
        items.push({ kind: 'range', lo: first.code, hi: second.code });
      } else items.push(first);
    }
    return emitClass(items, negate);
  }

  /** A group; the "(" is consumed. Returns undefined for a comment, which leaves nothing to repeat. */
  private group(depth: number, first: boolean): Item | undefined {
    if (this.peek() !== '?') return this.capture(depth);
    this.pos++;
    const c = this.peek();
    if (c === undefined) throw new PyRegexError('unexpected end of pattern');
    this.pos++;
    if (c === ':') return { source: `(?:${this.groupBody(depth)})` };
    if (c === '#') {
      // Python's tokenizer pairs a backslash with the next character, so "\)" does not end the comment.
      while (this.peek() !== ')') {
        if (this.peek() === undefined) throw new PyRegexError('missing ), unterminated comment');
        this.pos += this.peek() === '\\' ? 2 : 1;
      }
      this.pos++;
      return undefined;
    }
    if (c === '=' || c === '!') return { source: `(?${c}${this.groupBody(depth)})`, lookaround: true };
    if (c === '<') {
      const kind = this.peek();
      if (kind === undefined) throw new PyRegexError('unexpected end of pattern');
      if (kind !== '=' && kind !== '!') throw new PyRegexError(`unknown extension ?<${kind}`);
      this.pos++;
      this.groupBody(depth);
      this.notReproduced('lookbehind');
      return { source: '(?:)', lookaround: true };
    }
    if (c === 'P') {
      const kind = this.peek();
      if (kind === '<') {
        this.pos++;
        const name = this.groupName('>');
        if (this.groupNames.has(name)) throw new PyRegexError(`redefinition of group name ${JSON.stringify(name)}`);
        this.groupNames.set(name, this.opened + 1);
        return this.capture(depth);
      }
      if (kind === '=') {
        this.pos++;
        const name = this.groupName(')');
        const group = this.groupNames.get(name);
        if (group === undefined) throw new PyRegexError(`unknown group name ${JSON.stringify(name)}`);
        this.checkReference(group);
        this.notReproduced('backreference');
        return { source: '(?:)' };
      }
      if (kind === undefined) throw new PyRegexError('unexpected end of pattern');
      throw new PyRegexError(`unknown extension ?P${kind}`);
    }
    if (c === '(') return this.conditional(depth);
    if (c === '>') {
      this.notReproduced('atomic group');
      return { source: `(?:${this.groupBody(depth)})` };
    }
    if (FLAG_LETTERS.includes(c) || c === '-') {
      const scoped = this.checkInlineFlags(c);
      this.notReproduced('inline flags');
      if (scoped) return { source: `(?:${this.groupBody(depth)})` };
      if (!first) throw new PyRegexError('global flags not at the start of the expression');
      return undefined;
    }
    throw new PyRegexError(`unknown extension ?${c}`);
  }

  /** `(?(group)yes|no)`: checked like Python, then reported as not reproduced. */
  private conditional(depth: number): Item {
    const name = this.groupName(')', false);
    if (/^[\p{ID_Start}_][\p{ID_Continue}]*$/u.test(name)) {
      if (!this.groupNames.has(name)) throw new PyRegexError(`unknown group name ${JSON.stringify(name)}`);
    } else {
      if (!/^\p{Nd}+$/u.test(name)) throw new PyRegexError(`bad character in group name ${JSON.stringify(name)}`);
      // Python's int() also reads other scripts' digits; only ASCII numbers are checked further here.
      if (/^[0-9]+$/.test(name)) {
        const group = Number(name);
        if (group === 0) throw new PyRegexError('bad group number');
        this.forwardReferences.push(group);
      }
    }
    this.sequence(depth + 1, false);
    if (this.peek() === '|') {
      this.pos++;
      this.sequence(depth + 1, false);
      if (this.peek() === '|') throw new PyRegexError('conditional backref with more than two branches');
    }
    if (this.peek() !== ')') throw new PyRegexError('missing ), unterminated subpattern');
    this.pos++;
    this.notReproduced('conditional group');
    return { source: '(?:)' };
  }

  private capture(depth: number): Item {
    const group = ++this.opened;
    const body = this.groupBody(depth);
    this.closed.add(group);
    return { source: `(${body})` };
  }

  /** Python refuses references to groups not opened yet, or still open; valid ones we do not reproduce. */
  private checkReference(group: number): void {
    if (group > this.opened) throw new PyRegexError(`invalid group reference ${group}`);
    if (!this.closed.has(group)) throw new PyRegexError('cannot refer to an open group');
  }

  private groupBody(depth: number): string {
    const body = this.alternation(depth + 1);
    if (this.peek() !== ')') throw new PyRegexError('missing ), unterminated subpattern');
    this.pos++;
    return body;
  }

  private groupName(terminator: string, identifier = true): string {
    let name = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new PyRegexError(name ? `missing ${terminator}, unterminated name` : 'missing group name');
      this.pos++;
      if (c === terminator) break;
      name += c;
    }
    if (!name) throw new PyRegexError('missing group name');
    if (identifier && !/^[\p{ID_Start}_][\p{ID_Continue}]*$/u.test(name)) throw new PyRegexError(`bad character in group name ${JSON.stringify(name)}`);
    return name;
  }

  /**
   * Raises the errors CPython's inline-flag parser raises for a str pattern. Returns true for scoped flags
   * `(?x:...)` (the body follows), false for global ones `(?x)`.
   */
  private checkInlineFlags(first: string): boolean {
    let c: string | undefined = first;
    let add = '';
    if (c !== '-') {
      for (;;) {
        if (c === 'L') throw new PyRegexError("bad inline flags: cannot use 'L' flag with a str pattern");
        add += c;
        if ((add.includes('a') ? 1 : 0) + (add.includes('u') ? 1 : 0) > 1) throw new PyRegexError("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
        c = this.chars[this.pos++];
        if (c === undefined) throw new PyRegexError('missing -, : or )');
        if (c === ')' || c === '-' || c === ':') break;
        if (!FLAG_LETTERS.includes(c)) throw new PyRegexError(/\p{L}/u.test(c) ? 'unknown flag' : 'missing -, : or )');
      }
    }
    if (c === ')') return false;
    // 't' (TEMPLATE) is CPython 3.11's one global-only flag.
    if (add.includes('t')) throw new PyRegexError('bad inline flags: cannot turn on global flag');
    let removed = '';
    if (c === '-') {
      c = this.chars[this.pos++];
      if (c === undefined) throw new PyRegexError('missing flag');
      if (!FLAG_LETTERS.includes(c)) throw new PyRegexError(/\p{L}/u.test(c) ? 'unknown flag' : 'missing flag');
      for (;;) {
        if ('auL'.includes(c)) throw new PyRegexError("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
        removed += c;
        c = this.chars[this.pos++];
        if (c === undefined) throw new PyRegexError('missing :');
        if (c === ':') break;
        if (!FLAG_LETTERS.includes(c)) throw new PyRegexError(/\p{L}/u.test(c) ? 'unknown flag' : 'missing :');
      }
    }
    if (removed.includes('t')) throw new PyRegexError('bad inline flags: cannot turn off global flag');
    if ([...removed].some((f) => add.includes(f))) throw new PyRegexError('bad inline flags: flag turned on and off');
    return true;
  }
}

function literal(c: string): string {
  return /^[A-Za-z0-9]$/.test(c) ? c : hex(c.codePointAt(0)!);
}

function literalItem(c: string): Item {
  return { source: literal(c), literalWord: WORD_CHAR.test(c) };
}

/**
 * A Python set as JavaScript. Sets holding `\W` cannot be written as one JavaScript class with the `u` flag
 * (no class complement inside a class), so those become an alternation.
 */
function emitClass(items: readonly ClassItem[], negate: boolean): string {
  const plain: string[] = [];
  let nonWord = false;
  for (const item of items) {
    if (item.kind === 'char') plain.push(hex(item.code));
    else if (item.kind === 'range') plain.push(`${hex(item.lo)}-${hex(item.hi)}`);
    else if (item.name === 'd') plain.push('\\p{Nd}');
    else if (item.name === 'D') plain.push('\\P{Nd}');
    else if (item.name === 'w') plain.push(WORD);
    else if (item.name === 's') plain.push(SPACE);
    else if (item.name === 'S') plain.push(...complementOfSpace());
    else nonWord = true;
  }
  const set = `[${plain.join('')}]`;
  if (!nonWord) return negate ? `[^${plain.join('')}]` : set;
  const union = `(?:${set}|[^${WORD}])`;
  return negate ? `(?:(?!${union})${ANY})` : union;
}

function complementOfSpace(): string[] {
  const out: string[] = [];
  let from = 0;
  for (const code of SPACE_CODES) {
    if (code > from) out.push(`${hex(from)}-${hex(code - 1)}`);
    from = code + 1;
  }
  out.push(`${hex(from)}-${hex(0x10ffff)}`);
  return out;
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
  const regex = new RegExp(jsSource, 'gu');
  return {
    jsSource,
    choicePoints,
    search(text: string): boolean {
      const budget = choicePoints === 1 ? SINGLE_CHOICE_BUDGET : SEARCH_BUDGET;
      if (choicePoints >= 1 && Math.pow(text.length, choicePoints + 1) > budget) {
        throw new PyRegexUnsupported(`pattern with ${choicePoints} repeats or alternatives on a ${text.length}-character text (its search could backtrack for too long)`);
      }
      regex.lastIndex = 0;
      for (;;) {
        const match = regex.exec(text);
        if (!match) return false;
        if (!insidePair(text, match.index)) return true;
        regex.lastIndex = match.index + 1;
      }
    },
  };
}

function insidePair(text: string, index: number): boolean {
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

const cache = new Map<string, PyPattern | PyRegexError | PyRegexUnsupported>();
const CACHE_LIMIT = 1000;

/**
 * `bool(re.search(pattern, text, flags))`. Throws {@link PyRegexError} where Python raises, and
 * {@link PyRegexUnsupported} for constructs we do not reproduce. Compiled patterns are cached.
 */
export function pySearch(pattern: string, text: string, flags: PyRegexFlags = {}): boolean {
  const key = (flags.multiline ? 'm:' : '-:') + pattern;
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
