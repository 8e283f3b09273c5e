import { MAX_OUTLINE_ITEMS } from '../settings';
import { DocumentSymbolRequest, SymbolKind, type DocumentSymbol, type DocumentSymbolParams } from 'vscode-languageserver';
import { entriesOf, itemsPath } from '../../core/document/classify';
import type { JsonDocument, JsonPath } from '../../core/document/jsonDocument';
import { skipValue, skipWhitespace } from '../../core/document/scanner';
import type { Span } from '../../core/text/lineIndex';
import type { Locale } from '../../core/i18n/locale';
import { msg } from '../../core/rules/messages';
import type { Analysis } from '../analysis';
import type { PositionCodec } from '../positionEncoding';
import type { Feature } from './feature';

/** How an outline is bounded and in which language its note is written. */
export interface OutlineOptions {
  limit: number;
  locale: Locale;
}

/**
 * Outline: tests by id (with their method), corpus entries by id (with the start of the source), card sections;
 * at most `limit` tests or entries, then a note symbol counting the rest (spanning them).
 */
export function documentSymbols(
  analysis: Analysis,
  codec?: PositionCodec,
  options: OutlineOptions = { limit: MAX_OUTLINE_ITEMS, locale: 'en' },
): DocumentSymbol[] {
  const symbols = symbolsOf(analysis, options);
  if (!codec || codec.encoding === 'utf-16') return symbols;
  const lineIndex = analysis.doc.lineIndex;
  const wire = (s: DocumentSymbol): DocumentSymbol => ({
    ...s,
    range: codec.rangeToWire(lineIndex, s.range),
    selectionRange: codec.rangeToWire(lineIndex, s.selectionRange),
    children: s.children?.map(wire),
  });
  return symbols.map(wire);
}

function symbolsOf(analysis: Analysis, options: OutlineOptions): DocumentSymbol[] {
  const { doc, result } = analysis;
  const { classification } = result;
  switch (classification.kind) {
    case 'ewebench-tests':
      return itemSymbols(doc, [], (item) => (typeof item.eval_method === 'string' ? item.eval_method : undefined), options);
    case 'rosetta-corpus': {
      const entriesPath = itemsPath(classification)!;
      const entries = itemSymbols(doc, entriesPath, (item) => preview(item.source ?? item.source_text), options);
      if (entriesPath.length === 0) return entries;
      const container = doc.childrenAt([]);
      if (!container || container.kind !== 'object') return entries;
      return container.properties.map((p) => {
        const symbol = propertySymbol(doc, p.key, p.keySpan, p.valueSpan);
        if (p.key === entriesPath[0]) symbol.children = entries;
        return symbol;
      });
    }
    case 'ewebench-results':
    case 'rosetta-run-card': {
      const container = doc.childrenAt([]);
      if (!container || container.kind !== 'object') return [];
      return container.properties.map((p) => propertySymbol(doc, p.key, p.keySpan, p.valueSpan));
    }
    default:
      return [];
  }
}

function preview(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.length > 40 ? value.slice(0, 39) + '…' : value;
}

function propertySymbol(doc: JsonDocument, key: string, keySpan: Span, valueSpan: Span): DocumentSymbol {
  const open = doc.text.charCodeAt(valueSpan.start);
  return {
    name: key,
    kind: open === 123 ? SymbolKind.Object : open === 91 ? SymbolKind.Array : SymbolKind.Property,
    range: doc.lineIndex.rangeOf({ start: keySpan.start, end: valueSpan.end }),
    selectionRange: doc.lineIndex.rangeOf(keySpan),
  };
}

/**
 * The spans of the first `max` items of the array at `path` and the array's span: in valid JSON only those items
 * are scanned (a corpus of a million entries is not walked for an outline of 5,000); otherwise the document's
 * own children.
 */
function firstItems(doc: JsonDocument, path: JsonPath, max: number): { items: Span[]; span: Span } | undefined {
  if (!doc.isValidJson) {
    const children = doc.childrenAt(path);
    return children?.kind === 'array' ? { items: children.items.slice(0, max + 1), span: children.span } : undefined;
  }
  const span = doc.locate(path);
  const { text } = doc;
  if (!span || text.charCodeAt(span.start) !== 91) return undefined;
  const items: Span[] = [];
  let i = skipWhitespace(text, span.start + 1);
  // One item past the bound: where the note starts.
  while (items.length <= max && i < span.end - 1 && text.charCodeAt(i) !== 93) {
    const end = skipValue(text, i);
    items.push({ start: i, end });
    i = skipWhitespace(text, end);
    if (text.charCodeAt(i) === 44) i = skipWhitespace(text, i + 1);
  }
  return { items, span };
}

function itemSymbols(
  doc: JsonDocument,
  arrayPath: JsonPath,
  detail: (item: Record<string, unknown>) => string | undefined,
  options: OutlineOptions,
): DocumentSymbol[] {
  const values = entriesOf(doc.value, arrayPath);
  const limit = Math.max(0, Math.floor(options.limit));
  const children = values && firstItems(doc, arrayPath, limit);
  if (!children || !values) return [];
  const symbols: DocumentSymbol[] = [];
  const { items } = children;
  const shown = Math.min(items.length, values.length, limit);
  for (let index = 0; index < shown; index++) {
    const span = items[index];
    const item = values[index];
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    const obj = item as Record<string, unknown>;
    const idField = obj.id !== undefined ? 'id' : 'index';
    const id = obj[idField];
    // Only scalar ids name a symbol; anything else (an object mid-edit, say) falls back to the position.
    const named = (typeof id === 'string' && id !== '') || typeof id === 'number';
    const idSpan = named ? doc.locate([...arrayPath, index, idField]) : undefined;
    symbols.push({
      name: named ? String(id) : `#${index}`,
      detail: detail(obj),
      kind: SymbolKind.Object,
      range: doc.lineIndex.rangeOf(span),
      selectionRange: doc.lineIndex.rangeOf(idSpan ?? { start: span.start, end: span.start + 1 }),
    });
  }
  if (shown < items.length && shown < values.length) {
    // One symbol over the items not listed (to the array's closing bracket), saying where they are and how many.
    const first = items[shown];
    symbols.push({
      name: msg(options.locale, 'outlineMore', { count: values.length - shown, limit: shown }),
      kind: SymbolKind.Null,
      range: doc.lineIndex.rangeOf({ start: first.start, end: Math.max(first.end, children.span.end - 1) }),
      selectionRange: doc.lineIndex.rangeOf({ start: first.start, end: first.start + 1 }),
    });
  }
  return symbols;
}

/** `textDocument/documentSymbol`: the outline. */
export const symbolsFeature: Feature = (ctx) =>
  ctx.onRequest(DocumentSymbolRequest.type, [], (params: DocumentSymbolParams) => {
    const analysis = ctx.analysisOf(params.textDocument.uri);
    return analysis ? documentSymbols(analysis, ctx.codec, { limit: ctx.settings(params.textDocument.uri).outlineLimit, locale: ctx.locale() }) : [];
  });
