import { isObject } from '../json';
import { pick, type Bilingual, type Locale } from '../i18n/locale';

/*
 * How many cells a benchmark plans, from its axes' lengths alone: apart from the plan (core/bench/plan.ts), so that
 * the validator's rule (core/rules/benchmark.ts) does not bring the plan's run modules into every bundle.
 */

/**
 * The most cells a benchmark may plan. Each cell is a whole run: far more than any benchmark runs, and far below
 * what would exhaust memory while planning (the schema's maxima multiply to billions: 8 free axes of 32 values
 * alone are 2^40 combinations). Checked from the axes' lengths, before a single cell is built.
 */
export const MAX_BENCH_CELLS = 10_000;

/** The cells a benchmark value plans, and the axes that multiply into them, read leniently from its shape. */
export interface CellCount {
  cells: number;
  /** `models 2 × temperatures 3 × … × targets.corpus 1 + models 2 × … × targets.tests 1`: the JSON names. */
  factors: string;
}

const lengthOr = (v: unknown, fallback: number): number => (Array.isArray(v) ? v.length : fallback);

/** How many cells `value` (a benchmark file's parsed JSON) plans: without building any of them. */
export function benchCellCount(value: unknown): CellCount {
  const axes = isObject(value) && isObject(value.axes) ? value.axes : {};
  const targets = isObject(value) && Array.isArray(value.targets) ? value.targets : [];
  const corpora = targets.filter((t) => isObject(t) && typeof t.corpus === 'string').length;
  const tests = targets.filter((t) => isObject(t) && typeof t.tests === 'string').length;
  const models: [string, number] = ['models', lengthOr(axes.models, 0)];
  const free: [string, number][] = isObject(axes.free) ? Object.entries(axes.free).map(([name, v]) => [`free.${name}`, lengthOr(v, 0)]) : [];
  const corpusAxes: [string, number][] = [
    models,
    ['temperatures', lengthOr(axes.temperatures, 1)],
    ['prompt_versions', lengthOr(axes.prompt_versions, 1)],
    ...free,
    ['targets.corpus', corpora],
  ];
  const testsAxes: [string, number][] = [models, ...free, ['targets.tests', tests]];
  const product = (list: [string, number][]) => list.reduce((n, [, k]) => n * k, 1);
  const shown = (list: [string, number][]) => list.map(([name, k]) => `${name} ${k}`).join(' × ');
  const parts = [...(corpora || !tests ? [corpusAxes] : []), ...(tests ? [testsAxes] : [])];
  return { cells: parts.reduce((n, list) => n + product(list), 0), factors: parts.map(shown).join(' + ') };
}

/** Its own table (not core/rules/messages.ts): the plan is bundled with the runner, which needs no rule's message. */
const TOO_LARGE: Bilingual = {
  en: 'This benchmark plans {count} cells ({factors}), more than the {max} a benchmark may hold: remove values from the largest axes or split it into several benchmarks.',
  fr: 'Ce banc d’essai prévoit {count} cellules ({factors}), plus que les {max} qu’un banc d’essai peut contenir\u00a0: retirez des valeurs des plus grands axes ou partagez-le en plusieurs bancs d’essai.',
};

/** The sentence refusing a benchmark that plans more than `MAX_BENCH_CELLS` cells, or undefined when it fits. */
export function benchSizeProblem(value: unknown, locale: Locale): string | undefined {
  const { cells, factors } = benchCellCount(value);
  if (cells <= MAX_BENCH_CELLS) return undefined;
  const number = (n: number) => n.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-US');
  return pick(TOO_LARGE, locale, { count: Number.isFinite(cells) ? number(cells) : '∞', factors, max: number(MAX_BENCH_CELLS) });
}
