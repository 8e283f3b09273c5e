import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';

/** #32: with LANG in French, the CLI's figures are written with a decimal comma, through core/i18n/number. */

function frenchIo(cwd?: string) {
  const io = captureIo(cwd);
  io.env = { ...process.env, LANG: 'fr_FR.UTF-8' };
  return io;
}

const NAME = 'ewebench_gemini-2.0-flash_20260315_142233.json';

test('LANG=fr: validate writes the declared and the recomputed ÈwéScore with decimal commas', async () => {
  const edited = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'leaderboard', 'ewebench', NAME), 'utf8')) as { ewe_score: number };
  const recomputed = edited.ewe_score.toFixed(1);
  edited.ewe_score = 99.9;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-fr-numbers-'));
  try {
    fs.writeFileSync(path.join(dir, NAME), JSON.stringify(edited, null, 2));
    const fr = frenchIo(dir);
    assert.equal(await main(['validate', NAME], fr), 1);
    assert.match(fr.out, new RegExp(`score-inconsistent.*\`ewe_score\` vaut 99,9 mais .* donne ${recomputed.replace('.', ',')}\\.`));
    assert.doesNotMatch(fr.out, /99\.9/);
    const en = captureIo(dir);
    en.env = { ...process.env, LANG: 'C.UTF-8' };
    assert.equal(await main(['validate', NAME], en), 1);
    assert.match(en.out, new RegExp(`\`ewe_score\` is 99\\.9 but .* gives ${recomputed.replace('.', '\\.')}\\.`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('LANG=fr: the leaderboard reads in French without --lang: decimal commas, the enum values in words', async () => {
  const fr = frenchIo();
  assert.equal(await main(['leaderboard', 'test-fixtures/leaderboard'], fr), 0, fr.err);
  // The figures are the English ones with a comma: a composite with its interval, a chrF++, a cost per entry.
  const en = captureIo();
  en.env = { ...process.env, LANG: 'C.UTF-8' };
  assert.equal(await main(['leaderboard', 'test-fixtures/leaderboard'], en), 0, en.err);
  assert.match(en.out, /0\.7293 \[0\.5176–0\.9312\] {2}82\.11 \[63\.11–95\.37\]/);
  assert.match(fr.out, /0,7293 \[0,5176–0,9312\]\s+82,11 \[63,11–95,37\]/);
  assert.match(fr.out, /0,00089 \$/);
  assert.match(fr.out, /auto-évalué/);
  assert.doesNotMatch(fr.out, /self-benchmarked/);
  // The JSON keeps the spec's values.
  const json = frenchIo();
  assert.equal(await main(['leaderboard', 'test-fixtures/leaderboard', '--format', 'json'], json), 0, json.err);
  assert.ok((JSON.parse(json.out) as { rosetta: { verification_tier: string }[] }).rosetta.some((r) => r.verification_tier === 'self-benchmarked'));
});
