import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionRequest,
  CodeActionResolveRequest,
  type ClientCapabilities,
  type CodeAction,
  type Diagnostic,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';
import { MINIMAL_CLIENT, UTF8_CLIENT, VSCODE_CLIENT } from '../helpers/clientProfiles';

/**
 * Look-alike and normalisation fixes through the protocol: each diagnostic carries its own fix only, so a file
 * typed with the wrong keyboard publishes in size linear in its look-alikes; fixing the whole file is a code
 * action computed when asked (a `source.fixAll` action, and a quick fix on any one of them). Each quick fix edits
 * its own letter and names it; fix data from an earlier version is never applied with that version's spans.
 */
const edits = (action: CodeAction, uri: string): TextEdit[] => action.edit?.changes?.[uri] ?? [];
const applied = (text: string, uri: string, list: TextEdit[]) => TextDocument.applyEdits(TextDocument.create(uri, 'json', 1, text), list);
const RESOLVING: ClientCapabilities = {
  ...VSCODE_CLIENT,
  textDocument: { ...VSCODE_CLIENT.textDocument, codeAction: { resolveSupport: { properties: ['edit'] } } },
};

/** `tests` tests whose prompts hold `perTest` look-alikes each. */
const lookalikes = (tests: number, perTest: number) =>
  JSON.stringify(
    Array.from({ length: tests }, (_, i) => ({ id: `t${i}`, prompt: 'Ðe '.repeat(perTest).trim(), eval_method: 'ewe_quality' })),
    null,
    2,
  );

test('a file with 20,000 look-alikes publishes under 5 MB; fix all, as a source action resolved when picked, replaces every one', async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({ capabilities: RESOLVING });
    const uri = 'untitled:wrong-keyboard.json';
    const text = lookalikes(1000, 20);
    client.open(uri, text);
    const published = await client.waitForVersion(uri, 1, 120_000);
    const bytes = Buffer.byteLength(JSON.stringify(published));
    assert.ok(bytes < 5 * 1024 * 1024, `publish of ${bytes} bytes`);
    const shown = published.diagnostics.filter((d) => d.code === 'confusable-char');
    assert.ok(shown.length >= 1000 && shown.length <= 1001, `${shown.length} look-alike diagnostics`);
    assert.match(String(shown[shown.length - 1].message), /^19000 more look-alikes .*\(20000 in the file, at most 1000 listed\)/);

    const start = { line: 0, character: 0 };
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start, end: start },
      context: { diagnostics: [], only: ['source.fixAll'] },
    })) as CodeAction[];
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind]),
      [['Fix all look-alike letters in the file', 'source.fixAll.ewebench.lookalikes']],
    );
    assert.equal(actions[0].edit, undefined, 'the edits are computed when the action is picked');
    const resolved = await client.connection.sendRequest(CodeActionResolveRequest.type, actions[0]);
    const all = edits(resolved, uri);
    assert.equal(all.length, 20_000);
    assert.ok(!applied(text, uri, all).includes('Ð'));
    // A quick fix on one of them offers the same, and nothing but our kinds is offered for other `only`s.
    const quick = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: shown[0].range,
      context: { diagnostics: [shown[0]] },
    })) as CodeAction[];
    assert.deepEqual(
      quick.map((a) => a.title),
      ["Replace look-alike 'Ð' (U+00D0) with 'Ɖ'", 'Fix all look-alike letters in the file'],
    );
    const refactors = await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start, end: start },
      context: { diagnostics: [], only: ['refactor'] },
    });
    assert.deepEqual(refactors, []);
  } finally {
    await client.shutdown();
  }
});

test('without resolve support, fix-all actions carry their edits; NFD strings get their own fix and the NFC source action (in French too)', async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({ capabilities: VSCODE_CLIENT, locale: 'fr' });
    const uri = 'untitled:mixed.json';
    const nfd = 'wòle'.normalize('NFD');
    const text = JSON.stringify(
      [
        { id: 'a', prompt: 'wòle Ðe', eval_method: 'ewe_quality' },
        { id: 'b', prompt: nfd, eval_method: 'ewe_quality' },
        { id: 'c', prompt: `${nfd} Ðe`, eval_method: 'ewe_quality' },
      ],
      null,
      2,
    );
    client.open(uri, text);
    const { diagnostics } = await client.waitForVersion(uri, 1);
    const start = { line: 0, character: 0 };
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start, end: start },
      context: { diagnostics: [], only: ['source.fixAll.ewebench'] },
    })) as CodeAction[];
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Corriger tous les sosies du fichier', 'Normaliser toutes les chaînes en NFC'],
    );
    assert.equal(edits(actions[0], uri).length, 2);
    assert.equal(edits(actions[1], uri).length, 2);
    const fixed = applied(applied(text, uri, edits(actions[0], uri)), uri, []);
    assert.ok(!fixed.includes('Ð'));
    const one = diagnostics.find((d) => d.code === 'mixed-normalization')!;
    const quick = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: one.range,
      context: { diagnostics: [one] },
    })) as CodeAction[];
    assert.deepEqual(
      quick.map((a) => a.title),
      ['Normaliser cette chaîne en NFC', 'Normaliser toutes les chaînes en NFC'],
    );
    assert.equal(edits(quick[0], uri).length, 1);
    assert.deepEqual(edits(quick[0], uri)[0].range, one.range);
  } finally {
    await client.shutdown();
  }
});

test('UTF-8 client, a line holding several look-alikes: each quick fix edits its own letter and names it, also when asked together', async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({ capabilities: UTF8_CLIENT });
    const uri = 'untitled:several.json';
    const text = '[\n  {"id": "a", "prompt": "ɖé Ðe ε γ Ð", "eval_method": "ewe_quality"}\n]';
    client.open(uri, text);
    const { diagnostics } = await client.waitForVersion(uri, 1);
    const lookalikes = diagnostics.filter((d) => d.code === 'confusable-char');
    assert.equal(lookalikes.length, 4);
    const line = Buffer.from(text.split('\n')[1]);
    const letterAt = (d: Diagnostic) => line.subarray(d.range.start.character, d.range.end.character).toString();
    assert.deepEqual(lookalikes.map(letterAt), ['Ð', 'ε', 'γ', 'Ð']);
    const ask = (ds: Diagnostic[]) =>
      client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: ds[0].range, context: { diagnostics: ds } }) as Promise<
        CodeAction[]
      >;
    const expected = [
      "Replace look-alike 'Ð' (U+00D0) with 'Ɖ'",
      "Replace look-alike 'ε' (U+03B5) with 'ɛ'",
      "Replace look-alike 'γ' (U+03B3) with 'ɣ'",
      "Replace look-alike 'Ð' (U+00D0) with 'Ɖ'",
    ];
    for (const [i, d] of lookalikes.entries()) {
      const [fix] = (await ask([d])).filter((a) => a.title.startsWith('Replace'));
      assert.equal(fix.title, expected[i]);
      assert.deepEqual(
        edits(fix, uri).map((e) => e.range),
        [d.range],
        `fix ${i} edits its own letter`,
      );
    }
    // All four in one request (a cursor range over the line): four fixes, none merged, then the file-wide one.
    const together = await ask(lookalikes);
    assert.deepEqual(
      together.map((a) => a.title),
      [...expected, 'Fix all look-alike letters in the file'],
    );
    assert.deepEqual(
      together.slice(0, 4).map((a) => edits(a, uri)[0].range),
      lookalikes.map((d) => d.range),
    );
  } finally {
    await client.shutdown();
  }
});

test("fix data sent back from an earlier version is not applied with that version's spans: the fix is found again in the current one", async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({ capabilities: VSCODE_CLIENT });
    const uri = 'untitled:stale.json';
    const text = '[\n  {"id": "a", "prompt": "Ðe wòle", "eval_method": "ewe_quality"}\n]';
    client.open(uri, text);
    const [old] = (await client.waitForVersion(uri, 1)).diagnostics.filter((d) => d.code === 'confusable-char');
    assert.equal((old.data as { version: number }).version, 1);
    // Text typed before the letter on its line; the client moves the diagnostic's range along, its data stays.
    const at = old.range.start;
    const version = client.edit(uri, { start: at, end: at }, 'Woezɔ! ');
    await client.waitForVersion(uri, version);
    const moved = { ...old, range: { start: { line: at.line, character: at.character + 7 }, end: { line: at.line, character: at.character + 8 } } };
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: moved.range,
      context: { diagnostics: [moved] },
    })) as CodeAction[];
    const [fix] = actions.filter((a) => a.title.startsWith('Replace'));
    assert.deepEqual(
      edits(fix, uri).map((e) => e.range),
      [moved.range],
      'the letter where it is now, not where version 1 had it',
    );
    const current = text.replace('"Ðe', '"Woezɔ! Ðe');
    assert.ok(applied(current, uri, edits(fix, uri)).includes('"Woezɔ! Ɖe wòle"'));
    // Data of an earlier version whose range points at no look-alike any more offers nothing rather than a stale edit.
    const gone = { ...old, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } };
    const none = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: gone.range,
      context: { diagnostics: [gone] },
    })) as CodeAction[];
    assert.deepEqual(
      none.filter((a) => a.title.startsWith('Replace')),
      [],
    );
  } finally {
    await client.shutdown();
  }
});

test("a UTF-16 client that sends a diagnostic's range back in bytes (Neovim 0.7) gets the fix of that very letter", async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({ capabilities: MINIMAL_CLIENT });
    const uri = 'untitled:bytes.json';
    const text = '[\n  {"id": "a", "prompt": "ɖéɛ Ðe ε Ð", "eval_method": "ewe_quality"}\n]';
    client.open(uri, text);
    const lookalikes = (await client.waitForVersion(uri, 1)).diagnostics.filter((d) => d.code === 'confusable-char');
    const line = text.split('\n')[1];
    const bytes = (character: number) => Buffer.byteLength(line.slice(0, character));
    for (const d of lookalikes) {
      const sent = {
        ...d,
        range: { start: { line: 1, character: bytes(d.range.start.character) }, end: { line: 1, character: bytes(d.range.end.character) } },
      };
      const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range: sent.range,
        context: { diagnostics: [sent] },
      })) as CodeAction[];
      assert.deepEqual(
        edits(actions[0], uri).map((e) => e.range),
        [d.range],
      );
    }
  } finally {
    await client.shutdown();
  }
});
