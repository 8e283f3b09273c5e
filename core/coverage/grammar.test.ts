import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import { injectionGrammar } from './grammar';
import { EWE } from './profiles';

const file = JSON.parse(fs.readFileSync(fromRepo('syntaxes', 'ewe-letters.injection.tmLanguage.json'), 'utf8')) as { patterns: { name: string; match: string }[] };

test('the committed grammar is the one generated from the profile (run npm run gen:grammar after editing a profile)', () => {
  assert.deepEqual(file, injectionGrammar());
});

test('the grammar scopes every special letter in both cases and every look-alike, and nothing else of the alphabet', () => {
  const [confusable, special] = file.patterns.map((p) => new RegExp(p.match, 'u'));
  for (const l of EWE.specialLetters) {
    assert.ok(special.test(l) && special.test(l.toUpperCase()), l);
    assert.ok(!confusable.test(l), l);
  }
  for (const c of Object.keys(EWE.confusables)) assert.ok(confusable.test(c) && !special.test(c), c);
  for (const l of ['a', 'd', 'e', 'g', 'b', 'v']) assert.ok(!special.test(l) && !confusable.test(l), l);
});

test('the manifest contributes the grammar as an injection into JSON', () => {
  const manifest = JSON.parse(fs.readFileSync(fromRepo('package.json'), 'utf8'));
  const grammar = manifest.contributes.grammars[0];
  assert.equal(grammar.scopeName, 'ewebench.ewe-letters.injection');
  assert.ok(grammar.injectTo.includes('source.json'));
  assert.ok(fs.existsSync(fromRepo(grammar.path)));
});
