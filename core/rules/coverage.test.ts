import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify } from '../document/classify';
import { JsonDocument } from '../document/jsonDocument';
import type { Span } from '../text/lineIndex';
import type { Finding, FixData } from './finding';
import { hasDecomposed } from '../coverage/normalization';
import { coverageFindings, fixAllEdits, MAX_COVERAGE_FINDINGS } from './coverage';

const findingsOf = (text: string, locale: 'en' | 'fr' = 'en') => {
  const doc = new JsonDocument(text);
  return coverageFindings(doc, classify(doc.value), locale);
};

function apply(text: string, fix: FixData | undefined): string {
  assert.ok(fix && fix.kind === 'replace-text');
  let out = text;
  for (const e of [...fix.edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

const spanOf = (f: Finding) => (f.at as { span: Span }).span;

const tests = JSON.stringify(
  [
    {
      id: 't1',
      prompt: 'Ðe wòle Togo?',
      system: 'Ð in a system prompt is not Ewe text',
      eval_method: 'keywords',
      expected_keywords: ['ɖe', 'Đe'],
      description: 'Ð',
    },
    {
      id: 't2',
      messages: [
        { role: 'system', content: 'ε' },
        { role: 'user', content: 'Aleke nèle ε?' },
        { role: 'assistant', content: 'γe' },
      ],
      eval_method: 'exact_match',
      expected: 'υ',
    },
  ],
  null,
  2,
);

/** The file-wide fix, as `fixAllEdits` computes it when a client asks. */
const fixAll = (text: string, code: 'confusable-char' | 'mixed-normalization'): FixData => {
  const doc = new JsonDocument(text);
  return { kind: 'replace-text', edits: fixAllEdits(doc, classify(doc.value), code), title: 'one' };
};

test('a look-alike in every field that carries Ewe is flagged, each with a fix for its own letter alone; the file-wide fix replaces all', () => {
  const findings = findingsOf(tests).filter((f) => f.code === 'confusable-char');
  assert.deepEqual(
    findings.map((f) => tests.slice(spanOf(f).start, spanOf(f).end)),
    ['Ð', 'Đ', 'υ', 'ε', 'γ'],
  );
  for (const f of findings) {
    assert.equal(f.fixes?.length, 1, 'no finding carries the file-wide fix');
    const fix = f.fixes[0];
    assert.ok(fix.kind === 'replace-text' && fix.title === 'one');
    assert.deepEqual(
      fix.edits.map((e) => e.span),
      [spanOf(f)],
    );
    assert.equal(fix.found, tests.slice(spanOf(f).start, spanOf(f).end));
  }
  assert.deepEqual(findings[0].fixes?.[0], {
    kind: 'replace-text',
    edits: [{ span: spanOf(findings[0]), newText: 'Ɖ' }],
    title: 'one',
    found: 'Ð',
    expected: 'Ɖ',
  });
  const fixedOne = apply(tests, findings[0].fixes?.[0]);
  assert.equal((JSON.parse(fixedOne) as { prompt: string }[])[0].prompt, 'Ɖe wòle Togo?');
  const fixedAll = apply(tests, fixAll(tests, 'confusable-char'));
  assert.deepEqual(findingsOf(fixedAll), [], 'the fix for all leaves no look-alike');
  assert.ok(fixedAll.includes('"system": "Ð in a system prompt is not Ewe text"'), 'system prompts are left alone');
  assert.ok(fixedAll.includes('"description": "Ð"'));
});

test('the message names the look-alike and the intended letter with their code points, in English and French', () => {
  const [en] = findingsOf('[{"prompt": "Ðe", "eval_method": "ewe_quality"}]');
  assert.match(en.message, /`Ð` \(U\+00D0\).*`Ɖ` \(U\+0189\)/);
  const [fr] = findingsOf('[{"prompt": "έ", "eval_method": "ewe_quality"}]', 'fr');
  assert.match(fr.message, /sosie/);
  assert.match(fr.message, /`ɛ́` \(U\+025B U\+0301\)/);
});

test('a look-alike written as an escape is replaced over the whole escape', () => {
  const text = '[{"id": "x", "prompt": "\\u00d0e w\\u00f2le", "eval_method": "ewe_quality"}]';
  const [finding] = findingsOf(text);
  assert.equal(text.slice(spanOf(finding).start, spanOf(finding).end), '\\u00d0');
  assert.equal((JSON.parse(apply(text, finding.fixes?.[0])) as { prompt: string }[])[0].prompt, 'Ɖe wòle');
});

test('corpora: a macron in a Cree reference and a Ð in an Ewe source are both found', () => {
  const corpus = JSON.stringify({
    dataset: { target_language: 'crk', source_language: 'ee' },
    entries: [{ id: 1, source: 'Ðevi', reference: 'nipā', notes: 'Ð ā' }],
  });
  const fixed = apply(corpus, fixAll(corpus, 'confusable-char'));
  assert.deepEqual(JSON.parse(fixed).entries[0], { id: 1, source: 'Ɖevi', reference: 'nipâ', notes: 'Ð ā' });
});

test('mixed NFC and NFD strings are flagged, each with a fix rewriting it in NFC; the file-wide fix rewrites every one', () => {
  const nfd = 'wòle'.normalize('NFD');
  const text = JSON.stringify(
    [
      { id: 'a', prompt: 'wòle', eval_method: 'ewe_quality' },
      { id: 'b', prompt: nfd, expected_keywords: [`"${nfd}"\n`], eval_method: 'keywords' },
    ],
    null,
    2,
  );
  const findings = findingsOf(text);
  assert.deepEqual(
    findings.map((f) => [f.code, (f.at as { path: unknown }).path]),
    [
      ['mixed-normalization', [1, 'prompt']],
      ['mixed-normalization', [1, 'expected_keywords', 0]],
    ],
  );
  const fix = findings[0].fixes?.[0];
  assert.equal(fix?.kind === 'replace-text' && fix.title, 'nfc');
  assert.equal(fix?.kind === 'replace-text' && fix.edits.length, 1, 'each finding rewrites its own string');
  assert.equal((JSON.parse(apply(text, fix)) as { prompt: string }[])[1].prompt, 'wòle');
  const fixed = JSON.parse(apply(text, fixAll(text, 'mixed-normalization'))) as { prompt: string; expected_keywords?: string[] }[];
  assert.equal(fixed[1].prompt, 'wòle');
  assert.equal(fixed[1].expected_keywords?.[0], '"wòle"\n', 'quotes and newlines stay escaped');
  assert.deepEqual(findingsOf(JSON.stringify(fixed)), []);
});

test('one string holding both forms is mixed on its own', () => {
  const text = JSON.stringify([{ id: 'a', prompt: 'é ' + 'è'.normalize('NFD'), eval_method: 'ewe_quality' }]);
  assert.deepEqual(
    findingsOf(text).map((f) => f.code),
    ['mixed-normalization'],
  );
});

test('a file all in NFC, all in NFD, or with nasal vowels that have no precomposed form, is consistent', () => {
  const nfc = JSON.stringify([
    { id: 'a', prompt: 'wòle ɔ̃ ɛ̃', eval_method: 'ewe_quality' },
    { id: 'b', prompt: 'é', eval_method: 'ewe_quality' },
  ]);
  assert.deepEqual(findingsOf(nfc), []);
  assert.deepEqual(findingsOf(nfc.normalize('NFD')), []);
  assert.equal(hasDecomposed('ɔ̃'), false);
  assert.equal(hasDecomposed('ò'.normalize('NFD')), true);
});

test('decomposed text outside the language fields does not count as mixing', () => {
  const text = JSON.stringify([{ id: 'a', prompt: 'wòle', description: 'wòle'.normalize('NFD'), eval_method: 'ewe_quality' }]);
  assert.deepEqual(findingsOf(text), []);
});

test('a file with more look-alikes and NFD strings than listed: findings stop at the limit with one note counting the rest; the file-wide fixes cover all', () => {
  const n = MAX_COVERAGE_FINDINGS + 5;
  const text = JSON.stringify([
    { id: 'a', prompt: 'wòle', eval_method: 'ewe_quality' },
    ...Array.from({ length: n }, (_, i) => ({ id: `t${i}`, prompt: `Ðe ${'wòle'.normalize('NFD')}`, eval_method: 'ewe_quality' })),
  ]);
  const findings = findingsOf(text);
  for (const code of ['confusable-char', 'mixed-normalization'] as const) {
    const own = findings.filter((f) => f.code === code);
    assert.equal(own.length, MAX_COVERAGE_FINDINGS + 1);
    const note = own[own.length - 1];
    assert.equal(note.severity, 'information');
    assert.equal(note.fixes, undefined);
    assert.match(note.message, new RegExp(`^5 more .* \\(${n} in the file, at most ${MAX_COVERAGE_FINDINGS} listed\\)`));
  }
  const fr = findingsOf(text, 'fr').filter((f) => f.severity === 'information');
  assert.match(fr[0].message, /sosie/);
  assert.match(fr[1].message, /NFD/);
  const letters = apply(text, fixAll(text, 'confusable-char'));
  const fixed = apply(letters, fixAll(letters, 'mixed-normalization'));
  assert.deepEqual(findingsOf(fixed), []);
});
