import { DocumentSymbolRequest, SymbolKind, type DocumentSymbol, type DocumentSymbolParams } from 'vscode-languageserver';
import { entriesOf, itemsPath } from '../../core/document/classify';
import type { JsonDocument, JsonPath } from '../../core/document/jsonDocument';
import type { Span } from '../../core/document/lineIndex';
import type { Locale } from '../../core/i18n/locale';
import { msg } from '../../core/rules/messages';
import type { Analysis } from '../analysis';
import type { PositionCodec } from '../positionEncoding';
import type { Feature } from './feature';

/**
 * The most tests or corpus entries an outline lists; past it, one more symbol counts the rest. Each symbol costs
 * its share of the answer (about 200 bytes): a 200 MB corpus of a million entries made an answer of hundreds of
 * megabytes that blocked the server for minutes. `outlineLimit` in the server settings lowers or raises it.
 */
export const MAX_OUTLINE_ITEMS = 5000;

/** How an outline is bounded and in which language its note is written. */
export interface OutlineOptions {
  limit: number;
  locale: Locale;
}

/**
 * Outline: tests by id (with their method), corpus entries by id (with the start of the source), card sections;
 * at most `limit` tests or entries, then a note symbol counting the rest (spanning them).
 */
export function documentSymbols(analysis: Analysis, codec?: PositionCodec, options: OutlineOptions = { limit: MAX_OUTLINE_ITEMS, locale: 'en' }): DocumentSymbol[] {
  const symbols = symbolsOf(analysis, options);
  if (!codec || codec.encoding === 'utf-16') return symbols;
  const { text, lineIndex } = analysis.doc;
  const wire = (s: DocumentSymbol): DocumentSymbol => ({
    ...s,
    range: codec.rangeToWire(text, lineIndex, s.range),
    selectionRange: codec.rangeToWire(text, lineIndex, s.selectionRange),
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

function itemSymbols(doc: JsonDocument, arrayPath: JsonPath, detail: (item: Record<string, unknown>) => string | undefined, options: OutlineOptions): DocumentSymbol[] {
  const children = doc.childrenAt(arrayPath);
  const values = entriesOf(doc.value, arrayPath);
  if (!children || children.kind !== 'array' || !values) return [];
  const symbols: DocumentSymbol[] = [];
  const { items } = children;
  const shown = Math.min(items.length, Math.max(0, Math.floor(options.limit)));
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
  if (shown < items.length) {
    // One symbol over the items not listed, so the outline says where they are and how many.
    const first = items[shown];
    symbols.push({
      name: msg(options.locale, 'outlineMore', { count: items.length - shown, limit: shown }),
      kind: SymbolKind.Null,
      range: doc.lineIndex.rangeOf({ start: first.start, end: items[items.length - 1].end }),
      selectionRange: doc.lineIndex.rangeOf({ start: first.start, end: first.start + 1 }),
    });
  }
  return symbols;
}

/** `textDocument/documentSymbol`: the outline. */
export const symbolsFeature: Feature = (ctx) => ctx.onRequest(DocumentSymbolRequest.type, [], (params: DocumentSymbolParams) => {
  const analysis = ctx.analysisOf(params.textDocument.uri);
  return analysis ? documentSymbols(analysis, ctx.codec, { limit: ctx.settings().outlineLimit, locale: ctx.locale() }) : [];
});
