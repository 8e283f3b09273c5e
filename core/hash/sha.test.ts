import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { concatUtf8, sha1, sha256, sha256Hex, toHex } from './sha';
import { PyRandom } from '../stats/pyRandom';

const nodeHex = (algorithm: 'sha256' | 'sha1', input: string | Uint8Array) => createHash(algorithm).update(input).digest('hex');

// FIPS 180-4 examples (NIST CSRC "Examples with intermediate values") and the long-message vector.
const ALPHABET_448 = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';
const ALPHABET_896 = 'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu';

test('SHA-256 gives the NIST vectors', () => {
  assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(sha256Hex(ALPHABET_448), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  assert.equal(sha256Hex(ALPHABET_896), 'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
  assert.equal(sha256Hex('a'.repeat(1_000_000)), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  assert.equal(sha256('abc').length, 32);
});

test('SHA-1 gives the NIST vectors', () => {
  assert.equal(toHex(sha1('')), 'da39a3ee5e6b4b0d3255bfef95601890afd80709');
  assert.equal(toHex(sha1('abc')), 'a9993e364706816aba3e25717850c26c9cd0d89d');
  assert.equal(toHex(sha1(ALPHABET_448)), '84983e441c3bd26ebaae4aa1f95129e5e54670f1');
  assert.equal(toHex(sha1('a'.repeat(1_000_000))), '34aa973cd4c4daa4f61eeb2bdbad27316534016f');
});

test('every length around the block and padding boundaries matches node:crypto', () => {
  const bytes = randomBytes(300);
  for (let n = 0; n <= 300; n++) {
    const part = bytes.subarray(0, n);
    assert.equal(sha256Hex(part), nodeHex('sha256', part), `sha256 of ${n} bytes`);
    assert.equal(toHex(sha1(part)), nodeHex('sha1', part), `sha1 of ${n} bytes`);
  }
});

test('strings hash their UTF-8 bytes: Ewe letters, tone marks, astral characters, long texts', () => {
  const texts = [
    'Eʋegbe: ɖ ɛ ƒ ɣ ŋ ɔ ʋ',
    'e\u0301 è ẽ',
    '\u{1F600}\u{10FFFF}',
    'Ɖe nyagbe sia gɔme. '.repeat(5000), // longer than the reused scratch buffer
    'ŋ'.repeat(21_845), // 3 × length exactly at the scratch buffer's size
    'ŋ'.repeat(21_846),
  ];
  for (const text of texts) assert.equal(sha256Hex(text), nodeHex('sha256', text), text.slice(0, 20));
});

test('a lone surrogate hashes as U+FFFD, as Node’s hash of a string does', () => {
  assert.equal(sha256Hex('a\ud800b'), nodeHex('sha256', 'a\ud800b'));
  assert.equal(sha256Hex('a\ud800b'), sha256Hex('a\ufffdb'));
});

test('random strings and byte arrays hash as node:crypto does', () => {
  const random = new PyRandom(20261125);
  const alphabet = ['a', ' ', '"', 'ɖ', 'ŋ', 'é', '\u0301', '\u{1F600}', '\n', '中'];
  for (let i = 0; i < 500; i++) {
    const length = random.randint(0, i < 480 ? 200 : 40_000);
    let text = '';
    for (let j = 0; j < length; j++) text += alphabet[random.randint(0, alphabet.length - 1)];
    assert.equal(sha256Hex(text), nodeHex('sha256', text));
    const bytes = randomBytes(random.randint(0, 5000));
    assert.equal(sha256Hex(bytes), nodeHex('sha256', bytes));
    assert.equal(toHex(sha1(bytes)), nodeHex('sha1', bytes));
  }
});

test('concatUtf8 is the prefix bytes then the text’s UTF-8', () => {
  const joined = concatUtf8(Uint8Array.from([1, 2]), 'ɖ');
  assert.deepEqual([...joined], [1, 2, 0xc9, 0x96]);
  assert.equal(
    toHex(sha1(joined)),
    createHash('sha1')
      .update(Uint8Array.from([1, 2]))
      .update('ɖ', 'utf8')
      .digest('hex'),
  );
});
