import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify } from '../document/classify';
import { JsonDocument } from '../document/jsonDocument';
import { coverageOf, missingSpecialLetters } from './coverage';
import { languageStrings } from './fields';
import { EWE, PLAINS_CREE, profileFor } from './profiles';
import { fileCoverage } from './report';
import { coverageFindings } from './rules';

test('digraphs count as one letter; a g alone is another letter', () => {
  const c = coverageOf('Gbe gã kple agbe', EWE);
  assert.equal(c.letters.gb, 2);
  assert.equal(c.letters.g, 1);
  assert.equal(c.letters.kp, 1);
  assert.equal(c.letters.b, undefined);
  assert.equal(c.capitals.gb, 1);
});

test('capital and small special letters count under the small letter, capitals also apart', () => {
  const c = coverageOf('Ɖɖ Ɛɛ Ƒƒ Ɣɣ Ŋŋ Ɔɔ Ʋʋ', EWE);
  for (const l of EWE.specialLetters) assert.equal(c.letters[l], 2, l);
  assert.equal(c.capitals['ɖ'], 1);
  assert.deepEqual(missingSpecialLetters(c, EWE), []);
});

test('NFC and NFD input give the same counts: tone marks and nasal vowels are read from the decomposed form', () => {
  const nfc = 'Ètsɔ̃ é ɛ̃ kpɔ́';
  const nfd = nfc.normalize('NFD');
  assert.deepEqual(coverageOf(nfc, EWE), coverageOf(nfd, EWE));
  const c = coverageOf(nfd, EWE);
  assert.equal(c.nasalVowels['ɔ̃'], 1);
  assert.equal(c.nasalVowels['ɛ̃'], 1);
  assert.equal(c.toneMarks['grave (low)'], 1);
  assert.equal(c.toneMarks['acute (high)'], 2);
  assert.equal(c.letters.ts, 1);
});

test('a Cree profile counts circumflex vowels as letters', () => {
  const c = coverageOf('niwâpamâw atim; kîkway', PLAINS_CREE);
  assert.equal(c.letters['â'], 2);
  assert.equal(c.letters['î'], 1);
  assert.deepEqual(missingSpecialLetters(c, PLAINS_CREE), ['ê', 'ô']);
  assert.equal(profileFor('crk'), PLAINS_CREE);
  assert.equal(profileFor('ee-GH'), EWE);
  assert.equal(profileFor('fr'), undefined);
});

const tests = JSON.stringify([
  { id: 't1', prompt: 'Ðe wòle Togo?', system: 'Ð in a system prompt is not Ewe text', eval_method: 'keywords', expected_keywords: ['ɖe', 'Đe'], description: 'Ð' },
  { id: 't2', messages: [{ role: 'system', content: 'ε' }, { role: 'user', content: 'Aleke nèle ε?' }], eval_method: 'exact_match', expected: 'υ' },
], null, 2);

test('only fields that carry the language count: prompt, user and assistant messages, expected, keywords', () => {
  const doc = new JsonDocument(tests);
  const paths = languageStrings(doc.value, classify(doc.value)).map((s) => s.path.join('.'));
  assert.deepEqual(paths, ['0.prompt', '0.expected_keywords.0', '0.expected_keywords.1', '1.expected', '1.messages.1.content']);
});

test('every confusable of the profile is flagged at its exact offset with the intended letter and fixes', () => {
  for (const [found, expected] of Object.entries(EWE.confusables)) {
    const text = JSON.stringify([{ id: 'x', prompt: `a${found}b`, eval_method: 'ewe_quality' }]);
    const doc = new JsonDocument(text);
    const findings = coverageFindings(doc, classify(doc.value), 'en');
    assert.equal(findings.length, 1, found);
    const at = findings[0].at as { span: { start: number; end: number } };
    assert.equal(text.slice(at.span.start, at.span.end), found);
    assert.match(findings[0].message, new RegExp(expected));
  }
});

test('confusables written as JSON escapes are found and replaced over the whole escape', () => {
  const text = '[{"id": "x", "prompt": "\\u00d0e w\\u00f2le", "eval_method": "ewe_quality"}]';
  const doc = new JsonDocument(text);
  const [finding] = coverageFindings(doc, classify(doc.value), 'en');
  const span = (finding.at as { span: { start: number; end: number } }).span;
  assert.equal(text.slice(span.start, span.end), '\\u00d0');
  assert.deepEqual(finding.fixes?.[0], { kind: 'replace-text', edits: [{ span, newText: 'Ɖ' }], title: 'one' });
});

test('several confusables offer a fix for all of them; ids and descriptions are left alone', () => {
  const doc = new JsonDocument(tests);
  const findings = coverageFindings(doc, classify(doc.value), 'en').filter((f) => f.code === 'confusable-char');
  assert.equal(findings.length, 4); // Ð in the prompt, Đ in a keyword, ε in a user message, υ in expected
  const all = findings[0].fixes?.find((f) => f.kind === 'replace-text' && f.title === 'all');
  assert.equal(all?.kind === 'replace-text' ? all.edits.length : 0, 4);
});

test('a corpus: the reference is read with the target language, the source with the source language', () => {
  const corpus = { dataset: { target_language: 'crk', source_language: 'ee' }, entries: [{ id: 1, source: 'Ðevi', reference: 'nipā' }] };
  const doc = new JsonDocument(JSON.stringify(corpus));
  const found = coverageFindings(doc, classify(doc.value), 'en').map((f) => f.message);
  assert.equal(found.length, 2);
  assert.ok(found.some((m) => m.includes('â')));
  assert.ok(found.some((m) => m.includes('Ɖ')));
});

test('mixed NFC and NFD strings are flagged, with one fix that normalises every NFD string to NFC', () => {
  const text = JSON.stringify([{ id: 'a', prompt: 'wòle', eval_method: 'ewe_quality' }, { id: 'b', prompt: 'wòle'.normalize('NFD'), eval_method: 'ewe_quality' }]);
  const doc = new JsonDocument(text);
  const findings = coverageFindings(doc, classify(doc.value), 'en');
  assert.deepEqual(findings.map((f) => f.code), ['mixed-normalization']);
  const fix = findings[0].fixes?.[0];
  assert.equal(fix?.kind === 'replace-text' ? fix.edits[0].newText : '', '"wòle"');
  // NFD alone is consistent: nothing to report
  const nfdOnly = new JsonDocument(JSON.stringify([{ id: 'b', prompt: 'wòle'.normalize('NFD'), eval_method: 'ewe_quality' }]));
  assert.deepEqual(coverageFindings(nfdOnly, classify(nfdOnly.value), 'en'), []);
});

test('the file report gives per-language counts, missing letters, items and occurrences', () => {
  const doc = new JsonDocument(tests);
  const report = fileCoverage(doc, classify(doc.value));
  assert.equal(report.languages[0].code, 'ee');
  assert.ok(report.languages[0].missing.includes('ƒ'));
  assert.deepEqual(report.items.map((i) => i.label), ['t1', 't2']);
  assert.equal(report.items[0].special[0], 1); // ɖ in the keyword "ɖe"
  assert.equal(report.occurrences['ɖ'][0].label, 't1');
  assert.equal(report.confusables.length, 4);
  assert.equal(report.confusables[0].range.start.line, 3);
});
