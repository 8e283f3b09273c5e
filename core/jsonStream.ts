import { setOwn } from './json';

/**
 * A JSON parser fed text a piece at a time (pieces cut anywhere: inside a string, an escape, a number or a
 * surrogate pair), giving the same value as `JSON.parse` of the whole text: same keys in the same order (the
 * last of duplicate keys wins, in the place of the first), `__proto__` an own key, numbers read by `Number` of
 * their text (so as `JSON.parse` rounds them), strings with every escape and lone surrogate kept. What it refuses
 * `JSON.parse` refuses (and the other way round), with the offset in the text where it stopped.
 *
 * What it is for: reading a file too large to hold as text and as a value at once. The caller may ask for the
 * elements of a member array of the top-level object (`streamMember`) one by one: each is handed over as soon
 * as it is complete, and the array in the value stays empty (a marker the caller recognises), so only what the
 * caller keeps of each element stays alive. Every string the parser returns is its own copy: none keeps a
 * piece alive (a V8 slice of a piece would hold the whole piece).
 *
 * Pure, no recursion (an explicit stack: nesting is bounded by memory alone, as `JSON.parse`'s); each piece is
 * scanned once, each character looked at a bounded number of times.
 */

export class JsonStreamError extends Error {
  constructor(
    message: string,
    /** Offset in the whole text (UTF-16 units) where the parser stopped. */
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
  }
}

/** The elements of a top-level member array, handed over one by one. */
export interface MemberSink {
  /** What the member holds in the parsed value (an empty array): the caller knows its sink by it. */
  readonly marker: unknown[];
  add(value: unknown): void;
}

export interface JsonStreamOptions {
  /** Called when the top-level object's member `key` opens an array: a sink takes its elements, or null keeps them in the array. */
  streamMember?: (key: string) => MemberSink | null;
}

type Container = Record<string, unknown> | unknown[];

interface Frame {
  container: Container;
  isArray: boolean;
  /** The member whose value comes next (objects). */
  key: string;
  sink: MemberSink | null;
}

const enum State {
  /** A value must come (the text's first, an array's element after `,`, a member's after `:`). */
  Value,
  /** A value or `]` (just after `[`). */
  ValueOrClose,
  /** `,` or the closing bracket, or the end of the text at the top. */
  AfterValue,
  /** A key must come (after `,` in an object). */
  Key,
  /** A key or `}` (just after `{`). */
  KeyOrClose,
  Colon,
  String,
  Number,
  Literal,
  End,
}

const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** A string that holds nothing else alive: in V8 a slice of 13 units or more is a view of its parent. */
export const ownCopy = (s: string): string => (s.length < 13 ? s : (s + ' ').slice(0, -1));

const SHORT_LENGTH = 16;
const SHORT_STRINGS = 4096;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isNumberChar = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
const isLetter = (c: number) => c >= 0x61 && c <= 0x7a;

export class JsonStreamParser {
  private state: State = State.Value;
  private readonly stack: Frame[] = [];
  private root: unknown = undefined;
  /** Offset of the current piece's first unit in the whole text. */
  private base = 0;
  /** The string being read: its finished parts, and whether it is a key. */
  private parts: string[] = [];
  private stringIsKey = false;
  /** Inside a string: 0 plain, 1 after `\`, 2..5 reading the 4 hex digits of `\u`. */
  private escape = 0;
  private hex = '';
  /** A number's or literal's text so far. */
  private token = '';
  private tokenStart = 0;

  /**
   * Short strings kept once each (a field like `"segment": "development"` is the same few texts in every element):
   * at most `SHORT_STRINGS` of them, each at most `SHORT_LENGTH` units.
   */
  private readonly short = new Map<string, string>();

  constructor(private readonly options: JsonStreamOptions = {}) {}

  private once(text: string): string {
    if (text.length > SHORT_LENGTH) return text;
    const known = this.short.get(text);
    if (known !== undefined) return known;
    if (this.short.size < SHORT_STRINGS) this.short.set(text, text);
    return text;
  }

  private fail(message: string, at: number): never {
    throw new JsonStreamError(message, at);
  }

  /** Feeds the next piece of the text. */
  push(piece: string): void {
    const n = piece.length;
    let i = 0;
    // Each step consumes at least one unit of the piece, or moves a state without consuming (bounded: a token's
    // end moves to AfterValue, which consumes).
    for (let guard = 0; i < n; guard++) {
      if (guard > 2 * n + 2) this.fail('internal: no progress', this.base + i);
      const c = piece.charCodeAt(i);
      switch (this.state) {
        case State.String: {
          i = this.readString(piece, i);
          break;
        }
        case State.Number: {
          let j = i;
          while (j < n && isNumberChar(piece.charCodeAt(j))) j++;
          this.token += piece.slice(i, j);
          i = j;
          if (j < n) this.endNumber();
          break;
        }
        case State.Literal: {
          let j = i;
          while (j < n && isLetter(piece.charCodeAt(j))) j++;
          this.token += piece.slice(i, j);
          i = j;
          if (this.token.length > 5) this.fail('unexpected literal', this.tokenStart);
          if (j < n) this.endLiteral();
          break;
        }
        default: {
          if (isSpace(c)) {
            i++;
            break;
          }
          this.structural(c, this.base + i);
          i++;
        }
      }
    }
    this.base += n;
  }

  /** The end of the text: the parsed value. */
  end(): unknown {
    if (this.state === State.Number) this.endNumber();
    else if (this.state === State.Literal) this.endLiteral();
    if (this.state !== State.End) this.fail(this.state === State.String ? 'unterminated string' : 'unexpected end of the text', this.base);
    return this.root;
  }

  /** One structural character (not whitespace) in a state outside strings and tokens. */
  private structural(c: number, at: number): void {
    switch (this.state) {
      case State.Value:
      case State.ValueOrClose:
        if (c === 0x5d && this.state === State.ValueOrClose) return this.close(true, at);
        return this.startValue(c, at);
      case State.AfterValue: {
        const top = this.stack[this.stack.length - 1];
        if (!top) return this.fail('unexpected character after the value', at);
        if (c === 0x2c) {
          this.state = top.isArray ? State.Value : State.Key;
          return;
        }
        if (c === (top.isArray ? 0x5d : 0x7d)) return this.close(top.isArray, at);
        return this.fail(`expected , or ${top.isArray ? ']' : '}'}`, at);
      }
      case State.Key:
      case State.KeyOrClose:
        if (c === 0x7d && this.state === State.KeyOrClose) return this.close(false, at);
        if (c !== 0x22) return this.fail('expected a key in double quotes', at);
        this.startString(true, at);
        return;
      case State.Colon:
        if (c !== 0x3a) return this.fail('expected :', at);
        this.state = State.Value;
        return;
      case State.End:
        return this.fail('unexpected character after the value', at);
      default:
        return this.fail('internal: bad state', at);
    }
  }

  private startValue(c: number, at: number): void {
    if (c === 0x22) return this.startString(false, at);
    if (c === 0x7b) return this.open(false);
    if (c === 0x5b) return this.open(true);
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      this.state = State.Number;
      this.token = String.fromCharCode(c);
      this.tokenStart = at;
      return;
    }
    if (isLetter(c)) {
      this.state = State.Literal;
      this.token = String.fromCharCode(c);
      this.tokenStart = at;
      return;
    }
    this.fail('unexpected character', at);
  }

  private startString(isKey: boolean, at: number): void {
    this.state = State.String;
    this.stringIsKey = isKey;
    this.parts = [];
    this.escape = 0;
    this.tokenStart = at;
  }

  private open(isArray: boolean): void {
    const parent = this.stack[this.stack.length - 1];
    const sink = isArray && this.stack.length === 1 && parent && !parent.isArray && this.options.streamMember ? this.options.streamMember(parent.key) : null;
    const container: Container = sink ? sink.marker : isArray ? [] : {};
    this.stack.push({ container, isArray, key: '', sink });
    this.state = isArray ? State.ValueOrClose : State.KeyOrClose;
  }

  private close(isArray: boolean, at: number): void {
    const frame = this.stack.pop();
    if (!frame || frame.isArray !== isArray) this.fail('internal: unbalanced', at);
    this.value(frame.container);
  }

  /** A complete value: into its container (or its sink), or the root. */
  private value(v: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      this.root = v;
      this.state = State.End;
      return;
    }
    if (top.isArray) {
      if (top.sink) top.sink.add(v);
      else (top.container as unknown[]).push(v);
    } else setOwn(top.container as Record<string, unknown>, top.key, v);
    this.state = State.AfterValue;
  }

  private endNumber(): void {
    const text = this.token;
    this.token = '';
    if (!NUMBER.test(text)) this.fail('bad number', this.tokenStart);
    this.value(Number(text));
  }

  private endLiteral(): void {
    const text = this.token;
    this.token = '';
    if (text === 'true') this.value(true);
    else if (text === 'false') this.value(false);
    else if (text === 'null') this.value(null);
    else this.fail('unexpected literal', this.tokenStart);
  }

  /** Reads string units from `i`; returns where it stopped (past the closing quote, or the piece's end). */
  private readString(piece: string, i: number): number {
    const n = piece.length;
    let from = i;
    while (i < n) {
      if (this.escape === 0) {
        const c = piece.charCodeAt(i);
        if (c === 0x22) {
          this.keep(piece, from, i);
          this.endString();
          return i + 1;
        }
        if (c < 0x20) this.fail('control character in a string', this.base + i);
        if (c === 0x5c) {
          this.keep(piece, from, i);
          this.escape = 1;
          from = i + 1;
        }
        i++;
      } else if (this.escape === 1) {
        const e = piece[i];
        if (e === 'u') {
          this.escape = 2;
          this.hex = '';
        } else {
          if (!Object.hasOwn(ESCAPES, e)) this.fail('bad escape', this.base + i);
          this.parts.push(ESCAPES[e]);
          this.escape = 0;
        }
        i++;
        from = i;
      } else {
        const c = piece.charCodeAt(i);
        const hexDigit = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
        if (!hexDigit) this.fail('bad \\u escape', this.base + i);
        this.hex += piece[i];
        i++;
        if (this.hex.length === 4) {
          this.parts.push(String.fromCharCode(parseInt(this.hex, 16)));
          this.escape = 0;
        }
        from = i;
      }
    }
    if (this.escape === 0) this.keep(piece, from, i);
    return i;
  }

  private keep(piece: string, from: number, to: number): void {
    if (to > from) this.parts.push(piece.slice(from, to));
  }

  private endString(): void {
    const parts = this.parts;
    const text = this.once(parts.length === 0 ? '' : parts.length === 1 ? ownCopy(parts[0]) : ownCopy(parts.join('')));
    this.parts = [];
    if (this.stringIsKey) {
      const top = this.stack[this.stack.length - 1];
      top.key = text;
      this.state = State.Colon;
    } else this.value(text);
  }
}

/** The value of a text given in pieces (the plain twin of the whole-text `JSON.parse`, for tests and small inputs). */
export function parseJsonPieces(pieces: Iterable<string>, options?: JsonStreamOptions): unknown {
  const parser = new JsonStreamParser(options);
  for (const piece of pieces) parser.push(piece);
  return parser.end();
}
