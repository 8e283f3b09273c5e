import type { JsonPath } from '../document/jsonDocument';
import type { Locale } from '../i18n/locale';
import { validatorFor, type ErrorObject, type SchemaName } from '../schemas/registry';
import type { Finding } from './finding';
import { msg } from './messages';
import { objectAnchor } from './anchors';

/** Runs one schema (or definition) over a value found at `basePath`, and turns ajv's errors into findings. */
export function schemaFindings(value: unknown, basePath: JsonPath, schema: SchemaName, definition: string | undefined, locale: Locale): Finding[] {
  const validate = validatorFor(schema, definition);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  // anyOf/oneOf report their branches' errors too; the combined error only helps when nothing more precise exists.
  const precise = new Set(errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf').map((e) => e.instancePath));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if ((error.keyword === 'anyOf' || error.keyword === 'oneOf') && precise.has(error.instancePath)) continue;
    if (error.keyword === 'if' || error.keyword === 'then' || error.keyword === 'else') continue;
    const path = [...basePath, ...pointerToPath(error.instancePath, value)];
    const finding = toFinding(error, path, value, basePath, locale);
    if (!finding) continue;
    const key = `${finding.code}|${JSON.stringify(path)}|${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return findings;
}

/** JSON Pointer → path segments; segments that index arrays become numbers. */
export function pointerToPath(pointer: string, root: unknown): (string | number)[] {
  if (!pointer) return [];
  const out: (string | number)[] = [];
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      const index = Number(part);
      out.push(index);
      node = node[index];
    } else {
      out.push(part);
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
  }
  return out;
}

function fieldName(path: JsonPath): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const seg = path[i];
    if (typeof seg === 'string') {
      const tail = path
        .slice(i + 1)
        .map((s) => `[${s}]`)
        .join('');
      return seg + tail;
    }
  }
  return path.length ? `[${path[path.length - 1]}]` : '(root)';
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const TYPE_WORDS: Record<string, { en: string; fr: string }> = {
  string: { en: 'a string', fr: 'une chaîne' },
  integer: { en: 'an integer', fr: 'un entier' },
  number: { en: 'a number', fr: 'un nombre' },
  boolean: { en: 'a boolean', fr: 'un booléen' },
  array: { en: 'an array', fr: 'un tableau' },
  object: { en: 'an object', fr: 'un objet' },
  null: { en: 'null', fr: 'null' },
};

const ACTUAL_WORDS_FR: Record<string, string> = {
  null: 'null',
  'an array': 'un tableau',
  'an integer': 'un entier',
  'a number': 'un nombre',
  'an object': 'un objet',
  'a string': 'une chaîne',
  'a boolean': 'un booléen',
};

function valueAt(root: unknown, path: JsonPath, basePath: JsonPath): unknown {
  let node = root;
  for (const seg of path.slice(basePath.length)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[seg];
  }
  return node;
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 40 ? text.slice(0, 37) + '…' : text;
}

function toFinding(error: ErrorObject, path: JsonPath, root: unknown, basePath: JsonPath, locale: Locale): Finding | undefined {
  const params = error.params as Record<string, unknown>;
  const actualValue = valueAt(root, path, basePath);
  switch (error.keyword) {
    case 'required': {
      const field = String(params.missingProperty);
      return {
        code: 'missing-field',
        message: msg(locale, 'missingField', { field }),
        at: objectAnchor(path, actualValue),
        fixes: [{ kind: 'add-field', objectPath: path, field, value: null }],
      };
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      return { code: 'unknown-field', message: msg(locale, 'unknownField', { field }), at: { path: [...path, field], part: 'key' } };
    }
    case 'type': {
      // 1e400 parses to Infinity (Python: inf), which no schema type accepts: say why, not "a number, not a number".
      if (typeof actualValue === 'number' && !Number.isFinite(actualValue)) {
        return {
          code: 'invalid-value',
          message: msg(locale, 'numberOverflow', { field: fieldName(path), value: actualValue > 0 ? 'inf' : '-inf' }),
          at: { path },
        };
      }
      const types = String(params.type).split(',');
      const expected = types.map((t) => TYPE_WORDS[t]?.[locale] ?? t).join(locale === 'fr' ? ' ou ' : ' or ');
      const actualEn = jsonType(actualValue);
      const actual = locale === 'fr' ? (ACTUAL_WORDS_FR[actualEn] ?? actualEn) : actualEn;
      return { code: 'wrong-type', message: msg(locale, 'wrongType', { field: fieldName(path), expected, actual }), at: { path } };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => `\`${String(v)}\``).join(', ');
      return { code: 'invalid-value', message: msg(locale, 'enumValue', { field: fieldName(path), allowed, actual: show(actualValue) }), at: { path } };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = String(params.comparison);
      return {
        code: 'invalid-value',
        message: msg(locale, 'rangeValue', { field: fieldName(path), comparison, limit: String(params.limit), actual: show(actualValue) }),
        at: { path },
      };
    }
    case 'pattern':
      return { code: 'invalid-value', message: msg(locale, 'patternValue', { field: fieldName(path), pattern: String(params.pattern) }), at: { path } };
    case 'format':
      return { code: 'invalid-value', message: msg(locale, 'formatValue', { field: fieldName(path), format: String(params.format) }), at: { path } };
    case 'minItems':
    case 'minLength':
      return { code: 'invalid-value', message: msg(locale, 'tooFewItems', { field: fieldName(path), limit: String(params.limit) }), at: { path } };
    default:
      return { code: 'invalid-value', message: msg(locale, 'invalidValue', { field: fieldName(path), detail: error.message ?? error.keyword }), at: { path } };
  }
}
