import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SNIPPETS } from '../../core/schemas/snippets';
import { elementInPlace, snippetToPlainText } from './snippetText';

test('placeholders give their defaults, choices their first choice, tab stops and variables nothing', () => {
  assert.equal(snippetToPlainText('"id": "${1:category_001}", "x": $1, "y": ${2}$0'), '"id": "category_001", "x": , "y": ');
  assert.equal(snippetToPlainText('"expected": "${3|A,B,C,D|}"'), '"expected": "A"');
  assert.equal(snippetToPlainText('${1:outer ${2:inner} end}'), 'outer inner end');
  assert.equal(snippetToPlainText('$TM_FILENAME ${TM_LINE:7}'), ' 7');
});

test('escapes are undone and text that is no snippet construct stays as written', () => {
  assert.equal(snippetToPlainText('cost \\$5 \\} \\\\ ${1|a\\,b,c|}'), 'cost $5 } \\ a,b');
  assert.equal(snippetToPlainText('a $ b ${ c'), 'a $ b ${ c');
});

test('every whole-test snippet becomes valid JSON over several real lines', () => {
  for (const snippet of SNIPPETS) {
    const text = snippetToPlainText(snippet.body);
    assert.ok(text.split('\n').length > 3, snippet.label);
    assert.ok(!text.includes('$') && !text.includes(String.fromCharCode(0)), snippet.label);
    assert.equal(typeof JSON.parse(text), 'object', snippet.label);
  }
});

test('a new element fits where it lands: commas as the array needs, and the file’s indentation and line breaks without snippets', () => {
  const body = '{\n\t"id": "${1:x_01}",\n\t"f": {\n\t\t"a": ${2:1}\n\t}\n}';
  const place = (text: string, plain = true) => {
    const at = text.indexOf('|');
    const doc = text.slice(0, at) + text.slice(at + 1);
    const inserted = elementInPlace(doc, at, body, plain);
    return { inserted, result: doc.slice(0, at) + inserted + doc.slice(at) };
  };
  // After the last element, which has no comma yet, on a line of its own in a four-space file.
  const last = place('[\n    { "id": "a" }\n    |\n]');
  assert.equal(last.inserted, ',{\n        "id": "x_01",\n        "f": {\n            "a": 1\n        }\n    }');
  assert.equal(JSON.parse(last.result).length, 2);
  // Right after `[` on the same line, with an element after it, a tab-indented CRLF file.
  const first = place('[|\r\n\t{ "id": "a" }\r\n]');
  assert.ok(first.inserted.endsWith('},') && first.inserted.includes('\r\n\t\t"id"'), JSON.stringify(first.inserted));
  assert.equal(JSON.parse(first.result).length, 2);
  // With snippets, only the commas are added; the body stays a snippet.
  assert.equal(place('[{ "id": "a" } |]', false).inserted, ',' + body);
  assert.equal(place('[|]', false).inserted, body);
});
