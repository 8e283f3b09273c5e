import { HoverRequest, type Hover, type HoverParams, type Position } from 'vscode-languageserver';
import type { Locale } from '../../core/i18n/locale';
import { auditHoverMarkdown } from '../../core/audit/hoverText';
import { describe, knownValues, schemaForPath } from '../../core/schemas/lookup';
import { locationAt } from '../../core/document/location';
import type { Analysis } from '../analysis';
import { coverageHover } from './coverage';
import type { Feature } from './feature';
import { markdownToPlainText } from './markdownText';

/** Hover on a key or a value: the field's documentation from the schema, and the meaning of an enum value. */
export function hover(
  analysis: Analysis,
  position: Position,
  locale: Locale,
  extra?: (analysis: Analysis, offset: number) => string | undefined,
  markdown = true,
): Hover | null {
  const { doc, result } = analysis;
  const offset = doc.lineIndex.offsetAt(position);
  const location = locationAt(doc, result.classification, offset);
  const node = location.previousNode;
  if (!node || (node.type !== 'property' && node.type !== 'string' && node.type !== 'number' && node.type !== 'boolean' && node.type !== 'null')) {
    return null;
  }
  const schema = schemaForPath(result.classification, location.path);
  const parts: string[] = [];
  if (schema) {
    const field = location.path[location.path.length - 1];
    const doc = describe(schema, locale);
    if (doc) parts.push((typeof field === 'string' ? `**${field}**\n\n` : '') + doc);
    if (!location.isAtPropertyKey) {
      const match = knownValues(schema, locale).find((k) => k.value === node.value);
      if (match?.doc) parts.push(`\`${String(match.value)}\`: ${match.doc}`);
    }
  }
  // A field of a test (its key or value): the test's scores under every non-answer.
  if (result.classification.kind === 'ewebench-tests' && location.path.length === 2 && typeof location.path[0] === 'number' && Array.isArray(doc.value)) {
    const audit = auditHoverMarkdown(doc.value[location.path[0]], locale);
    if (audit) parts.push(audit);
  }
  const more = extra?.(analysis, offset);
  if (more) parts.push(more);
  if (parts.length === 0) return null;
  const value = parts.join('\n\n---\n\n');
  return {
    // A client that asked for plain text gets the same text without its Markdown marks.
    contents: markdown ? { kind: 'markdown', value } : { kind: 'plaintext', value: markdownToPlainText(value) },
    range: doc.lineIndex.rangeOf({ start: node.offset, end: node.offset + node.length }),
  };
}

/**
 * `textDocument/hover`: the schema's documentation, the audit of a test, the coverage of a language string. Read
 * from the last analysis while a newer version waits, when the edits since leave this place as it was.
 */
export const hoverFeature: Feature = (ctx) =>
  ctx.onRequest(HoverRequest.type, null, (params: HoverParams) => {
    const locale = ctx.locale();
    return (
      ctx.view(params.textDocument.uri, [params.position], (view) => {
        const result = hover(
          view.analysis,
          view.fromWire(params.position),
          locale,
          (a, offset) => coverageHover(a, offset, locale),
          ctx.client().hoverMarkdown,
        );
        return result?.range ? { ...result, range: view.rangeToWire(result.range) } : result;
      }) ?? null
    );
  });
