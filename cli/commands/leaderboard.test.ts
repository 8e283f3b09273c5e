import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';

const fixtures = 'test-fixtures/leaderboard';

test('leaderboard --format json: the ranked rows, the tampered card unranked, the review read from beside the card', async () => {
  const io = captureIo();
  assert.equal(await main(['leaderboard', fixtures, '--format', 'json'], io), 0, io.err);
  const board = JSON.parse(io.out) as {
    rosetta: { model: string; rank: number | null; unranked: string | null; review: unknown; path: string }[];
    ewebench: { model: string }[];
    ignored: string[];
  };
  // Five run cards and the five harness reports of reports/.
  assert.equal(board.rosetta.length, 10);
  assert.equal(board.ewebench.length, 2);
  // Review files are read as reviews, not listed as ignored; the validator's expected findings beside the fixtures are.
  assert.ok(board.ignored.length > 0 && board.ignored.every((f) => f.endsWith('.expected.json')), board.ignored.join());
  const tampered = board.rosetta.find((r) => r.model === 'tampered-model');
  assert.equal(tampered?.rank, null);
  assert.equal(tampered?.unranked, 'tampered');
  assert.ok(board.rosetta.find((r) => r.path.endsWith('rosetta_strong.json'))?.review);
});

test('leaderboard text: filters and marks', async () => {
  const io = captureIo();
  assert.equal(await main(['leaderboard', fixtures, '--corpus', 'eng-ewe-synthetic', '--sort', 'cost_per_entry_usd'], io), 0, io.err);
  assert.match(io.out, /not ranked: tampered/);
  assert.match(io.out, /^1= +close-model/m);
  assert.doesNotMatch(io.out, /eng-ewe-gold/);
  const bad = captureIo();
  assert.equal(await main(['leaderboard', fixtures, '--sort', 'nonsense'], bad), 2);
  assert.match(bad.err, /--sort must be one of/);
});

test('leaderboard --format html: one self-contained page, strict CSP, values escaped, French on request', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-board-'));
  const card = JSON.parse(fs.readFileSync(fromRepo(fixtures, 'rosetta_weak.json'), 'utf8')) as Record<string, unknown>;
  card.model_slug = '<script>alert(1)</script>';
  fs.writeFileSync(path.join(dir, 'hostile.json'), JSON.stringify(card));
  const io = captureIo(dir);
  assert.equal(await main(['leaderboard', '.', '--format', 'html', '--lang', 'fr', '--out', 'board.html'], io), 0, io.err);
  const html = fs.readFileSync(path.join(dir, 'board.html'), 'utf8');
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-[A-Za-z0-9+/=]+&#39;/);
  assert.doesNotMatch(html, /<script/i);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.doesNotMatch(html, /(src|href)=["']?https?:/i);
  assert.match(html, /<html lang="fr">/);
  assert.match(html, /Rang/);
  assert.match(html, /non classé\u00a0: altéré/);
});

test('leaderboard with nothing to rank exits 1', async () => {
  const io = captureIo();
  assert.equal(await main(['leaderboard', 'test-fixtures/corpus/valid'], io), 1);
  assert.match(io.out, /No run card, report or results file/);
});

const reports = `${fixtures}/reports`;
const ACC94E = 'run_20261120_090000_google_gemini35flash_naive_all_b25_acc94e_report.json';

interface JsonRow {
  path: string;
  model: string;
  rank: number | null;
  unranked: string | null;
  verification: string;
  corpus: string;
  composite: number | null;
  composite_ci: { lower: number; upper: number } | null;
  cost_per_entry_usd: number | null;
}

/** A temporary folder holding copies of fixtures, some edited. */
function folderWith(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-board-'));
  for (const [name, value] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return dir;
}

const fixture = (...parts: string[]) => fs.readFileSync(fromRepo(fixtures, ...parts), 'utf8');

test('#31.5 the harness reports are ranked within their corpus, marked unsealed; a tampered card stays unranked; an unsealed card is ranked', async () => {
  // Edited as text: re-serialising would write 0.0 as 0 and break the fingerprint (hashed with Python's view of numbers).
  const weak = fixture('rosetta_weak.json').replace(/"run_card_hash": "[0-9a-f]+"/, '"run_card_hash": ""');
  assert.match(weak, /"run_card_hash": ""/);
  const dir = folderWith({ 'weak_unsealed.json': weak, 'tampered.json': fixture('rosetta_tampered.json'), 'gold.json': fixture('rosetta_gold.json') });
  const io = captureIo();
  assert.equal(await main(['leaderboard', reports, dir, '--format', 'json'], io), 0, io.err);
  const rows = (JSON.parse(io.out) as { rosetta: JsonRow[] }).rosetta;
  const of = (corpus: string) => rows.filter((r) => r.corpus === corpus);
  // Each corpus ranked on its own: ranks start at 1 in each.
  assert.deepEqual(
    of('eng-ewe-dev-v1').map((r) => [r.model, r.rank, r.verification]),
    [
      ['google/gemini-3.5-flash', 1, 'unsealed'],
      ['openai/gpt-4o-mini', 2, 'unsealed'],
      ['meta-llama/llama-3.1-8b-instruct-with-a-very-long-provider-suffix:free', 3, 'unsealed'],
    ],
  );
  assert.deepEqual(
    of('eng-yor-dev-v1').map((r) => [r.rank, r.verification]),
    [
      [1, 'unsealed'],
      [2, 'unsealed'],
    ],
  );
  assert.deepEqual(
    of('eng-ewe-gold@1.0').map((r) => [r.rank, r.verification]),
    [[1, 'verified']],
  );
  // Sealed and unsealed apart: the unsealed card ranked and marked, the tampered one unranked.
  const synthetic = of('eng-ewe-synthetic@1.0');
  assert.deepEqual(
    synthetic.map((r) => [r.model, r.rank, r.unranked, r.verification]),
    [
      ['weak-model', 1, null, 'unsealed'],
      ['tampered-model', null, 'tampered', 'mismatch'],
    ],
  );
});

test("#31.6 a report's composite is the report's own (its interval's estimate), not one recomputed from its rounded figures", async () => {
  const report = JSON.parse(fixture('reports', ACC94E)) as {
    overall: {
      corpus_chrf: number;
      exact_match_rate: number;
      confidence_intervals: { composite_score: { score: number; ci_lower: number; ci_upper: number } };
    };
  };
  const stated = report.overall.confidence_intervals.composite_score;
  // What a reader recomputing Profile B from the rounded chrF++ and exact-match rate gets: not the report's figure.
  const recomputed = (0.25 * (report.overall.corpus_chrf / 100) + 0.1 * report.overall.exact_match_rate) / 0.35;
  assert.notEqual(Math.round(recomputed * 1e4) / 1e4, stated.score, 'the fixture is one where the two differ');
  const io = captureIo();
  assert.equal(await main(['leaderboard', path.join(reports, ACC94E), '--format', 'json'], io), 0, io.err);
  const [row] = (JSON.parse(io.out) as { rosetta: JsonRow[] }).rosetta;
  assert.equal(row.composite, stated.score);
  assert.deepEqual([row.composite_ci?.lower, row.composite_ci?.upper], [stated.ci_lower, stated.ci_upper]);
  const text = captureIo();
  assert.equal(await main(['leaderboard', path.join(reports, ACC94E)], text), 0, text.err);
  assert.ok(text.out.includes(`${stated.score.toFixed(4)} [${stated.ci_lower.toFixed(4)}–${stated.ci_upper.toFixed(4)}]`), text.out);
});

test('#31.8 the text output reads: lines within 160 columns, money as money, the corpus by its name, not the path that ran it', async () => {
  const io = captureIo();
  assert.equal(await main(['leaderboard', fixtures], io), 0, io.err);
  const lines = io.out.split('\n');
  const widest = Math.max(...lines.map((l) => Array.from(l).length));
  assert.ok(widest <= 160, `a line of ${widest} columns`);
  assert.match(io.out, /\$0\.00089 /, 'the cost per entry as money');
  assert.doesNotMatch(io.out, /0\.000882978/, 'never the raw float');
  assert.match(io.out, /^Corpus eng-ewe-dev-v1 \(English → Ewe\): 3 runs$/m);
  assert.match(io.out, /^Corpus eng-yor-dev-v1 \(English → Yoruba\): 2 runs$/m);
  assert.doesNotMatch(io.out, /\/Users\//);
  assert.match(io.out, /unsealed: nothing seals the file/);
  // The JSON keeps the exact figure.
  const json = captureIo();
  assert.equal(await main(['leaderboard', reports, '--format', 'json'], json), 0, json.err);
  const overall = (JSON.parse(fixture('reports', ACC94E)) as { overall: { total_cost_usd: number; total_entries: number } }).overall;
  const exact = overall.total_cost_usd / overall.total_entries;
  assert.ok((JSON.parse(json.out) as { rosetta: JsonRow[] }).rosetta.some((r) => r.cost_per_entry_usd === exact));
  assert.notEqual(String(exact).length, '0.00089'.length, 'a figure with more digits than the text shows');
  // In French: decimal commas, money after the figure, the marks translated.
  const fr = captureIo();
  assert.equal(await main(['leaderboard', fixtures, '--lang', 'fr'], fr), 0, fr.err);
  assert.match(fr.out, /0,00089 \$/);
  assert.match(fr.out, /non scellé/);
  assert.match(fr.out, /^Corpus eng-ewe-dev-v1 \(English → Ewe\)\u00a0: 3 exécutions$/m);
  // The spec's enum values as French words (the JSON keeps the values).
  assert.match(fr.out, /auto-évalué/);
  assert.doesNotMatch(fr.out, /self-benchmarked|raw-llm/);
  assert.ok(Math.max(...fr.out.split('\n').map((l) => Array.from(l).length)) <= 160);
});

test('#31.7 a results file whose declared ÈwéScore its categories do not give: ranked by the recomputed one, marked, and validate says so', async () => {
  const name = 'ewebench_gemini-2.0-flash_20260315_142233.json';
  const edited = JSON.parse(fixture('ewebench', name)) as { ewe_score: number };
  const original = edited.ewe_score;
  edited.ewe_score = 99.9;
  const dir = folderWith({
    [name]: JSON.stringify(edited, null, 2),
    'ewebench_deepseek-chat_20261123_101500.json': fixture('ewebench', 'ewebench_deepseek-chat_20261123_101500.json'),
  });
  const io = captureIo(dir);
  assert.equal(await main(['leaderboard', '.', '--format', 'json'], io), 0, io.err);
  const rows = (
    JSON.parse(io.out) as { ewebench: { model: string; rank: number; ewe_score: number; declared_ewe_score: number; ewe_score_mismatch: boolean }[] }
  ).ewebench;
  const gemini = rows.find((r) => r.model === 'gemini-2.0-flash');
  assert.deepEqual([gemini?.rank, gemini?.ewe_score, gemini?.declared_ewe_score, gemini?.ewe_score_mismatch], [2, original, 99.9, true]);
  assert.equal(rows.find((r) => r.model === 'deepseek-chat')?.ewe_score_mismatch, false);
  const text = captureIo(dir);
  assert.equal(await main(['leaderboard', '.'], text), 0, text.err);
  assert.match(text.out, new RegExp(`declared ÈwéScore 99\\.9, its categories give ${original.toFixed(1).replace('.', '\\.')}: ranked by`));
  const validate = captureIo(dir);
  assert.equal(await main(['validate', name], validate), 1);
  assert.match(validate.out, new RegExp(`score-inconsistent.*\`ewe_score\` is 99\\.9 but .* gives ${original.toFixed(1).replace('.', '\\.')}`));
});

test('#31.10 a score of 1e308 is refused as invalid input, never shown as Infinity or ranked', async () => {
  const name = 'ewebench_gemini-2.0-flash_20260315_142233.json';
  const edited = JSON.parse(fixture('ewebench', name)) as { categories: Record<string, { details: { score: number }[] }> };
  const category = Object.values(edited.categories).find((c) => c.details.length > 0);
  assert.ok(category);
  category.details[0].score = 1e308;
  const dir = folderWith({ [name]: edited, 'ewebench_deepseek-chat_20261123_101500.json': fixture('ewebench', 'ewebench_deepseek-chat_20261123_101500.json') });
  const io = captureIo(dir);
  assert.equal(await main(['leaderboard', '.'], io), 2);
  assert.match(io.err, /Refused \(invalid input\): .*gemini.*score is 1e\+308, outside 0–1/);
  assert.doesNotMatch(io.out, /Infinity|gemini-2\.0-flash/);
  assert.match(io.out, /deepseek-chat/, 'the valid file is still ranked');
  const compare = captureIo(dir);
  assert.equal(await main(['compare', 'ewebench_deepseek-chat_20261123_101500.json', name], compare), 2);
  assert.match(compare.err, /outside 0–1/);
  assert.doesNotMatch(compare.out, /Infinity|significant/);
});
