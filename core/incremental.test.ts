import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateCorpus, generateTests, rng } from '../bench/generate';
import type { TextEdit } from './document/edit';
import { JsonDocument } from './document/jsonDocument';
import { EditMap } from './document/editMap';
import { itemAt, itemCount } from './document/spanTree';
import { analyseEdits, holdsAt, type Analysed } from './incremental';
import { resolveFindings, validateDocument, type ValidationOptions } from './validate';

const OPTIONS: ValidationOptions = { locale: 'en' };

/** A small corpus with something for every rule: duplicate ids, legacy names, look-alikes, NFD, copies, schema errors, duplicate keys. */
function corpusWithFindings(): string {
  const corpus = JSON.parse(generateCorpus(40, 3)) as { entries: Record<string, unknown>[] };
  const e = corpus.entries;
  e[3].id = 2;
  e[5].source_text = e[5].source;
  delete e[5].source;
  e[6].target_expected = e[6].reference;
  delete e[6].reference;
  e[7].reference = 'Ɛ ƒe nu wɔ ε la.';
  e[9].reference = 'Me do\u0300 ame.';
  e[11].reference = e[11].source;
  e[13].difficulty = 9;
  e[15].provenance = 'made_up';
  e[17].segment = 'held_out';
  delete e[19].segment;
  return JSON.stringify(corpus, null, 2).replace('"context": "', '"context": "x", "context": "') + '\n';
}

/** Every diagnostic as a line of text, sorted: the incremental path may list them in another order. */
function canonical(doc: JsonDocument, findings: Parameters<typeof resolveFindings>[1]): string[] {
  return resolveFindings(doc, findings)
    .map((d) => JSON.stringify(d))
    .sort();
}

/** Offsets inside the string values of `field`, one per occurrence (the position just after the opening quote). */
function valueStarts(text: string, field: string): number[] {
  const out: number[] = [];
  const marker = `"${field}": "`;
  for (let i = text.indexOf(marker); i >= 0; i = text.indexOf(marker, i + 1)) out.push(i + marker.length);
  return out;
}

const PIECES = ['a', 'ɛ', 'ɔ', 'ò', 'ε', 'o\u0300', ' ', 'xy', '\\n', '1', 'é', 'b', 'ŋ', 'ƒ', '😀'];
/** Pieces that break the JSON (or its strings) for a while, until an undo or another edit mends it. */
const BREAKING = ['"', '\\', '\n', '\r\n', '}', ',', '{"a": 1}'];

/** A random edit of the kinds the issue lists: typing and deleting inside strings, ids and tallies changed, spans across entries. */
function randomEdit(text: string, random: () => number, fields: readonly string[]): TextEdit {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const roll = random();
  if (roll < 0.55) {
    const starts = valueStarts(text, pick(fields));
    const at = (starts.length ? pick(starts) : Math.floor(random() * text.length)) + Math.floor(random() * 4);
    if (random() < 0.6) return { start: at, end: at, text: random() < 0.1 ? pick(BREAKING) : pick(PIECES) };
    return { start: at, end: at + 1 + Math.floor(random() * 3), text: '' };
  }
  if (roll < 0.7) {
    const starts = valueStarts(text, fields[0]);
    const at = starts.length ? pick(starts) : 0;
    return { start: at, end: at + 5, text: text.slice(at, at + 5).toUpperCase() };
  }
  if (roll < 0.8) {
    const marker = pick(['"id": ', '"difficulty": ']);
    const at = text.indexOf(marker, Math.floor(random() * text.length));
    const start = (at < 0 ? text.indexOf(marker) : at) + marker.length;
    return { start, end: start + 1, text: pick(['1', '2', '7', '"2"', '3.5']) };
  }
  if (roll < 0.9) {
    // Across entries: may join, cut or drop entries.
    const start = Math.floor(random() * text.length);
    return { start, end: Math.min(text.length, start + Math.floor(random() * 400)), text: pick(['', '},{', ' ']) };
  }
  const at = Math.floor(random() * text.length);
  return { start: at, end: at, text: pick(BREAKING) };
}

function applyText(text: string, e: TextEdit): string {
  return text.slice(0, e.start) + e.text + text.slice(e.end);
}

/**
 * Replays random edits as the server does: each version is the previous version's text model edited (never a
 * flat string), analysed incrementally, and compared with a full validation of the flat text (the oracle).
 * `windowed` counts the versions whose diagnostics were resolved without building their flat text.
 */
function replay(
  initial: string,
  steps: number,
  seed: number,
  fields: readonly string[],
  nextEdit: (text: string, random: () => number, fields: readonly string[]) => TextEdit = randomEdit,
): { incremental: number; parseOnly: number; windowed: number } {
  const random = rng(seed);
  const full = (text: string): Analysed => {
    const doc = new JsonDocument(text);
    return { doc, result: validateDocument(doc, OPTIONS) };
  };
  let state: Analysed = full(initial);
  const history: string[] = [];
  let incremental = 0;
  let parseOnly = 0;
  let windowed = 0;
  let text = initial;
  for (let step = 0; step < steps; step++) {
    let edits: TextEdit[];
    if (history.length > 0 && random() < (state.doc.isValidJson ? 0.15 : 0.7)) {
      // Undo: the editor sends the replacement of the changed region by what it held before.
      const target = history.pop()!;
      let p = 0;
      while (p < text.length && p < target.length && text.charCodeAt(p) === target.charCodeAt(p)) p++;
      let s = 0;
      while (s < text.length - p && s < target.length - p && text.charCodeAt(text.length - 1 - s) === target.charCodeAt(target.length - 1 - s)) s++;
      edits = [{ start: p, end: text.length - s, text: target.slice(p, target.length - s) }];
    } else {
      history.push(text);
      edits = [nextEdit(text, random, fields)];
      // Sometimes a burst: several edits in one change notification, each relative to the text before it.
      if (random() < 0.15) edits.push(nextEdit(applyText(text, edits[0]), random, fields));
    }
    let next = text;
    let model = state.doc.model;
    for (const e of edits) {
      next = applyText(next, e);
      model = model.edit(e.start, e.end, e.text);
    }
    const outcome = analyseEdits(state, edits, model, OPTIONS);
    const reference = full(next);
    assert.deepEqual(
      canonical(outcome.doc, outcome.result.findings),
      canonical(reference.doc, reference.result.findings),
      `step ${step}: ${JSON.stringify(edits)}`,
    );
    if (outcome.incremental.parse && !outcome.doc.model.isFlat) windowed++;
    assert.equal(outcome.doc.slice(0, outcome.doc.length), next);
    assert.deepEqual(outcome.result.ids, reference.result.ids);
    assert.deepEqual(outcome.result.classification, reference.result.classification);
    assert.deepEqual(outcome.doc.value, reference.doc.value);
    assert.deepEqual(outcome.doc.duplicateKeys, reference.doc.duplicateKeys);
    if (outcome.incremental.rules) incremental++;
    else if (outcome.incremental.parse) parseOnly++;
    // Drift back to the starting text now and then, so the corpus stays mostly valid and edits stay mostly local.
    state = step % 150 === 149 ? full(initial) : { doc: outcome.doc, result: outcome.result };
    text = step % 150 === 149 ? initial : next;
    if (step % 150 === 149) history.length = 0;
  }
  return { incremental, parseOnly, windowed };
}

const CORPUS_FIELDS = ['reference', 'reference', 'source', 'source_text', 'target_expected', 'notes', 'provenance', 'segment', 'context'];

test('incremental re-validation of a corpus equals a full validation after each of thousands of random edits', () => {
  const { incremental, parseOnly, windowed } = replay(corpusWithFindings(), 3000, 42, CORPUS_FIELDS);
  // Most edits are typing inside a string: the incremental path must actually be taken, not only fallen back from.
  assert.ok(incremental > 1000, `${incremental} of 3000 edits re-checked incrementally`);
  assert.ok(parseOnly > 50, `${parseOnly} edits re-parsed one entry only`);
  // And it reads windows of the text model: no flat copy of the text for a keystroke inside an entry.
  assert.ok(windowed > 1000, `${windowed} of 3000 versions resolved without a flat text`);
});

test('the same over CRLF line endings, surrogate pairs and multi-line edits', () => {
  const { incremental, windowed } = replay(corpusWithFindings().replace(/\n/g, '\r\n'), 1000, 43, CORPUS_FIELDS);
  assert.ok(incremental > 300, `${incremental} of 1000 edits re-checked incrementally`);
  assert.ok(windowed > 300, `${windowed} of 1000 versions resolved without a flat text`);
});

/**
 * A structural edit (most of the time) of the corpus's entries, as pasting, deleting and duplicating do: one or
 * several whole entries removed, inserted (copies of others, with their look-alikes, duplicate ids and schema
 * errors, or new entries with precomposed or decomposed letters) or replaced, at the start, middle or end, in the
 * file's own separator; otherwise a random edit of the other kinds.
 */
function structuralEdit(text: string, random: () => number, fields: readonly string[]): TextEdit {
  const doc = new JsonDocument(text);
  const array = doc.isValidJson ? doc.childrenAt(['entries']) : undefined;
  if (array?.kind !== 'array' || itemCount(array) < 2 || random() < 0.25) return randomEdit(text, random, fields);
  const count = itemCount(array);
  const item = (i: number) => itemAt(array, i);
  const separator = text.slice(item(0).end, item(1).start);
  const pickIndex = () => (random() < 0.2 ? 0 : random() < 0.25 ? count - 1 : Math.floor(random() * count));
  const copies = (k: number) => {
    const out: string[] = [];
    for (let j = 0; j < k; j++) {
      const roll = random();
      if (roll < 0.15) out.push('{"id": 999999, "source": "x", "reference": "y"}');
      else if (roll < 0.25)
        out.push(`{"id": ${5000 + j}, "source": "é", "reference": "Mè${random() < 0.5 ? 'e\u0300' : 'é'}", "segment": "diagnostic", "difficulty": 2}`);
      else {
        const source = item(Math.floor(random() * count));
        const copy = text.slice(source.start, source.end);
        // A duplicate keeps its id (a duplicate-id finding) or gets a new one.
        out.push(random() < 0.5 ? copy : copy.replace(/"id": [^,]*,/, `"id": ${7000 + Math.floor(random() * 100)},`));
      }
    }
    return out.join(separator);
  };
  const k = 1 + Math.floor(random() * 3);
  const roll = random();
  const i = pickIndex();
  if (roll < 0.4) {
    // Remove k entries from i (never all of them).
    const n = Math.min(k, count - 1);
    if (i + n < count) return { start: item(i).start, end: item(i + n).start, text: '' };
    return { start: item(count - 1 - n).end, end: item(count - 1).end, text: '' };
  }
  if (roll < 0.8) {
    // Insert k entries before entry i, or after the last.
    if (random() < 0.2) return { start: item(count - 1).end, end: item(count - 1).end, text: separator + copies(k) };
    return { start: item(i).start, end: item(i).start, text: copies(k) + separator };
  }
  // Replace entries i.. by k others (a paste over a selection of whole entries).
  const last = Math.min(count - 1, i + Math.floor(random() * 3));
  return { start: item(i).start, end: item(last).end, text: copies(k) };
}

test('entries inserted, removed, duplicated or replaced (one or several, at the start, middle and end): the structural pass equals a full validation', () => {
  const { incremental } = replay(corpusWithFindings(), 1500, 44, CORPUS_FIELDS, structuralEdit);
  assert.ok(incremental > 700, `${incremental} of 1500 edits re-checked incrementally`);
});

test('the same with CRLF line endings', () => {
  const { incremental } = replay(corpusWithFindings().replace(/\n/g, '\r\n'), 600, 45, CORPUS_FIELDS, structuralEdit);
  assert.ok(incremental > 250, `${incremental} of 600 edits re-checked incrementally`);
});

test('an edit inside one test of a tests file re-parses that test only, with the same findings as a full pass', () => {
  const { parseOnly } = replay(generateTests(30, 5), 300, 7, ['prompt', 'description']);
  assert.ok(parseOnly > 100, `${parseOnly} of 300 edits re-parsed one test only`);
});

test('an entry added or removed re-parses and re-checks only the entries touched; an edit in the envelope or between entries is a full pass', () => {
  const text = generateCorpus(5, 1);
  const doc = new JsonDocument(text);
  const previous = { doc, result: validateDocument(doc, OPTIONS) };
  const entryStart = text.indexOf('{', text.indexOf('"entries"'));
  const secondEntry = text.indexOf('{', text.indexOf('"id": 2') - 10);
  const name = text.indexOf('"bench-ewe-v1"') + 1;
  const cases: [TextEdit, { parse: boolean; rules: boolean }][] = [
    [
      { start: entryStart, end: entryStart, text: '{"id": 99}, ' },
      { parse: true, rules: true },
    ],
    [
      { start: entryStart, end: secondEntry, text: '' },
      { parse: true, rules: true },
    ],
    // Starting after the comma before the second entry: the edit begins outside the entries it touches.
    [
      { start: secondEntry - 5, end: secondEntry + 1, text: '\n {' },
      { parse: false, rules: false },
    ],
    // Starting at that comma, just after the first entry: both entries are parsed again.
    [
      { start: secondEntry - 6, end: secondEntry + 1, text: ', {' },
      { parse: true, rules: true },
    ],
    [
      { start: 0, end: 1, text: '{ ' },
      { parse: false, rules: false },
    ],
    [
      { start: name, end: name, text: 'x' },
      { parse: false, rules: false },
    ],
  ];
  for (const [e, expected] of cases) {
    const next = applyText(text, e);
    const outcome = analyseEdits(previous, [e], next, OPTIONS);
    assert.deepEqual(outcome.incremental, expected, JSON.stringify(e));
    const reference = new JsonDocument(next);
    assert.deepEqual(outcome.doc.value, reference.value);
    assert.deepEqual(canonical(outcome.doc, outcome.result.findings), canonical(reference, validateDocument(reference, OPTIONS).findings));
  }
});

test('an earlier analysis holds inside the items no edit touched, while the edits stay inside the items array', () => {
  const text = generateCorpus(5, 1);
  const doc = new JsonDocument(text);
  const previous = { doc, result: validateDocument(doc, OPTIONS) };
  const entry = (id: number) => text.indexOf(`"id": ${id},`);
  const inSecond = text.indexOf('"reference": "', entry(2)) + 15;
  const between = text.lastIndexOf('{', entry(3));
  const holds = (edits: TextEdit[], offset: number) => holdsAt(previous, new EditMap(edits), offset);
  assert.equal(holds([], 0), true, 'no edit: the analysis is current');
  assert.equal(holds([{ start: inSecond, end: inSecond, text: 'ɛ' }], entry(4)), true, 'another entry');
  assert.equal(holds([{ start: inSecond, end: inSecond, text: 'ɛ' }], entry(2)), false, 'the edited entry');
  assert.equal(holds([{ start: between, end: between, text: '{"id": 9}, ' }], entry(5)), true, 'an entry inserted elsewhere');
  assert.equal(holds([{ start: between, end: between, text: '{"id": 9}, ' }], entry(3)), false, 'the entry it touches');
  assert.equal(holds([{ start: between, end: between, text: '{"id": 9}, ' }], between - 2), false, 'between entries');
  const name = text.indexOf('"bench-ewe-v1"') + 1;
  assert.equal(holds([{ start: name, end: name, text: 'x' }], entry(4)), false, 'the envelope changed: the kind may have');
  const unknown = new JsonDocument('{"a": [1, 2, 3]}');
  assert.equal(
    holdsAt({ doc: unknown, result: validateDocument(unknown, OPTIONS) }, new EditMap([{ start: 8, end: 8, text: '0' }]), 13),
    false,
    'a file without items',
  );
});

test('an earlier version still reads its own value after an edit inside an entry took its entries array over', () => {
  const text = generateCorpus(5, 1);
  const doc = new JsonDocument(text);
  const previous = { doc, result: validateDocument(doc, OPTIONS) };
  const at = text.indexOf('"reference": "') + 14;
  const edit = { start: at, end: at, text: 'ɛ' };
  const next = applyText(text, edit);
  const outcome = analyseEdits(previous, [edit], next, OPTIONS);
  assert.deepEqual(outcome.incremental, { parse: true, rules: true });
  // The array is the new version's now (no copy of every entry's reference per keystroke)…
  assert.equal(doc.ownsItems, false);
  assert.deepEqual(outcome.doc.value, JSON.parse(next));
  // …and the old version rebuilds its own when read, after which an edit of it leaves the new version alone.
  assert.deepEqual(doc.value, JSON.parse(text));
  const again = analyseEdits(previous, [{ start: at, end: at, text: 'x' }], applyText(text, { start: at, end: at, text: 'x' }), OPTIONS);
  assert.deepEqual(again.doc.value, JSON.parse(applyText(text, { start: at, end: at, text: 'x' })));
  assert.deepEqual(outcome.doc.value, JSON.parse(next));
});
