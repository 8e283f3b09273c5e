import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileNamePart, MAX_NAME_PART_BYTES } from './fileNames';

test('a file name part: unsafe characters replaced, short parts unchanged, long ones cut with a hash of the original', () => {
  assert.equal(fileNamePart('google/gemini-2.0-flash'), 'google_gemini-2.0-flash');
  assert.equal(fileNamePart('..'), '__');
  assert.equal(fileNamePart('a b', { spaces: false }), 'a_b');
  assert.equal(fileNamePart('x\ud800'), 'x_');
  const long = fileNamePart('é'.repeat(200));
  assert.ok(Buffer.byteLength(long) <= MAX_NAME_PART_BYTES);
  assert.match(long, /^é+-[0-9a-f]{8}$/);
  assert.notEqual(fileNamePart('a'.repeat(100)), fileNamePart(`${'a'.repeat(100)}b`));
});
