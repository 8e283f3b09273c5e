import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CodeActionRequest, CompletionRequest, HoverRequest, ResponseError } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';
import { UTF8_CLIENT, VSCODE_CLIENT } from '../helpers/clientProfiles';

/**
 * Positions cross the wire in one place (server/positionEncoding.ts), and every one a client sends is checked
 * there first: a line or character that is not a whole number from 0 to 2^31 - 1 is answered with JSON-RPC
 * InvalidParams (-32602) naming the field, and the server goes on serving. Before, a UTF-8 column conversion
 * counted forever from a line start of NaN and the server was gone.
 */
const TEXT = JSON.stringify([{ id: 'g_01', prompt: 'Ðe wòle ŋdi', eval_method: 'ewe_quality' }], null, 2);
const GOOD = { line: 2, character: 6 };
const BAD_POSITIONS: readonly [string, unknown][] = [
  ['a string line', { line: 'a', character: 0 }],
  ['a negative character', { line: 0, character: -1 }],
  ['a fractional line', { line: 1.5, character: 0 }],
  ['a huge character', { line: 0, character: 1e20 }],
  ['a character past 2^31 - 1', { line: 0, character: 2 ** 31 }],
  ['NaN sent as null', { line: null, character: 0 }],
  ['a missing character', { line: 0 }],
  ['a missing position', undefined],
  ['a position that is a number', 7],
];

for (const [profile, capabilities] of [
  ['UTF-8', UTF8_CLIENT],
  ['UTF-16', VSCODE_CLIENT],
] as const) {
  let client: TestLspClient;
  const uri = `untitled:positions-${profile}.json`;

  before(async () => {
    client = new TestLspClient();
    await client.initialize({ capabilities, locale: 'en' });
    client.open(uri, TEXT);
    await client.waitForVersion(uri, 1);
  });

  after(async () => {
    await client.shutdown();
  });

  const expectInvalidParams = async (request: Promise<unknown>, field: RegExp) => {
    await assert.rejects(request, (error: unknown) => {
      assert.ok(error instanceof ResponseError, String(error));
      assert.equal(error.code, -32602);
      assert.match(error.message, field);
      return true;
    });
  };

  const stillServes = async () => {
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: GOOD });
    assert.ok(hover && JSON.stringify(hover.contents).includes('id'));
    assert.equal(client.exitCode, null);
  };

  for (const [name, position] of BAD_POSITIONS) {
    test(`${profile} client: hover and completion at ${name} are answered InvalidParams, and the server serves on`, async () => {
      const errorsBefore = client.errors.length;
      await expectInvalidParams(client.connection.sendRequest(HoverRequest.method, { textDocument: { uri }, position }), /`position` is not a valid position/);
      await expectInvalidParams(
        client.connection.sendRequest(CompletionRequest.method, { textDocument: { uri }, position }),
        /`position` is not a valid position/,
      );
      await stillServes();
      assert.equal(client.errors.length, errorsBefore, 'an answered InvalidParams is not a failure to log');
    });

    test(`${profile} client: a code action whose range or diagnostic range holds ${name} is answered InvalidParams`, async () => {
      const range = { start: GOOD, end: position };
      await expectInvalidParams(
        client.connection.sendRequest(CodeActionRequest.method, { textDocument: { uri }, range, context: { diagnostics: [] } }),
        /`range\.end` is not a valid position/,
      );
      const diagnostics = [{ range: { start: position, end: GOOD }, message: 'x', source: 'ewebench', code: 'confusable-char' }];
      await expectInvalidParams(
        client.connection.sendRequest(CodeActionRequest.method, { textDocument: { uri }, range: { start: GOOD, end: GOOD }, context: { diagnostics } }),
        /`context\.diagnostics\[0\]\.range\.start`/,
      );
      await stillServes();
    });
  }

  test(`${profile} client: a range that is not an object is named in the error`, async () => {
    await expectInvalidParams(
      client.connection.sendRequest(CodeActionRequest.method, { textDocument: { uri }, range: 'everywhere', context: { diagnostics: [] } }),
      /`range` is not a valid range: .*\(got "everywhere"\)/,
    );
    await stillServes();
  });

  test(`${profile} client: an edit with a malformed range is not applied, and the next edits and requests work`, async () => {
    const errorsBefore = client.errors.length;
    const version = client.edit(uri, { start: { line: 'a', character: 0 }, end: { line: -1, character: 0.5 } } as never, 'x');
    // The text is as it was: the version is validated with the same diagnostics as before, and the refusal logged.
    const { diagnostics } = await client.waitForVersion(uri, version);
    assert.ok(diagnostics.some((d) => d.code === 'confusable-char'));
    assert.match(client.errors.slice(errorsBefore).join('\n'), /contentChanges\[0\]\.range\.start` is not a valid position/);
    const next = client.replace(uri, TEXT.replace('Ð', 'Ɖ'));
    assert.equal((await client.waitForVersion(uri, next)).diagnostics.filter((d) => d.code === 'confusable-char').length, 0);
    await stillServes();
  });
}
