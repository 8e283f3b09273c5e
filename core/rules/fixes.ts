import type { JsonDocument, JsonPath } from '../document/jsonDocument';
import type { Span } from '../text/lineIndex';
import type { FixData } from './finding';

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
    case 'set-fields':
      return setFields(doc, fix.objectPath, fix.fields);
    case 'remove-item':
      return removeItem(doc, fix.path);
  }
}

/** Replaces the values that exist and inserts the others together after the last property (one edit each place). */
function setFields(doc: JsonDocument, objectPath: JsonPath, fields: readonly { field: string; value: unknown }[]): TextEdit[] | undefined {
  const children = doc.childrenAt(objectPath);
  if (!children || children.kind !== 'object') return undefined;
  const edits: TextEdit[] = [];
  const missing: { field: string; value: unknown }[] = [];
  for (const f of fields) {
    const property = [...children.properties].reverse().find((p) => p.key === f.field);
    if (property) edits.push({ span: property.valueSpan, newText: JSON.stringify(f.value) });
    else missing.push(f);
  }
  if (missing.length) {
    const added = addField(doc, objectPath, missing[0].field, missing[0].value);
    if (!added) return undefined;
    const [first] = added;
    // The separator the first insertion used joins the rest too, so they line up with their siblings.
    const separator = first.newText.slice(0, first.newText.indexOf(JSON.stringify(missing[0].field)));
    const rest = missing
      .slice(1)
      .map((f) => `${separator}${JSON.stringify(f.field)}: ${JSON.stringify(f.value)}`)
      .join('');
    edits.push({ span: first.span, newText: first.newText + rest });
  }
  return edits;
}

/** Deletes an array item and the comma before it (or after it, for the first item). */
function removeItem(doc: JsonDocument, path: JsonPath): TextEdit[] | undefined {
  const index = path[path.length - 1];
  const parent = doc.childrenAt(path.slice(0, -1));
  if (typeof index !== 'number' || !parent || parent.kind !== 'array' || index >= parent.items.length) return undefined;
  const items = parent.items;
  const span =
    index > 0 ? { start: items[index - 1].end, end: items[index].end } : { start: items[0].start, end: items.length > 1 ? items[1].start : items[0].end };
  return [{ span, newText: '' }];
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
