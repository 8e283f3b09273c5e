import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';
import { syntheticCard } from '../../test/helpers/syntheticCards';
import type { CliIo } from '../io';
import { readCardInPieces } from '../runs';
import { readRuns } from '../../core/runs/read';

// Issue #36 item 2: compare reads run cards in pieces (each result kept as its run item alone) and writes its JSON
// in pieces. The output must be byte for byte what reading each file whole gave: the goldens were printed by the
// CLI before the change (test-fixtures/compare-output/ORIGIN.md), and every other case is checked against the
// whole-file read, which an io without `readBytes` still takes.

const R = 'test-fixtures/runs/';
const O = 'test-fixtures/compare-output/';
const CARD_A = R + 'run-card.gpt-4o-mini.json';
const CARD_B = R + 'run-card.llama-3.1-8b.json';

async function run(args: string[], io: CliIo & { out: string; err: string }) {
  const code = await main(['compare', ...args], io);
  return { code, out: io.out, err: io.err };
}
/** The same command through the whole-file read (the path every file took before). */
function wholeIo(cwd?: string): CliIo & { out: string; err: string } {
  const io = captureIo(cwd);
  delete io.readBytes;
  return io;
}

test('compare of two run cards prints the same bytes as before the cards were read in pieces (text, json, html; goldens)', async () => {
  const golden = (name: string) => fs.readFileSync(fromRepo(O + name + '.out'), 'utf8');
  assert.equal((await run([CARD_A, CARD_B], captureIo())).out, golden('cards.txt'));
  assert.equal((await run([CARD_A, CARD_B, '--format', 'json'], captureIo())).out, golden('cards.json'));
  assert.equal((await run([CARD_A, CARD_B, '--format', 'html'], captureIo())).out, golden('cards.html'));
  assert.equal((await run([R + 'run-card.harness.json', CARD_A, '--format', 'json'], captureIo())).out, golden('harness-card.json'));
  // The JSON written in pieces, for the other formats too.
  const ewe = [R + 'ewebench_deepseek-chat_20261120_091500.json', R + 'ewebench_gemini-2.0-flash_20261121_101000.json'];
  assert.equal((await run([...ewe, '--format', 'json'], captureIo())).out, golden('ewebench.json'));
  const reports = [
    R + 'run_20261123_140000_openai_gpt4omini_naive_all_b25_a1b2c3_report.json',
    R + 'run_20261123_141500_metallama_llama318binstruct_naive_all_b25_d4e5f6_report.json',
  ];
  assert.equal((await run([...reports, '--format', 'json'], captureIo())).out, golden('reports.json'));
});

test('cards of 3,000 entries (many pieces, items past the first thousand of the JSON): the same output as the whole-file read', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-pieces-'));
  try {
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    fs.writeFileSync(a, syntheticCard({ model: 'm-a', quality: 0.5, entries: 3000, seed: 1, nBootstrap: 10 }));
    fs.writeFileSync(b, syntheticCard({ model: 'm-b', quality: 0.7, entries: 3000, seed: 2, nBootstrap: 10 }));
    for (const format of ['text', 'json', 'html']) {
      const args = [a, b, '--format', format, '--resamples', '50', '--fail-on-regression', '0'];
      const pieces = await run(args, captureIo(dir));
      const whole = await run(args, wholeIo(dir));
      assert.deepEqual(pieces, whole, format);
      assert.ok(pieces.out.length > 1000);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('unusual but valid cards (BOM, escaped text, astral characters, results last or twice) compare as when read whole', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-pieces-'));
  try {
    const text = fs.readFileSync(fromRepo(CARD_B), 'utf8');
    const card = JSON.parse(text) as Record<string, unknown>;
    const results = card.results as Record<string, unknown>[];
    const { results: _results, ...rest } = card;
    const variants: Record<string, string> = {
      bom: '\uFEFF' + text,
      // Every character past ASCII written as \u escapes (surrogate pairs as two).
      escaped: JSON.stringify(card, null, 1).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      astral: JSON.stringify({ ...card, results: results.map((r, k) => (k % 2 ? { ...r, predicted: `😀 ${String(r.predicted)} 𝔼\uD800` } : r)) }),
      resultsLast: JSON.stringify({ ...rest, results }),
      resultsTwice: `{"results": [{"entry_id": "x", "source": "bogus"}], ${JSON.stringify(card).slice(1)}`,
      notAnArrayLast: JSON.stringify(card).replace(/}$/, ', "results": {"a": 1}}'),
    };
    for (const [name, variant] of Object.entries(variants)) {
      const file = path.join(dir, `${name}.json`);
      fs.writeFileSync(file, variant);
      // Read in pieces indeed (not the whole-file read it falls back on), into the same run; results that end
      // as an object are left to the whole-file read.
      const inPieces = readCardInPieces(file, 'x.json', captureIo(dir), []);
      if (name === 'notAnArrayLast') assert.equal(inPieces, null);
      else assert.deepEqual(inPieces, readRuns(JSON.parse(variant.replace(/^\uFEFF/, '')), 'x.json'), name);
      for (const format of ['json', 'text']) {
        const args = [fromRepo(CARD_A), file, '--format', format];
        const pieces = await run(args, captureIo(dir));
        assert.deepEqual(pieces, await run(args, wholeIo(dir)), `${name} ${format}`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a broken card still gets the message naming the file and where the JSON breaks, as before', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-pieces-'));
  try {
    const text = fs.readFileSync(fromRepo(CARD_B));
    const cut = path.join(dir, 'cut.json');
    fs.writeFileSync(cut, text.subarray(0, Math.floor(text.length / 2)));
    const latin1 = path.join(dir, 'latin1.json');
    // A byte that is not UTF-8 inside a string: the whole-file read's decoding, as before.
    fs.writeFileSync(latin1, Buffer.concat([text.subarray(0, 200), Buffer.from([0xe9]), text.subarray(200)]));
    for (const file of [cut, latin1]) {
      assert.equal(readCardInPieces(file, 'x.json', captureIo(dir), []), null, 'left to the whole-file read');
      const args = [fromRepo(CARD_A), file];
      const pieces = await run(args, captureIo(dir));
      assert.deepEqual(pieces, await run(args, wholeIo(dir)), path.basename(file));
    }
    const broken = await run([fromRepo(CARD_A), cut], captureIo(dir));
    assert.equal(broken.code, 2);
    assert.match(broken.err, /^cut\.json: not valid JSON \(.*position \d+.*\)\n$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
