/**
 * The review packet at 1,000 items (issue #34): its size in MB (target ≤ 2 MB), the time to make it, and, when
 * headless Chromium and the e2e driver are installed (`npm run e2e:setup`; E2E_DIR points at another setup), the
 * time to open it from a file:// URL (target ≤ 1 s) beside a baseline measured in the same run: a plain HTML page
 * of the same size (the same bytes as text in a <pre>, no script). Open time is the page's own `loadEventEnd`
 * (the packet's script runs before the load event, so its first item is on screen by then), median of 7 opens
 * in fresh pages, with an empty page's open time as the machine's floor. Prints figures only; nothing is asserted.
 * BENCH_KEEP=1 keeps the pages it wrote (their folder is printed).
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packetData, packetHtml } from '../core/review/packet';
import { teamReviews } from '../core/review/assignment';
import { drawSample, reviewableResults } from '../core/review/review';
import { PyRandom } from '../core/stats/pyRandom';
import { sealCard } from '../test/helpers/sealCard';
import { fmt, median, ratio } from './stats';

const ITEMS = 1000;
const OPENS = 7;
type EntryType = Parameters<typeof performance.getEntriesByType>[0];
const root = path.resolve(__dirname, '..', '..');

const words = ['Ŋdi', 'nyuie', 'ɖevi', 'aɖe', 'le', 'ƒe', 'me', 'eye', 'wòyi', 'suku', 'gbɔ', 'ɛ̃', 'dzi', 'ʋu', 'Ɣletivi', 'kple', 'nyɔnu', 'ame'];
const english = ['the', 'child', 'went', 'to', 'school', 'with', 'her', 'friends', 'in', 'the', 'morning', 'before', 'rain'];
function sentence(rng: PyRandom, vocabulary: readonly string[], length: number): string {
  return Array.from({ length }, () => vocabulary[rng.randbelow(vocabulary.length)]).join(' ') + '.';
}

const rng = new PyRandom(1000);
const card = JSON.parse(
  sealCard({
    run_id: 'bench',
    model_slug: 'bench/model',
    dataset: { id: 'eng-ewe-bench' },
    scores: { quality_tier: 'deployable' },
    results: Array.from({ length: ITEMS + 200 }, (_, i) => ({
      entry_id: `e${i}`,
      source: sentence(rng, english, 12 + rng.randbelow(20)),
      reference: sentence(rng, words, 12 + rng.randbelow(20)),
      predicted: sentence(rng, words, 12 + rng.randbelow(20)),
      difficulty: (i % 5) + 1,
      segment: 'development',
      error: null,
    })),
  }),
) as Record<string, unknown>;
const sample = drawSample(reviewableResults(card), { size: ITEMS, seed: 7, random: new PyRandom(7), allowSecretSegments: false });
const [review] = teamReviews(
  sample,
  { runCardPath: 'card.json', card, created: '2026-11-28T00:00:00Z', seed: 7, size: ITEMS },
  { reviewers: ['ama'], overlap: 1, hideReference: false },
);

const scriptFile = path.join(root, 'dist', 'reviewPacket.js');
if (!fs.existsSync(scriptFile)) throw new Error(`${scriptFile} is missing: npm run build`);
const script = fs.readFileSync(scriptFile, 'utf8');

let html = '';
const makeTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = process.hrtime.bigint();
  html = packetHtml(packetData(review, card, { locale: 'en', allowSecretSegments: false })!, script);
  makeTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
const bytes = Buffer.byteLength(html, 'utf8');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-bench-packet-'));
const packetFile = path.join(dir, 'packet.html');
fs.writeFileSync(packetFile, html);
// The baseline: a page of the same size with no script, its bytes shown as text.
const head = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>baseline</title></head><body><pre>';
const tail = '</pre></body></html>\n';
let filler = html.replace(/[<>&]/g, ' ');
filler = filler.slice(0, Math.max(0, filler.length - (Buffer.byteLength(head + filler + tail, 'utf8') - bytes)));
const baselineFile = path.join(dir, 'baseline.html');
fs.writeFileSync(baselineFile, head + filler + tail);
// The machine's floor: an empty page (on a loaded machine every open is slower; the ratios stay comparable).
const emptyFile = path.join(dir, 'empty.html');
fs.writeFileSync(emptyFile, '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head><body></body></html>\n');

console.log(`review packet, ${review.items.length} items`);
console.log(
  `  size: ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes} bytes; target ≤ 2 MB), of which the page script ${(script.length / 1024).toFixed(1)} KiB`,
);
console.log(`  made in ${fmt(median(makeTimes))} (median of 5)`);

interface Page {
  goto(url: string, options?: { waitUntil?: 'load' }): Promise<unknown>;
  evaluate<T, A>(fn: (arg: A) => T, arg: A): Promise<T>;
  close(): Promise<void>;
}
interface Browser {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

async function chromium(): Promise<Browser | undefined> {
  const e2e = process.env.E2E_DIR ? path.resolve(process.env.E2E_DIR) : path.join(root, '.e2e');
  const executablePath = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
  const driver = path.join(e2e, 'driver', 'package.json');
  if (!executablePath || !fs.existsSync(driver)) return undefined;
  const playwright = createRequire(driver)('playwright-core') as { chromium: { launch(o: object): Promise<Browser> } };
  return playwright.chromium.launch({ executablePath, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

async function openTime(browser: Browser, file: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    // Runs in the page: the navigation entry's load end, in ms from its start (Node's typings name no 'navigation').
    const navigation = 'navigation' as EntryType;
    times.push(await page.evaluate((type) => (performance.getEntriesByType(type)[0] as unknown as { loadEventEnd: number }).loadEventEnd, navigation));
    await page.close();
  }
  return median(times);
}

void (async () => {
  const browser = await chromium();
  if (!browser) {
    console.log('  open time: skipped (no Chromium or e2e driver: npm run e2e:setup, or E2E_DIR)');
  } else {
    try {
      await openTime(browser, baselineFile); // warm-up
      const packet = await openTime(browser, packetFile);
      const baseline = await openTime(browser, baselineFile);
      const empty = await openTime(browser, emptyFile);
      console.log(`  opened from file:// in Chromium: ${fmt(packet)} to the first item (median of ${OPENS}; target ≤ 1000 ms)`);
      console.log(`  baseline, a plain HTML page of the same size: ${fmt(baseline)}`);
      console.log(`  ratio packet / baseline: ${ratio(packet, baseline)}`);
      console.log(`  floor, an empty page: ${fmt(empty)} (ratio packet / empty page: ${ratio(packet, empty)})`);
    } finally {
      await browser.close();
    }
  }
  if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`  kept ${dir}`);
})();
