import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { propertyRuns } from '../test/helpers/property';
import { OutputWriteError, writeFileAtomic, writeFileAtomicPieces } from './outputs';

const tmpFiles = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.tmp'));
const fresh = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-pieces-'));

test('a file written a piece at a time holds the same bytes as the whole text written at once, whatever the pieces (surrogate pairs split too)', () => {
  const dir = fresh();
  fc.assert(
    fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 4 }), (pieces, cuts) => {
      const text = pieces.join('');
      // Pieces cut anywhere, inside a surrogate pair included.
      const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
      const parts = [...points, text.length].map((p, i) => text.slice(i === 0 ? 0 : points[i - 1], p));
      writeFileAtomic(path.join(dir, 'whole.json'), text);
      assert.equal(
        writeFileAtomicPieces(path.join(dir, 'pieces.json'), (write) => (parts.forEach(write), true)),
        true,
      );
      assert.deepEqual(fs.readFileSync(path.join(dir, 'pieces.json')), fs.readFileSync(path.join(dir, 'whole.json')));
    }),
    propertyRuns(100),
  );
  assert.deepEqual(tmpFiles(dir), []);
});

test('pieces larger than one batch, a surrogate pair across the batch boundary: the bytes of the whole text', () => {
  const dir = fresh();
  const big = 'a'.repeat((1 << 20) - 1) + '\uD83D';
  const parts = [big, '\uDE00 ɖe', 'x'.repeat(1 << 20), 'end'];
  assert.ok(writeFileAtomicPieces(path.join(dir, 'c.json'), (write) => (parts.forEach(write), true)));
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), parts.join(''));
});

test('a write in pieces that is called off or throws leaves the target as it was and no temporary file; what it threw comes out as it is', () => {
  const dir = fresh();
  const file = path.join(dir, 'c.json');
  fs.writeFileSync(file, 'before');
  assert.equal(
    writeFileAtomicPieces(file, (write) => (write('half'), false)),
    false,
  );
  const boom = new Error('a bad row');
  assert.throws(
    () =>
      writeFileAtomicPieces(file, (write) => {
        write('half');
        throw boom;
      }),
    (e: unknown) => e === boom,
  );
  assert.equal(fs.readFileSync(file, 'utf8'), 'before');
  assert.deepEqual(tmpFiles(dir), []);
});

test('a write in pieces keeps the rules of every write: through a symbolic link, the mode kept, an input refused before anything is asked for', () => {
  const dir = fresh();
  const real = path.join(dir, 'real.json');
  fs.writeFileSync(real, 'old');
  fs.chmodSync(real, 0o600);
  const link = path.join(dir, 'link.json');
  fs.symlinkSync('real.json', link);
  assert.ok(writeFileAtomicPieces(link, (write) => (write('new '), write('text'), true)));
  assert.ok(fs.lstatSync(link).isSymbolicLink());
  assert.equal(fs.readFileSync(real, 'utf8'), 'new text');
  assert.equal(fs.statSync(real).mode & 0o777, 0o600);
  let asked = false;
  assert.throws(
    () =>
      writeFileAtomicPieces(
        link,
        () => {
          asked = true;
          return true;
        },
        { inputs: [real] },
      ),
    (e: unknown) => e instanceof OutputWriteError,
  );
  assert.equal(asked, false);
  assert.equal(fs.readFileSync(real, 'utf8'), 'new text');
  assert.deepEqual(tmpFiles(dir), []);
});
