import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { VSCODE_CLIENT } from '../helpers/clientProfiles';
import { TestLspClient } from '../helpers/lspClient';

/** The workspace's own baselines (`ewebench-baselines.json`) reach the editor's weak-test audit, and follow the file. */
const TESTS = JSON.stringify(
  [{ id: 'kw_01', prompt: 'Ŋlɔ nya aɖe tso Lomé ŋu.', eval_method: 'keywords', expected_keywords: ['zɔzɔme', 'Lomé-dua'] }],
  null,
  2,
);
const weakWith = (id: string) => (d: PublishDiagnosticsParams) => d.diagnostics.some((x) => x.code === 'weak-test' && JSON.stringify(x.message).includes(id));

test('a workspace baselines file adds a non-answer the open tests are audited against, and changes to it apply', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-baselines-'));
  const file = path.join(root, 'ewebench-baselines.json');
  fs.writeFileSync(file, JSON.stringify({ baselines: [{ id: 'tour-guide', text: 'Zɔzɔme le Lomé-dua me nyo.' }] }));
  fs.mkdirSync(path.join(root, 'tests'));
  const uri = pathToFileURL(path.join(root, 'tests', 'kw.json')).href;
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: pathToFileURL(root).href, capabilities: VSCODE_CLIENT });
    client.open(uri, TESTS);
    const weak = await client.waitForDiagnostics(uri, weakWith('tour-guide'));
    assert.ok(weak.diagnostics.some((d) => d.code === 'weak-test'));

    // The file now says something else: the baseline no longer passes the test.
    fs.writeFileSync(file, JSON.stringify({ baselines: [{ id: 'tour-guide', text: 'Mele afi sia.' }] }));
    // The server registers its watcher after initialized: wait until the client has it.
    for (let i = 0; i < 50 && !client.fileChangedOnDisk(pathToFileURL(file).href); i++) await new Promise((r) => setTimeout(r, 100));
    const after = await client.waitForDiagnostics(uri, (d) => !weakWith('tour-guide')(d));
    assert.equal(after.diagnostics.filter((d) => d.code === 'weak-test').length, 0);
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/** A baselines file of `count` generated refusals, the one that passes the test (`tour-guide`) last unless `first`. */
const manyBaselines = (count: number, first = false) => {
  const rows = Array.from({ length: count - 1 }, (_, i) => ({ id: `refusal-${i}`, text: `Nyemate ŋu aɖo eŋu o (${i}).` }));
  const guide = { id: 'tour-guide', text: 'Zɔzɔme le Lomé-dua me nyo.' };
  return JSON.stringify({ baselines: first ? [guide, ...rows] : [...rows, guide] });
};

test('a baselines file past 200 baselines: the first 200 are used, and the file gets a baselines-limit diagnostic naming the limit', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-baselines-'));
  const file = path.join(root, 'ewebench-baselines.json');
  fs.writeFileSync(file, manyBaselines(250));
  const uri = pathToFileURL(path.join(root, 'kw.json')).href;
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: pathToFileURL(root).href, capabilities: VSCODE_CLIENT });
    const limit = await client.waitForDiagnostics(pathToFileURL(file).href, (d) => d.diagnostics.length > 0);
    assert.deepEqual(
      limit.diagnostics.map((d) => [d.code, d.severity, d.range.start]),
      [['baselines-limit', 2, { line: 0, character: 0 }]],
    );
    assert.match(
      String(limit.diagnostics[0].message),
      /lists 250 baselines, more than the 200 .*MAX_EXTRA_BASELINES.*the first 200 are used, 50 other are ignored/,
    );
    // The baseline that would pass is the 250th: ignored, so the test is not weak.
    client.open(uri, TESTS);
    const published = await client.waitForVersion(uri, 1);
    assert.ok(!weakWith('tour-guide')(published));
    // Opened, the baselines file keeps its diagnostic beside its own analysis.
    client.open(pathToFileURL(file).href, fs.readFileSync(file, 'utf8'));
    const opened = await client.waitForVersion(pathToFileURL(file).href, 1);
    assert.ok(opened.diagnostics.some((d) => d.code === 'baselines-limit'));
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a baselines file larger than 1 MiB is not read: a diagnostic names the limit, and its first baseline is not used either', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-baselines-'));
  const file = path.join(root, 'ewebench-baselines.json');
  // 100,000 baselines: about 4 MB.
  const text = manyBaselines(100_000, true);
  fs.writeFileSync(file, text);
  const uri = pathToFileURL(path.join(root, 'kw.json')).href;
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: pathToFileURL(root).href, capabilities: VSCODE_CLIENT });
    const limit = await client.waitForDiagnostics(pathToFileURL(file).href, (d) => d.diagnostics.length > 0);
    assert.match(
      String(limit.diagnostics[0].message),
      new RegExp(`is ${Buffer.byteLength(text)} bytes, more than the 1048576 .*MAX_BASELINES_BYTES.*not read`),
    );
    client.open(uri, TESTS);
    const published = await client.waitForVersion(uri, 1);
    assert.ok(!weakWith('tour-guide')(published));
    // Shrunk below the limits, the file is read again and its diagnostic cleared.
    fs.writeFileSync(file, manyBaselines(3, true));
    for (let i = 0; i < 50 && !client.fileChangedOnDisk(pathToFileURL(file).href); i++) await new Promise((r) => setTimeout(r, 100));
    await client.waitForDiagnostics(pathToFileURL(file).href, (d) => d.diagnostics.length === 0);
    await client.waitForDiagnostics(uri, weakWith('tour-guide'));
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
