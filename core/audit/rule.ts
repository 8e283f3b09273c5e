import type { JsonDocument, JsonPath } from '../document/jsonDocument';
import { itemAt, itemCount } from '../document/spanTree';
import { profileFor } from '../coverage/profiles';
import type { Locale } from '../i18n/locale';
import { pick } from '../i18n/locale';
import { objectAnchor } from '../rules/anchors';
import type { Finding, FixData } from '../rules/finding';
import { msg } from '../rules/messages';
import { harnessExactMatch } from '../scoring/rosetta/metrics';
import { pyIncludes, pyLen, pyLower } from '../python/str';
import { auditTest, DEFAULT_LANGUAGE, extraKey, type AuditOptions, type TestAudit } from './auditTest';
import { BASELINES, baselineText, ordinaryTexts, type Baseline } from './baselines';
import { LANGUAGE_TEXTS } from './texts';
import { enclosingWord, explainPass, shownScore } from './explain';
import { isObject } from '../json';
import { TextMemo } from '../text/textMemo';
import { memoSlot, ownCopy } from '../document/knownItems';
import { underIndex } from '../rules/relocate';

type Obj = Record<string, unknown>;

export function baselineById(id: string, extra: readonly Baseline[] = []): Baseline | undefined {
  return BASELINES.find((b) => b.id === id) ?? extra.find((b) => b.id === id);
}

/** A keyword that ordinary text in the language contains: in how many of the texts, and inside which word. */
export interface KeywordHit {
  index: number;
  keyword: string;
  count: number;
  total: number;
  word: string;
  /** Every fluent text of the language contains it: it tells no answer apart from any other. */
  everyFluent: boolean;
}

/** A keyword of at most this many code points counts as short: found in any ordinary text, it is flagged. */
export const SHORT_KEYWORD = 3;

/**
 * The keywords of a test that texts answering nothing already contain (the harness matches substrings): a short
 * one (at most SHORT_KEYWORD code points) found in any of them, or a common one found in more than half.
 */
export function ordinaryKeywordHits(test: Obj, language = DEFAULT_LANGUAGE): KeywordHit[] {
  const keywords = test.expected_keywords;
  if (!Array.isArray(keywords)) return [];
  const texts = ordinaryTexts(language);
  if (texts.length === 0) return [];
  const lowered = texts.map(pyLower);
  const fluent = (LANGUAGE_TEXTS[language]?.fluent ?? []).map((f) => pyLower(f.text));
  const hits: KeywordHit[] = [];
  keywords.forEach((keyword: unknown, index) => {
    if (typeof keyword !== 'string') return;
    const needle = pyLower(keyword);
    const containing = lowered.filter((t) => pyIncludes(t, needle));
    const short = pyLen(keyword) <= SHORT_KEYWORD;
    if (containing.length === 0 || (!short && containing.length * 2 <= texts.length)) return;
    const first = texts[lowered.indexOf(containing[0])];
    const everyFluent = fluent.length > 0 && fluent.every((t) => pyIncludes(t, needle));
    hits.push({ index, keyword, count: containing.length, total: texts.length, word: enclosingWord(first, keyword) ?? keyword, everyFluent });
  });
  return hits;
}

/** Methods that read `expected_keywords`. */
const READS_KEYWORDS = new Set(['keywords', 'composite']);

/**
 * `weak-test` for a ÈwéBench tests file: each test a non-answer passes, anchored on its `eval_method`, and each
 * keyword ordinary text contains, anchored on the keyword. Computed per test and cached by the test's text, so
 * a keystroke re-audits only the test it touched.
 */
export function weakTestFindings(value: unknown, locale: Locale, options: AuditOptions = {}, sourceOf?: (index: number) => string): Finding[] {
  const cache = { bySource: findingsCacheFor(locale, options, 's'), byJson: findingsCacheFor(locale, options, 'j') };
  return collectWeakFindings(value, locale, (test, index) => testFindingsCached(test, locale, options, cache, sourceOf?.(index)));
}

/** Each test's findings (relative to the test) moved to its index, at most MAX_WEAK_FINDINGS, then one counting the rest. */
function collectWeakFindings(value: unknown, locale: Locale, findingsOf: (test: Obj, index: number) => readonly Finding[]): Finding[] {
  if (!Array.isArray(value)) return [];
  const findings: Finding[] = [];
  let hidden = 0;
  let hiddenTests = 0;
  value.forEach((test: unknown, index) => {
    if (!isObject(test)) return;
    const own = findingsOf(test, index);
    if (findings.length + own.length > MAX_WEAK_FINDINGS) {
      hidden += own.length;
      if (own.length) hiddenTests++;
      return;
    }
    for (const f of own) findings.push(underIndex(f, index));
  });
  if (hidden)
    findings.push({
      code: 'weak-test',
      message: msg(locale, 'weakTestMoreInFile', { count: hidden, tests: hiddenTests, limit: MAX_WEAK_FINDINGS }),
      at: { path: [], part: 'start' },
    });
  return findings;
}

/**
 * At most this many `weak-test` findings per file (then one that counts the rest): every diagnostic costs its
 * place in the text and its share of each publication, and a generated file of thousands of weak tests would
 * otherwise slow every keystroke. `ewebench-studio audit` lists them all.
 */
export const MAX_WEAK_FINDINGS = 200;

/**
 * `weakTestFindings` for a parsed document: each test is keyed by its source text, which is cheaper to hash than
 * re-serialising every test on every keystroke (a test's findings depend only on its content). Falls back to
 * the JSON keys when the text does not parse cleanly.
 */
export function weakTestFindingsInDocument(doc: JsonDocument, locale: Locale, options: AuditOptions = {}): Finding[] {
  const value = doc.value;
  if (!Array.isArray(value)) return [];
  const known = doc.knownItems();
  if (known) {
    // Each test's findings are kept with what is known of its text (`KnownItem.memo`), under this context's key.
    const slot = memoSlot<readonly Finding[]>(`weak-test\u0000${contextKey(locale, options)}`);
    const cache = { bySource: findingsCacheFor(locale, options, 's'), byJson: findingsCacheFor(locale, options, 'j') };
    return collectWeakFindings(value, locale, (test, index) => {
      const item = known[index];
      if (!item) return testFindingsCached(test, locale, options, cache);
      let found = slot.get(item);
      if (!found) {
        found = testFindings(test, locale, options);
        // Most tests have none: one shared empty list is kept for them.
        slot.set(item, (found = found.length === 0 ? NO_FINDINGS : found));
      }
      return found;
    });
  }
  const top = doc.isValidJson ? doc.childrenAt([]) : undefined;
  const items = top?.kind === 'array' && itemCount(top) === value.length ? top : undefined;
  const textOf = (i: number) => {
    const span = itemAt(items!, i);
    return doc.slice(span.start, span.end);
  };
  return weakTestFindings(value, locale, options, items ? textOf : undefined);
}

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

const FINDINGS_CACHE_LIMIT = 20000;
/**
 * By context (locale, language, extra baselines), then by the test's text: the text is looked up as it is, never
 * copied into a longer key, and found by a few of its characters before one compare (`TextMemo`).
 */
const findingsCache = new Map<string, FindingsByText>();

type FindingsByText = TextMemo<readonly Finding[]>;

/** What a test's findings depend on beside its text: the locale, the language and the extra baselines. */
function contextKey(locale: Locale, options: AuditOptions): string {
  return `${locale}\u0000${options.language ?? DEFAULT_LANGUAGE}\u0000${extraKey(options.extra)}`;
}

/** The cache of one context; source text and JSON text are kept apart, since the same test can have both. */
function findingsCacheFor(locale: Locale, options: AuditOptions, keyedBy: 's' | 'j'): FindingsByText {
  const context = `${contextKey(locale, options)}\u0000${keyedBy}`;
  let byText = findingsCache.get(context);
  if (!byText) findingsCache.set(context, (byText = new TextMemo(FINDINGS_CACHE_LIMIT)));
  return byText;
}

/** The findings of one test relative to the test itself (paths start at its fields), memoised by its text and the locale. */
function testFindingsCached(
  test: Obj,
  locale: Locale,
  options: AuditOptions,
  cache: { bySource: FindingsByText; byJson: FindingsByText },
  source?: string,
): readonly Finding[] {
  let text: string;
  try {
    text = source ?? JSON.stringify(test);
  } catch {
    return testFindings(test, locale, options);
  }
  const byText = source !== undefined ? cache.bySource : cache.byJson;
  let found = byText.get(text);
  if (!found) {
    found = testFindings(test, locale, options);
    // A slice of the document text would keep that whole version of the document alive: store a copy.
    byText.set(source !== undefined ? ownCopy(text) : text, found);
  }
  return found;
}

function testFindings(test: Obj, locale: Locale, options: AuditOptions): Finding[] {
  const out: Finding[] = [];
  // Not the audit cache: the findings are cached instead, and the breakdowns of ten baselines per test would
  // hold far more memory than the findings made from them.
  const audit = auditTest(test, options);
  const weak = weakFinding(test, [], audit, locale, options);
  if (weak) out.push(weak);
  if (audit.method && READS_KEYWORDS.has(audit.method)) out.push(...keywordFindings(test, [], locale, options.language));
  return out;
}

function weakFinding(test: Obj, path: JsonPath, audit: TestAudit, locale: Locale, options: AuditOptions): Finding | undefined {
  const best = audit.weak[0];
  if (!best) return undefined;
  const baseline = baselineById(best.baseline, options.extra);
  if (!baseline) return undefined;
  const text = baselineText(baseline, test, options.language ?? DEFAULT_LANGUAGE) ?? '';
  const more = audit.weak.length > 1 ? msg(locale, 'weakTestMore', { count: audit.weak.length - 1 }) : '';
  const fixes: FixData[] = [];
  // ewe_quality rewards any fluent text; composite with the test's own keywords (and contains_ewe) needs them too.
  if (audit.method === 'ewe_quality' && hasKeywords(test)) {
    const fields: { field: string; value: unknown }[] = [{ field: 'eval_method', value: 'composite' }];
    if (!isObject(test.expected_format)) fields.push({ field: 'expected_format', value: { contains_ewe: true } });
    fixes.push({ kind: 'set-fields', objectPath: path, fields, title: 'to-composite' });
  }
  return {
    code: 'weak-test',
    message: msg(locale, 'weakTest', {
      baseline: pick(baseline.name, locale),
      score: shownScore(best.score),
      more,
      part: explainPass(best.breakdown, text, locale),
    }).trimEnd(),
    at: Object.hasOwn(test, 'eval_method') ? { path: [...path, 'eval_method'] } : objectAnchor(path, test),
    ...(fixes.length ? { fixes } : {}),
  };
}

function hasKeywords(test: Obj): boolean {
  const k = test.expected_keywords;
  return Array.isArray(k) && k.length > 0 && k.every((x) => typeof x === 'string' && x.trim() !== '');
}

function keywordFindings(test: Obj, path: JsonPath, locale: Locale, language = DEFAULT_LANGUAGE): Finding[] {
  const hits = ordinaryKeywordHits(test, language);
  if (hits.length === 0) return [];
  const keywords = test.expected_keywords as unknown[];
  const name = profileFor(language)?.name[locale] ?? language;
  return hits.map((hit) => {
    // Dropping is sound only for a keyword every such text contains (it never tells answers apart) and when
    // another keyword remains (an empty list scores 0 for everything).
    const drop: FixData[] =
      hit.everyFluent && keywords.length > 1 ? [{ kind: 'remove-item', path: [...path, 'expected_keywords', hit.index], label: hit.keyword }] : [];
    return {
      code: 'weak-test',
      message: msg(locale, 'weakKeyword', { keyword: hit.keyword, language: name, word: hit.word, count: hit.count, total: hit.total }),
      at: { path: [...path, 'expected_keywords', hit.index] },
      ...(drop.length ? { fixes: drop } : {}),
    };
  });
}

/**
 * The corpus counterpart: an entry whose reference is its source (the harness's exact match: NFC, case and whitespace forgiven) rewards a
 * system that copies its input. Legacy field names are read too.
 */
export function corpusCopyFindings(entries: unknown, entriesPath: JsonPath, locale: Locale): Finding[] {
  if (!Array.isArray(entries)) return [];
  const findings: Finding[] = [];
  entries.forEach((entry: unknown, index) => {
    if (!isObject(entry)) return;
    const sourceKey = typeof entry.source === 'string' ? 'source' : 'source_text';
    const referenceKey = typeof entry.reference === 'string' ? 'reference' : 'target_expected';
    const source = entry[sourceKey];
    const reference = entry[referenceKey];
    if (typeof source !== 'string' || typeof reference !== 'string' || source.trim() === '') return;
    if (harnessExactMatch(source, reference))
      findings.push({ code: 'weak-test', message: msg(locale, 'corpusCopy'), at: { path: [...entriesPath, index, referenceKey] } });
  });
  return findings;
}
