/**
 * Coverage speed on a generated 20,000-entry corpus (the spec's envelope, Ewe references of 60-120 characters):
 * the full file report the preview shows, and the look-alike and normalisation checks that run with every
 * validation, as ratios to JSON.parse of the same text measured in the same run. Median of 5 runs (BENCH_RUNS).
 * The report is timed twice: on a document whose positions are already cached (a second request for the same
 * version) and on a fresh document, parsed outside the timing, as after an edit. Run: `npm run bench:coverage`.
 */
import { classify } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import { fileCoverage } from '../core/coverage/report';
import { coverageFindings } from '../core/rules/coverage';
import { generateCorpus } from './generate';
import { fmt, median, ratio, timeRuns, WARM_UPS } from './stats';

const text = generateCorpus(20000);
const doc = new JsonDocument(text);
const classification = classify(doc.value);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const parse = median(timeRuns(runs, () => JSON.parse(text)));
const cached = median(timeRuns(runs, () => fileCoverage(doc, classification)));
const fresh: number[] = [];
for (let i = 0; i < WARM_UPS + runs; i++) {
  const d = new JsonDocument(text);
  const t0 = process.hrtime.bigint();
  fileCoverage(d, classification);
  if (i >= WARM_UPS) fresh.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
const report = median(fresh);
const checks = median(timeRuns(runs, () => coverageFindings(doc, classification, 'en')));
const r = fileCoverage(doc, classification);
const main = r.languages[0];
console.log(
  `20,000-entry corpus (${(text.length / 1e6).toFixed(1)} MB), ${r.strings} language strings, ${main.specialLetters.length - main.missing.length}/${main.specialLetters.length} special letters, median of ${runs}`,
);
console.log(`  JSON.parse (baseline)          ${fmt(parse)}`);
console.log(`  coverage report, fresh doc     ${fmt(report)} = ${ratio(report, parse)} JSON.parse (target < 200 ms)`);
console.log(`  coverage report, cached doc    ${fmt(cached)} = ${ratio(cached, parse)} JSON.parse`);
console.log(`  look-alike + NFC/NFD checks    ${fmt(checks)} = ${ratio(checks, parse)} JSON.parse (runs with each validation)`);
