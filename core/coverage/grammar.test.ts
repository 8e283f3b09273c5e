import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import { confusableForms } from './confusables';
import { injectionGrammar } from './grammar';
import { EWE, PLAINS_CREE } from './profiles';

const file = JSON.parse(fs.readFileSync(fromRepo('syntaxes', 'ewe-letters.injection.tmLanguage.json'), 'utf8')) as {
  injectionSelector: string;
  patterns: { name: string; match: string }[];
};
const pattern = (name: string) => new RegExp(`^(?:${file.patterns.find((p) => p.name === name)!.match})$`, 'u');

test('the committed grammar is the one generated from the profile (run npm run gen:grammar after editing a profile)', () => {
  assert.deepEqual(file, injectionGrammar());
});

test('the grammar scopes every special letter in both cases and every form of every look-alike, and nothing else', () => {
  const confusable = pattern('invalid.illegal.confusable.ewebench');
  const special = pattern('constant.character.ewe-letter.ewebench');
  for (const l of EWE.specialLetters) {
    assert.ok(special.test(l) && special.test(l.toUpperCase()), l);
    assert.ok(!confusable.test(l) && !confusable.test(l.toUpperCase()), l);
  }
  for (const c of [...Object.keys(EWE.confusables), ...confusableForms(EWE).keys()]) assert.ok(confusable.test(c) && !special.test(c), c);
  for (const l of EWE.letters.filter((x) => !EWE.specialLetters.includes(x))) assert.ok(!special.test(l) && !confusable.test(l), l);
});

test('a profile with decomposed look-alikes gets sequences in its pattern', () => {
  const grammar = injectionGrammar(PLAINS_CREE) as { patterns: { match: string }[] };
  const confusable = new RegExp(`^(?:${grammar.patterns[0].match})$`, 'u');
  for (const c of ['ā', 'ā'.normalize('NFD'), 'Ō', 'Ō'.normalize('NFD')]) assert.ok(confusable.test(c), c);
  assert.ok(!confusable.test('â') && !confusable.test('a'));
});

test('the grammar injects into JSON strings, and the manifest contributes it to JSON and JSON with comments', () => {
  assert.equal(file.injectionSelector, 'L:string.quoted.double.json');
  const manifest = JSON.parse(fs.readFileSync(fromRepo('package.json'), 'utf8'));
  const grammar = manifest.contributes.grammars.find((g: { scopeName: string }) => g.scopeName === 'ewebench.ewe-letters.injection');
  assert.deepEqual([...grammar.injectTo].sort(), ['source.json', 'source.json.comments']);
  assert.ok(fs.existsSync(fromRepo(grammar.path)));
});
