import { visitLanguageStrings } from '../../core/coverage/fields';
import { toneName, type LanguageProfile } from '../../core/coverage/profiles';
import { fileCoverage, stringCoverageSummary, type FileCoverageReport } from '../../core/coverage/report';
import { pick, type Locale } from '../../core/i18n/locale';
import { locationAt } from '../../core/document/location';
import type { Analysis } from '../analysis';
import { CoverageRequest } from '../../protocol/ewebench';
import type { Feature } from './feature';

const reports = new WeakMap<Analysis, FileCoverageReport>();

/** The coverage report of the analysed version (computed once per version, on request). */
export function coverageReport(analysis: Analysis): FileCoverageReport | undefined {
  const { kind } = analysis.result.classification;
  if (kind !== 'ewebench-tests' && kind !== 'rosetta-corpus') return undefined;
  let report = reports.get(analysis);
  if (!report) {
    report = fileCoverage(analysis.doc, analysis.result.classification);
    reports.set(analysis, report);
  }
  return report;
}

const TEXT = {
  line: { en: '**{language}** special letters {present}/{total}: {letters}', fr: '**{language}** lettres spéciales {present}/{total}\u00a0: {letters}' },
  missing: { en: 'missing: {letters}', fr: 'absentes\u00a0: {letters}' },
  marks: { en: 'tone marks: {marks}', fr: 'tons\u00a0: {marks}' },
  nasal: { en: 'nasal vowels: {vowels}', fr: 'voyelles nasales\u00a0: {vowels}' },
};

/** Hover text for a string that carries the language: which special letters it uses and which it lacks. */
export function coverageHover(analysis: Analysis, offset: number, locale: Locale): string | undefined {
  const location = locationAt(analysis.doc, analysis.result.classification, offset);
  if (location.isAtPropertyKey || location.previousNode?.type !== 'string') return undefined;
  // Compare the cheap thing (the text) first; a path is built only for strings that could be the hovered one.
  const hovered = location.previousNode.value;
  const target = JSON.stringify(location.path);
  let s: { text: string; profile: LanguageProfile } | undefined;
  visitLanguageStrings(analysis.doc.value, analysis.result.classification, (text, profile, path) => {
    if (!s && text === hovered && JSON.stringify(path()) === target) s = { text, profile };
  });
  if (!s) return undefined;
  const { present, missing, coverage } = stringCoverageSummary(s.text, s.profile);
  const lines = [
    pick(TEXT.line, locale, {
      language: s.profile.name[locale],
      present: present.length,
      total: s.profile.specialLetters.length,
      letters: present.join(' ') || '—',
    }),
  ];
  if (missing.length) lines.push(pick(TEXT.missing, locale, { letters: missing.join(' ') }));
  const marks = Object.entries(coverage.toneMarks).map(([m, n]) => `${toneName(m, locale)} ×${n}`);
  if (marks.length) lines.push(pick(TEXT.marks, locale, { marks: marks.join(', ') }));
  const nasal = Object.entries(coverage.nasalVowels).map(([v, n]) => `${v} ×${n}`);
  if (nasal.length) lines.push(pick(TEXT.nasal, locale, { vowels: nasal.join(', ') }));
  return lines.join('  \n');
}

/** `ewebench/coverage`: the file's coverage report, for the client's preview. */
export const coverageFeature: Feature = (ctx) =>
  ctx.onRequest(CoverageRequest, null, (params) => {
    const analysis = ctx.analysisOf(params.uri);
    return analysis ? (coverageReport(analysis) ?? null) : null;
  });
