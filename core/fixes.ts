import type { JsonDocument, JsonPath } from './document/jsonDocument';
import type { Span } from './document/lineIndex';
import type { FixData } from './rules/finding';

/** A text replacement in offsets; the server turns these into LSP edits and the CLI could apply them. */
export interface TextEdit {
  span: Span;
  newText: string;
}

/** The edits that carry out one quick fix on the current text, or undefined when the text moved on. */
export function editsForFix(doc: JsonDocument, fix: FixData): TextEdit[] | undefined {
  switch (fix.kind) {
    case 'renumber-id': {
      const span = doc.locate(fix.path);
      return span ? [{ span, newText: JSON.stringify(fix.newId) }] : undefined;
    }
    case 'add-field':
      return addField(doc, fix.objectPath, fix.field, fix.value);
    case 'rename-legacy-fields': {
      const edits: TextEdit[] = [];
      for (const r of fix.renames) {
        const span = doc.locate([...r.path, r.from], 'key');
        if (span) edits.push({ span, newText: JSON.stringify(r.to) });
      }
      for (const v of fix.valueRewrites) {
        const span = doc.locate(v.path);
        if (span) edits.push({ span, newText: JSON.stringify(v.value) });
      }
      return edits.length ? edits : undefined;
    }
    case 'replace-text':
      return fix.edits.map((e) => ({ span: e.span, newText: e.newText }));
  }
}

/** Inserts `"field": value` as the last property of the object, matching the indentation of its siblings. */
function addField(doc: JsonDocument, objectPath: JsonPath, field: string, value: unknown): TextEdit[] | undefined {
  const children = doc.childrenAt(objectPath);
  if (!children || children.kind !== 'object') return undefined;
  const text = doc.text;
  const valueText = JSON.stringify(value);
  const last = children.properties[children.properties.length - 1];
  if (!last) {
    const at = children.span.start + 1;
    return [{ span: { start: at, end: at }, newText: ` ${JSON.stringify(field)}: ${valueText} ` }];
  }
  const lineStart = text.lastIndexOf('\n', last.keySpan.start) + 1;
  const between = text.slice(lineStart, last.keySpan.start);
  const sameLine = /^\s*$/.test(between) && lineStart > children.span.start;
  const separator = sameLine ? `,\n${between}` : ', ';
  const at = last.valueSpan.end;
  return [{ span: { start: at, end: at }, newText: `${separator}${JSON.stringify(field)}: ${valueText}` }];
}
