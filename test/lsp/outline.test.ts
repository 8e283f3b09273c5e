import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentSymbolRequest, HoverRequest, type DocumentSymbol } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';

/**
 * Large documents get a bounded outline: the first tests or entries (5,000 unless a client sends `outlineLimit`),
 * then one symbol that counts the rest and spans them. The outline is read from the cached analysis.
 */
const corpus = (n: number) =>
  JSON.stringify(
    {
      dataset: { name: 'big', source_language: 'fr', target_language: 'ee' },
      entries: Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        source: `Phrase ${i}`,
        reference: `Nya ${i}`,
        segment: 'development',
        difficulty: 'basic',
        register: 'everyday',
      })),
    },
    null,
    2,
  );

test("an outline bounded by outlineLimit lists the first entries and one note over the rest, in the client's language", async () => {
  for (const [locale, note] of [
    ['en', '… 27 more (the outline lists the first 10)'],
    ['fr', '… 27 de plus (le plan liste les 10 premiers)'],
  ] as const) {
    const client = new TestLspClient();
    try {
      await client.initialize({ locale, settings: { outlineLimit: 10 } });
      const uri = `untitled:outline-${locale}.json`;
      const text = corpus(37);
      client.open(uri, text);
      await client.waitForVersion(uri, 1);
      const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
      const entries = symbols.find((s) => s.name === 'entries')?.children ?? [];
      assert.equal(entries.length, 11);
      assert.deepEqual(
        entries.slice(0, 10).map((s) => s.name),
        Array.from({ length: 10 }, (_, i) => String(i + 1)),
      );
      const last = entries[10];
      assert.equal(last.name, note);
      const lines = text.split('\n');
      assert.equal(lines[last.range.start.line].trim(), '{');
      assert.match(lines[last.range.start.line + 1], /"id": 11,/);
      assert.deepEqual(last.range.end, { line: lines.length - 2, character: 2 }, 'the note spans the entries not listed, to the closing bracket');
    } finally {
      await client.shutdown();
    }
  }
});

test('a tests file of 6,000 tests: the default outline lists 5,000 and counts 1,000 more; the server answers a hover after it', async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({});
    const uri = 'untitled:many-tests.json';
    client.open(uri, JSON.stringify(Array.from({ length: 6000 }, (_, i) => ({ id: `t${i}`, prompt: 'Woezɔ', eval_method: 'ewe_quality' }))));
    await client.waitForVersion(uri, 1, 60_000);
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
    assert.equal(symbols.length, 5001);
    assert.equal(symbols[5000].name, '… 1000 more (the outline lists the first 5000)');
    assert.ok(Buffer.byteLength(JSON.stringify(symbols)) < 2_000_000);
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 3 } });
    assert.ok(hover);
  } finally {
    await client.shutdown();
  }
});
