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
  assert.equal(board.rosetta.length, 5);
  assert.equal(board.ewebench.length, 2);
  // Review files are read as reviews, not listed as ignored; the validator's expected findings beside the fixtures are.
  assert.ok(board.ignored.length > 0 && board.ignored.every((f) => f.endsWith('.expected.json')), board.ignored.join());
  const tampered = board.rosetta.find((r) => r.model === 'tampered-model');
  assert.equal(tampered?.rank, null);
  assert.equal(tampered?.unranked, 'not-verified');
  assert.ok(board.rosetta.find((r) => r.path.endsWith('rosetta_strong.json'))?.review);
});

test('leaderboard text: filters and marks', async () => {
  const io = captureIo();
  assert.equal(await main(['leaderboard', fixtures, '--corpus', 'eng-ewe-synthetic', '--sort', 'cost_per_entry_usd'], io), 0, io.err);
  assert.match(io.out, /not ranked: its hashes do not verify/);
  assert.match(io.out, /^1= +naive/m);
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
  assert.match(html, /non classé : ses empreintes ne se vérifient pas/);
});

test('leaderboard with nothing to rank exits 1', async () => {
  const io = captureIo();
  assert.equal(await main(['leaderboard', 'test-fixtures/corpus/valid'], io), 1);
  assert.match(io.out, /No run card or results file/);
});
