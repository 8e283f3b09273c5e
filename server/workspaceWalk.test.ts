import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { classify } from '../core/document/classify';
import { MAX_INDEXED_BYTES } from '../core/rules/idIndex';
import { fromRepo } from '../test/helpers/paths';
import type { FileRead, WorkspaceFiles } from './host';
import { nodeFiles } from './nodeFiles';
import { WorkspaceIndex } from './workspaceIndex';
import { MAX_RUN_FILE_BYTES, WorkspaceRuns } from './workspaceRuns';
import { WorkspaceWalk, type FileConsumer } from './workspaceWalk';

/**
 * The one walk: every file a start-up walk reaches is read once, whatever its size, and both the id index and
 * the runs then hold what each held when it walked and read the workspace on its own (two walks, two reads).
 */
let root: string;
let rootUri: string;
const uriOf = (...parts: string[]) => pathToFileURL(path.join(root, ...parts)).toString();
const RUNS = fromRepo('test-fixtures', 'runs');
const tests = (...ids: string[]) => JSON.stringify(ids.map((id) => ({ id, prompt: `Ɖe gbe sia gɔme (${id})`, eval_method: 'ewe_quality' })));
/** Every id the workspace's tests files hold, and one no file holds. */
const IDS = ['mt_greeting_01', 'mt_context_02', 'mt_market_03', 'mt_family_04', 'shared_01', 'only_big', 'nm_01', 'none'];

before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-walk-')));
  rootUri = pathToFileURL(root).toString();
  for (const dir of ['tests', 'results', 'corpora', path.join('node_modules', 'pkg')]) fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.writeFileSync(path.join(root, 'tests', 'translation.json'), tests('mt_greeting_01', 'mt_context_02', 'mt_market_03', 'mt_family_04', 'shared_01'));
  fs.writeFileSync(path.join(root, 'tests', 'other.json'), tests('shared_01'));
  // A tests file too large for the index (over 8 MB): never indexed, still read for the runs (it holds none).
  fs.writeFileSync(
    path.join(root, 'tests', 'huge.json'),
    JSON.stringify([{ id: 'only_big', prompt: 'x'.repeat(MAX_INDEXED_BYTES), eval_method: 'ewe_quality' }]),
  );
  fs.copyFileSync(path.join(RUNS, 'ewebench_deepseek-chat_20261120_091500.json'), path.join(root, 'results', 'deepseek.json'));
  // A run over the index's bound, under the runs': read once, kept by the runs.
  const gemini = JSON.parse(fs.readFileSync(path.join(RUNS, 'ewebench_gemini-2.0-flash_20261121_101000.json'), 'utf8'));
  fs.writeFileSync(path.join(root, 'results', 'gemini.json'), JSON.stringify({ ...gemini, padding: 'ɖ'.repeat(MAX_INDEXED_BYTES / 2) }));
  fs.writeFileSync(path.join(root, 'corpora', 'corpus.json'), JSON.stringify({ dataset_id: 'c', entries: [{ id: 'e1', source: 'a', target: 'b' }] }));
  fs.writeFileSync(path.join(root, 'node_modules', 'pkg', 'tests.json'), tests('nm_01'));
});

after(() => fs.rmSync(root, { recursive: true, force: true }));

/** nodeFiles, counting walks and reads (with the bound each read asked for). */
function counting(): { files: WorkspaceFiles; walks: string[]; reads: { uri: string; maxBytes: number }[] } {
  const walks: string[] = [];
  const reads: { uri: string; maxBytes: number }[] = [];
  const files: WorkspaceFiles = {
    walk(folderUri) {
      walks.push(folderUri);
      return nodeFiles.walk(folderUri);
    },
    relative: (folderUri, uri) => nodeFiles.relative(folderUri, uri),
    displayName: (uri) => nodeFiles.displayName(uri),
    read(uri, maxBytes): Promise<FileRead> {
      reads.push({ uri, maxBytes });
      return nodeFiles.read(uri, maxBytes);
    },
  };
  return { files, walks, reads };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function consumers(files: WorkspaceFiles, isOpen: (uri: string) => boolean = () => false) {
  const index = new WorkspaceIndex(files, isOpen);
  index.setRoots([rootUri]);
  const runs = new WorkspaceRuns(
    files,
    () => index.rootUris(),
    (uri) => index.onDisk(uri),
  );
  return { index, runs, walk: new WorkspaceWalk(files, (uri) => index.onDisk(uri), [index, runs], nextTurn) };
}

/** What the index and the runs hold, as their callers ask: each id's occurrences, and the translation tests' findings. */
function held(index: WorkspaceIndex, runs: WorkspaceRuns) {
  const ids = Object.fromEntries(
    IDS.map((id) => [
      id,
      index
        .elsewhere('file:///nowhere.json')(id)
        .map((o) => o.label),
    ]),
  );
  const text = fs.readFileSync(path.join(root, 'tests', 'translation.json'), 'utf8');
  const value = JSON.parse(text);
  const findings = runs.findings(uriOf('tests', 'translation.json'), value, classify(value), 'en').map((f) => [f.code, JSON.stringify(f.at), f.message]);
  return { ids, runs: runs.size, findings };
}

/** How it was before: each consumer walked the workspace on its own and read every file under its own bound. */
async function separately(): Promise<ReturnType<typeof held> & { reads: number }> {
  const { files, reads } = counting();
  const { index, runs } = consumers(files);
  for (const consumer of [index, runs] as FileConsumer[]) {
    const alone = new WorkspaceWalk(files, (uri) => index.onDisk(uri), [consumer], nextTurn);
    await alone.scan([rootUri]);
  }
  return { ...held(index, runs), reads: reads.length };
}

test('the start-up walk reads each file once, under the larger bound, and both consumers hold what they held with a walk each', async () => {
  const { files, walks, reads } = counting();
  const { index, runs, walk } = consumers(files);
  const { files: reached, changed } = await walk.scan([rootUri]);
  assert.deepEqual(walks, [rootUri], 'one walk');
  const walked = ['corpora/corpus.json', 'results/deepseek.json', 'results/gemini.json', 'tests/huge.json', 'tests/other.json', 'tests/translation.json'];
  assert.equal(reached, walked.length);
  assert.deepEqual(reads.map((r) => nodeFiles.relative(rootUri, r.uri)).sort(), walked, 'each file read exactly once; node_modules never');
  assert.ok(
    reads.every((r) => r.maxBytes === MAX_RUN_FILE_BYTES),
    'read under the larger bound',
  );
  assert.deepEqual(changed, [true, true]);

  const now = held(index, runs);
  assert.deepEqual(now.ids.shared_01, ['tests/other.json', 'tests/translation.json']);
  assert.deepEqual(now.ids.only_big, [], 'a file over the index bound is not indexed');
  assert.deepEqual(now.ids.nm_01, [], 'a skipped folder is not walked');
  assert.equal(now.runs, 2, 'both runs kept, the one over the index bound too');
  assert.deepEqual(
    now.findings.map(([code]) => code),
    ['no-separation', 'no-separation'],
  );

  const before = await separately();
  assert.equal(before.reads, 2 * walked.length, 'a walk each read every file twice');
  assert.deepEqual(now, { ids: before.ids, runs: before.runs, findings: before.findings });
});

test('a watcher event reads the file once for both; an open file is read for the runs only; a file the walk skips is not read', async () => {
  const open = new Set<string>();
  const { files, reads } = counting();
  const { index, runs, walk } = consumers(files, (uri) => open.has(uri));
  await walk.scan([rootUri]);
  reads.length = 0;

  const other = uriOf('tests', 'other.json');
  fs.writeFileSync(path.join(root, 'tests', 'other.json'), tests('shared_01', 'late_02'));
  assert.deepEqual(await walk.read(other), [true, false]);
  assert.deepEqual(
    index
      .elsewhere('file:///nowhere.json')('late_02')
      .map((o) => o.label),
    ['tests/other.json'],
  );
  assert.deepEqual(reads, [{ uri: other, maxBytes: MAX_RUN_FILE_BYTES }]);

  // Open: the index leaves it to its analysis; the runs still read what is on disk.
  const deepseek = uriOf('results', 'deepseek.json');
  open.add(deepseek);
  reads.length = 0;
  fs.rmSync(path.join(root, 'results', 'deepseek.json'));
  assert.deepEqual(await walk.read(deepseek), [false, true]);
  assert.equal(runs.size, 1);
  assert.deepEqual(reads, [{ uri: deepseek, maxBytes: MAX_RUN_FILE_BYTES }]);

  // Only the index asks (a document closed): read under its own bound, so a large file is never read.
  reads.length = 0;
  assert.deepEqual(await walk.read(uriOf('tests', 'huge.json'), [index]), [false]);
  assert.deepEqual(reads, [{ uri: uriOf('tests', 'huge.json'), maxBytes: MAX_INDEXED_BYTES }]);

  // In a skipped folder: nothing is read, both forget it.
  reads.length = 0;
  assert.deepEqual(await walk.read(uriOf('node_modules', 'pkg', 'tests.json')), [false, false]);
  assert.deepEqual(reads, []);
  fs.copyFileSync(path.join(RUNS, 'ewebench_deepseek-chat_20261120_091500.json'), path.join(root, 'results', 'deepseek.json'));
  fs.writeFileSync(path.join(root, 'tests', 'other.json'), tests('shared_01'));
});
