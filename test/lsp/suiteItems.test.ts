import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';
import { SuiteItemFilesRequest } from '../../protocol/ewebench';

/**
 * A task suite's item files checked as you type, through the real language server: the suites of the workspace
 * register the TSV, CSV and JSONL files they name, and an open item file gets the `item-*` findings `validate`
 * reports, at the exact cell, key or line; a file no suite names gets none.
 */
let client: TestLspClient;
let workspace: string;
const uriOf = (name: string) => pathToFileURL(path.join(workspace, name)).toString();

const SUITE = {
  suite_version: 1,
  language: 'ewe',
  tasks: [
    { id: 'mmlu', task: 'multiple_choice', competency: 'NLU', items: 'items/mmlu.tsv' },
    { id: 'topics', task: 'classification', competency: 'NLU', items: 'items/topics.csv', topics: ['sports', 'politics', 'health'] },
    { id: 'mgsm', task: 'math', competency: 'NLR', items: 'items/mgsm.jsonl' },
  ],
};

/** The range of the `occurrence`-th `needle` in `text` (UTF-16 columns, as the test client negotiates none). */
function rangeOf(text: string, needle: string, occurrence = 0): Diagnostic['range'] {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} not in the text`);
  const pos = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length - 1, character: before[before.length - 1].length };
  };
  return { start: pos(at), end: pos(at + needle.length) };
}

const codes = (ds: readonly Diagnostic[]) => ds.map((d) => d.code);

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-lsp-suite-items-'));
  fs.mkdirSync(path.join(workspace, 'items'));
  fs.writeFileSync(path.join(workspace, 'ewe.suite.json'), JSON.stringify(SUITE, null, 2) + '\n');
  client = new TestLspClient();
  await client.initialize({ rootUri: pathToFileURL(workspace).toString(), locale: 'en' });
});

after(async () => {
  await client.shutdown();
  fs.rmSync(workspace, { recursive: true, force: true });
});

test('an answer letter outside the choices in a TSV a suite names is reported at its cell, and the fix clears it', async () => {
  const uri = uriOf('items/mmlu.tsv');
  const text = "id\tquestion\tchoices\tanswer\nq1\tDukɔ ka ƒe fiadu nye Lomé?\t['Togo', 'Ghana']\tA\nq2\tNu nenie nye 3 kple 4?\t['5', '6', '7']\tE\n";
  client.open(uri, text, 'plaintext');
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0);
  assert.deepEqual(codes(diagnostics), ['item-answer']);
  assert.deepEqual(diagnostics[0].range, rangeOf(text, 'E'));
  assert.match(String(diagnostics[0].message), /"E" of item q2 is not one of its choices \(A–C\)/);
  const fixed = client.edit(uri, diagnostics[0].range, 'B');
  const after = await client.waitForVersion(uri, fixed);
  assert.deepEqual(after.diagnostics, []);
});

test('choices that do not parse are reported at their cell, a duplicate id at its cell with the first', async () => {
  const uri = uriOf('items/mmlu.tsv');
  const text = "id\tquestion\tchoices\tanswer\nq1\tDukɔ ka ƒe fiadu nye Lomé?\t['Togo', 'Ghana'\tA\nq1\tNu nenie nye 3 kple 4?\t['5', '6', '7']\tB\n";
  const version = client.replace(uri, text);
  const { diagnostics } = await client.waitForVersion(uri, version);
  assert.deepEqual(codes(diagnostics), ['item-choices', 'duplicate-id']);
  // The list stops at the cell's end (where "]" is expected): the whole cell is the place.
  assert.deepEqual(diagnostics[0].range, rangeOf(text, "['Togo', 'Ghana'"));
  assert.match(String(diagnostics[0].message), /choices of item q1 do not parse as a list/);
  assert.deepEqual(diagnostics[1].range, rangeOf(text, 'q1', 1));
  assert.deepEqual(diagnostics[1].relatedInformation?.[0].location, { uri, range: rangeOf(text, 'q1', 0) });
  // Inside a list, the one character where it stops parsing (a missing comma before 'Ghana').
  const inside = text.replace("['Togo', 'Ghana'", "['Togo' 'Ghana']").replace('\nq1\tNu', '\nq2\tNu');
  const next = await client.waitForVersion(uri, client.replace(uri, inside));
  assert.deepEqual(codes(next.diagnostics), ['item-choices']);
  const quote = rangeOf(inside, "'Ghana'").start;
  assert.deepEqual(next.diagnostics[0].range, { start: quote, end: { line: quote.line, character: quote.character + 1 } });
});

test('a label outside the suite’s topics in a CSV is reported at its cell (quotes included), an empty text at its cell', async () => {
  const uri = uriOf('items/topics.csv');
  const text = 'text,label\n"Togo ƒe bɔlƒoƒo, ""Sparrow Hawks""",sports\nDɔyɔyɔ ƒe nyawo,"weather"\n,health\n';
  client.open(uri, text, 'csv');
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.length >= 2);
  assert.deepEqual(codes(diagnostics), ['item-answer', 'item-empty']);
  assert.deepEqual(diagnostics[0].range, rangeOf(text, '"weather"'));
  assert.match(String(diagnostics[0].message), /label "weather" of item 2 is not one of the suite's topics \(sports, politics, health\)/);
  // The empty cell is the place before the comma of the fourth line.
  const line = text.split('\n').indexOf(',health');
  assert.deepEqual(diagnostics[1].range, { start: { line, character: 0 }, end: { line, character: 0 } });
});

test('an open suite file registers its item files as it is typed: a new topic clears the label outside them', async () => {
  const suiteUri = uriOf('ewe.suite.json');
  const itemsUri = uriOf('items/topics.csv');
  await client.waitForDiagnostics(itemsUri, (d) => d.diagnostics.some((x) => x.code === 'item-answer'));
  const suite = structuredClone(SUITE);
  suite.tasks[1].topics = ['sports', 'politics', 'health', 'weather'];
  client.open(suiteUri, JSON.stringify(suite, null, 2) + '\n');
  const { diagnostics } = await client.waitForDiagnostics(itemsUri, (d) => !d.diagnostics.some((x) => x.code === 'item-answer'));
  assert.deepEqual(codes(diagnostics), ['item-empty']);
  client.close(suiteUri);
  // Closed: the suite on disk counts again, and the label is outside its topics again.
  await client.waitForDiagnostics(itemsUri, (d) => d.diagnostics.some((x) => x.code === 'item-answer'));
});

test('a JSONL item with an empty question and an answer that is not a number is reported at its values', async () => {
  const uri = uriOf('items/mgsm.jsonl');
  const text = '{"id": "m1", "question": "Kofi ƒle aŋutiɖe 3.", "answer_number": 3}\n{"id": "m2", "question": "  ", "answer_number": "three"}\n';
  client.open(uri, text, 'jsonl');
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0);
  assert.deepEqual(codes(diagnostics), ['item-empty']);
  assert.deepEqual(diagnostics[0].range, rangeOf(text, '"  "'));
  const version = client.edit(uri, rangeOf(text, '"  "'), '"Ama ƒle aŋutiɖe 2."');
  const fixed = text.replace('"  "', '"Ama ƒle aŋutiɖe 2."');
  const next = await client.waitForVersion(uri, version);
  assert.deepEqual(codes(next.diagnostics), ['item-answer']);
  assert.deepEqual(next.diagnostics[0].range, rangeOf(fixed, '"three"'));
});

test('a TSV no suite names gets no diagnostics, and its closing clears what an item file had', async () => {
  const stray = uriOf('notes.tsv');
  client.open(stray, 'a\tb\n1\n', 'plaintext');
  const { diagnostics } = await client.waitForDiagnostics(stray);
  assert.deepEqual(diagnostics, []);
  const uri = uriOf('items/mgsm.jsonl');
  client.close(uri);
  await client.waitForDiagnostics(uri, (d) => d.diagnostics.length === 0 && d.version === undefined);
});

test('the client asks which item files the suites name, with the task that reads each (its lenses and runs)', async () => {
  const files = await client.connection.sendRequest(SuiteItemFilesRequest);
  assert.deepEqual(files.map((f) => [f.uri, f.file, f.task.id, f.task.task]).sort(), [
    [uriOf('items/mgsm.jsonl'), 'items/mgsm.jsonl', 'mgsm', 'math'],
    [uriOf('items/mmlu.tsv'), 'items/mmlu.tsv', 'mmlu', 'multiple_choice'],
    [uriOf('items/topics.csv'), 'items/topics.csv', 'topics', 'classification'],
  ]);
  assert.deepEqual(files.find((f) => f.task.id === 'topics')?.task.topics, ['sports', 'politics', 'health']);
});

test('an item file longer than the editor analyses gets the one file-too-large note, and is checked again once back under the bound', async () => {
  const small = new TestLspClient();
  try {
    await small.initialize({ rootUri: pathToFileURL(workspace).toString(), locale: 'en', settings: { maxAnalysedChars: 200 } });
    const uri = uriOf('items/mmlu.tsv');
    const head = 'id\tquestion\tchoices\tanswer\n';
    const row = (i: number) => `q${i}\tNu nenie nye ${i} kple 1?\t['1', '2']\tZ\n`;
    small.open(uri, head + [1, 2, 3, 4, 5, 6].map(row).join(''), 'plaintext');
    const { diagnostics } = await small.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0);
    assert.deepEqual(codes(diagnostics), ['file-too-large']);
    const version = small.replace(uri, head + row(1));
    const next = await small.waitForVersion(uri, version);
    assert.deepEqual(codes(next.diagnostics), ['item-answer']);
  } finally {
    await small.shutdown();
  }
});
