import type { Classification } from '../document/classify';
import type { JsonDocument } from '../document/jsonDocument';
import type { Locale } from '../i18n/locale';
import type { Finding } from '../rules/finding';
import { msg } from '../rules/messages';
import { codePoints, confusablesIn, textUnits, type ConfusableHit } from './confusables';
import { visitLanguageStrings } from './fields';
import { NormalizationSurvey } from './normalization';

/**
 * The file's `confusable-char` findings (one per look-alike, at its exact span, with a fix for it and one for
 * all of them) and `mixed-normalization` findings (one per string NFC would change, with one fix rewriting
 * every such string in NFC). One pass over the language strings; positions are looked up only for hits.
 */
export function coverageFindings(doc: JsonDocument, classification: Classification, locale: Locale): Finding[] {
  const hits: ConfusableHit[] = [];
  const survey = new NormalizationSurvey();
  visitLanguageStrings(doc.value, classification, (text, profile, path) => {
    const units = textUnits(text, profile);
    confusablesIn(doc, text, profile, path, hits, units);
    survey.add(text, path, units);
  });
  const findings: Finding[] = [];
  const all = hits.map((h) => ({ span: h.span, newText: h.expected }));
  for (const hit of hits) {
    findings.push({
      code: 'confusable-char',
      message: msg(locale, 'confusableChar', { found: hit.found, code: codePoints(hit.found), expected: hit.expected.normalize('NFC'), expectedCode: codePoints(hit.expected) }),
      at: { span: hit.span },
      fixes: [
        { kind: 'replace-text', edits: [{ span: hit.span, newText: hit.expected }], title: 'one' },
        ...(hits.length > 1 ? [{ kind: 'replace-text' as const, edits: all, title: 'all' as const }] : []),
      ],
    });
  }
  if (survey.mixed) {
    // The string is rewritten whole, as JSON: quotes, escapes and all.
    const edits = survey.decomposed.flatMap((s) => {
      const span = doc.locate(s.path);
      return span ? [{ span, newText: JSON.stringify(s.text.normalize('NFC')) }] : [];
    });
    for (const s of survey.decomposed) {
      findings.push({ code: 'mixed-normalization', message: msg(locale, 'mixedNormalization', { count: survey.decomposed.length }), at: { path: s.path }, fixes: [{ kind: 'replace-text', edits, title: 'nfc' }] });
    }
  }
  return findings;
}
