import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentSymbolRequest, HoverRequest } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';

/**
 * A document longer than the server analyses (`maxAnalysedChars`, 64 Mi by default) is not parsed: one
 * `file-too-large` finding names its size and the CLI command that checks it whole, and the features answer
 * nothing for it. The bound is lowered here so the test stays small; `npm run bench:payloads` opens a 200 MB corpus.
 */
const corpus = (n: number) =>
  JSON.stringify(
    {
      dataset: { id: 'big', source_language: 'en', target_language: 'ee' },
      entries: Array.from({ length: n }, (_, i) => ({ id: i + 1, source: `Phrase ${i}`, reference: `Ðe ${i}`, segment: 'diagnostic', difficulty: 9 })),
    },
    null,
    2,
  );

test('past maxAnalysedChars a document gets one file-too-large note and no analysis; back under the bound it is analysed again', async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({ locale: 'en', settings: { maxAnalysedChars: 4000 } });
    const uri = 'untitled:too-large.json';
    const big = corpus(60);
    assert.ok(big.length > 4000);
    client.open(uri, big);
    const first = await client.waitForVersion(uri, 1);
    assert.deepEqual(
      first.diagnostics.map((d) => [d.code, d.severity, d.range.start.line]),
      [['file-too-large', 3, 0]],
    );
    assert.match(
      String(first.diagnostics[0].message),
      /^This file \(0\.0 MiB\) is larger than the 0\.00381 MiB the editor analyses as you type.*`ewebench-studio validate`/,
    );
    assert.deepEqual(await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }), []);
    assert.equal(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 5 } }), null);
    // An edit keeps it unanalysed (no incremental pass over a text that was never parsed)...
    const v2 = client.edit(uri, { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, '\n');
    assert.deepEqual(
      (await client.waitForVersion(uri, v2)).diagnostics.map((d) => d.code),
      ['file-too-large'],
    );
    // ...and a text back under the bound is analysed in full: its look-alikes and bad difficulties are found again.
    const v3 = client.replace(uri, corpus(3));
    const codes = new Set((await client.waitForVersion(uri, v3)).diagnostics.map((d) => d.code));
    assert.ok(!codes.has('file-too-large'));
    assert.ok(codes.has('confusable-char') && codes.has('invalid-value'), [...codes].join(', '));
  } finally {
    await client.shutdown();
  }
});
