import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';

// The board as the code before its speed-ups printed it (test-fixtures/leaderboard-output/ORIGIN.md): a card whose
// intervals are bootstrapped, a bound review beside a card, a tampered card, in every format.
for (const format of ['json', 'text', 'html'] as const)
  test(`leaderboard --format ${format} prints the same bytes as before it checked each seal once and bootstrapped only what it shows`, async () => {
    const io = captureIo();
    const code = await main(['leaderboard', 'test-fixtures/leaderboard-bytes', '--format', format], io);
    assert.equal(code, 0, io.err);
    assert.equal(io.out, fs.readFileSync(fromRepo('test-fixtures', 'leaderboard-output', `board.${format}.out`), 'utf8'));
  });
