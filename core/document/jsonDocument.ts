import * as jsonc from 'jsonc-parser';
import { TextModel } from '../text/textModel';
import type { Lines, Span } from '../text/lineIndex';
import { firstEndingAfter, itemAt, itemCount } from './spanTree';
import { KNOWN_ITEMS_LIMIT, knownItem, knownItemsOn, readKnownArray, scanKnownArray, type KnownItem } from './knownItems';
import {
  MAX_DEPTH,
  scanContainer,
  scanStructure,
  skipWhitespace,
  structureOfParsed,
  type ContainerChildren,
  type DuplicateKey,
  type LineStarts,
  type Structure,
} from './scanner';

export type JsonPath = readonly (string | number)[];

/** Which part of the node at a path a finding points at: its key, its whole value, or its first character. */
export type NodePart = 'key' | 'value' | 'start';

export interface SyntaxError {
  span: Span;
  /** A jsonc-parser error name (`CommaExpected`…), or `NestingTooDeep` past MAX_DEPTH. */
  message: string;
}

/** The syntax error of a text nested deeper than MAX_DEPTH: such a text is not analysed at all. */
export const NESTING_TOO_DEEP = 'NestingTooDeep';

/** The error of a text longer than its reader's bound (`maxChars`): it is not parsed, nor analysed at all. */
export const TOO_LARGE = 'TooLarge';

export interface DocumentLimits {
  /** Longer texts are not parsed: an editor bounds what it analyses on each keystroke, the CLI does not. */
  maxChars?: number;
}

/** What an incremental edit carries over from the previous version (see `document/edit.ts`): valid JSON only. */
export interface DocumentParts {
  value: unknown;
  duplicateKeys: DuplicateKey[];
  /** The containers above the edited items (the root, the items array), whose children are the scan windows. */
  containers: Map<number, ContainerChildren | null>;
  /** Where the root value starts (an edit inside the items leaves it where it was). */
  valueStart: number;
}

/**
 * One parse of one version of a JSON text. Values come from `JSON.parse` (the fast path), or, for a root array
 * whose every item is a known item (`knownItems.ts`: a tests file validated before), from those items; positions are
 * found lazily, only for the paths a feature asks about, and cached per container. When the text is not
 * valid JSON, a fault-tolerant parse provides both the partial value and the positions.
 *
 * The text is a `TextModel` (positions, windows) and, only when a full pass needs it, one flat string built
 * from it once: a version derived by an edit (`document/edit.ts`) reads the items the edit touched, and scans the
 * containers a finding points into, through windows of the model, so a keystroke copies nothing of the rest.
 */
export class JsonDocument {
  /** The value, or this version's until an edit took its items array over (see `handOver`). */
  private current: unknown;
  private handedOver?: HandedOver;
  readonly syntaxErrors: SyntaxError[];
  /** Keys repeated in one object (the last one is the value); empty for a text too deep to analyse. */
  readonly duplicateKeys: DuplicateKey[];
  private source: TextModel | undefined;
  private flat: string | undefined;
  private readonly containers: Map<number, ContainerChildren | null> = new Map();
  /** The containers whose children bound the windows scans read when there is no flat text (see `children`). */
  private readonly windows: readonly ContainerChildren[] = [];
  private readonly tree?: jsonc.Node;
  readonly valueStart: number;
  /** The line starts the root's scan listed, kept for the text model until it is built (see `scanRoot`). */
  private lineStarts?: LineStarts;
  /** The known item of each item of a root array (see `knownItems`). */
  private known?: readonly (KnownItem | undefined)[];

  constructor(source: string | TextModel, parts?: DocumentParts, limits: DocumentLimits = {}) {
    if (typeof source === 'string') this.flat = source;
    else {
      this.source = source;
      if (source.isFlat) this.flat = source.toString();
    }
    if (limits.maxChars !== undefined && this.length > limits.maxChars) {
      // Not even JSON.parse: on a 200 MB file it alone holds the server for seconds.
      this.current = undefined;
      this.syntaxErrors = [{ span: { start: 0, end: Math.min(1, this.length) }, message: TOO_LARGE }];
      this.duplicateKeys = [];
      this.valueStart = 0;
      return;
    }
    if (parts) {
      // Derived from the previous version by an edit inside one array item: nothing to parse again.
      this.current = parts.value;
      this.syntaxErrors = [];
      this.duplicateKeys = parts.duplicateKeys;
      this.containers = parts.containers;
      this.windows = [...parts.containers.values()].filter((c): c is ContainerChildren => c !== null);
      this.valueStart = parts.valueStart;
      return;
    }
    const text = this.text;
    // A UTF-8 byte order mark is legal at the start of a file; skip it like editors do.
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    // A root array of known items (a tests file validated before, or a version of it): their values, no parse.
    const values = knownItemsOn() ? this.readKnown(text, bom) : undefined;
    if (values) {
      this.current = values;
      this.syntaxErrors = [];
      this.duplicateKeys = [];
      this.valueStart = skipWhitespace(text, bom);
      return;
    }
    let value: unknown;
    let errors: SyntaxError[] = [];
    let parsed = true;
    try {
      value = JSON.parse(bom ? text.slice(1) : text);
    } catch {
      parsed = false;
    }
    // Checked before anything recursive sees the text: jsonc-parser and the rules recurse once per level.
    const structure = parsed
      ? Array.isArray(value) && value.length <= KNOWN_ITEMS_LIMIT && knownItemsOn()
        ? this.structureOfArray(text, bom, value)
        : structureOfParsed(text, value, MAX_DEPTH)
      : scanStructure(text, false, MAX_DEPTH);
    const deep = structure.tooDeepAt;
    this.duplicateKeys = deep >= 0 ? [] : structure.duplicateKeys;
    if (deep >= 0) {
      value = undefined;
      errors = [{ span: { start: deep, end: deep + 1 }, message: NESTING_TOO_DEEP }];
    } else if (!parsed) {
      const parseErrors: jsonc.ParseError[] = [];
      this.tree = jsonc.parseTree(text, parseErrors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
      value = this.tree ? jsonc.getNodeValue(this.tree) : undefined;
      errors = parseErrors.map((e) => ({
        span: { start: e.offset, end: e.offset + Math.max(1, e.length) },
        message: jsonc.printParseErrorCode(e.error),
      }));
      if (errors.length === 0) errors.push({ span: { start: 0, end: Math.min(1, text.length) }, message: 'InvalidSymbol' });
    }
    this.current = value;
    this.syntaxErrors = errors;
    this.valueStart = skipWhitespace(text, bom);
  }

  /**
   * The structure of a text JSON.parse read as an array, proved by the scan of that array through the known items
   * (`scanKnownArray`): the scan a full validation needs anyway (the items' places, the line starts) then also
   * gives the counts `structureOfParsed` would make a pass of its own for. The scan is kept for the root's
   * children, with the items' known items, when the text is clean.
   */
  private structureOfArray(text: string, bom: number, value: unknown[]): Structure {
    const starts: LineStarts = [];
    const start = skipWhitespace(text, bom, starts);
    const scanned = scanKnownArray(text, start, value, starts);
    if (!scanned) return structureOfParsed(text, value, MAX_DEPTH);
    if (scanned.depth > MAX_DEPTH || scanned.colons !== scanned.keys) return scanStructure(text, true, MAX_DEPTH);
    this.containers.set(start, scanned.children);
    this.known = scanned.items;
    if (!this.source && skipWhitespace(text, scanned.children.span.end, starts) === text.length) this.lineStarts = starts;
    return { tooDeepAt: -1, duplicateKeys: [] };
  }

  /**
   * Reads a text whose root is an array of known items (`readKnownArray`) without JSON.parse, when the items' counts
   * prove it no deeper than MAX_DEPTH and free of repeated keys: keeps the array's scan and its known items (and the
   * line starts) as `structureOfArray` does after JSON.parse, and returns its value. Undefined, with nothing kept, for
   * any other text.
   */
  private readKnown(text: string, bom: number): unknown[] | undefined {
    const starts: LineStarts = [];
    const start = skipWhitespace(text, bom, starts);
    const read = readKnownArray(text, start, starts);
    if (!read || read.depth > MAX_DEPTH || read.colons !== read.keys) return undefined;
    this.containers.set(start, read.children);
    this.known = read.items;
    if (!this.source) this.lineStarts = starts;
    return read.values;
  }

  /**
   * The known item (`knownItems.ts`) of each item of a valid root array, made known when new: what per-test rules
   * key their results by. Undefined when the root is not such an array; an item is undefined when it is a scalar or
   * too long to keep.
   */
  knownItems(): readonly (KnownItem | undefined)[] | undefined {
    if (this.known) return this.known;
    const value = this.value;
    if (!this.isValidJson || !Array.isArray(value) || value.length > KNOWN_ITEMS_LIMIT || !knownItemsOn()) return undefined;
    const top = this.childrenAt([]);
    if (top?.kind !== 'array' || itemCount(top) !== value.length) return undefined;
    const known: (KnownItem | undefined)[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (item === null || typeof item !== 'object') {
        known.push(undefined);
        continue;
      }
      const span = itemAt(top, i);
      known.push(knownItem(this.slice(span.start, span.end), item));
    }
    return (this.known = known);
  }

  /** The parsed value (JSON.parse's, or jsonc-parser's partial one for invalid JSON). */
  get value(): unknown {
    const over = this.handedOver;
    if (!over) return this.current;
    // This version's value, built once when asked: the next version's items with this version's item put back.
    this.handedOver = undefined;
    const next = over.next.value;
    const items = (over.key === undefined ? next : (next as Record<string, unknown>)[over.key]) as unknown[];
    const mine = items.slice();
    mine[over.index] = over.item;
    this.current = over.key === undefined ? mine : { ...(this.current as Record<string, unknown>), [over.key]: mine };
    return this.current;
  }

  /**
   * Whether this version's items array is still its own. An edit inside one item (`document/edit.ts`) gives the
   * array to the next version, with that item replaced in place, instead of copying every reference on each
   * keystroke: this version then keeps only the item it had (`handOver`) and rebuilds its value if it is read.
   */
  get ownsItems(): boolean {
    return this.handedOver === undefined;
  }

  /** See `ownsItems`: `next` now holds the items array, in which item `index` was `item` in this version. */
  handOver(next: JsonDocument, key: string | undefined, index: number, item: unknown): void {
    this.handedOver = { next, key, index, item };
  }

  /** Nested past MAX_DEPTH: not analysed, and no recursive reader (jsonc-parser's getLocation…) may see the text. */
  get tooDeep(): boolean {
    return this.syntaxErrors[0]?.message === NESTING_TOO_DEEP;
  }

  /** Longer than the reader's bound: not parsed. */
  get tooLarge(): boolean {
    return this.syntaxErrors[0]?.message === TOO_LARGE;
  }

  /** Too deep or too large: one finding says why, and no rule or feature reads it. */
  get notAnalysed(): boolean {
    return this.tooDeep || this.tooLarge;
  }

  get isValidJson(): boolean {
    return this.syntaxErrors.length === 0;
  }

  /** The whole text as one string: built from the model on first use, for the passes that read it all. */
  get text(): string {
    return (this.flat ??= this.source!.toString());
  }

  /** The text model: offsets ↔ positions, windows, and the next version by an edit. */
  get model(): TextModel {
    if (!this.source) {
      this.source = TextModel.from(this.flat!, this.lineStarts);
      this.lineStarts = undefined;
    }
    return this.source;
  }

  get length(): number {
    return this.flat?.length ?? this.source!.length;
  }

  /** The text of [start, end), without building the flat text. */
  slice(start: number, end: number): string {
    return this.flat !== undefined ? this.flat.slice(start, end) : this.source!.slice(start, end);
  }

  charCodeAt(offset: number): number {
    return this.flat !== undefined ? this.flat.charCodeAt(offset) : this.source!.charCodeAt(offset);
  }

  /** Offsets ↔ positions (UTF-16), kept in the text model: there is no other line table. */
  get lineIndex(): Lines {
    return this.model;
  }

  /** Span of the value (or of the key, for a property) at `path`; undefined when the path is absent. */
  locate(path: JsonPath, part: NodePart = 'value'): Span | undefined {
    if (this.tree) return this.locateInTree(path, part);
    let span: Span = { start: this.valueStart, end: this.length };
    let keySpan: Span | undefined;
    for (const segment of path) {
      const children = this.children(span.start);
      if (!children) return undefined;
      if (children.kind === 'array') {
        if (typeof segment !== 'number' || segment < 0 || segment >= itemCount(children)) return undefined;
        span = itemAt(children, segment);
        keySpan = undefined;
      } else {
        if (typeof segment !== 'string') return undefined;
        // JSON.parse keeps the last of duplicate keys, so the last one is the one that counts.
        let found: (typeof children.properties)[number] | undefined;
        for (let i = children.properties.length - 1; i >= 0; i--) {
          if (children.properties[i].key === segment) {
            found = children.properties[i];
            break;
          }
        }
        if (!found) return undefined;
        span = found.valueSpan;
        keySpan = found.keySpan;
      }
    }
    if (path.length === 0) span = { start: this.valueStart, end: this.children(this.valueStart)?.span.end ?? this.length };
    if (part === 'start') return { start: span.start, end: Math.min(span.start + 1, this.length) };
    return part === 'key' && keySpan ? keySpan : span;
  }

  /** The children of the container at `path` (for symbols, ids and other whole-array features). */
  childrenAt(path: JsonPath): ContainerChildren | undefined {
    if (this.tree) {
      const node = path.length === 0 ? this.tree : jsonc.findNodeAtLocation(this.tree, path as (string | number)[]);
      return node ? childrenOfNode(node) : undefined;
    }
    const span = this.locate(path);
    return span ? this.children(span.start) : undefined;
  }

  private children(start: number): ContainerChildren | undefined {
    let cached = this.containers.get(start);
    if (cached === undefined) {
      cached = this.scan(start) ?? null;
      this.containers.set(start, cached);
    }
    return cached ?? undefined;
  }

  /**
   * The container at `start`, scanned in the flat text when there is one, else in the window of the one item (or
   * property value) of the known containers that holds it: a container never reaches past the item it is in.
   */
  private scan(start: number): ContainerChildren | undefined {
    if (start === this.valueStart && this.flat !== undefined && !this.source && this.isValidJson) return this.scanRoot();
    const window = this.flat === undefined ? windowAt(this.windows, start) : undefined;
    if (!window) return scanContainer(this.text, start);
    const found = scanContainer(this.slice(window.start, window.end), start - window.start);
    return found && moved(found, window.start);
  }

  /**
   * The root container, scanned in the flat text before the text model exists: the scan passes every line break
   * of the text (all of them are whitespace around the root's values), so it lists the line starts on the way and
   * the text model, built later for the findings' positions, takes them instead of reading the text again. Valid
   * JSON only: a string of any other text may hold a line break.
   */
  private scanRoot(): ContainerChildren | undefined {
    const text = this.flat!;
    const starts: LineStarts = [];
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const before = skipWhitespace(text, bom, starts);
    const root = scanContainer(text, this.valueStart, starts);
    // Only the whole text's list is of use: whitespace, the root, whitespace to the end.
    if (root && before === this.valueStart && skipWhitespace(text, root.span.end, starts) === text.length) this.lineStarts = starts;
    return root;
  }

  private locateInTree(path: JsonPath, part: NodePart): Span | undefined {
    if (!this.tree) return undefined;
    const node = path.length === 0 ? this.tree : jsonc.findNodeAtLocation(this.tree, path as (string | number)[]);
    if (!node) return undefined;
    if (part === 'start') return { start: node.offset, end: node.offset + Math.min(1, node.length) };
    if (part === 'key' && node.parent?.type === 'property' && node.parent.children?.[0]) {
      const key = node.parent.children[0];
      return { start: key.offset, end: key.offset + key.length };
    }
    return { start: node.offset, end: node.offset + node.length };
  }
}

/** What a version that handed its items array over keeps to rebuild its value: the item it had at `index`. */
interface HandedOver {
  next: JsonDocument;
  /** The envelope's key of the items array; undefined when the array is the root. */
  key: string | undefined;
  index: number;
  item: unknown;
}

/** The smallest child span of the containers that holds `offset` (items are in order: a binary search in each). */
function windowAt(containers: readonly ContainerChildren[], offset: number): Span | undefined {
  let best: Span | undefined;
  const consider = (span: Span | undefined) => {
    if (span && span.start <= offset && offset < span.end && (!best || span.end - span.start < best.end - best.start)) best = span;
  };
  for (const c of containers) {
    if (c.kind === 'object') {
      for (const p of c.properties) consider(p.valueSpan);
      continue;
    }
    const i = firstEndingAfter(c, offset);
    if (i < itemCount(c)) consider(itemAt(c, i));
  }
  return best;
}

/** A container scanned in a window, in offsets of the whole text. */
function moved(c: ContainerChildren, by: number): ContainerChildren {
  const span = (s: Span): Span => ({ start: s.start + by, end: s.end + by });
  if (c.kind === 'array') return { kind: 'array', span: span(c.span), items: c.items.map(span) };
  return { kind: 'object', span: span(c.span), properties: c.properties.map((p) => ({ key: p.key, keySpan: span(p.keySpan), valueSpan: span(p.valueSpan) })) };
}

function childrenOfNode(node: jsonc.Node): ContainerChildren | undefined {
  const span = { start: node.offset, end: node.offset + node.length };
  if (node.type === 'array') {
    return { kind: 'array', span, items: (node.children ?? []).map((c) => ({ start: c.offset, end: c.offset + c.length })) };
  }
  if (node.type === 'object') {
    const properties = [];
    for (const prop of node.children ?? []) {
      const [key, value] = prop.children ?? [];
      if (!key) continue;
      properties.push({
        key: String(key.value),
        keySpan: { start: key.offset, end: key.offset + key.length },
        valueSpan: value ? { start: value.offset, end: value.offset + value.length } : { start: key.offset + key.length, end: key.offset + key.length },
      });
    }
    return { kind: 'object', span, properties };
  }
  return undefined;
}
