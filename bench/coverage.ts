/**
 * Coverage speed on a generated 20,000-entry corpus: the full file report (what the preview shows), and the
 * look-alike and normalisation checks that run with every validation, as ratios to JSON.parse of the same text
 * measured in the same run. Run: `npm run bench:coverage`.
 */
import { classify } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import { fileCoverage } from '../core/coverage/report';
import { coverageFindings } from '../core/coverage/rules';
import { generateCorpus } from './generate';
import { fmt, median, ratio, timeRuns } from './stats';

const text = generateCorpus(20000);
const doc = new JsonDocument(text);
const classification = classify(doc.value);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const parse = median(timeRuns(runs, () => JSON.parse(text)));
const report = median(timeRuns(runs, () => fileCoverage(doc, classification)));
const checks = median(timeRuns(runs, () => coverageFindings(doc, classification, 'en')));
const r = fileCoverage(doc, classification);
console.log(`20,000-entry corpus (${(text.length / 1e6).toFixed(1)} MB), ${r.strings} language strings, ${r.languages[0].specialLetters.length - r.languages[0].missing.length}/${r.languages[0].specialLetters.length} special letters`);
console.log(`  JSON.parse (baseline)          ${fmt(parse)}`);
console.log(`  full coverage report           ${fmt(report)} = ${ratio(report, parse)} JSON.parse (target < 200 ms)`);
console.log(`  look-alike + NFC/NFD checks    ${fmt(checks)} = ${ratio(checks, parse)} JSON.parse (runs with each validation)`);
