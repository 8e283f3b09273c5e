import { pick, type Bilingual, type Locale } from '../i18n/locale';
import { localDigits } from '../i18n/number';
import { auditTestCached, type AuditOptions } from './auditTest';
import { shownScore } from './explain';
import { baselineById } from './rule';

const TEXT: Record<string, Bilingual> = {
  title: {
    en: '**Non-answers** (scored like the harness; a pass makes the test weak)',
    fr: '**Non-réponses** (notées comme le harness\u202f; une réussite rend le test faible)',
  },
  header: { en: '| baseline | score | |', fr: '| baseline | score | |' },
  pass: { en: 'passes', fr: 'réussit' },
  fail: { en: 'fails', fr: 'échoue' },
  notCounted: { en: 'passes (what `keywords` asks for)', fr: 'réussit (ce que `keywords` demande)' },
  skipped: { en: 'Not scored: `expected` is not a single letter.', fr: 'Non noté\u00a0: `expected` n’est pas une lettre seule.' },
  floor: { en: 'Floor (best non-answer): {score}', fr: 'Plancher (meilleure non-réponse)\u00a0: {score}' },
};

/** Markdown for a hover on a test: its score under every baseline, and its floor. Undefined for a non-test. */
export function auditHoverMarkdown(test: unknown, locale: Locale, options: AuditOptions = {}): string | undefined {
  const audit = auditTestCached(test, options);
  if (!audit.method) return undefined;
  if (audit.skipped) return `${pick(TEXT.title, locale)}\n\n${pick(TEXT.skipped, locale)}`;
  if (audit.scores.length === 0) return undefined;
  const rows = audit.scores.map((s) => {
    const name = baselineById(s.baseline, options.extra);
    const verdict = !s.passed ? TEXT.fail : s.counted ? TEXT.pass : TEXT.notCounted;
    return `| ${name ? pick(name.name, locale) : s.baseline} | ${localDigits(shownScore(s.score), locale)} | ${pick(verdict, locale)} |`;
  });
  return [
    pick(TEXT.title, locale),
    '',
    pick(TEXT.header, locale),
    '|---|---:|---|',
    ...rows,
    '',
    pick(TEXT.floor, locale, { score: localDigits(shownScore(audit.floor), locale) }),
  ].join('\n');
}
