import { pyIncludes, pyLen, pyLower } from '../../python/str';
import type { FormatBreakdown, FormatCheck, MarkdownElement, MethodResult } from './breakdown';
import { isPyDict, pyCompareLength, pyContains, pyGetItem, pyLength } from '../../python/values';
import { compilePyRegex } from '../../python/re';
import { STRICT_CHECKS } from './strictChecks';
import { HARNESS_FORMAT_KEYS, MARKDOWN_ELEMENTS, STRICT_ONLY_FORMAT_KEYS } from './tables';

/** Any of these in the lower-cased response counts as Ewe for `contains_ewe` (short ones like "le" hit French too). */
export const FORMAT_EWE_MARKERS = ['ɖe', 'nye', 'wò', 'mí', 'ɛ', 'ɔ', 'ƒe', 'kple', 'dzi', 'le'] as const;

/**
 * Strict `contains_ewe: false` means "no Ewe letters" (the markers above would fail almost any French or
 * English text because of "le"): the Ewe special letters in either case, with ʋ which the harness omits.
 */
const EWE_LETTERS = /[ɖɛɔƒŋɣʋƉƐƆƑŊƔƲ]/u;

export interface FormatOptions {
  /** Honour `false` values and score the keys the harness ignores; the result is then not harness-comparable. */
  strict?: boolean;
}

// The harness's two fixed markdown patterns, translated once: Python's multiline ^ (after "\n" only) and its
// \s (its whitespace table). Both search in linear time, so no text is too long for them.
const HEADER = compilePyRegex('^#{1,3}\\s', { multiline: true, linear: true });
const LIST_ITEM = compilePyRegex('^[\\-\\*]\\s', { multiline: true, linear: true });

const MARKDOWN_TESTS: Record<MarkdownElement['name'], (response: string) => boolean> = {
  table: (r) => r.includes('|') && r.includes('---'),
  header: (r) => HEADER.search(r),
  list: (r) => LIST_ITEM.search(r),
  bold: (r) => r.includes('**'),
};

/**
 * The harness's format compliance: the mean over the checks whose key is present, 0 when none is.
 * `expected` is whatever the test holds: Python's `in` also works on a list or a string (a list holding
 * "contains_ewe" scores that check), and indexing or comparing the wrong type raises. Throws HarnessCrash
 * where the harness would.
 */
export function formatCompliance(expected: unknown, response: string, options: FormatOptions = {}): MethodResult<FormatBreakdown> {
  const strict = options.strict === true;
  const checks: FormatCheck[] = [];
  const has = (key: string) => pyContains(expected, key, 'expected_format');
  const valueOf = (key: string) => pyGetItem(expected, key, `expected_format["${key}"]`);
  // Keys are only read from an object; a list or string member has no value to show.
  const shown = (key: string) => (isPyDict(expected) ? expected[key] : undefined);

  if (has('contains_ewe')) {
    const lower = pyLower(response);
    const markers = FORMAT_EWE_MARKERS.filter((m) => pyIncludes(lower, m));
    const value = shown('contains_ewe');
    if (strict && value === false) {
      const letters = [...new Set(Array.from(response).filter((c) => EWE_LETTERS.test(c)))];
      checks.push({ key: 'contains_ewe', value, passed: letters.length === 0 ? 1 : 0, observed: letters, note: 'strict: false requires no Ewe letters' });
    } else {
      checks.push({ key: 'contains_ewe', value, passed: markers.length > 0 ? 1 : 0, observed: markers, ...(value === false ? { valueIgnored: true } : {}) });
    }
  }
  if (has('min_length')) {
    const value = valueOf('min_length');
    const length = pyLen(response);
    checks.push({ key: 'min_length', value, passed: pyCompareLength(length, '>=', value, 'expected_format["min_length"]') ? 1 : 0, observed: length });
  }
  if (has('max_length')) {
    const value = valueOf('max_length');
    const length = pyLen(response);
    checks.push({ key: 'max_length', value, passed: pyCompareLength(length, '<=', value, 'expected_format["max_length"]') ? 1 : 0, observed: length });
  }
  if (has('contains_function_call')) {
    const found = response.includes('<function_call>');
    const value = shown('contains_function_call');
    const passed = strict && value === false ? !found : found;
    checks.push({
      key: 'contains_function_call',
      value,
      passed: passed ? 1 : 0,
      observed: found,
      ...(!strict && value === false ? { valueIgnored: true } : {}),
    });
  }
  if (has('markdown_elements')) {
    const value = valueOf('markdown_elements');
    const elements: MarkdownElement[] = [];
    for (const name of MARKDOWN_ELEMENTS) {
      if (pyContains(value, name, 'expected_format["markdown_elements"]')) elements.push({ name, found: MARKDOWN_TESTS[name](response) });
    }
    const requested = pyLength(value, 'expected_format["markdown_elements"]');
    const found = elements.filter((e) => e.found).length;
    checks.push({ key: 'markdown_elements', value, passed: requested ? found / requested : 0, markdown: { requested, elements } });
  }

  const ignoredKeys: string[] = [];
  if (isPyDict(expected)) {
    for (const key of Object.keys(expected)) {
      if ((HARNESS_FORMAT_KEYS as readonly string[]).includes(key)) continue;
      const check = strict && (STRICT_ONLY_FORMAT_KEYS as readonly string[]).includes(key) ? STRICT_CHECKS[key as keyof typeof STRICT_CHECKS] : undefined;
      const outcome = check?.(expected[key], response);
      if (!outcome || outcome === 'not-scored') ignoredKeys.push(key);
      else
        checks.push({
          key,
          value: expected[key],
          passed: outcome.passed ? 1 : 0,
          strictOnly: true,
          ...(outcome.observed !== undefined ? { observed: outcome.observed } : {}),
          ...(outcome.note ? { note: outcome.note } : {}),
        });
    }
  }

  // Summed in check order, as the harness adds them.
  let sum = 0;
  for (const c of checks) sum += c.passed;
  return { score: checks.length > 0 ? sum / checks.length : 0, breakdown: { method: 'format', checks, ignoredKeys } };
}
