/**
 * `review agreement` on 3 reviewers × 10,000 items (four tiers, some items unrated): the whole report (alpha at
 * three levels with a 1,000-resample bootstrap, overall and per tier, kappa per pair, raw agreement, the
 * disagreement list). Baseline measured in the same run: the bootstrap's floor, drawing the same resamples and
 * summing one number per drawn item. Prints medians, the ratio, and the 1 s target.
 */
import { reviewAgreement, type ReviewInput } from '../core/review/agreement';
import { RATINGS } from '../core/review/review';
import { PyRandom } from '../core/stats/pyRandom';
import { fmt, median, ratio } from './stats';

const ITEMS = 10_000;
const REVIEWERS = ['ama', 'kofi', 'yao'];
const RESAMPLES = 1000;

const truth = new PyRandom(34);
const base = Array.from({ length: ITEMS }, () => truth.randbelow(4));
const inputs: ReviewInput[] = REVIEWERS.map((reviewer, r) => {
  const rng = new PyRandom(100 + r);
  return {
    file: `${reviewer}.json`,
    review: {
      run_card_hash: 'a'.repeat(64),
      reviewer,
      sample: { seed: 1, size: ITEMS },
      items: base.map((b, i) => {
        const noise = rng.randbelow(10);
        const step = noise === 0 ? Math.max(0, b - 1) : noise === 1 ? Math.min(3, b + 1) : b;
        return { entry_id: `e${i}`, difficulty: (i % 4) + 1, rating: rng.randbelow(50) === 0 ? null : RATINGS[step] };
      }),
    },
  };
});

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
const baseline = timed(5, () => {
  const rng = new PyRandom(12345);
  const draw = new Int32Array(ITEMS);
  for (let b = 0; b < RESAMPLES; b++) {
    rng.fillRandbelow(ITEMS, draw);
    for (let i = 0; i < ITEMS; i++) sink += base[draw[i]];
  }
});
let alpha = 0;
const agreement = timed(5, () => {
  alpha = reviewAgreement(inputs, { nBootstrap: RESAMPLES }).overall.alpha[0].alpha;
});
console.log(
  `review agreement, ${REVIEWERS.length} reviewers × ${ITEMS} items, ${RESAMPLES} resamples (ordinal alpha ${alpha.toFixed(3)}; ${sink > 0 ? 'baseline ran' : ''})`,
);
console.log(`  whole report (overall + 4 tiers): ${fmt(agreement)}  (target ≤ 1000 ms)`);
console.log(`  baseline, the resamples alone summed: ${fmt(baseline)}`);
console.log(`  ratio report / baseline: ${ratio(agreement, baseline)}`);
