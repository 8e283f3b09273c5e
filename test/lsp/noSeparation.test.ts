import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, FileChangeType, type Diagnostic, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';
import { fromRepo } from '../helpers/paths';

/**
 * `no-separation` in the editor: the server finds the results files beside a tests file (two models), publishes
 * an information diagnostic on each test both pass or both fail, anchored on its id, and drops them when a
 * results file goes. The fixtures' translation category: mt_greeting_01 both pass, mt_context_02 and
 * mt_market_03 split them, mt_family_04 both fail.
 */
let root: string;
const RUNS = fromRepo('test-fixtures', 'runs');
const TESTS = ['mt_greeting_01', 'mt_context_02', 'mt_market_03', 'mt_family_04'].map((id) => ({
  id,
  prompt: `Ɖe gbe sia gɔme (${id})`,
  eval_method: 'ewe_quality',
}));
const TEXT = JSON.stringify(TESTS, null, 2);

before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-noseparation-')));
  fs.mkdirSync(path.join(root, 'tests'));
  fs.mkdirSync(path.join(root, 'results'));
  fs.writeFileSync(path.join(root, 'tests', 'translation.json'), TEXT);
  for (const name of ['ewebench_deepseek-chat_20261120_091500.json', 'ewebench_gemini-2.0-flash_20261121_101000.json'])
    fs.copyFileSync(path.join(RUNS, name), path.join(root, 'results', name));
});

after(() => fs.rmSync(root, { recursive: true, force: true }));

const separation = (p: PublishDiagnosticsParams): Diagnostic[] => p.diagnostics.filter((d) => d.code === 'no-separation');

/** The text a diagnostic's range covers (single-line ranges: the id's value). */
function covered(d: Diagnostic): string {
  const line = TEXT.split('\n')[d.range.start.line];
  assert.equal(d.range.end.line, d.range.start.line);
  return line.slice(d.range.start.character, d.range.end.character);
}

test('no-separation on the tests both models pass or both fail, from the results files beside them; gone with one of them', async () => {
  const client = new TestLspClient();
  const uri = pathToFileURL(path.join(root, 'tests', 'translation.json')).toString();
  try {
    await client.initialize({ rootUri: pathToFileURL(root).toString(), locale: 'en' });
    client.open(uri, TEXT);
    const found = separation(await client.waitForDiagnostics(uri, (p) => separation(p).length > 0));
    assert.deepEqual(found.map(covered), ['"mt_greeting_01"', '"mt_family_04"']);
    assert.ok(found.every((d) => d.severity === 3 && d.source === 'ewebench'));
    assert.equal(found[0].message, 'Does not separate models: all 2 runs pass it (deepseek-chat, gemini-2.0-flash), so it adds the same to every score.');
    assert.match(String(found[1].message), /^Does not separate models: all 2 runs fail it/);

    // One results file removed: one model left, nothing to separate, the findings go.
    const gemini = path.join(root, 'results', 'ewebench_gemini-2.0-flash_20261121_101000.json');
    fs.rmSync(gemini);
    const changed = (type: FileChangeType) =>
      client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(gemini).toString(), type }] });
    await changed(FileChangeType.Deleted);
    await client.waitForDiagnostics(uri, (p) => separation(p).length === 0);

    // Back again (the watcher's Created): the findings come back; the setting turns them off.
    fs.copyFileSync(path.join(RUNS, 'ewebench_gemini-2.0-flash_20261121_101000.json'), gemini);
    await changed(FileChangeType.Created);
    await client.waitForDiagnostics(uri, (p) => separation(p).length === 2);
    client.configuration = () => ({ noSeparation: false });
    client.configurationChanged({ ewebench: { noSeparation: false } });
    await client.waitForDiagnostics(uri, (p) => separation(p).length === 0);
    assert.deepEqual(client.errors, []);
  } finally {
    await client.shutdown();
  }
});

test('no-separation on a corpus from the two mt_eval_harness reports that name its dataset', async () => {
  const corpusRoot = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-noseparation-corpus-')));
  // Entries 1-4 of the reports' dataset: 1 one model matches, 3 neither, 4 both.
  const corpus = JSON.stringify(
    {
      dataset: { id: 'eng-ewe-dev-v1', version: '1.0', language_pair: 'eng-ewe' },
      entries: [1, 2, 3, 4].map((id) => ({ id, source: `Sentence ${id}.`, reference: `Nyagbe ${id}.` })),
    },
    null,
    2,
  );
  const reports = [
    'run_20261123_140000_openai_gpt4omini_naive_all_b25_a1b2c3_report.json',
    'run_20261123_141500_metallama_llama318binstruct_naive_all_b25_d4e5f6_report.json',
  ];
  fs.mkdirSync(path.join(corpusRoot, 'runs'));
  for (const name of reports) fs.copyFileSync(path.join(RUNS, name), path.join(corpusRoot, 'runs', name));
  fs.writeFileSync(path.join(corpusRoot, 'dev.json'), corpus);
  const client = new TestLspClient();
  const uri = pathToFileURL(path.join(corpusRoot, 'dev.json')).toString();
  try {
    await client.initialize({ rootUri: pathToFileURL(corpusRoot).toString(), locale: 'fr' });
    client.open(uri, corpus);
    const found = separation(await client.waitForDiagnostics(uri, (p) => separation(p).length > 0));
    const lines = corpus.split('\n');
    assert.deepEqual(
      found.map((d) => lines[d.range.start.line].trim()),
      ['"id": 3,', '"id": 4,'],
    );
    assert.match(String(found[0].message), /^Ne départage pas les modèles/);
    assert.deepEqual(client.errors, []);
  } finally {
    await client.shutdown();
    fs.rmSync(corpusRoot, { recursive: true, force: true });
  }
});
