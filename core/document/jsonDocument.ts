import * as jsonc from 'jsonc-parser';
import { LineIndex, type Span } from './lineIndex';
import { MAX_DEPTH, scanContainer, scanStructure, skipWhitespace, structureOfParsed, type ContainerChildren, type DuplicateKey } from './scanner';

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
  containers: Map<number, ContainerChildren | null>;
  lines?: LineIndex;
}

/**
 * One parse of one version of a JSON text. Values come from `JSON.parse` (the fast path); positions are
 * found lazily, only for the paths a feature asks about, and cached per container. When the text is not
 * valid JSON, a fault-tolerant parse provides both the partial value and the positions.
 */
export class JsonDocument {
  readonly value: unknown;
  readonly syntaxErrors: SyntaxError[];
  /** Keys repeated in one object (the last one is the value); empty for a text too deep to analyse. */
  readonly duplicateKeys: DuplicateKey[];
  private lines?: LineIndex;
  private readonly containers: Map<number, ContainerChildren | null> = new Map();
  private readonly tree?: jsonc.Node;
  private readonly valueStart: number;

  constructor(
    readonly text: string,
    parts?: DocumentParts,
    limits: DocumentLimits = {},
  ) {
    if (limits.maxChars !== undefined && text.length > limits.maxChars) {
      // Not even JSON.parse: on a 200 MB file it alone holds the server for seconds.
      this.value = undefined;
      this.syntaxErrors = [{ span: { start: 0, end: Math.min(1, text.length) }, message: TOO_LARGE }];
      this.duplicateKeys = [];
      this.valueStart = 0;
      return;
    }
    if (parts) {
      // Derived from the previous version by an edit inside one array item: nothing to parse again.
      this.value = parts.value;
      this.syntaxErrors = [];
      this.duplicateKeys = parts.duplicateKeys;
      this.containers = parts.containers;
      this.lines = parts.lines;
      this.valueStart = skipWhitespace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
      return;
    }
    // A UTF-8 byte order mark is legal at the start of a file; skip it like editors do.
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    let value: unknown;
    let errors: SyntaxError[] = [];
    let parsed = true;
    try {
      value = JSON.parse(bom ? text.slice(1) : text);
    } catch {
      parsed = false;
    }
    // Checked before anything recursive sees the text: jsonc-parser and the rules recurse once per level.
    const structure = parsed ? structureOfParsed(text, value, MAX_DEPTH) : scanStructure(text, false, MAX_DEPTH);
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
    this.value = value;
    this.syntaxErrors = errors;
    this.valueStart = skipWhitespace(text, bom);
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

  get lineIndex(): LineIndex {
    return (this.lines ??= new LineIndex(this.text));
  }

  /** The line index if it was built (an edit shifts it rather than scanning the text again). */
  get builtLineIndex(): LineIndex | undefined {
    return this.lines;
  }

  /** Span of the value (or of the key, for a property) at `path`; undefined when the path is absent. */
  locate(path: JsonPath, part: NodePart = 'value'): Span | undefined {
    if (this.tree) return this.locateInTree(path, part);
    let span: Span = { start: this.valueStart, end: this.text.length };
    let keySpan: Span | undefined;
    for (const segment of path) {
      const children = this.children(span.start);
      if (!children) return undefined;
      if (children.kind === 'array') {
        if (typeof segment !== 'number' || segment < 0 || segment >= children.items.length) return undefined;
        span = children.items[segment];
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
    if (path.length === 0) span = { start: this.valueStart, end: this.children(this.valueStart)?.span.end ?? this.text.length };
    if (part === 'start') return { start: span.start, end: Math.min(span.start + 1, this.text.length) };
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
      cached = scanContainer(this.text, start) ?? null;
      this.containers.set(start, cached);
    }
    return cached ?? undefined;
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
