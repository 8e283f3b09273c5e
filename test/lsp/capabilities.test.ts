import { describe, test, before, after } from 'node:test';
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
  InsertTextFormat,
  MarkupKind,
  type ClientCapabilities,
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type DocumentSymbol,
  type Hover,
  type MarkupContent,
  type Range,
} from 'vscode-languageserver-protocol/node';
import { MINIMAL_CLIENT, UTF8_CLIENT, VSCODE_CLIENT } from '../helpers/clientProfiles';
import { TestLspClient } from '../helpers/lspClient';
import { snippetToPlainText } from '../../server/features/snippetText';

/**
 * The server driven by three kinds of client over stdio: what it sends (completion text, quick-fix edits,
 * diagnostic ranges) follows what each client said it supports.
 */
type Encoding = 'utf-8' | 'utf-16';

// Every id sits after a tone mark written as a combining accent, Ewe letters (2 UTF-8 bytes) and emoji (4 bytes,
// 2 UTF-16 units), so a range in the wrong encoding lands on the wrong characters.
const TESTS = [
  '[',
  '  { "prompt": "Ŋutɔ e\u0301 ɖɛ 😀", "id": "dup_01", "eval_method": "ewe_quality" },',
  '  { "prompt": "Ɣe ʋ ƒ 😀😀", "id": "dup_01", "eval_method": "ewe_quality" },',
  '  { "prompt": "ŋusẽ", "id": "shared_01", "eval_method": "ewe_quality" }',
  ']',
  '',
].join('\n');
const OTHER = '[\n  { "prompt": "ɖɛ 😀 e\u0301", "id": "shared_01", "eval_method": "ewe_quality" }\n]\n';
const COMPLETE = '[\n  { "id": "x_01", "prompt": "ɖɛ 😀 e\u0301",  }\n]\n';
const NEW_TEST = '[\n  { "id": "x_01", "prompt": "Woezɔ 😀", "eval_method": "ewe_quality" },\n  \n]\n';

/** The range of the `occurrence`-th `needle` in `text` (one line), counted as a client with `encoding` counts. */
function rangeIn(text: string, needle: string, encoding: Encoding, occurrence = 0): Range {
  let index = -1;
  for (let n = 0; n <= occurrence; n++) index = text.indexOf(needle, index + 1);
  assert.ok(index >= 0, needle);
  const lineStart = text.lastIndexOf('\n', index) + 1;
  const line = text.slice(0, index).split('\n').length - 1;
  const column = (offset: number) => (encoding === 'utf-8' ? Buffer.byteLength(text.slice(lineStart, offset), 'utf8') : offset - lineStart);
  return { start: { line, character: column(index) }, end: { line, character: column(index + needle.length) } };
}

const PROFILES: { name: string; capabilities: ClientCapabilities; encoding: Encoding; snippets: boolean; data: boolean; watcher: boolean }[] = [
  { name: 'VS Code', capabilities: VSCODE_CLIENT, encoding: 'utf-16', snippets: true, data: true, watcher: true },
  {
    name: 'a minimal client (no snippets, no data, no dynamic registration)',
    capabilities: MINIMAL_CLIENT,
    encoding: 'utf-16',
    snippets: false,
    data: false,
    watcher: false,
  },
  { name: 'a UTF-8 position client', capabilities: UTF8_CLIENT, encoding: 'utf-8', snippets: true, data: false, watcher: true },
];

for (const profile of PROFILES) {
  describe(`with ${profile.name}`, () => {
    let client: TestLspClient;
    let workspace: string;
    let positionEncoding: string | undefined;
    const uriOf = (name: string) => pathToFileURL(path.join(workspace, name)).toString();
    const range = (text: string, needle: string, occurrence = 0) => rangeIn(text, needle, profile.encoding, occurrence);
    const duplicates = (d: { diagnostics: Diagnostic[] }) => d.diagnostics.filter((x) => x.code === 'duplicate-id');

    before(async () => {
      workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-caps-'));
      fs.mkdirSync(path.join(workspace, 'tests'));
      fs.writeFileSync(path.join(workspace, 'tests', 'other.json'), OTHER);
      client = new TestLspClient();
      const init = await client.initialize({
        rootUri: pathToFileURL(workspace).toString(),
        locale: 'en',
        capabilities: profile.capabilities,
        initializationOptions: {},
      });
      positionEncoding = init.capabilities.positionEncoding;
    });

    after(async () => {
      await client.shutdown();
      fs.rmSync(workspace, { recursive: true, force: true });
    });

    test('the server answers with the position encoding it will use', () => {
      assert.equal(positionEncoding, profile.encoding);
    });

    test('diagnostic ranges, and related locations in this file and in another, count in the client’s encoding', async () => {
      const uri = uriOf('tests/a.json');
      client.open(uri, TESTS);
      const published = await client.waitForDiagnostics(uri, (d) => duplicates(d).length === 3);
      const [first, second, shared] = duplicates(published);
      assert.deepEqual(first.range, range(TESTS, '"dup_01"'));
      assert.deepEqual(second.range, range(TESTS, '"dup_01"', 1));
      assert.deepEqual(shared.range, range(TESTS, '"shared_01"'));
      assert.deepEqual(second.relatedInformation?.[0].location, { uri, range: range(TESTS, '"dup_01"') });
      assert.deepEqual(shared.relatedInformation?.[0].location, { uri: uriOf('tests/other.json'), range: range(OTHER, '"shared_01"') });
      // Fixes travel in `data` only to clients that send it back.
      assert.equal(second.data !== undefined, profile.data);
    });

    test('the renumber quick fix edits exactly the duplicate id, with or without `data`', async () => {
      const uri = uriOf('tests/a.json');
      const second = duplicates(await client.waitForDiagnostics(uri))[1];
      const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range: second.range,
        context: { diagnostics: [second] },
      })) as CodeAction[];
      const renumber = actions.find((a) => /Renumber/.test(a.title));
      assert.ok(renumber, JSON.stringify(actions));
      assert.deepEqual(renumber.edit?.changes?.[uri], [{ range: range(TESTS, '"dup_01"', 1), newText: '"dup_02"' }]);
      assert.deepEqual(renumber.diagnostics, [second]);
    });

    if (!profile.data && profile.encoding === 'utf-16') {
      test('a diagnostic sent back with its columns in bytes (as Neovim 0.7 does) still finds its quick fix', async () => {
        const uri = uriOf('tests/a.json');
        const second = duplicates(await client.waitForDiagnostics(uri))[1];
        const bytes = rangeIn(TESTS, '"dup_01"', 'utf-8', 1);
        assert.notDeepEqual(bytes, second.range);
        const sentBack = { ...second, range: bytes };
        const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
          textDocument: { uri },
          range: bytes,
          context: { diagnostics: [sentBack] },
        })) as CodeAction[];
        const renumber = actions.find((a) => /Renumber/.test(a.title));
        assert.deepEqual(renumber?.edit?.changes?.[uri], [{ range: second.range, newText: '"dup_02"' }]);
      });
    }

    test('hover ranges and document symbols count in the client’s encoding', async () => {
      const uri = uriOf('tests/a.json');
      const key = range(TESTS, '"id"', 1);
      const hover = (await client.connection.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: key.start.line, character: key.start.character + 1 },
      })) as Hover;
      assert.deepEqual(hover.range, key);
      const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
      assert.deepEqual(
        symbols.map((s) => s.selectionRange),
        [range(TESTS, '"dup_01"'), range(TESTS, '"dup_01"', 1), range(TESTS, '"shared_01"')],
      );
      assert.deepEqual(symbols[1].range, range(TESTS, '{ "prompt": "Ɣe ʋ ƒ 😀😀", "id": "dup_01", "eval_method": "ewe_quality" }'));
    });

    test('completion: snippets for clients that take them, plain multi-line text for the others', async () => {
      const uri = uriOf('tests/complete.json');
      client.open(uri, COMPLETE);
      await client.waitForDiagnostics(uri);
      // A key after the Ewe letters and emoji of the prompt: the position counts in the client's encoding.
      const afterPrompt = range(COMPLETE, ' }').start;
      const keys = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: afterPrompt })) as CompletionItem[];
      const method = keys.find((i) => i.label === 'eval_method');
      assert.ok(method, JSON.stringify(keys.map((i) => i.label)));
      assert.ok(!keys.some((i) => i.label === 'prompt'), 'present keys are not offered again');
      assert.deepEqual(
        [method.insertText, method.insertTextFormat],
        profile.snippets ? ['"eval_method": $1', InsertTextFormat.Snippet] : ['"eval_method": ', InsertTextFormat.PlainText],
      );

      const newTest = uriOf('tests/new.json');
      client.open(newTest, NEW_TEST);
      await client.waitForDiagnostics(newTest);
      const items = (await client.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri: newTest },
        position: { line: 2, character: 2 },
      })) as CompletionItem[];
      const exact = items.find((i) => i.label === 'ewebench: exact_match');
      assert.ok(exact, JSON.stringify(items.map((i) => i.label)));
      if (profile.snippets) {
        assert.equal(exact.insertTextFormat, InsertTextFormat.Snippet);
        assert.match(exact.insertText ?? '', /"\$\{1:category_001\}"/);
      } else {
        assert.equal(exact.insertTextFormat, InsertTextFormat.PlainText);
        // Indented as the file is (two spaces, the element at the cursor's indentation), valid JSON in place.
        assert.equal(
          exact.insertText,
          '{\n    "id": "category_001",\n    "prompt": "",\n    "eval_method": "exact_match",\n    "expected": "",\n    "description": ""\n  }',
        );
        const choice = items.find((i) => i.label === 'ewebench: multiple_choice');
        assert.match(choice?.insertText ?? '', /"expected": "A",/);
        const lines = NEW_TEST.split('\n');
        lines[2] = '  ' + exact.insertText;
        assert.equal(JSON.parse(lines.join('\n')).length, 2);
      }

      // Between two elements, the one before without its comma: commas before and after, so the text stays JSON.
      const between = uriOf('tests/between.json');
      const BETWEEN =
        '[\n  { "id": "x_01", "prompt": "a", "eval_method": "ewe_quality" }\n  \n  { "id": "x_02", "prompt": "b", "eval_method": "ewe_quality" }\n]\n';
      client.open(between, BETWEEN);
      await client.waitForDiagnostics(between);
      const middle = (await client.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri: between },
        position: { line: 2, character: 2 },
      })) as CompletionItem[];
      const keywords = middle.find((i) => i.label === 'ewebench: keywords');
      assert.ok(keywords, JSON.stringify(middle.map((i) => i.label)));
      const inserted = profile.snippets ? snippetToPlainText(keywords.insertText ?? '') : (keywords.insertText ?? '');
      const lines = BETWEEN.split('\n');
      lines[2] = '  ' + inserted;
      const parsed = JSON.parse(lines.join('\n')) as { id: string }[];
      assert.deepEqual(
        parsed.map((t) => t.id),
        ['x_01', 'category_001', 'x_02'],
      );
      if (!profile.snippets) assert.ok(!inserted.includes('\t'), inserted);
    });

    test('an incremental edit whose range counts in the client’s encoding replaces the right characters', async () => {
      const uri = uriOf('tests/a.json');
      const version = client.edit(uri, range(TESTS, 'dup_01', 1), 'dup_03');
      const published = await client.waitForVersion(uri, version);
      assert.deepEqual(
        duplicates(published).map((d) => d.range),
        [range(TESTS, '"shared_01"')],
      );
    });

    test(
      profile.watcher
        ? 'the server registers a **/*.json watcher, and a change on disk updates the other file’s duplicates'
        : 'no watcher is registered with a client that cannot take one',
      async () => {
        const uri = uriOf('tests/a.json');
        const other = path.join(workspace, 'tests', 'other.json');
        fs.writeFileSync(other, OTHER.replace('shared_01', 'other_01'));
        if (!profile.watcher) {
          assert.deepEqual(client.watchers, []);
          assert.equal(client.fileChangedOnDisk(pathToFileURL(other).toString()), false);
          return;
        }
        await client.watching;
        assert.deepEqual(
          client.watchers.map((w) => w.globPattern),
          ['**/*.json'],
        );
        assert.equal(client.fileChangedOnDisk(pathToFileURL(other).toString()), true);
        await client.waitForDiagnostics(uri, (d) => duplicates(d).length === 0);
      },
    );
  });
}

test('initialization options are read in every wrapping editors send, and syntax errors are reported by default', async () => {
  const fileKinds = { 'ewebench-tests': ['**/drafts/*.json'] };
  const shapes: [string, unknown, boolean][] = [
    ['none', undefined, true],
    ['{settings: {ewebench}}', { settings: { ewebench: { fileKinds, reportSyntaxErrors: false } } }, false],
    ['{settings}', { settings: { fileKinds, reportSyntaxErrors: false } }, false],
    ['{ewebench}', { ewebench: { fileKinds, reportSyntaxErrors: false } }, false],
    ['bare (Helix `config`)', { fileKinds, reportSyntaxErrors: false }, false],
  ];
  for (const [name, initializationOptions, syntaxErrors] of shapes) {
    const client = new TestLspClient();
    try {
      await client.initialize({ capabilities: MINIMAL_CLIENT, initializationOptions });
      // Only the fileKinds glob makes this an ÈwéBench tests file; the missing comma is a syntax error.
      const uri = 'file:///w/drafts/broken.json';
      client.open(uri, '[\n  { "id": "d_01" "prompt": "x" }\n]\n');
      const { diagnostics } = await client.waitForVersion(uri, 1);
      const codes = diagnostics.map((d) => d.code);
      assert.equal(codes.includes('invalid-json'), syntaxErrors, `${name}: ${codes}`);
      if (initializationOptions) assert.ok(codes.includes('missing-field'), `${name}: ${codes}`);
    } finally {
      await client.shutdown();
    }
  }
});

test('hover answers plain text to a client that asked for it first, Markdown otherwise', async () => {
  const text = '[\n  { "id": "h_01", "prompt": "Ŋutɔ", "eval_method": "exact_match", "expected": "Ŋutɔ" }\n]\n';
  const position = { line: 1, character: text.split('\n')[1].indexOf('"eval_method"') + 2 };
  const hovers: Hover[] = [];
  for (const contentFormat of [[MarkupKind.PlainText, MarkupKind.Markdown], [MarkupKind.Markdown, MarkupKind.PlainText], undefined]) {
    const client = new TestLspClient();
    try {
      await client.initialize({ capabilities: { ...MINIMAL_CLIENT, textDocument: { ...MINIMAL_CLIENT.textDocument, hover: { contentFormat } } } });
      const uri = 'file:///w/tests/hover.json';
      client.open(uri, text);
      await client.waitForVersion(uri, 1);
      hovers.push((await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position })) as Hover);
    } finally {
      await client.shutdown();
    }
  }
  const [plain, markdown, unsaid] = hovers.map((h) => h.contents as MarkupContent);
  assert.equal(markdown.kind, 'markdown');
  assert.deepEqual(unsaid, markdown);
  assert.match(markdown.value, /\*\*eval_method\*\*/);
  assert.equal(plain.kind, 'plaintext');
  // The same text, its marks gone: no emphasis, code marks, rules or table alignment rows.
  assert.match(plain.value, /^eval_method\n/);
  assert.ok(!/\*\*|`|^---|\|/m.test(plain.value), plain.value);
  assert.match(plain.value, /Non-answers/);
  assert.match(plain.value, /\n(?:[^\n|]+ {2}){2}(?:passes|fails)/, 'a table row is a line of cells');
});
