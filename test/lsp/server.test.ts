import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CompletionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  type CodeAction,
  type CompletionItem,
  type DocumentSymbol,
  type Hover,
} from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';

/** The language server driven through a real LSP client over stdio, as an editor would. */
let client: TestLspClient;
let workspace: string;
const uriOf = (name: string) => pathToFileURL(path.join(workspace, name)).toString();

const TESTS = `[
  {
    "id": "ck_proverb_01",
    "prompt": "Gblɔ lododo aɖe nam.",
    "eval_method": "keywords",
    "expected_keywords": ["ŋusẽ"]
  },
  {
    "id": "ck_proverb_01",
    "prompt": "Gblɔ lododo bubu nam.",
    "eval_method": "keywords",
    "expected_keywords": ["ŋusẽ"]
  }
]
`;

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-lsp-'));
  fs.mkdirSync(path.join(workspace, 'tests'));
  // A tests file that is never opened: the workspace index must still know its ids.
  fs.writeFileSync(path.join(workspace, 'tests', 'closed.json'), JSON.stringify([{ id: 'shared_01', prompt: 'Woezɔ', eval_method: 'ewe_quality' }], null, 2));
  client = new TestLspClient();
  const init = await client.initialize({ rootUri: pathToFileURL(workspace).toString(), locale: 'en' });
  assert.ok(init.capabilities.hoverProvider);
});

after(async () => {
  await client.shutdown();
  fs.rmSync(workspace, { recursive: true, force: true });
});

test('opening a tests file publishes duplicate-id diagnostics with related information and a docs link', async () => {
  const uri = uriOf('tests/cultural_knowledge.json');
  client.open(uri, TESTS);
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0);
  const dups = diagnostics.filter((d) => d.code === 'duplicate-id');
  assert.equal(dups.length, 2);
  assert.deepEqual(
    dups.map((d) => d.range.start),
    [
      { line: 2, character: 10 },
      { line: 8, character: 10 },
    ],
  );
  assert.deepEqual(dups[1].range.end, { line: 8, character: 25 });
  assert.equal(dups[1].source, 'ewebench');
  assert.match(dups[1].codeDescription?.href ?? '', /docs\/diagnostics\.md#duplicate-id$/);
  assert.equal(dups[1].relatedInformation?.[0].location.range.start.line, 2);
});

test('an edit re-validates only to the new version, and fixing the text clears the diagnostics', async () => {
  const uri = uriOf('tests/cultural_knowledge.json');
  const fixed = TESTS.replace('"ck_proverb_01",\n    "prompt": "Gblɔ lododo bubu', '"ck_proverb_02",\n    "prompt": "Gblɔ lododo bubu');
  const version = client.replace(uri, fixed);
  const published = await client.waitForVersion(uri, version);
  assert.deepEqual(published.diagnostics, []);
});

test('incremental edits are applied: breaking the JSON gives invalid-json and the rules still run', async () => {
  const uri = uriOf('tests/edit.json');
  client.open(uri, TESTS);
  await client.waitForDiagnostics(uri, (d) => d.diagnostics.length === 2);
  // delete the comma after the first "id" value (line 2, after `"ck_proverb_01"`)
  const version = client.edit(uri, { start: { line: 2, character: 25 }, end: { line: 2, character: 26 } }, '');
  const { diagnostics } = await client.waitForVersion(uri, version);
  const codes = diagnostics.map((d) => d.code).sort();
  assert.ok(codes.includes('invalid-json'), JSON.stringify(codes));
  assert.ok(codes.includes('duplicate-id'), 'rules still run on what parsed');
  const syntax = diagnostics.find((d) => d.code === 'invalid-json');
  assert.equal(syntax?.range.start.line, 3);
});

test('a test id used in a file that is not open is reported as a cross-file duplicate', async () => {
  const uri = uriOf('tests/open.json');
  client.open(uri, JSON.stringify([{ id: 'shared_01', prompt: 'Ŋdi nyuie', eval_method: 'ewe_quality' }], null, 2));
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.some((x) => x.code === 'duplicate-id'));
  const dup = diagnostics.find((d) => d.code === 'duplicate-id');
  assert.match(String(dup?.message ?? ''), /tests\/closed\.json/);
  assert.equal(dup?.relatedInformation?.[0].location.uri, uriOf('tests/closed.json'));
});

test('closing a document clears its diagnostics', async () => {
  const uri = uriOf('tests/edit.json');
  client.close(uri);
  await client.waitForDiagnostics(uri, (d) => d.diagnostics.length === 0);
});

test('hover on a field key shows its documentation from the schema', async () => {
  const uri = uriOf('tests/cultural_knowledge.json');
  const result = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 4, character: 8 } })) as Hover | null;
  assert.ok(result, 'hover expected');
  const value = typeof result.contents === 'object' && 'value' in result.contents ? result.contents.value : '';
  assert.match(value, /eval_method/);
  assert.ok(value.length > 30);
});

test('completion offers the scoring methods as values of eval_method', async () => {
  const uri = uriOf('tests/complete.json');
  client.open(uri, '[\n  { "id": "x_01", "prompt": "Woezɔ", "eval_method": "" }\n]\n');
  await client.waitForDiagnostics(uri);
  const items = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 1, character: 52 },
  })) as CompletionItem[];
  const labels = items.map((i) => i.label);
  for (const method of ['exact_match', 'keywords', 'multiple_choice', 'format', 'ewe_quality', 'composite'])
    assert.ok(labels.includes(`"${method}"`), `${method} in ${labels}`);
});

test('completion offers missing keys of a test object', async () => {
  const uri = uriOf('tests/keys.json');
  client.open(uri, '[\n  { "id": "x_01", "prompt": "Woezɔ", "eval_method": "ewe_quality" },\n  { "id": "x_02", "" }\n]\n');
  await client.waitForDiagnostics(uri);
  const items = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 2, character: 19 },
  })) as CompletionItem[];
  const labels = items.map((i) => i.label);
  assert.ok(labels.includes('eval_method'), labels.join(','));
  assert.ok(!labels.includes('id'), 'present keys are not offered again');
});

test('a quick fix renumbers a duplicate id to the next free one', async () => {
  const uri = uriOf('tests/fix.json');
  client.open(uri, TESTS);
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.length === 2);
  const second = diagnostics[1];
  const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: second.range,
    context: { diagnostics: [second] },
  })) as CodeAction[];
  const renumber = actions.find((a) => /Renumber/.test(a.title));
  assert.ok(renumber, JSON.stringify(actions));
  const edit = renumber.edit?.changes?.[uri]?.[0];
  assert.equal(edit?.newText, '"ck_proverb_02"');
  assert.deepEqual(edit?.range, second.range);
});

test('a quick fix adds a missing eval_method', async () => {
  const uri = uriOf('tests/missing.json');
  client.open(uri, '[\n  {\n    "id": "x_01",\n    "prompt": "Woezɔ"\n  }\n]\n');
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.some((x) => x.code === 'missing-field'));
  const missing = diagnostics.find((d) => d.code === 'missing-field')!;
  const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: missing.range,
    context: { diagnostics: [missing] },
  })) as CodeAction[];
  const add = actions.find((a) => a.title.includes('eval_method'));
  assert.equal(add?.edit?.changes?.[uri]?.[0].newText, ',\n    "eval_method": "keywords"');
});

test('document symbols list tests by id with their method', async () => {
  const uri = uriOf('tests/cultural_knowledge.json');
  const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
  assert.deepEqual(
    symbols.map((s) => [s.name, s.detail]),
    [
      ['ck_proverb_01', 'keywords'],
      ['ck_proverb_02', 'keywords'],
    ],
  );
  assert.equal(symbols[1].selectionRange.start.line, 8);
});

test('messages follow the client locale (French)', async () => {
  const fr = new TestLspClient();
  try {
    await fr.initialize({ locale: 'fr' });
    const uri = 'untitled:fr.json';
    fr.open(uri, TESTS);
    const { diagnostics } = await fr.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0);
    assert.match(String(diagnostics[0].message), /Identifiant en double/);
  } finally {
    await fr.shutdown();
  }
});

test('a look-alike letter gets confusable-char with quick fixes, and hover on the string shows its coverage', async () => {
  const uri = uriOf('tests/confusable.json');
  client.open(uri, '[\n  { "id": "c_01", "prompt": "Ðe wòle Togo? ŋ", "eval_method": "ewe_quality" }\n]\n');
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.some((x) => x.code === 'confusable-char'));
  const hit = diagnostics.find((d) => d.code === 'confusable-char')!;
  assert.deepEqual(hit.range, { start: { line: 1, character: 29 }, end: { line: 1, character: 30 } });
  const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: hit.range,
    context: { diagnostics: [hit] },
  })) as CodeAction[];
  assert.equal(actions[0].edit?.changes?.[uri]?.[0].newText, 'Ɖ');
  const result = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 33 } })) as Hover | null;
  const value = result && typeof result.contents === 'object' && 'value' in result.contents ? result.contents.value : '';
  assert.match(value, /Ewe\*\* special letters 1\/7: ŋ/);
});

test('the coverage request returns the report the preview shows', async () => {
  const uri = uriOf('tests/confusable.json');
  const report = (await client.connection.sendRequest('ewebench/coverage', { uri })) as {
    languages: { code: string; missing: string[] }[];
    confusables: unknown[];
  };
  assert.equal(report.languages[0].code, 'ee');
  assert.equal(report.confusables.length, 1);
  assert.equal(report.languages[0].missing.length, 6);
});

test('a new element of the tests array is offered one snippet per scoring method', async () => {
  const uri = uriOf('tests/snippets.json');
  client.open(uri, '[\n  { "id": "x_01", "prompt": "Woezɔ", "eval_method": "ewe_quality" },\n  \n]\n');
  await client.waitForDiagnostics(uri);
  const items = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 2, character: 2 },
  })) as CompletionItem[];
  const snippets = items.filter((i) => i.label.startsWith('ewebench: '));
  assert.deepEqual(snippets.map((s) => s.label.slice(10)).sort(), ['composite', 'ewe_quality', 'exact_match', 'format', 'keywords', 'multiple_choice']);
  assert.equal(snippets[0].insertTextFormat, 2);
});

test('hover speaks French to a French client', async () => {
  const fr = new TestLspClient();
  try {
    await fr.initialize({ locale: 'fr-FR' });
    const uri = 'untitled:fr-hover.json';
    fr.open(uri, TESTS);
    await fr.waitForDiagnostics(uri);
    const result = (await fr.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 4, character: 8 } })) as Hover | null;
    const value = result && typeof result.contents === 'object' && 'value' in result.contents ? result.contents.value : '';
    assert.match(value, /Comment la réponse est notée/);
  } finally {
    await fr.shutdown();
  }
});

test('settings: globs force a kind the content does not show, and syntax errors can be left to the editor', async () => {
  const configured = new TestLspClient();
  try {
    await configured.initialize({ settings: { fileKinds: { 'ewebench-tests': ['**/drafts/*.json'] }, reportSyntaxErrors: false } });
    const uri = 'file:///w/drafts/new.json';
    configured.open(uri, '[\n  { "id": "d_01" }\n]\n');
    const { diagnostics } = await configured.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0);
    assert.ok(
      diagnostics.some((d) => d.code === 'missing-field'),
      JSON.stringify(diagnostics.map((d) => d.code)),
    );
    const broken = 'file:///w/drafts/broken.json';
    configured.open(broken, '[\n  { "id": "d_01" "prompt": "x", "eval_method": "ewe_quality" }\n]\n');
    const published = await configured.waitForVersion(broken, 1);
    assert.ok(!published.diagnostics.some((d) => d.code === 'invalid-json'));
  } finally {
    await configured.shutdown();
  }
});

test('a test a non-answer passes gets weak-test on eval_method, a quick fix to composite, and a hover with every baseline', async () => {
  const uri = uriOf('tests/weak.json');
  client.open(
    uri,
    '[\n  {\n    "id": "tg_weak_01",\n    "prompt": "Ŋlɔ nya kpui aɖe.",\n    "eval_method": "ewe_quality",\n    "expected_keywords": ["ƒuta"]\n  }\n]\n',
  );
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.some((x) => x.code === 'weak-test'));
  const weak = diagnostics.find((d) => d.code === 'weak-test')!;
  assert.deepEqual(weak.range, { start: { line: 4, character: 19 }, end: { line: 4, character: 32 } });
  assert.match(String(weak.message), /passes with fluent text that answers nothing/);
  const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: weak.range,
    context: { diagnostics: [weak] },
  })) as CodeAction[];
  const toComposite = actions.find((a) => /composite/.test(a.title));
  assert.deepEqual(
    toComposite?.edit?.changes?.[uri]?.map((e) => e.newText),
    ['"composite"', ',\n    "expected_format": {"contains_ewe":true}'],
  );
  const result = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 4, character: 24 } })) as Hover | null;
  const value = result && typeof result.contents === 'object' && 'value' in result.contents ? result.contents.value : '';
  assert.match(value, /\| an empty answer \| 0 \| fails \|/);
  assert.match(value, /\| the prompt echoed back \| [\d.]+ \| (passes|fails) \|/);
});
