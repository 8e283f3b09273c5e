/**
 * Runnable items (what the CodeLens and the Test Explorer list): `runnableItems` on a 2,000-test file and a
 * 20,000-entry corpus, from a fresh JsonDocument each time (parse + one scan of the items array + a hash per
 * item), printed as a ratio to JSON.parse of the same text. Run: `npm run bench:runnables`.
 */
import { JsonDocument } from '../core/document/jsonDocument';
import { runnableItems } from '../core/run/items';
import { generateCorpus, generateTests } from './generate';
import { fmt, median, ratio, timeRuns } from './stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);

function measure(label: string, text: string, category?: string): void {
  const parse = median(timeRuns(RUNS, () => JSON.parse(text)));
  let count = 0;
  const whole = median(timeRuns(RUNS, () => (count = runnableItems(new JsonDocument(text), category).length)));
  const doc = new JsonDocument(text);
  const itemsOnly = median(timeRuns(RUNS, () => runnableItems(doc, category)));
  // What a stale check over every item costs on top (hashes are lazy; a real file hashes only items with results).
  const hashedAll = median(timeRuns(RUNS, () => runnableItems(doc, category).forEach((i) => i.hash)));
  console.log(
    `${label}: ${count} items, ${(text.length / 1e6).toFixed(1)} MB — JSON.parse ${fmt(parse)}; parse + items ${fmt(whole)} (${ratio(whole, parse)}); ` +
      `items on a parsed document ${fmt(itemsOnly)} (${ratio(itemsOnly, parse)}); every hash read too ${fmt(hashedAll)} (${ratio(hashedAll, parse)})`,
  );
}

measure('2,000 tests', generateTests(2000), 'translation');
measure('20,000-entry corpus', generateCorpus(20000));
