import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompletionRequest, HoverRequest, type CompletionItem, type Hover } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';

/** A benchmark matrix file through the real language server: recognised, validated and completed from its schema. */
let client: TestLspClient;
let workspace: string;
const uriOf = (name: string) => pathToFileURL(path.join(workspace, name)).toString();

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-lsp-bench-'));
  client = new TestLspClient();
  await client.initialize({ rootUri: pathToFileURL(workspace).toString(), locale: 'en' });
});

after(async () => {
  await client.shutdown();
  fs.rmSync(workspace, { recursive: true, force: true });
});

test('a benchmark file with a temperature out of range and an unknown key gets schema diagnostics at their places', async () => {
  const uri = uriOf('bench.json');
  const text = `{
  "benchmark_version": 1,
  "axes": {
    "models": [{ "preset": "deepseek", "model": "deepseek-chat" }],
    "temperatures": [0, 7]
  },
  "targets": [{ "corpus": "corpora/eng-ewe.json" }],
  "colour": "blue"
}
`;
  client.open(uri, text);
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.length >= 2);
  const lines = diagnostics.map((d) => d.range.start.line).sort();
  assert.deepEqual(lines, [4, 7], JSON.stringify(diagnostics));
});

test('a valid benchmark file has no diagnostic', async () => {
  const uri = uriOf('ok.json');
  client.open(
    uri,
    JSON.stringify(
      {
        benchmark_version: 1,
        axes: { models: [{ base_url: 'http://127.0.0.1:8000/v1', model: 'm' }], free: { trial: [1, 2] } },
        targets: [{ tests: 'tests/reasoning.json' }],
      },
      null,
      2,
    ),
  );
  const { diagnostics } = await client.waitForDiagnostics(uri);
  assert.deepEqual(diagnostics, []);
});

test('completion offers the axes and the prompt versions; hover explains a field', async () => {
  const uri = uriOf('complete.json');
  client.open(uri, '{\n  "benchmark_version": 1,\n  "axes": { "models": [], "prompt_versions": [""], "" },\n  "targets": []\n}\n');
  await client.waitForDiagnostics(uri);
  const values = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 2, character: 47 },
  })) as CompletionItem[];
  assert.ok(
    values.some((i) => i.label === '"multilingual"'),
    values.map((i) => i.label).join(),
  );
  const keys = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 2, character: 52 },
  })) as CompletionItem[];
  const labels = keys.map((i) => i.label);
  assert.ok(labels.includes('temperatures') && labels.includes('free'), labels.join());
  assert.ok(!labels.includes('models'), 'present keys are not offered again');
  const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 5 } })) as Hover | null;
  const value = hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
  assert.match(value, /cells = models × temperatures/);
});

test('a benchmark whose axes multiply past 10,000 cells gets one benchmark-too-large error on axes, naming them', async () => {
  const uri = uriOf('huge.json');
  const free = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`a${i}`, Array.from({ length: 32 }, (_, k) => k)]));
  client.open(
    uri,
    JSON.stringify(
      { benchmark_version: 1, axes: { models: [{ base_url: 'http://127.0.0.1:8000/v1', model: 'm' }], free }, targets: [{ tests: 't.json' }] },
      null,
      2,
    ),
  );
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range.start.line]),
    [['benchmark-too-large', 1, 2]],
  );
  assert.match(
    String(diagnostics[0].message),
    /^This benchmark plans 1,099,511,627,776 cells \(models 1 × free\.a0 32 × .* × free\.a7 32 × targets\.tests 1\)/,
  );
});
