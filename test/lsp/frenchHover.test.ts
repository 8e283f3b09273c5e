import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';
import { VSCODE_CLIENT } from '../helpers/clientProfiles';

/**
 * #32: a hover in French writes its figures with a decimal comma. A keywords test whose prompt holds one of its three
 * keywords: the echoed prompt scores 1/3, shown `0,333` in French and `0.333` in English, the floor likewise.
 */
const text = '[\n  { "id": "k_01", "prompt": "Ŋutɔ nye nu ka?", "eval_method": "keywords", "expected_keywords": ["Ŋutɔ", "abc", "def"] }\n]\n';
const position = { line: 1, character: text.split('\n')[1].indexOf('"eval_method"') + 2 };

async function hoverIn(locale: 'en' | 'fr'): Promise<string> {
  const client = new TestLspClient();
  try {
    await client.initialize({ capabilities: VSCODE_CLIENT, locale });
    const uri = 'file:///w/tests/cultural_knowledge.json';
    client.open(uri, text);
    await client.waitForVersion(uri, 1);
    const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position })) as Hover;
    return (hover.contents as MarkupContent).value;
  } finally {
    await client.shutdown();
  }
}

test('a hover in French writes the non-answers’ scores and the floor with a decimal comma', async () => {
  const fr = await hoverIn('fr');
  assert.match(fr, /\| le prompt renvoyé tel quel \| 0,333 \|/);
  assert.match(fr, /Plancher \(meilleure non-réponse\)\u00a0: 0,333/);
  assert.doesNotMatch(fr, /0\.333/);
  const en = await hoverIn('en');
  assert.match(en, /\| the prompt echoed back \| 0\.333 \|/);
  assert.match(en, /Floor \(best non-answer\): 0\.333/);
});
