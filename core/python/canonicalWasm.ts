/**
 * The canonical pass's fast path: `wasm/canonical.ts`, compiled to WebAssembly (`canonicalWasmModule.ts`), reads
 * the texts a harness writes (any key order, Python's escapes and float reprs) straight into the bytes of
 * `json.dumps(sort_keys=True, ensure_ascii=False)`. It declines whatever it cannot write byte for byte (see the
 * module's header): `canonicalFast` then returns undefined and `canonicalPyJson` runs its own pass. A float lexeme
 * the module cannot tell is its own repr is checked here against `pyFloatRepr`; one that is not declines too.
 *
 * The module keeps its memory between calls: the input, the output and the side regions are laid out afresh for
 * each text. Texts past MAX_FAST_TEXT go to the other pass, so the memory never grows past about 25 MiB.
 * Where WebAssembly cannot be compiled (a browser's main thread refusing a synchronous compile, a policy), the
 * fast path is off and every text takes the other pass. The extension's bundles are built without this file
 * (scripts/build.mjs): there `canonicalFast` always declines.
 */
import { CANONICAL_WASM } from './canonicalWasmModule';
import { pyFloatRepr } from './json';

/** The little of the WebAssembly API used here (core's lib, ES2022, does not declare it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
};

interface Engine {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  canonical(
    input: number,
    length: number,
    out: number,
    scratch: number,
    records: number,
    recordCap: number,
    order: number,
    spare: number,
    floats: number,
    floatCap: number,
    blank: number,
    blankLength: number,
    results: number,
  ): number;
}

/** The UTF-8 of the names `CanonicalOptions` asks about, looked for among keys (one array a name). */
export interface CanonicalWanted {
  blank: Uint8Array | undefined;
  captureRoot: Uint8Array | undefined;
  captureMember: Uint8Array | undefined;
  roots: (Uint8Array | undefined)[];
  members: (Uint8Array | undefined)[];
}

/**
 * What `canonicalFast` reads: a `CanonicalJson` (the text is well formed whenever it answers). The bytes are views
 * of the module's memory, valid until the next call.
 */
export interface FastCanonical {
  bytes: Uint8Array;
  wellFormed: true;
  object: boolean;
  strings: (string | undefined)[];
  captured?: Uint8Array;
}

/** Longest text (in UTF-16 units) the fast path takes. */
export const MAX_FAST_TEXT = 1 << 20;

const PAGE = 1 << 16;
/** A member record of the module: key start and end (input), member start and end (output), value start and end (input), key prefix. */
const RECORD_WORDS = 7;
const MAX_RECORDS = 1 << 16;

let engine: Engine | null | undefined;
/** Where the regions start: past the module's own data. */
let base = 0;
/** Views of the module's memory, made again when it grows. */
let heap = new Uint8Array(0);
let words = new Int32Array(0);

function loadEngine(): Engine | null {
  if (engine !== undefined) return engine;
  try {
    const bytes = Uint8Array.from(atob(CANONICAL_WASM), (c) => c.charCodeAt(0));
    engine = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as Engine;
    // Past the module's own data, eight bytes for the results before the input.
    base = engine.memory.buffer.byteLength + 8;
  } catch {
    engine = null;
  }
  return engine;
}

const align8 = (n: number): number => (n + 7) & ~7;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The regions of one call, in bytes of the module's memory. */
interface Layout {
  /** Two i32s the module writes: the root's member count (-1: not an object), the float lexemes' bytes. */
  results: number;
  input: number;
  inputCap: number;
  out: number;
  scratch: number;
  records: number;
  recordCap: number;
  order: number;
  spare: number;
  floats: number;
  floatCap: number;
  blank: number;
  end: number;
}

/** The regions of the current call: one object, laid out afresh for each text by `layoutFor`. */
const layout: Layout = {
  results: 0,
  input: 0,
  inputCap: 0,
  out: 0,
  scratch: 0,
  records: 0,
  recordCap: 0,
  order: 0,
  spare: 0,
  floats: 0,
  floatCap: 0,
  blank: 0,
  end: 0,
};

/** `layout` set for a text of `bytes` UTF-8 bytes, from `base` (the output is at most twice the input). */
function layoutFor(bytes: number, blankLength: number): Layout {
  layout.results = base - 8;
  layout.input = base;
  layout.inputCap = bytes + 8;
  layout.out = align8(layout.input + layout.inputCap);
  const outCap = 2 * bytes + 64;
  layout.scratch = layout.out + outCap;
  layout.records = align8(layout.scratch + outCap);
  layout.recordCap = Math.min((bytes >> 2) + 16, MAX_RECORDS);
  layout.order = layout.records + layout.recordCap * RECORD_WORDS * 4;
  layout.spare = layout.order + layout.recordCap * 4;
  layout.floats = layout.spare + layout.recordCap * 4;
  // Twice the input: a second call's scratch, once the float lexemes are read.
  layout.floatCap = 2 * bytes + 64;
  layout.blank = layout.floats + layout.floatCap;
  layout.end = layout.blank + blankLength;
  return layout;
}

function ensureMemory(e: Engine, end: number): void {
  const have = e.memory.buffer.byteLength;
  if (end > have) e.memory.grow(Math.ceil((end - have) / PAGE));
  if (heap.buffer !== e.memory.buffer) {
    heap = new Uint8Array(e.memory.buffer);
    words = new Int32Array(e.memory.buffer);
  }
}

/** A root member of the last call: its value's token in the input and its bytes in the output. */
interface Member {
  outStart: number;
  outEnd: number;
  valueStart: number;
  valueEnd: number;
}

function sameBytes(memory: Uint8Array, start: number, end: number, name: Uint8Array): boolean {
  if (end - start !== name.length) return false;
  for (let k = 0; k < name.length; k++) if (memory[start + k] !== name[k]) return false;
  return true;
}

/** The root member named `name` after a call (keys are unique: the module declines a repeated one). */
function rootMember(layout: Layout, name: Uint8Array): Member | undefined {
  const count = words[layout.results >> 2];
  for (let k = 0; k < count; k++) {
    const r = (layout.records >> 2) + words[(layout.order >> 2) + k] * RECORD_WORDS;
    const keyStart = words[r];
    const keyEnd = words[r + 1];
    if (!sameBytes(heap, keyStart, keyEnd, name)) continue;
    return { outStart: words[r + 2] + (keyEnd - keyStart) + 4, outEnd: words[r + 3], valueStart: words[r + 4], valueEnd: words[r + 5] };
  }
  return undefined;
}

/** The value of a JSON string token of the input, or undefined when the token is not a string. */
function stringToken(start: number, end: number): string | undefined {
  if (heap[start] !== 0x22) return undefined;
  const body = heap.subarray(start + 1, end - 1);
  const value = decoder.decode(body);
  return body.includes(0x5c) ? (JSON.parse(`"${value}"`) as string) : value;
}

/** The module's pass over `[input, input + length)`, writing at `out` with `scratch` beside it. */
function call(e: Engine, layout: Layout, input: number, length: number, out: number, scratch: number, blankLength: number): number {
  return e.canonical(
    input,
    length,
    out,
    scratch,
    layout.records,
    layout.recordCap,
    layout.order,
    layout.spare,
    layout.floats,
    layout.floatCap,
    layout.blank,
    blankLength,
    layout.results,
  );
}

/** Whether every float lexeme the module listed (each followed by a space) is its value's repr (else the other pass rewrites it). */
function floatsAreReprs(layout: Layout): boolean {
  const size = words[(layout.results >> 2) + 1];
  if (size === 0) return true;
  const lexemes = decoder.decode(heap.subarray(layout.floats, layout.floats + size - 1)).split(' ');
  for (const lexeme of lexemes) if (pyFloatRepr(Number(lexeme)) !== lexeme) return false;
  return true;
}

/**
 * The canonical bytes of `text` and what `wanted` asks of them, as `canonicalPyJson` gives them; undefined when the
 * fast path declines the text (then the caller's own pass answers, refusals included). `utf8`, when given, must be
 * the text's UTF-8 (a file's bytes checked well formed): it is read instead of encoding the text again.
 */
export function canonicalFast(text: string, wanted: CanonicalWanted, utf8?: Uint8Array): FastCanonical | undefined {
  if (text.length > MAX_FAST_TEXT) return undefined;
  const e = loadEngine();
  if (!e) return undefined;
  const blankLength = wanted.blank?.length ?? 0;
  // The text's UTF-8 first (copied when the caller has it, else encoded: at most three bytes a UTF-16 unit), then
  // the regions sized for its length.
  let n: number;
  if (utf8) {
    ensureMemory(e, base + utf8.length + 8);
    heap.set(utf8, base);
    n = utf8.length;
  } else {
    ensureMemory(e, base + text.length * 3 + 8);
    n = encoder.encodeInto(text, heap.subarray(base, base + text.length * 3)).written;
  }
  const layout = layoutFor(n, blankLength);
  ensureMemory(e, layout.end);
  heap.fill(0, base + n, base + n + 8);
  if (wanted.blank) heap.set(wanted.blank, layout.blank);
  const length = call(e, layout, layout.input, n, layout.out, layout.scratch, blankLength);
  if (length < 0 || !floatsAreReprs(layout)) return undefined;
  const strings: (string | undefined)[] = new Array<string | undefined>(wanted.roots.length).fill(undefined);
  const result: FastCanonical = { bytes: heap.subarray(layout.out, layout.out + length), wellFormed: true, object: words[layout.results >> 2] >= 0, strings };
  if (!result.object) return result;
  // The root members the paths name, found before a second call reuses the regions (a name is one array: see
  // CanonicalWanted).
  const names: Uint8Array[] = [];
  const members: (Member | undefined)[] = [];
  const memberOf = (name: Uint8Array): Member | undefined => members[names.indexOf(name)];
  for (const name of wanted.roots.concat(wanted.captureRoot)) {
    if (name === undefined || names.includes(name)) continue;
    names.push(name);
    members.push(rootMember(layout, name));
  }
  for (let w = 0; w < wanted.roots.length; w++) {
    const name = wanted.roots[w];
    const member = name === undefined ? undefined : memberOf(name);
    if (member !== undefined && wanted.members[w] === undefined) strings[w] = stringToken(member.valueStart, member.valueEnd);
  }
  // A path [root, member]: the root's value, when an object, read again on its own (once a root), its members found alike.
  for (let r = 0; r < names.length; r++) {
    const root = names[r];
    const captures = root === wanted.captureRoot && wanted.captureMember !== undefined;
    let paths = false;
    for (let w = 0; w < wanted.roots.length; w++) if (wanted.roots[w] === root && wanted.members[w] !== undefined) paths = true;
    if ((!paths && !captures) || !readAlone(e, layout, members[r])) continue;
    for (let w = 0; w < wanted.roots.length; w++) {
      const member = wanted.members[w];
      if (wanted.roots[w] !== root || member === undefined) continue;
      const found = rootMember(layout, member);
      if (found) strings[w] = stringToken(found.valueStart, found.valueEnd);
    }
    if (captures) {
      const found = rootMember(layout, wanted.captureMember as Uint8Array);
      if (found && heap[found.outStart] === 0x7b) result.captured = heap.subarray(found.outStart, found.outEnd);
    }
  }
  return result;
}

/** Reads a root member's value again on its own when it is an object (so that `rootMember` finds its members). */
function readAlone(e: Engine, layout: Layout, member: Member | undefined): boolean {
  if (member === undefined || heap[member.valueStart] !== 0x7b) return false;
  // Written beside the first call's output (kept), with the float list's region (read already) as its scratch.
  return call(e, layout, member.valueStart, member.valueEnd - member.valueStart, layout.scratch, layout.floats, 0) >= 0;
}
