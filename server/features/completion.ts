import * as jsonc from 'jsonc-parser';
import { CompletionItemKind, CompletionRequest, InsertTextFormat, type CompletionItem, type CompletionParams, type Position } from 'vscode-languageserver';
import { itemsPath } from '../../core/document/classify';
import type { Locale } from '../../core/i18n/locale';
import { describe, knownValues, propertiesOf, schemaForPath } from '../../core/schemas/lookup';
import { SNIPPETS } from '../../core/schemas/snippets';
import { locationAt } from '../../core/document/location';
import type { Analysis } from '../analysis';
import type { Feature } from './feature';
import { elementInPlace, snippetToPlainText } from './snippetText';

/**
 * Keys the schema documents, values it knows, and a whole-object snippet where a new test or entry can go. For
 * clients without snippet support (`snippets` false) every item is plain text: the snippet as it reads unfilled,
 * a whole object indented as the file is.
 */
export function complete(analysis: Analysis, position: Position, locale: Locale, snippets = true): CompletionItem[] {
  const items = completeSnippets(analysis, position, locale, snippets);
  return snippets ? items : items.map(toPlainText);
}

function toPlainText(item: CompletionItem): CompletionItem {
  if (item.insertTextFormat !== InsertTextFormat.Snippet) return item;
  return { ...item, insertText: snippetToPlainText(item.insertText ?? item.label), insertTextFormat: InsertTextFormat.PlainText };
}

function completeSnippets(analysis: Analysis, position: Position, locale: Locale, snippets: boolean): CompletionItem[] {
  const { doc, result } = analysis;
  const offset = doc.lineIndex.offsetAt(position);
  const location = locationAt(doc, result.classification, offset);
  const { classification } = result;
  if (classification.kind === 'unknown') return [];

  if (location.isAtPropertyKey) {
    const objectPath = location.path.slice(0, -1);
    const schema = schemaForPath(classification, objectPath);
    if (!schema) return [];
    const present = new Set(Object.keys(valueAt(doc.value, objectPath) ?? {}));
    const node = location.previousNode;
    const inQuotes = node?.type === 'string' || doc.text[offset - 1] === '"';
    return propertiesOf(schema)
      .filter(([key]) => !present.has(key) || key === location.path[location.path.length - 1])
      .map(([key, prop]) => ({
        label: key,
        kind: CompletionItemKind.Property,
        documentation: markdown(describe(prop, locale)),
        insertText: inQuotes ? key : `"${key}": $1`,
        insertTextFormat: inQuotes ? InsertTextFormat.PlainText : InsertTextFormat.Snippet,
        filterText: inQuotes ? key : `"${key}"`,
      }));
  }

  const items: CompletionItem[] = [];
  const schema = schemaForPath(classification, location.path);
  if (schema && location.path.length > 0) {
    const previous = location.previousNode;
    const inString = previous?.type === 'string';
    for (const known of knownValues(schema, locale)) {
      const text = JSON.stringify(known.value);
      items.push({
        label: text,
        kind: CompletionItemKind.EnumMember,
        documentation: markdown(known.doc),
        insertText: inString && typeof known.value === 'string' ? known.value : text,
        filterText: inString ? String(known.value) : text,
      });
    }
  }

  // A new element of the tests array, or of the corpus entries array.
  const container = itemsPath(classification);
  const atElement =
    container &&
    location.path.length === container.length + 1 &&
    container.every((seg, i) => location.path[i] === seg) &&
    typeof location.path[container.length] === 'number';
  if (atElement && location.previousNode === undefined) {
    const wanted = classification.kind === 'ewebench-tests' ? 'test' : 'entry';
    for (const snippet of SNIPPETS.filter((s) => s.target === wanted)) {
      items.push({
        label: snippet.label,
        kind: CompletionItemKind.Snippet,
        detail: snippet.detail[locale],
        // Valid JSON where it lands: commas as needed, and for plain-text clients the file's indentation.
        insertText: elementInPlace(doc.text, offset, snippet.body, !snippets),
        insertTextFormat: snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      });
    }
  }
  return items;
}

function markdown(value: string | undefined) {
  return value ? { kind: 'markdown' as const, value } : undefined;
}

function valueAt(root: unknown, path: jsonc.JSONPath): Record<string, unknown> | undefined {
  let node = root;
  for (const seg of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[seg];
  }
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : undefined;
}

/** `textDocument/completion`, as plain text for clients without snippets; read as hover is (the items carry no ranges). */
export const completionFeature: Feature = (ctx) =>
  ctx.onRequest(CompletionRequest.type, [], (params: CompletionParams) => {
    const uri = params.textDocument.uri;
    return ctx.view(uri, [params.position], (view) => complete(view.analysis, view.fromWire(params.position), ctx.locale(), ctx.client().snippetSupport)) ?? [];
  });
