/**
 * CodeLens for a 2,000-test file where every test has a result: the pure lens model (`buildLenses` with the
 * outcomes and the file summary from the results index) as the provider runs it on each refresh, printed as a
 * ratio to JSON.parse of the file (goal: ≤ 20 ms). Three cases: a refresh while results stream in (index
 * caches rebuilt, item hashes already read), the same with warm caches, and the first paint after an edit
 * (new document: parse, items, the stale check with the previous version's hashes reused, lenses), and the
 * same with every hash computed (a file opened for the first time). Run: `npm run bench:codelens`.
 */
import { JsonDocument } from '../core/document/jsonDocument';
import { runnableItems } from '../core/run/items';
import { testRecord } from '../core/run/records';
import { testRequest } from '../core/run/request';
import type { RunnableItem, TestRunRecord } from '../core/run/types';
import { DocumentVersions } from '../core/document/versions';
import { ItemHashes } from '../client/run/itemHashes';
import { buildLenses } from '../client/run/lensModel';
import { englishL10n } from '../client/run/l10n';
import { ResultsIndex, testsFileSummary } from '../client/run/resultsIndex';
import { generateTests } from './generate';
import { fmt, median, ratio, timeRuns } from './stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const text = generateTests(2000);
const doc = new JsonDocument(text);
const items = runnableItems(doc, 'translation');
const tests = doc.value as unknown[];
const records: TestRunRecord[] = items.map((item, i) =>
  testRecord({
    test: tests[item.index],
    category: 'translation',
    sourceFile: 'tests/translation.json',
    testHash: i % 10 === 0 ? 'stale' : item.hash,
    repeat: 0,
    model: 'deepseek-chat',
    origin: 'https://api.deepseek.com',
    request: testRequest(tests[item.index], 'deepseek-chat'),
    outcome:
      i % 25 === 0
        ? { ok: false, kind: 'http', error: '429 from api.deepseek.com', status: 429, latencyMs: 90, attempts: 3 }
        : {
            ok: true,
            text: 'Ŋdi nyuie, mele agbe. Ɛ̃, eya nye nyateƒe le afi sia.',
            usage: { prompt_tokens: 20, completion_tokens: 12, reasoning_tokens: 0, cached_tokens: 0 },
            latencyMs: 800 + i,
            cached: false,
            attempts: 1,
          },
    finishedAt: '2026-11-23T10:00:00.000Z',
    index: item.index,
  }),
);
const index = new ResultsIndex();
index.setSource('results/ewebench_deepseek-chat_20261123_100000.json', records);

function lenses(d: JsonDocument, list = items, hashOf?: (item: RunnableItem) => string) {
  const outcomes = index.outcomes('tests/translation.json');
  const summary = testsFileSummary('translation', list, index.currentRuns('tests/translation.json', list));
  return (
    buildLenses({ uri: 'file:///w/tests/translation.json', items: list, outcomes, summary, modelLabel: 'deepseek-chat', hashOf }, englishL10n).length +
    (d ? 0 : 1)
  );
}

const parse = median(timeRuns(RUNS, () => JSON.parse(text)));
let count = 0;
const streaming = median(
  timeRuns(RUNS, () => {
    index.setSource('live:1', []); // a new record arrived: the index recomputes the newest results
    count = lenses(doc);
  }),
);
const warm = median(timeRuns(RUNS, () => lenses(doc)));
const afterEdit = median(
  timeRuns(RUNS, () => {
    const d = new JsonDocument(text);
    lenses(d, runnableItems(d, 'translation'));
  }),
);
// As the editor does it: the hashes of the previous version are reused for unchanged tests. Each run edits
// one test's prompt, so one hash is computed and the rest looked up by text.
const memo = new ItemHashes();
memo.update(doc);
lenses(doc, items, (i) => memo.hashOf(i));
let edit = 0;
const edited = median(
  timeRuns(RUNS, () => {
    const next = text.replace('"prompt": "', `"prompt": "${++edit} `);
    const d = new JsonDocument(next);
    memo.update(d);
    lenses(d, runnableItems(d, 'translation'), (i) => memo.hashOf(i));
  }),
);
// As the editor does it now: the edited test alone is parsed again (DocumentVersions), one key at a time.
const versions = new DocumentVersions();
let version = 1;
versions.at(
  version,
  () => text,
  text.length,
  () => [],
);
const promptAt = text.indexOf('"prompt": "') + '"prompt": "'.length;
let typed = 0;
const keystroke = median(
  timeRuns(RUNS, () => {
    versions.changed(++version, [{ start: promptAt + typed++, end: promptAt + typed - 1, text: 'ɛ' }]);
    const d = versions.at(
      version,
      () => text,
      text.length + typed,
      () => [],
    );
    memo.update(d);
    lenses(d, runnableItems(d, 'translation'), (i) => memo.hashOf(i));
  }),
);
console.log(`2,000 tests with results (${(text.length / 1e6).toFixed(1)} MB), ${count} lenses, median of ${RUNS}`);
console.log(`  JSON.parse (baseline)                   ${fmt(parse)}`);
console.log(`  lenses while results stream in          ${fmt(streaming)} = ${ratio(streaming, parse)} JSON.parse (goal ≤ 20 ms)`);
console.log(`  lenses, nothing changed                 ${fmt(warm)} = ${ratio(warm, parse)} JSON.parse`);
console.log(`  new document, every hash computed       ${fmt(afterEdit)} = ${ratio(afterEdit, parse)} JSON.parse`);
console.log(`  after an edit (parse, items, lenses)    ${fmt(edited)} = ${ratio(edited, parse)} JSON.parse (hashes of unchanged tests reused)`);
console.log(
  `  a keystroke (edited test re-parsed)     ${fmt(keystroke)} = ${ratio(keystroke, parse)} JSON.parse (${versions.counts.incremental} versions one test at a time, ${versions.counts.whole} whole)`,
);
