import type { Classification } from '../document/classify';
import type { JsonDocument } from '../document/jsonDocument';
import type { Span } from '../document/lineIndex';
import type { Locale } from '../i18n/locale';
import type { Finding } from '../rules/finding';
import { msg } from '../rules/messages';
import { visitLanguageStrings, type LanguageString } from './fields';
import { stringOffsets } from './textOffsets';

export interface ConfusableHit {
  span: Span;
  found: string;
  expected: string;
}

function codePointName(ch: string): string {
  return 'U+' + ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

const confusablePatterns = new WeakMap<Readonly<Record<string, string>>, RegExp>();

/** One character class per profile: most strings have no look-alike and are passed over by one regex test. */
function confusablePattern(table: Readonly<Record<string, string>>): RegExp {
  let re = confusablePatterns.get(table);
  if (!re) {
    const chars = Object.keys(table);
    // Without the u flag (all look-alikes so far are in the BMP) the engine's fast path applies.
    const flags = chars.every((c) => c.length === 1) ? 'g' : 'gu';
    re = new RegExp('[' + chars.join('').replace(/[\\\]^-]/g, '\\$&') + ']', flags);
    confusablePatterns.set(table, re);
  }
  return re;
}

export function confusablesIn(doc: JsonDocument, text: string, table: Readonly<Record<string, string>>, path: () => readonly (string | number)[], hits: ConfusableHit[]): void {
  const pattern = confusablePattern(table);
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return;
  const span = doc.locate(path());
  if (!span) return;
  const offsets = stringOffsets(doc.text, span);
  pattern.lastIndex = 0;
  for (const m of text.matchAll(pattern)) hits.push({ span: offsets(m.index!, m[0].length), found: m[0], expected: table[m[0]] });
}

/** Look-alikes in the language strings, with their exact place in the text. */
export function findConfusables(doc: JsonDocument, strings: readonly LanguageString[]): ConfusableHit[] {
  const hits: ConfusableHit[] = [];
  for (const s of strings) confusablesIn(doc, s.text, s.profile.confusables, () => s.path, hits);
  return hits;
}

/**
 * A string is in NFD form when NFC would change it; in NFC form when it holds precomposed letters NFD would
 * split. The pre-tests look at the combining-mark blocks and the Latin blocks with precomposed letters, the
 * scripts our profiles write; `normalize` runs only on strings that pass them.
 */
// A range of combining marks is what this class is for, not a misread combined character.
// eslint-disable-next-line no-misleading-character-class
const MAYBE_DECOMPOSED = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/;
const MAYBE_PRECOMPOSED = /[\u00c0-\u024f\u1e00-\u1eff]/;

function isNfcOnly(text: string): boolean {
  return MAYBE_PRECOMPOSED.test(text) && text.normalize('NFD') !== text;
}

function isNotNfc(text: string): boolean {
  return MAYBE_DECOMPOSED.test(text) && text.normalize('NFC') !== text;
}

/** The file's confusable-char and mixed-normalization findings, each with its quick fixes. */
export function coverageFindings(doc: JsonDocument, classification: Classification, locale: Locale): Finding[] {
  const hits: ConfusableHit[] = [];
  const decomposed: { text: string; path: readonly (string | number)[] }[] = [];
  const candidates: string[] = [];
  visitLanguageStrings(doc.value, classification, (text, profile, path) => {
    confusablesIn(doc, text, profile.confusables, path, hits);
    if (isNotNfc(text)) decomposed.push({ text, path: path() });
    else if (MAYBE_PRECOMPOSED.test(text)) candidates.push(text);
  });
  const findings: Finding[] = [];
  const all = hits.map((h) => ({ span: h.span, newText: h.expected }));
  for (const hit of hits) {
    findings.push({
      code: 'confusable-char',
      message: msg(locale, 'confusableChar', { found: hit.found, code: codePointName(hit.found), expected: hit.expected, expectedCode: codePointName(hit.expected) }),
      at: { span: hit.span },
      fixes: [
        { kind: 'replace-text', edits: [{ span: hit.span, newText: hit.expected }], title: 'one' },
        ...(hits.length > 1 ? [{ kind: 'replace-text' as const, edits: all, title: 'all' as const }] : []),
      ],
    });
  }
  // Mixing needs both forms; most files have no decomposed string, and then nothing else is normalised.
  if (decomposed.length > 0 && (candidates.some(isNfcOnly) || decomposed.some((d) => isNfcOnly(d.text)))) {
    const edits = decomposed.flatMap((s) => {
      const span = doc.locate(s.path);
      return span ? [{ span, newText: JSON.stringify(s.text.normalize('NFC')) }] : [];
    });
    for (const s of decomposed) {
      findings.push({ code: 'mixed-normalization', message: msg(locale, 'mixedNormalization', { count: decomposed.length }), at: { path: s.path }, fixes: [{ kind: 'replace-text', edits, title: 'nfc' }] });
    }
  }
  return findings;
}
