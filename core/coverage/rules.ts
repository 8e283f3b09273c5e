import type { Classification } from '../document/classify';
import type { JsonDocument } from '../document/jsonDocument';
import type { Span } from '../document/lineIndex';
import type { Locale } from '../i18n/locale';
import type { Finding } from '../rules/finding';
import { msg } from '../rules/messages';
import { languageStrings, type LanguageString } from './fields';
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
    re = new RegExp('[' + Object.keys(table).join('').replace(/[\\\]^-]/g, '\\$&') + ']', 'gu');
    confusablePatterns.set(table, re);
  }
  return re;
}

/** Look-alikes in the language strings, with their exact place in the text. */
export function findConfusables(doc: JsonDocument, strings: readonly LanguageString[]): ConfusableHit[] {
  const hits: ConfusableHit[] = [];
  for (const s of strings) {
    const table = s.profile.confusables;
    const pattern = confusablePattern(table);
    pattern.lastIndex = 0;
    if (!pattern.test(s.text)) continue;
    const span = doc.locate(s.path);
    if (!span) continue;
    const offsets = stringOffsets(doc.text, span);
    pattern.lastIndex = 0;
    for (const m of s.text.matchAll(pattern)) hits.push({ span: offsets(m.index!, m[0].length), found: m[0], expected: table[m[0]] });
  }
  return hits;
}

/** A string is in NFD form when NFC would change it; in NFC form when it holds precomposed letters NFD would split. */
const MAYBE_DECOMPOSED = /\p{M}/u;
const MAYBE_PRECOMPOSED = /[\u00c0-\u024f\u1e00-\u1eff]/u;

function isNfcOnly(text: string): boolean {
  return MAYBE_PRECOMPOSED.test(text) && text.normalize('NFD') !== text;
}

function isNotNfc(text: string): boolean {
  return MAYBE_DECOMPOSED.test(text) && text.normalize('NFC') !== text;
}

/** The file's confusable-char and mixed-normalization findings, each with its quick fixes. */
export function coverageFindings(doc: JsonDocument, classification: Classification, locale: Locale): Finding[] {
  const strings = languageStrings(doc.value, classification);
  if (strings.length === 0) return [];
  const findings: Finding[] = [];

  const hits = findConfusables(doc, strings);
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

  const decomposed = strings.filter((s) => isNotNfc(s.text));
  if (decomposed.length > 0 && strings.some((s) => isNfcOnly(s.text))) {
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
