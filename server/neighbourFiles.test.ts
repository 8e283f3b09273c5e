import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NeighbourFiles } from './neighbourFiles';
import type { FileRead, WorkspaceFiles } from './host';

/** A disk whose reads answer when the test says: each read gets the file's text as it was when the read began. */
function slowDisk(initial: string) {
  let text = initial;
  const pending: (() => void)[] = [];
  let reads = 0;
  const files: WorkspaceFiles = {
    walk: async function* () {},
    relative: () => undefined,
    displayName: (uri) => uri,
    read: (_uri: string): Promise<FileRead> => {
      reads++;
      const seen = text;
      return new Promise((resolve) => pending.push(() => resolve({ text: seen })));
    },
  };
  return {
    files,
    write: (next: string) => (text = next),
    answerOne: async () => {
      pending.shift()?.();
      await new Promise((r) => setImmediate(r));
    },
    reads: () => reads,
    waiting: () => pending.length,
  };
}

test('a neighbour changed on disk while it is being read is read again: the rules never keep the text from before the change', async () => {
  const disk = slowDisk('{"reviewer": "kofi", "v": 1}');
  const rechecked: string[][] = [];
  const later = (work: () => Promise<void>) => void work();
  const neighbours = new NeighbourFiles(disk.files, later, (docs) => rechecked.push([...docs]));
  const card = 'file:///w/run.json';
  const review = neighbours.of(card);
  assert.equal(review.read('run.review.kofi.json'), undefined, 'the first ask starts a read');
  await disk.answerOne();
  assert.equal(review.read('run.review.kofi.json'), '{"reviewer": "kofi", "v": 1}');
  // A change on disk starts a read; the file changes again before that read ends.
  neighbours.fileChanged('file:///w/run.review.kofi.json');
  disk.write('{"reviewer": "kofi", "v": 2}');
  neighbours.fileChanged('file:///w/run.review.kofi.json');
  assert.equal(disk.waiting(), 1, 'one read at a time per file');
  await disk.answerOne();
  assert.equal(disk.waiting(), 1, 'the change during the read asks one more read');
  await disk.answerOne();
  assert.equal(review.read('run.review.kofi.json'), '{"reviewer": "kofi", "v": 2}');
  assert.equal(disk.reads(), 3);
  assert.equal(disk.waiting(), 0, 'and no more after it');
  assert.deepEqual(rechecked.at(-1), [card]);
});
