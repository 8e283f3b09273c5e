import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../document/jsonDocument';
import { editsForFix } from '../rules/fixes';
import { scoreTest } from '../scoring/ewebench/scoreTest';
import { pyRound } from '../python/round';
import { auditTest, auditTestCached } from './auditTest';
import { BASELINES, baselineText, optionLetters, promptText } from './baselines';
import { extraBaselines, MAX_EXTRA_BASELINES } from './extraBaselines';
import { extraKey } from './auditTest';
import { BEST_OF, floorScores } from './floor';
import { auditHoverMarkdown } from './hoverText';
import { corpusCopyFindings, MAX_WEAK_FINDINGS, ordinaryKeywordHits, weakTestFindings } from './rule';
import { LANGUAGE_TEXTS } from './texts';
import { enclosingWord, enclosingWords } from './explain';

/** Tests written for these checks, in the style of public ÈwéBench files: a weak and a strong version of each. */
const weakNames = (t: unknown) => auditTest(t).weak.map((w) => w.baseline);

test('the fluent texts answer nothing yet earn ewe_quality 1, and the refusal reaches the pass mark', () => {
  for (const { register, text } of LANGUAGE_TEXTS.ee.fluent) {
    // 0.3 + 0.4 + 0.2 + 0.1 added in the harness's order is 0.9999999999999999, which rounds to 1.
    assert.equal(pyRound(scoreTest({ prompt: 'x', eval_method: 'ewe_quality' }, text).score!, 3), 1, register);
  }
  const refusal = scoreTest({ prompt: 'x', eval_method: 'ewe_quality' }, LANGUAGE_TEXTS.ee.refusal);
  assert.equal(refusal.passed, true);
});

test('ewe_quality: weak whatever the prompt; the same test as composite with its keywords is strong', () => {
  const weak = { id: 'tg_poem_01', prompt: 'Ŋlɔ hakpanya kpui aɖe tso atiwo ŋu.', eval_method: 'ewe_quality' };
  assert.deepEqual(weakNames(weak).slice(0, 4), ['fluent-greeting', 'fluent-formal', 'fluent-story', 'fluent-list']);
  const strong = { ...weak, eval_method: 'composite', expected_keywords: ['ŋkeke', 'amagbewo'], expected_format: { contains_ewe: true } };
  assert.deepEqual(weakNames(strong), []);
  // The floor is the best non-answer: fluent text gets ewe_quality and format but no keyword, 2/3.
  assert.equal(pyRound(auditTest(strong).floor, 3), 0.667);
});

test('keywords: a common or prompt-borne keyword is weak; a content word absent from both is strong', () => {
  const common = { id: 'lc_vocab_01', prompt: 'Nya ka fia "person"?', eval_method: 'keywords', expected_keywords: ['ame'] };
  assert.ok(weakNames(common).includes('fluent-greeting'));
  const echoed = { id: 'rs_logic_01', prompt: 'Kofi kple Yao, ameka kɔ wu?', eval_method: 'keywords', expected_keywords: ['Kofi'] };
  assert.deepEqual(weakNames(echoed), ['echo']);
  const strong = { id: 'rs_logic_01', prompt: 'Kofi kple Yao, ameka kɔ wu?', eval_method: 'keywords', expected_keywords: ['Yao kɔ wu'] };
  assert.deepEqual(weakNames(strong), []);
  // The bare keyword list is scored (1 by construction) but is what keywords asks for: not counted.
  const bare = auditTest(strong).scores.find((s) => s.baseline === 'keywords');
  assert.deepEqual([bare?.score, bare?.counted], [1, false]);
});

test('format: a Markdown list in Ewe passes a list-only check; a test that also asks for a function call is strong', () => {
  const weak = {
    id: 'if_format_01',
    prompt: 'Ŋlɔ nuɖuɖu etɔ̃ abe list ene.',
    eval_method: 'format',
    expected_format: { contains_ewe: true, markdown_elements: ['list'] },
  };
  assert.deepEqual(weakNames(weak), ['fluent-list']);
  const strong = { ...weak, expected_format: { markdown_elements: ['list', 'table'], contains_function_call: true } };
  assert.deepEqual(weakNames(strong), []);
});

test('exact_match: an expected answer equal to the prompt is weak; a real answer is strong', () => {
  const weak = { id: 'lc_grammar_01', prompt: 'Ŋdi nyuie', eval_method: 'exact_match', expected: 'ŋdi nyuie ' };
  assert.deepEqual(weakNames(weak), ['echo']);
  assert.deepEqual(weakNames({ ...weak, expected: 'Ŋdi nyuie na wò hã' }), []);
  // No expected at all: the harness crashes, so no baseline gets a score and nothing is called weak.
  assert.deepEqual(auditTest({ id: 'x', prompt: 'p', eval_method: 'exact_match', expected_keywords: ['a'] }).scores, []);
});

test('multiple_choice: every letter at once passes (the harness never checks there is only one)', () => {
  const mc = { id: 'ck_kente_01', prompt: 'Afi ka? A) Lomé B) Agbozume C) Kpalimé', eval_method: 'multiple_choice', expected: 'C' };
  assert.ok(weakNames(mc).includes('all-options'));
  assert.equal(
    baselineText(
      BASELINES.find((b) => b.id === 'all-options')!,
      mc,
      'ee',
    ),
    'A B C D',
  );
  assert.deepEqual(optionLetters({ prompt: 'A) x B) y E) z', expected: 'F' }), ['A', 'B', 'C', 'D', 'E', 'F']);
  // A story opening with "Gb" puts B in the first five characters: a fluent non-answer passes a "B" test.
  assert.ok(weakNames({ ...mc, expected: 'B' }).includes('fluent-story'));
});

test('multiple_choice whose expected is not one letter is not scored (the regex translation is not bounded yet)', () => {
  const hostile = { id: 'x', prompt: 'p', eval_method: 'multiple_choice', expected: '(A+)+C' };
  const audit = auditTest(hostile);
  assert.equal(audit.skipped, 'expected-not-a-letter');
  assert.deepEqual(audit.scores, []);
  assert.equal(auditTest({ ...hostile, expected: ' b ' }).skipped, undefined);
});

test('composite: short keywords ordinary text contains make it weak; content keywords make it strong', () => {
  const weak = {
    id: 'sa_formal_01',
    prompt: 'Gblɔ akpedada na fia la.',
    eval_method: 'composite',
    expected_keywords: ['le', 'ame'],
    expected_format: { contains_ewe: true, min_length: 40 },
  };
  const best = auditTest(weak).weak[0];
  assert.equal(best.score, 1);
  const strong = { ...weak, expected_keywords: ['ŋutikɔkɔe', 'fiagã'] };
  assert.deepEqual(weakNames(strong), []);
});

test('the echo baseline is the last user message of a conversation', () => {
  const t = {
    messages: [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: 'last' },
    ],
  };
  assert.equal(promptText(t), 'last');
});

test('findings: weak-test on eval_method naming the baseline, score and part; per-keyword findings; fixes', () => {
  const tests = [
    { id: 'tg_1', prompt: 'Ŋlɔ nya aɖe.', eval_method: 'ewe_quality', expected_keywords: ['ƒuta'] },
    { id: 'lc_2', prompt: 'Nya ka?', eval_method: 'keywords', expected_keywords: ['le', 'agbale'] },
  ];
  const findings = weakTestFindings(tests, 'en');
  const first = findings.find((f) => 'path' in f.at && f.at.path[0] === 0)!;
  assert.deepEqual(first.at, { path: [0, 'eval_method'] });
  assert.match(first.message, /^Weak test: passes with fluent text that answers nothing \(greeting\) \(score 1\)/);
  assert.match(first.message, /ewe_quality 1 from the letters/);
  assert.deepEqual(first.fixes, [
    {
      kind: 'set-fields',
      objectPath: [0],
      fields: [
        { field: 'eval_method', value: 'composite' },
        { field: 'expected_format', value: { contains_ewe: true } },
      ],
      title: 'to-composite',
    },
  ]);
  const keyword = findings.find((f) => 'path' in f.at && f.at.path.join('/') === '1/expected_keywords/0')!;
  assert.match(keyword.message, /Keyword `le` occurs inside ordinary Ewe text \(Mele\)/);
  assert.deepEqual(keyword.fixes, [{ kind: 'remove-item', path: [1, 'expected_keywords', 0], label: 'le' }]);
  const fr = weakTestFindings(tests, 'fr');
  assert.match(fr[0].message, /^Test faible\u00a0: réussi avec un texte fluide/);
  assert.ok(ordinaryKeywordHits({ expected_keywords: ['agbale'] }).length === 0);
});

test('the fixes apply: to composite with a format, and dropping a keyword with its comma', () => {
  const text = '[\n  {\n    "id": "t",\n    "prompt": "p",\n    "eval_method": "ewe_quality",\n    "expected_keywords": ["le", "agbale"]\n  }\n]\n';
  const doc = new JsonDocument(text);
  const apply = (edits: { span: { start: number; end: number }; newText: string }[]) =>
    [...edits].sort((a, b) => b.span.start - a.span.start).reduce((s, e) => s.slice(0, e.span.start) + e.newText + s.slice(e.span.end), text);
  const composite = apply(
    editsForFix(doc, {
      kind: 'set-fields',
      objectPath: [0],
      fields: [
        { field: 'eval_method', value: 'composite' },
        { field: 'expected_format', value: { contains_ewe: true } },
      ],
      title: 'to-composite',
    })!,
  );
  assert.deepEqual(JSON.parse(composite)[0], {
    id: 't',
    prompt: 'p',
    eval_method: 'composite',
    expected_keywords: ['le', 'agbale'],
    expected_format: { contains_ewe: true },
  });
  assert.match(composite, /\],\n {4}"expected_format": \{"contains_ewe":true\}\n {2}\}/);
  const dropped = apply(editsForFix(doc, { kind: 'remove-item', path: [0, 'expected_keywords', 0], label: 'le' })!);
  assert.deepEqual(JSON.parse(dropped)[0].expected_keywords, ['agbale']);
  const droppedLast = apply(editsForFix(doc, { kind: 'remove-item', path: [0, 'expected_keywords', 1], label: 'agbale' })!);
  assert.match(droppedLast, /"expected_keywords": \["le"\]/);
});

test('the audit is cached by the test text: the same text gives the same result object, an edit a new one', () => {
  const t = { id: 'c', prompt: 'Ŋlɔ nya.', eval_method: 'ewe_quality' };
  const a = auditTestCached(t);
  assert.equal(auditTestCached({ ...t }), a);
  assert.notEqual(auditTestCached({ ...t, prompt: 'Ŋlɔ nya bubu.' }), a);
});

test('floor scores: the ÈwéScore each baseline gets, and best-of per test', () => {
  const floors = floorScores([
    { category: 'text_generation', test: { id: 'a', prompt: 'p', eval_method: 'ewe_quality' } },
    { category: 'reasoning', test: { id: 'b', prompt: 'p', eval_method: 'exact_match', expected: '4' } },
  ]);
  assert.deepEqual(floors.empty, { categories: { text_generation: 0, reasoning: 0 }, eweScore: 0 });
  assert.deepEqual(floors['fluent-greeting'].categories, { text_generation: 100, reasoning: 0 });
  // (100 × 0.15 + 0 × 0.12) / 0.27
  assert.equal(floors[BEST_OF].eweScore, 55.6);
});

test('extra baselines from a workspace file are checked against their schema and scored', () => {
  assert.ok('errors' in extraBaselines({ baselines: [{ id: 'Bad Id', text: 'x' }] }));
  assert.ok('errors' in extraBaselines({ baselines: [{ id: 'echo', text: 'x' }] }));
  assert.ok('errors' in extraBaselines({ extra: [] }));
  const ok = extraBaselines({ baselines: [{ id: 'english', text: 'I am sorry, I cannot answer that.', description: 'an English refusal' }] });
  assert.ok('baselines' in ok);
  const audit = auditTest({ prompt: 'p', eval_method: 'keywords', expected_keywords: ['answer'] }, { extra: ok.baselines });
  assert.deepEqual(
    audit.weak.map((w) => w.baseline),
    ['english'],
  );
});

test('corpora: an entry whose reference is its source (after NFC) is flagged on the reference', () => {
  const entries = [
    { id: 1, source: 'Lomé', reference: 'Lome\u0301' },
    { id: 2, source: 'Good morning.', reference: 'Ŋdi nyuie.' },
    { index: 3, source_text: 'Accra', target_expected: 'Accra' },
  ];
  assert.deepEqual(
    corpusCopyFindings(entries, ['entries'], 'en').map((f) => f.at),
    [{ path: ['entries', 0, 'reference'] }, { path: ['entries', 2, 'target_expected'] }],
  );
});

test('the hover lists every baseline with its score and verdict, in the user’s language', () => {
  const md = auditHoverMarkdown({ id: 'h', prompt: 'Ŋlɔ nya.', eval_method: 'ewe_quality' }, 'en')!;
  assert.match(md, /\| fluent text that answers nothing \(greeting\) \| 1 \| passes \|/);
  assert.match(md, /\| an empty answer \| 0 \| fails \|/);
  assert.match(md, /Floor \(best non-answer\): 1/);
  assert.match(auditHoverMarkdown({ id: 'h', prompt: 'p', eval_method: 'multiple_choice', expected: 'AB' }, 'fr')!, /Non noté/);
  assert.equal(auditHoverMarkdown('not a test', 'en'), undefined);
});

test('a file with more weak findings than the editor cap shows the first ones and one finding counting the rest', () => {
  const tests = Array.from({ length: MAX_WEAK_FINDINGS + 50 }, (_, i) => ({ id: `tg_${i}`, prompt: `Ŋlɔ nya ${i}.`, eval_method: 'ewe_quality' }));
  const findings = weakTestFindings(tests, 'en');
  assert.equal(findings.length, MAX_WEAK_FINDINGS + 1);
  assert.match(findings[MAX_WEAK_FINDINGS].message, /^50 more weak-test findings on 50 tests are not shown \(at most 200 per file\)/);
});

test('the enclosing words of a long keyword list, found in one pass, are those enclosingWord finds one by one', () => {
  const text = 'Mele agbe, mele nyuie. Ɖevi la ɖe asi le nu ŋu; ÉWÉ gbe nye gbe nyui. ' + Array.from({ length: 40 }, (_, i) => `nya${i}le`).join(' ');
  const keywords = [
    'le',
    'LE',
    'ɖe',
    'gbe',
    'ewe',
    'éwé',
    'nyu',
    '',
    'xyz',
    'a',
    'e',
    'nya1',
    'nya12le',
    '1le',
    'le;',
    ...Array.from({ length: 30 }, (_, i) => `ya${i}`),
  ];
  assert.deepEqual(
    enclosingWords(text, keywords),
    keywords.map((k) => enclosingWord(text, k)),
  );
});

test('a composite test with 20,000 keywords is audited with the same findings as its scorer says (the bare list is weak), each keyword searched once', () => {
  const keywords = [...Array.from({ length: 20_000 }, (_, i) => `kw${i}le`), 'ɖe', 'nye'];
  const test = { id: 'k', prompt: 'x', eval_method: 'composite', expected_keywords: keywords, expected_format: { contains_ewe: true } };
  const audit = auditTest(test);
  const bare = audit.scores.find((s) => s.baseline === 'keywords');
  assert.equal(bare?.score, scoreTest(test, keywords.join(', ')).score);
  const [weak] = weakTestFindings([test], 'en');
  assert.match(weak.message, /the keywords listed bare .*“kw0le”, “kw1le”, “kw2le”, “kw3le” … \(20002\) occur in it/);
});

test('a baselines value past MAX_EXTRA_BASELINES: the first ones are read, the rest counted; cache keys stay short', () => {
  const rows = Array.from({ length: MAX_EXTRA_BASELINES + 7 }, (_, i) => ({ id: `b${i}`, text: 'Nyemate ŋu o. '.repeat(200) + i }));
  const result = extraBaselines({ baselines: rows });
  assert.ok(!('errors' in result));
  assert.equal(result.baselines.length, MAX_EXTRA_BASELINES);
  assert.equal(result.ignored, 7);
  assert.equal(result.baselines[MAX_EXTRA_BASELINES - 1].id, `b${MAX_EXTRA_BASELINES - 1}`);
  // The key every cached audit holds does not grow with the baselines' text; equal contents share it.
  const key = extraKey(result.baselines);
  assert.ok(key.length < 12, key);
  const again = extraBaselines({ baselines: rows });
  assert.equal(extraKey('errors' in again ? [] : again.baselines), key);
  assert.notEqual(extraKey(result.baselines.slice(1)), key);
  // A row past the limit is not checked: the bounded part is what is used.
  assert.ok(!('errors' in extraBaselines({ baselines: [...rows, { id: 'Bad Id' }] })));
});
