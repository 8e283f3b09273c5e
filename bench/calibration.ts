/**
 * `review calibrate` on 2 reviewers × 2,000 items (chrF++ on a half-point grid, exact matches, some items
 * unrated): the whole report (tau-b of three figures and both cuts, each with a 1,000-resample bootstrap). The
 * loop per resample draws the items, counts each one's multiplicity, and walks each figure's presorted order for
 * tau-b (kendallWeighted.ts) and for the cut. Baselines measured in the same run: the bootstrap's floor (the same
 * resamples drawn, one number summed per drawn item), and the way before it, the resample written out and tau-b
 * by merge sort (`kendallTauB`), timed on one resample and counted for 3 figures × 1,000 resamples.
 */
import { calibrate, calibrationItems } from '../core/review/calibration';
import { RATINGS } from '../core/review/review';
import { kendallTauB } from '../core/stats/agreement';
import { PyRandom } from '../core/stats/pyRandom';
import { fmt, median, ratio } from './stats';

const ITEMS = 2000;
const RESAMPLES = 1000;

const rng = new PyRandom(34);
const results = Array.from({ length: ITEMS }, (_, i) => {
  const exact = rng.randbelow(6) === 0;
  return { entry_id: `e${i}`, predicted: 'p', reference: 'r', entry_chrf: exact ? 100 : rng.randbelow(185) / 2 + 5, exact_match: exact, error: null };
});
const step = (chrf: number, noise: number) => Math.max(0, Math.min(3, Math.floor(chrf / 25) + noise));
const inputs = ['ama', 'kofi'].map((reviewer) => ({
  file: `${reviewer}.json`,
  review: {
    run_card_hash: 'h',
    reviewer,
    items: results.map((r) => ({
      entry_id: r.entry_id,
      difficulty: 1,
      rating: rng.randbelow(20) === 0 ? null : RATINGS[step(r.entry_chrf, rng.randbelow(3) - 1)],
    })),
  },
}));
const gathered = calibrationItems(inputs, { results });

function timed(runs: number, fn: () => void): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

let sink = 0;
const n = gathered.items.length;
const values = gathered.items.map((it) => it.chrf ?? 0);
const baseline = timed(5, () => {
  const draws = new PyRandom(12345);
  const draw = new Int32Array(n);
  for (let b = 0; b < RESAMPLES; b++) {
    draws.fillRandbelow(n, draw);
    for (let i = 0; i < n; i++) sink += values[draw[i]];
  }
});
const steps = gathered.items.map((it) => RATINGS.indexOf(it.rating) + 1);
const written = timed(20, () => {
  const draws = new PyRandom(7);
  const draw = new Int32Array(n);
  draws.fillRandbelow(n, draw);
  const x: number[] = [];
  const y: number[] = [];
  for (let k = 0; k < n; k++) {
    x.push(values[draw[k]]);
    y.push(steps[draw[k]]);
  }
  sink += kendallTauB(x, y);
});
let cut = '';
const whole = timed(5, () => {
  const report = calibrate(gathered, { nBootstrap: RESAMPLES });
  cut = report.cut.kind === 'suggested' ? report.cut.cuts.map((c) => `${c.figure} ≥ ${c.cut}`).join(', ') : report.cut.kind;
});
console.log(`review calibrate, ${n} rated items, ${RESAMPLES} resamples (${cut}; ${sink !== 0 ? 'baselines ran' : ''})`);
console.log(`  whole report (3 tau-b and 2 cuts, each with its interval): ${fmt(whole)}`);
console.log(`  baseline, the resamples alone summed: ${fmt(baseline)}`);
console.log(`  ratio report / baseline: ${ratio(whole, baseline)}`);
const before = written * RESAMPLES * 3;
console.log(`  tau-b by merge sort on a written-out resample: ${fmt(written)}; for 3 figures × ${RESAMPLES} resamples ${fmt(before)}`);
console.log(`  ratio report / merge sort's tau-b alone: ${ratio(whole, before)}`);
