import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateCorpus } from '../../bench/generate';
import { TestLspClient } from '../helpers/lspClient';

/** A corpus with cross-entry findings: a duplicate id and a look-alike in another entry than the one typed in. */
function corpus(): string {
  const value = JSON.parse(generateCorpus(30, 9)) as { entries: Record<string, unknown>[] };
  value.entries[4].id = 1;
  value.entries[20].reference = 'Ame ε la.';
  return JSON.stringify(value, null, 2) + '\n';
}

test('a burst of edits inside corpus entries (and one across entries) is published as a fresh open of the final text would be', async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: null });
    const text = corpus();
    const uri = 'file:///tmp/ewb-incremental/edited.json';
    client.open(uri, text);
    await client.waitForVersion(uri, 1);
    const doc = TextDocument.create(uri, 'json', 1, text);
    const at = text.indexOf('"reference": "', text.indexOf('"id": 10,')) + '"reference": "'.length;
    let version = 1;
    // Typing and deleting in one entry, without waiting: the server may merge them into one validation.
    for (const piece of ['a', 'ɛ', 'ε', 'b']) {
      const position = doc.positionAt(at);
      version = client.edit(uri, { start: position, end: position }, piece);
      TextDocument.update(doc, [{ range: { start: position, end: position }, text: piece }], version);
    }
    const published = await client.waitForVersion(uri, version);
    // Then an edit that removes an entry boundary (a structural edit: a full pass).
    const cut = doc.getText().indexOf('},', at);
    const range = { start: doc.positionAt(cut), end: doc.positionAt(cut + 2) };
    version = client.edit(uri, range, '},\n');
    TextDocument.update(doc, [{ range, text: '},\n' }], version);
    const afterCut = await client.waitForVersion(uri, version);

    const fresh = 'file:///tmp/ewb-incremental/fresh.json';
    // Related places name their own document: compare them without the URI.
    // Fix data names the version its fixes belong to: compare it without the version too.
    const withoutVersion = (x: { data?: unknown }) => (x.data ? { ...x, data: { ...(x.data as object), version: undefined } } : x);
    const sorted = (d: { uri: string; diagnostics: { data?: unknown }[] }) =>
      d.diagnostics.map((x) => JSON.stringify(withoutVersion(x)).split(d.uri).join('<self>')).sort();
    client.open(fresh, doc.getText());
    const expected = await client.waitForVersion(fresh, 1);
    assert.deepEqual(sorted(afterCut), sorted(expected));
    assert.ok(
      published.diagnostics.some((d) => d.code === 'confusable-char' && d.range.start.line === doc.positionAt(at).line),
      'the look-alike typed is reported',
    );
    assert.ok(published.diagnostics.some((d) => d.code === 'duplicate-id'));
  } finally {
    await client.shutdown();
  }
});
