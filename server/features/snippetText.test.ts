import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SNIPPETS } from '../../core/schemas/snippets';
import { snippetToPlainText } from './snippetText';

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
