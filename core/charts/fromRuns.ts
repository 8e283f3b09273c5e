import { columnsOf } from '../compare/items';
import type { Locale } from '../i18n/locale';
import { pick, type Bilingual } from '../i18n/locale';
import type { Run } from '../runs/types';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { analyseRun, type AnalysisInput } from '../scoring/rosetta/analysis';
import { barChart, latencyChart, paretoChart } from './charts';
import type { Chart } from './svg';

/**
 * The charts of a set of runs, as the views and the CLI's html show them: the figures come from the runs (the
 * files' stated category scores, the harness's per-tier analysis of the items, the items' latencies, the stated
 * quality and cost), the words in English or French.
 */
const WORDS = {
  categoryTitle: { en: 'Score per category', fr: 'Score par catégorie' },
  categoryAxis: { en: 'score (0–100)', fr: 'score (0–100)' },
  tierTitle: { en: 'chrF++ per difficulty tier', fr: 'chrF++ par niveau de difficulté' },
  tierAxis: { en: 'mean chrF++ of the entries', fr: 'chrF++ moyen des entrées' },
  tier: { en: 'tier {tier}', fr: 'niveau {tier}' },
  latencyTitle: { en: 'Latency per answer', fr: 'Latence par réponse' },
  latencyAxis: { en: 'seconds', fr: 'secondes' },
  count: { en: 'answers', fr: 'réponses' },
  min: { en: 'min', fr: 'min' },
  p25: { en: '25th pct', fr: '25e centile' },
  median: { en: 'median', fr: 'médiane' },
  p75: { en: '75th pct', fr: '75e centile' },
  p95: { en: '95th pct', fr: '95e centile' },
  max: { en: 'max', fr: 'max' },
  paretoTitle: { en: 'Quality against cost (Pareto front dashed)', fr: 'Qualité selon le coût (front de Pareto en pointillés)' },
  cost: { en: 'cost per entry (USD)', fr: 'coût par entrée (USD)' },
  quality: { en: 'quality (composite or ÈwéScore / 100)', fr: 'qualité (composite ou ÈwéScore / 100)' },
  front: { en: 'on the front', fr: 'sur le front' },
  yes: { en: 'yes', fr: 'oui' },
  no: { en: 'no', fr: 'non' },
} satisfies Record<string, Bilingual>;

const say = (locale: Locale, word: keyof typeof WORDS, params?: Record<string, string>) => pick(WORDS[word], locale, params);

/** ÈwéScore and each category's score per ÈwéBench run (the harness's ten in its order, then others). */
export function categoryChart(runs: readonly Run[], locale: Locale, id = 'categories'): Chart {
  const ewe = runs.filter((r) => r.kind === 'ewebench');
  const labels = columnsOf(ewe).map((c) => c.label);
  const present = new Set(ewe.flatMap((r) => Object.keys(r.figures.categories)));
  const known = CATEGORIES.filter((c) => present.has(c.stem));
  const others = [...present].filter((stem) => !CATEGORIES.some((c) => c.stem === stem)).sort();
  const groups = [
    { key: 'ewe_score', label: 'ÈwéScore' },
    ...known.map((c) => ({ key: c.stem, label: pick(c.name, locale) })),
    ...others.map((stem) => ({ key: stem, label: stem })),
  ];
  return barChart({
    locale,
    id,
    title: say(locale, 'categoryTitle'),
    axis: say(locale, 'categoryAxis'),
    max: 100,
    decimals: 1,
    groups,
    series: ewe.map((r, i) => ({
      label: labels[i],
      values: groups.map((g) => (g.key === 'ewe_score' ? r.figures.eweScore : (r.figures.categories[g.key] ?? null))),
    })),
  });
}

const analysisInput = (r: Run): AnalysisInput[] =>
  r.items.map((e) => ({
    id: e.id,
    expected: e.reference ?? '',
    predicted: e.response ?? '',
    difficulty: e.tier === null ? null : /^\d+$/.test(e.tier) ? Number(e.tier) : e.tier,
    error: e.error,
    ...(e.exactMatch !== null ? { exact_match: e.exactMatch } : {}),
    ...(e.chrf !== null ? { chrf_score: e.chrf } : {}),
  }));

/** Mean chrF++ per difficulty tier per corpus run: the harness's `by_difficulty` (core/scoring/rosetta/analysis). */
export function tierChart(runs: readonly Run[], locale: Locale, id = 'tiers'): Chart {
  const corpus = runs.filter((r) => r.kind === 'rosetta' && r.items.length > 0);
  const labels = columnsOf(corpus).map((c) => c.label);
  const byTier = corpus.map((r) => analyseRun(analysisInput(r), { confidenceIntervals: false }).by_difficulty);
  const tiers = [...new Set(byTier.flatMap((t) => Object.keys(t)))].sort((a, b) =>
    /^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0,
  );
  return barChart({
    locale,
    id,
    title: say(locale, 'tierTitle'),
    axis: say(locale, 'tierAxis'),
    max: 100,
    decimals: 2,
    groups: tiers.map((t) => ({ key: t, label: say(locale, 'tier', { tier: t }) })),
    series: corpus.map((r, i) => ({ label: labels[i], values: tiers.map((t) => byTier[i][t]?.avg_chrf ?? null) })),
  });
}

/** The latency of every answered item per run (failed calls left out: their time is the time limit's). */
export function latencyChartOfRuns(runs: readonly Run[], locale: Locale, id = 'latency'): Chart {
  const timed = runs.filter((r) => r.items.some((e) => e.latencySeconds !== null));
  const labels = columnsOf(timed).map((c) => c.label);
  return latencyChart({
    locale,
    id,
    title: say(locale, 'latencyTitle'),
    axis: say(locale, 'latencyAxis'),
    columns: [say(locale, 'count'), say(locale, 'min'), say(locale, 'p25'), say(locale, 'median'), say(locale, 'p75'), say(locale, 'p95'), say(locale, 'max')],
    series: timed.map((r, i) => ({
      label: labels[i],
      seconds: r.items.flatMap((e) => (e.error === null && e.latencySeconds !== null ? [e.latencySeconds] : [])),
    })),
  });
}

/** Quality (composite, or ÈwéScore / 100) against the stated cost per entry, for the runs that state both. */
export function paretoChartOfRuns(runs: readonly Run[], locale: Locale, id = 'pareto'): Chart {
  const labels = columnsOf(runs).map((c) => c.label);
  const points = runs.flatMap((r, i) => {
    const quality = r.kind === 'rosetta' ? r.figures.composite : r.figures.eweScore === null ? null : r.figures.eweScore / 100;
    const cost = r.figures.costPerEntryUsd ?? (r.figures.totalCostUsd !== null && r.items.length ? r.figures.totalCostUsd / r.items.length : null);
    return quality === null || cost === null ? [] : [{ label: labels[i], cost, quality }];
  });
  return paretoChart({
    locale,
    id,
    title: say(locale, 'paretoTitle'),
    costAxis: say(locale, 'cost'),
    qualityAxis: say(locale, 'quality'),
    columns: [say(locale, 'cost'), say(locale, 'quality'), say(locale, 'front')],
    yes: say(locale, 'yes'),
    no: say(locale, 'no'),
    costDecimals: 6,
    qualityDecimals: 4,
    points,
  });
}
