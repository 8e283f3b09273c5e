import type { JsonDocument, JsonPath } from '../document/jsonDocument';
import { SCHEMAS } from '../schemas/registry';
import { underIndex } from './relocate';
import { memoSlot } from '../document/knownItems';
import type { Locale } from '../i18n/locale';
import { EVAL_METHODS, HARNESS_FORMAT_KEYS, METHOD_REQUIRED_FIELDS, STRICT_ONLY_FORMAT_KEYS, type EvalMethod } from '../scoring/ewebench/tables';
import { pyStrip } from '../python/str';
import { objectAnchor } from './anchors';
import type { Finding } from './finding';
import { msg } from './messages';
import { schemaFindings } from './schemaFindings';
import { isObject } from '../json';

type Test = Record<string, unknown>;

/**
 * `ewebenchFindings` for a parsed document: each test's findings depend on its text alone, so they are computed
 * once per test text and kept with what is known of it (`KnownItem.memo`, see `document/knownItems.ts`), relative
 * to the test, then moved to the test's index. The schema's findings of every test come first, then the other
 * rules' findings of every test, as `ewebenchFindings` orders them.
 */
export function ewebenchFindingsInDocument(doc: JsonDocument, locale: Locale): Finding[] {
  const value = doc.value;
  const known = Array.isArray(value) && ITEMS_ONLY ? doc.knownItems() : undefined;
  if (!known) return ewebenchFindings(value, locale);
  const tests = value as unknown[];
  const schema: Finding[] = [];
  const rules: Finding[] = [];
  const slot = memoSlot<TestFindings>(`ewebench\u0000${locale}`);
  for (let index = 0; index < tests.length; index++) {
    const test = tests[index];
    const item = known[index];
    let own = item && slot.get(item);
    if (!own) {
      own = isObject(test) && item ? ownFindings(test, locale) : undefined;
      if (own) slot.set(item!, own);
      else {
        // Not an object, or not known: this test's findings at its index, not kept.
        schema.push(...schemaFindings(test, [index], 'ewebench-tests', 'test', locale));
        if (isObject(test)) rules.push(...testFindings(test, [index], locale));
        continue;
      }
    }
    for (const f of own.schema) schema.push(underIndex(f, index));
    for (const f of own.rules) rules.push(underIndex(f, index));
  }
  return schema.length === 0 ? rules : rules.length === 0 ? schema : [...schema, ...rules];
}

/** One test's findings relative to the test: the schema's, then the other rules'. */
interface TestFindings {
  schema: readonly Finding[];
  rules: readonly Finding[];
}

/**
 * The findings of one test (an object) at path [], or undefined when one of them could depend on where the test
 * is: the schema's messages name the field they are about, and only an error about the test object itself (a
 * `required` or `additionalProperties` aside) would name the test by its index.
 */
function ownFindings(test: Test, locale: Locale): TestFindings | undefined {
  const schema = schemaFindings(test, [], 'ewebench-tests', 'test', locale);
  for (const f of schema) if ('path' in f.at && f.at.path.length === 0 && f.code !== 'missing-field') return undefined;
  const rules = testFindings(test, [], locale);
  // Most tests have none: they share one value, kept for thousands of tests.
  return schema.length === 0 && rules.length === 0 ? NO_FINDINGS : { schema, rules };
}

const NO_FINDINGS: TestFindings = Object.freeze({ schema: Object.freeze([]), rules: Object.freeze([]) });

/**
 * The tests schema checks nothing of the array but its items (`type` and `items` beside annotations and
 * definitions), so each test can be checked alone with the `test` definition; anything else in it checks each
 * file whole.
 */
const ITEMS_ONLY = Object.keys(SCHEMAS['ewebench-tests']).every((key) =>
  ['$schema', '$id', 'title', 'description', 'markdownDescription', 'x-markdownDescription-fr', 'type', 'items', 'definitions'].includes(key),
);

/** Rules for a ÈwéBench tests file (a JSON array of tests); ids are checked separately (rules/ids.ts). */
export function ewebenchFindings(value: unknown, locale: Locale): Finding[] {
  const findings = schemaFindings(value, [], 'ewebench-tests', undefined, locale);
  if (!Array.isArray(value)) return findings;
  value.forEach((test, index) => {
    if (isObject(test)) findings.push(...testFindings(test, [index], locale));
  });
  return findings;
}

function testFindings(test: Test, path: JsonPath, locale: Locale): Finding[] {
  const out: Finding[] = [];
  const hasPrompt = 'prompt' in test;
  const hasMessages = 'messages' in test;
  if (hasPrompt && hasMessages) {
    out.push({
      code: 'prompt-and-messages',
      message: msg(locale, 'promptAndMessages'),
      at: { path: [...path, 'messages'], part: 'key' },
      related: [{ at: { path: [...path, 'prompt'], part: 'key' }, message: msg(locale, 'promptHere') }],
    });
  } else if (!hasPrompt && !hasMessages) {
    out.push({
      code: 'missing-field',
      message: msg(locale, 'missingPromptOrMessages'),
      at: objectAnchor(path, test),
      fixes: [{ kind: 'add-field', objectPath: path, field: 'prompt', value: '' }],
    });
  }

  const rawMethod = test.eval_method;
  let method: EvalMethod | undefined;
  if (!('eval_method' in test)) {
    out.push({
      code: 'missing-field',
      message: msg(locale, 'missingEvalMethod'),
      at: objectAnchor(path, test),
      fixes: [{ kind: 'add-field', objectPath: path, field: 'eval_method', value: 'keywords' }],
    });
    method = 'keywords';
  } else if (typeof rawMethod === 'string') {
    if ((EVAL_METHODS as readonly string[]).includes(rawMethod)) method = rawMethod as EvalMethod;
    else {
      const candidate = closest(rawMethod, EVAL_METHODS);
      out.push({
        code: 'unknown-eval-method',
        message: msg(locale, 'unknownEvalMethod', { method: rawMethod, suggestion: candidate ? msg(locale, 'didYouMean', { candidate }) : '' }),
        at: { path: [...path, 'eval_method'] },
      });
    }
  }

  if (method) out.push(...methodFieldFindings(test, path, method, locale));
  if (isObject(test.expected_format)) out.push(...formatFindings(test.expected_format, [...path, 'expected_format'], method, locale));
  if (Array.isArray(test.messages)) out.push(...messagesFindings(test.messages, [...path, 'messages'], locale));
  return out;
}

/** One Latin letter, as the harness compares it after Python's `strip()` (surrounding whitespace is harmless). */
const isOptionLetter = (expected: string): boolean => /^[A-Za-z]$/.test(pyStrip(expected));

function methodFieldFindings(test: Test, path: JsonPath, method: EvalMethod, locale: Locale): Finding[] {
  const out: Finding[] = [];
  // Made only for a finding: most tests have none, and this runs for every test on every validation.
  const methodAnchor = () => ('eval_method' in test ? { path: [...path, 'eval_method'] } : objectAnchor(path, test));
  for (const field of METHOD_REQUIRED_FIELDS[method]) {
    const present = field in test && test[field] !== null;
    if (!present) {
      // exact_match and multiple_choice read test["expected"] directly: the harness raises KeyError without it.
      const crash = field === 'expected';
      out.push({
        code: 'method-field',
        message: msg(locale, 'methodFieldMissing', { method, field, consequence: msg(locale, crash ? 'consequenceCrash' : 'consequenceZero') }),
        at: methodAnchor(),
        fixes: [{ kind: 'add-field', objectPath: path, field, value: defaultFor(field) }],
      });
    } else if (field === 'expected_keywords' && Array.isArray(test[field]) && (test[field] as unknown[]).length === 0) {
      out.push({ code: 'method-field', message: msg(locale, 'methodFieldEmpty', { method, field }), at: { path: [...path, field] } });
    } else if (method === 'multiple_choice' && field === 'expected' && typeof test.expected === 'string' && !isOptionLetter(test.expected)) {
      out.push({
        code: 'method-field',
        message: msg(locale, 'multipleChoiceLetter', { value: JSON.stringify(test.expected) }),
        at: { path: [...path, 'expected'] },
      });
    }
  }
  return out;
}

function defaultFor(field: string): unknown {
  if (field === 'expected_keywords') return [''];
  if (field === 'expected_format') return { contains_ewe: true };
  return '';
}

/** What the harness does with a `false` value of a key it only tests for presence. */
const FALSE_MEANING = { contains_ewe: 'meaningContainsEwe', contains_function_call: 'meaningFunctionCall' } as const;

function formatFindings(format: Record<string, unknown>, path: JsonPath, method: EvalMethod | undefined, locale: Locale): Finding[] {
  const out: Finding[] = [];
  if (method && method !== 'format' && method !== 'composite') {
    out.push({ code: 'ignored-format-key', message: msg(locale, 'formatUnused', { method }), at: { path, part: 'key' } });
    return out;
  }
  for (const [key, value] of Object.entries(format)) {
    if (!(HARNESS_FORMAT_KEYS as readonly string[]).includes(key)) {
      const known = (STRICT_ONLY_FORMAT_KEYS as readonly string[]).includes(key);
      out.push({
        code: 'ignored-format-key',
        message: msg(locale, known ? 'ignoredFormatKey' : 'unknownFormatKey', { key }),
        at: { path: [...path, key], part: 'key' },
      });
    } else if (value === false) {
      const meaning = key in FALSE_MEANING ? FALSE_MEANING[key as keyof typeof FALSE_MEANING] : 'meaningGeneric';
      out.push({
        code: 'format-false-rewarded',
        message: msg(locale, 'formatFalseRewarded', { key, meaning: msg(locale, meaning) }),
        at: { path: [...path, key] },
      });
    }
  }
  return out;
}

function messagesFindings(messages: unknown[], path: JsonPath, locale: Locale): Finding[] {
  const out: Finding[] = [];
  if (messages.length === 0) {
    out.push({ code: 'messages-order', message: msg(locale, 'messagesEmpty'), at: { path } });
    return out;
  }
  const roles = messages.map((m) => (isObject(m) && typeof m.role === 'string' ? m.role : undefined));
  roles.forEach((role, i) => {
    if (role === 'system' && i > 0) out.push({ code: 'messages-order', message: msg(locale, 'messagesSystemNotFirst'), at: { path: [...path, i, 'role'] } });
    if (i > 0 && role && role !== 'system' && role === roles[i - 1]) {
      out.push({ code: 'messages-order', message: msg(locale, 'messagesSameRoleTwice', { role }), at: { path: [...path, i, 'role'] }, severity: 'warning' });
    }
  });
  const last = roles[roles.length - 1];
  if (last && last !== 'user') {
    out.push({ code: 'messages-order', message: msg(locale, 'messagesLastNotUser', { role: last }), at: { path: [...path, roles.length - 1, 'role'] } });
  }
  return out;
}

/** The known value nearest to a misspelling (edit distance at most 3), for "did you mean". */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 4;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
