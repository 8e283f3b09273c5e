import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { sha256, sha256Hex, sha256Plain, toHex, useSha256Provider } from './sha';

const native = (input: string | Uint8Array) => createHash('sha256').update(input).digest();

test('a native SHA-256 provider gives the plain one’s digest for arbitrary bytes and strings (lone surrogates too)', () => {
  useSha256Provider(native);
  try {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 200 })), (input) => {
        assert.equal(toHex(sha256(input)), toHex(sha256Plain(input)));
        assert.equal(sha256Hex(input), toHex(sha256Plain(input)));
      }),
      propertyRuns(1000),
    );
  } finally {
    useSha256Provider(undefined);
  }
});

test('sha256 uses the installed provider, and the plain one again once it is removed', () => {
  const calls: (string | Uint8Array)[] = [];
  useSha256Provider((input) => {
    calls.push(input);
    return native(input);
  });
  try {
    assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.deepEqual(calls, ['abc']);
  } finally {
    useSha256Provider(undefined);
  }
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(calls.length, 1);
});
