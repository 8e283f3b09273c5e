import type { Classification } from '../document/classify';
import type { JsonDocument, JsonPath } from '../document/jsonDocument';
import type { Locale } from '../i18n/locale';
import type { TextEdit } from './fixes';
import type { Finding } from './finding';
import { msg } from './messages';
import { codePoints, confusablesIn, textUnits, type ConfusableHit } from '../coverage/confusables';
import { visitLanguageStrings, visitTestStrings } from '../coverage/fields';
import { hasDecomposed, NormalizationSurvey } from '../coverage/normalization';
import { EWE } from '../coverage/profiles';
import { memoSlot, type KnownItem } from '../document/knownItems';
import { LOOKALIKE } from '../coverage/unitScan';
import { isObject } from '../json';

/**
 * Findings of each of the two codes reported per file: a corpus typed with the wrong keyboard has a look-alike
 * in every entry, and diagnostics past this many tell the user nothing new (the rest are counted in one note;
 * the file-wide fixes, `fixAllEdits`, still replace every one).
 */
export const MAX_COVERAGE_FINDINGS = 1000;

/** Codes whose fixes are also offered for the whole file at once (computed when asked: `fixAllEdits`). */
export type FixAllCode = 'confusable-char' | 'mixed-normalization';

/** The look-alikes and the normalisation survey of a file's language strings: one pass, positions only for hits. */
function survey(doc: JsonDocument, classification: Classification): { hits: ConfusableHit[]; normalization: NormalizationSurvey } {
  const hits: ConfusableHit[] = [];
  const normalization = new NormalizationSurvey();
  const value = doc.value;
  const known = classification.kind === 'ewebench-tests' && Array.isArray(value) ? doc.knownItems() : undefined;
  if (known) {
    surveyTests(doc, value as unknown[], known, hits, normalization);
    return { hits, normalization };
  }
  visitLanguageStrings(value, classification, (text, profile, path) => {
    const units = textUnits(text, profile);
    confusablesIn(doc, text, profile, path, hits, units);
    normalization.add(text, path, units);
  });
  return { hits, normalization };
}

/**
 * A tests file's survey through what is known of each test's text: the strings of a test that can add anything
 * (a unit that ends a look-alike, a combining mark, a letter that could be precomposed: `scanUnits`), with their
 * classes and whether NFC changes them, are found once per test text (`KnownItem.memo`); each validation then
 * replays only those strings, read from the test by their place in it, in the order a full survey visits them.
 * A string that could only be precomposed matters only when some string is decomposed (`NormalizationSurvey.mixed`):
 * those are read last, and only then.
 */
function surveyTests(
  doc: JsonDocument,
  tests: readonly unknown[],
  known: readonly (KnownItem | undefined)[],
  hits: ConfusableHit[],
  normalization: NormalizationSurvey,
): void {
  let composed: { test: Record<string, unknown>; strings: readonly SurveyedString[] }[] | undefined;
  for (let index = 0; index < tests.length; index++) {
    const test = tests[index];
    if (!isObject(test)) continue;
    const item = known[index];
    let strings = item && SURVEY_SLOT.get(item);
    if (!strings) {
      strings = surveyedStrings(test);
      if (item) SURVEY_SLOT.set(item, strings);
    }
    for (const s of strings.special) {
      const text = stringAt(test, s.at);
      const path = () => [index, ...s.at];
      confusablesIn(doc, text, EWE, path, hits, s.units);
      normalization.addChecked(text, path, s.decomposed, s.units);
    }
    if (strings.composed.length > 0) (composed ??= []).push({ test, strings: strings.composed });
  }
  if (composed && normalization.decomposed.length > 0) {
    for (const { test, strings } of composed) for (const s of strings) normalization.addChecked(stringAt(test, s.at), NO_PATH, false, s.units);
  }
}

const NO_PATH = (): JsonPath => [];

/** The strings of one test the survey reads (paths from the test), split as `surveyTests` replays them. */
function surveyedStrings(test: Record<string, unknown>): SurveyedStrings {
  const special: SurveyedString[] = [];
  const composed: SurveyedString[] = [];
  visitTestStrings(test, 0, EWE, (text, profile, path) => {
    const units = textUnits(text, profile);
    if (units === 0) return;
    const decomposed = hasDecomposed(text, units);
    const s = { at: path().slice(1), units, decomposed };
    // Neither a look-alike nor decomposed: at most a candidate for `mixed`.
    if ((units & LOOKALIKE) === 0 && !decomposed) composed.push(s);
    else special.push(s);
  });
  return special.length === 0 && composed.length === 0 ? NOTHING_SURVEYED : { special, composed };
}

/** The strings of a test none of whose strings can add anything (shared: most tests of most files). */
const NOTHING_SURVEYED: SurveyedStrings = Object.freeze({ special: Object.freeze([]), composed: Object.freeze([]) });

/** The key of a test's surveyed strings in `KnownItem.memo` (the profile is Ewe's: validation passes no other). */
const SURVEY_SLOT = memoSlot<SurveyedStrings>('coverage\u0000ee');

/** A language string of a test that the survey reads: its place in the test, its unit classes and whether NFC changes it. */
interface SurveyedString {
  at: JsonPath;
  units: number;
  decomposed: boolean;
}

/** A test's strings that can add a look-alike or a decomposed string, in visiting order, and the others that can be precomposed. */
interface SurveyedStrings {
  special: readonly SurveyedString[];
  composed: readonly SurveyedString[];
}

function stringAt(test: Record<string, unknown>, at: JsonPath): string {
  let node: unknown = test;
  for (const segment of at) node = (node as Record<string | number, unknown>)[segment];
  return node as string;
}

/** The edit that rewrites the string at `path` in NFC, as JSON: quotes, escapes and all. */
function nfcEdit(doc: JsonDocument, s: { text: string; path: JsonPath }): TextEdit | undefined {
  const span = doc.locate(s.path);
  return span && { span, newText: JSON.stringify(s.text.normalize('NFC')) };
}

/** The message of a `confusable-char` finding (one home: `coverageFindings` and an import's rows, `AppendedEntries`). */
export function confusableMessage(hit: { found: string; expected: string }, locale: Locale): string {
  const expected = hit.expected.normalize('NFC');
  return msg(locale, 'confusableChar', { found: hit.found, code: codePoints(hit.found), expected, expectedCode: codePoints(hit.expected) });
}

/** The note after `MAX_COVERAGE_FINDINGS` look-alikes, of `total` in the file. */
export function confusableMoreMessage(total: number, locale: Locale): string {
  return msg(locale, 'confusableMore', { count: total - MAX_COVERAGE_FINDINGS, total, limit: MAX_COVERAGE_FINDINGS });
}

/** The message of a `mixed-normalization` finding, of `total` decomposed strings in the file. */
export function mixedNormalizationMessage(total: number, locale: Locale): string {
  return msg(locale, 'mixedNormalization', { count: total });
}

/** The note after `MAX_COVERAGE_FINDINGS` decomposed strings, of `total` in the file. */
export function mixedNormalizationMoreMessage(total: number, locale: Locale): string {
  return msg(locale, 'mixedNormalizationMore', { count: total - MAX_COVERAGE_FINDINGS, total, limit: MAX_COVERAGE_FINDINGS });
}

/**
 * The file's `confusable-char` findings (one per look-alike, at its exact span, with a fix for that letter alone)
 * and `mixed-normalization` findings (one per string NFC would change, with a fix rewriting that string): each
 * finding carries only its own fix, so the findings grow with the file, not with its square. At most
 * `MAX_COVERAGE_FINDINGS` of each code, then one note counting the rest.
 */
export function coverageFindings(doc: JsonDocument, classification: Classification, locale: Locale): Finding[] {
  const { hits, normalization } = survey(doc, classification);
  const findings: Finding[] = [];
  for (const hit of hits.slice(0, MAX_COVERAGE_FINDINGS)) {
    const expected = hit.expected.normalize('NFC');
    findings.push({
      code: 'confusable-char',
      message: confusableMessage(hit, locale),
      at: { span: hit.span },
      fixes: [{ kind: 'replace-text', edits: [{ span: hit.span, newText: hit.expected }], title: 'one', found: hit.found.normalize('NFC'), expected }],
    });
  }
  if (hits.length > MAX_COVERAGE_FINDINGS) {
    findings.push({
      code: 'confusable-char',
      severity: 'information',
      message: confusableMoreMessage(hits.length, locale),
      at: { span: hits[MAX_COVERAGE_FINDINGS].span },
    });
  }
  if (normalization.mixed) {
    const { decomposed } = normalization;
    for (const s of decomposed.slice(0, MAX_COVERAGE_FINDINGS)) {
      const edit = nfcEdit(doc, s);
      findings.push({
        code: 'mixed-normalization',
        message: mixedNormalizationMessage(decomposed.length, locale),
        at: { path: s.path },
        ...(edit ? { fixes: [{ kind: 'replace-text', edits: [edit], title: 'nfc' }] } : {}),
      });
    }
    if (decomposed.length > MAX_COVERAGE_FINDINGS) {
      findings.push({
        code: 'mixed-normalization',
        severity: 'information',
        message: mixedNormalizationMoreMessage(decomposed.length, locale),
        at: { path: decomposed[MAX_COVERAGE_FINDINGS].path },
      });
    }
  }
  return findings;
}

/**
 * Every edit of one file-wide fix, in text order: every look-alike replaced by its letter, or (when the file mixes
 * the forms) every decomposed string rewritten in NFC. Computed when a client asks, from the analysed document, in
 * one pass (no finding carries these).
 */
export function fixAllEdits(doc: JsonDocument, classification: Classification, code: FixAllCode): TextEdit[] {
  if (classification.kind !== 'ewebench-tests' && classification.kind !== 'rosetta-corpus') return [];
  const { hits, normalization } = survey(doc, classification);
  if (code === 'confusable-char') return hits.map((h) => ({ span: h.span, newText: h.expected }));
  if (!normalization.mixed) return [];
  return normalization.decomposed.flatMap((s) => nfcEdit(doc, s) ?? []);
}
