import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompletionRequest, InsertTextFormat, type ClientCapabilities, type CompletionItem } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';

/**
 * Emacs eglot 1.9 without yasnippet, as it announces itself (its `eglot-client-capabilities`): `snippetSupport`
 * is sent, and false. Such a client still gets the whole-test completion, as plain text that is valid JSON.
 */
const EGLOT_WITHOUT_YASNIPPET: ClientCapabilities = {
  workspace: { applyEdit: true, workspaceEdit: { documentChanges: false }, didChangeWatchedFiles: { dynamicRegistration: true }, configuration: true },
  textDocument: {
    synchronization: { dynamicRegistration: false, willSave: true, willSaveWaitUntil: true, didSave: true },
    completion: {
      dynamicRegistration: false,
      completionItem: { snippetSupport: false, deprecatedSupport: true, tagSupport: { valueSet: [1] } },
      contextSupport: true,
    },
    hover: { dynamicRegistration: false, contentFormat: ['markdown', 'plaintext'] },
    publishDiagnostics: { relatedInformation: false, codeDescriptionSupport: false, tagSupport: { valueSet: [1, 2] } },
  },
};

test('a client without snippet support (eglot without yasnippet) gets every whole-test completion as plain, valid JSON', async () => {
  const client = new TestLspClient();
  try {
    await client.initialize({ capabilities: EGLOT_WITHOUT_YASNIPPET });
    const uri = 'file:///eglot/tests.json';
    const text = '[\n  { "id": "x_01", "prompt": "Woezɔ", "eval_method": "ewe_quality" },\n  \n]\n';
    client.open(uri, text);
    await client.waitForDiagnostics(uri);
    const items = (await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 2, character: 2 },
      context: { triggerKind: 1 },
    })) as CompletionItem[];
    const whole = items.filter((i) => i.label.startsWith('ewebench: '));
    assert.ok(whole.length >= 3, JSON.stringify(items.map((i) => i.label)));
    for (const item of whole) {
      assert.equal(item.insertTextFormat, InsertTextFormat.PlainText, item.label);
      assert.doesNotMatch(item.insertText ?? '', /\$\{?\d/, `${item.label}: no snippet placeholder`);
      const lines = text.split('\n');
      lines[2] = '  ' + (item.insertText ?? '');
      const parsed = JSON.parse(lines.join('\n')) as { id: string; eval_method: string }[];
      assert.equal(parsed.length, 2, item.label);
      assert.equal(parsed[1].eval_method, item.label.slice('ewebench: '.length), item.label);
    }
  } finally {
    await client.shutdown();
  }
});
