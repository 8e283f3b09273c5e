import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateCorpus, generateTests, rng } from '../bench/generate';
import { AnalysisCache, type AnalysisView } from './analysis';
import { documentsConfiguration } from './documents';
import { complete } from './features/completion';
import { coverageHover } from './features/coverage';
import { hover } from './features/hover';
import { PositionCodec, type PositionEncoding } from './positionEncoding';
import { DEFAULT_SETTINGS } from './settings';

const URI = 'file:///tmp/ewb-analysis/corpus.json';

function newCache(): AnalysisCache {
  return new AnalysisCache(
    () => DEFAULT_SETTINGS,
    () => 'en',
    () => () => [],
  );
}

/** An edit that keeps the corpus valid JSON: letters typed or deleted inside a string, an entry inserted or removed. */
function randomEdit(text: string, random: () => number): { start: number; end: number; text: string } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const roll = random();
  if (roll < 0.7) {
    const marker = `"${pick(['reference', 'source', 'notes'])}": "`;
    const starts: number[] = [];
    for (let i = text.indexOf(marker); i >= 0; i = text.indexOf(marker, i + 1)) starts.push(i + marker.length);
    const start = pick(starts);
    // Never past the closing quote (the strings hold no escaped quote).
    const close = text.indexOf('"', start);
    const at = Math.min(start + Math.floor(random() * 4), close);
    return random() < 0.6
      ? { start: at, end: at, text: pick(['a', 'ɛ', 'ò', 'é', ' ', 'ŋu']) }
      : { start: at, end: Math.min(at + 1 + Math.floor(random() * 3), close), text: '' };
  }
  const entries: number[] = [];
  for (let i = text.indexOf('{\n      "id"'); i >= 0; i = text.indexOf('{\n      "id"', i + 1)) entries.push(i);
  const k = Math.floor(random() * (entries.length - 1));
  if (roll < 0.85) return { start: entries[k], end: entries[k], text: `{"id": ${1000 + k}, "source": "x", "reference": "Ɖe ${k}."},\n    ` };
  return { start: entries[k], end: entries[k + 1], text: '' };
}

/** What hover and completion answer through a view, with the hover's range as the client gets it. */
function answers(view: AnalysisView, position: { line: number; character: number }): unknown {
  const at = view.fromWire(position);
  const shown = hover(view.analysis, at, 'en', (analysis, offset) => coverageHover(analysis, offset, 'en'));
  return { hover: shown?.range ? { ...shown, range: view.rangeToWire(shown.range) } : shown, completion: complete(view.analysis, at, 'en') };
}

for (const encoding of ['utf-16', 'utf-8'] as PositionEncoding[]) {
  test(`answers read from the last analysis through random edits equal those of a fresh analysis of the current text (${encoding})`, () => {
    const random = rng(encoding === 'utf-8' ? 8 : 16);
    const codec = new PositionCodec();
    codec.encoding = encoding;
    const cache = newCache();
    // The documents apply UTF-16 edits (the ranges below are), and tell the cache which.
    const documents = documentsConfiguration(new PositionCodec(), (uri, from, to, edits) => cache.noteEdits(uri, from, to, edits));
    let doc = documents.create(URI, 'json', 1, generateCorpus(40, 3));
    cache.get(URI, 1, () => doc.model);
    let compared = 0;
    for (let version = 2; version < 200; version++) {
      const edit = randomEdit(doc.getText(), random);
      const range = { start: doc.positionAt(edit.start), end: doc.positionAt(edit.end) };
      doc = documents.update(doc, [{ range, text: edit.text }], version);
      // Now and then the pending version is validated: the last analysis moves on.
      if (random() < 0.25) cache.get(URI, version, () => doc.model);
      const fresh = newCache();
      for (let i = 0; i < 8; i++) {
        const offset = Math.floor(random() * doc.getText().length);
        const wire = codec.toWire(doc, doc.positionAt(offset));
        const expected = fresh.read(doc, codec, [wire], (view) => answers(view, wire));
        const before = cache.stats(URI).earlierAnswers;
        const actual = cache.read(doc, codec, [wire], (view) => answers(view, wire));
        if (cache.stats(URI).earlierAnswers === before) continue;
        compared++;
        assert.deepEqual(actual, expected, `version ${version}, offset ${offset}`);
      }
    }
    assert.ok(compared > 400, `${compared} answers came from an earlier analysis`);
    assert.ok(cache.current(doc)?.doc.isValidJson, 'the edits kept the corpus valid JSON');
  });
}

test('passes over the whole text are reported for the idle collector; an edit checked inside one corpus entry is not', () => {
  const whole: number[] = [];
  const cache = new AnalysisCache(
    () => DEFAULT_SETTINGS,
    () => 'en',
    () => () => [],
    () => undefined,
    (length) => whole.push(length),
  );
  const documents = documentsConfiguration(new PositionCodec(), (uri, from, to, edits) => cache.noteEdits(uri, from, to, edits));
  const typeAt = (uri: string, text: string, marker: string) => {
    let doc = documents.create(uri, 'json', 1, text);
    cache.get(uri, 1, () => doc.model);
    const at = doc.positionAt(text.indexOf(marker) + marker.length);
    doc = documents.update(doc, [{ range: { start: at, end: at }, text: 'ɛ' }], 2);
    cache.get(uri, 2, () => doc.model);
  };
  typeAt(URI, generateCorpus(40, 3), '"reference": "');
  const corpus = generateCorpus(40, 3).length;
  assert.deepEqual(whole, [corpus], 'the open only: the keystroke in an entry was checked incrementally');
  const tests = generateTests(30);
  typeAt('file:///tmp/ewb-analysis/tests/translation.json', tests, '"prompt": "');
  assert.deepEqual(whole, [corpus, tests.length, tests.length + 'ɛ'.length], "the tests file's open and its keystroke");
});
