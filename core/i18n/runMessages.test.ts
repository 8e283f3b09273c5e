import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localizeRunText, RUN_MESSAGES, runMessage, type RunMessageId } from './runMessages';

const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every run message is written in both languages with the same placeholders', () => {
  for (const [id, { en, fr }] of Object.entries(RUN_MESSAGES) as [string, { en: string; fr: string }][]) {
    assert.ok(en && fr && en !== fr, id);
    assert.deepEqual([...new Set(names(fr))], [...new Set(names(en))], id);
  }
});

/** Values each placeholder can take, as the runner fills them. */
const SAMPLE: Record<string, string | number> = {
  after: ' (after 3 attempts)',
  said: ': model not found',
  host: '127.0.0.1:4321',
  status: 404,
  attempts: 3,
  count: 2,
  seconds: 60,
  problem: 'tests/a.json is not valid JSON',
  problems: 'tests/a.json is not valid JSON\n  tests/b.json: no item with id x',
  name: 'repeat',
  value: 500,
  range: 'a whole number from 1 to 100',
  min: 1,
  max: 100,
  id: '"t1"',
  places: 'tests/a.json:2, tests/a.json:9',
  place: 'tests/a.json:4',
  field: 'messages[1].content',
  file: 'tests/a.json',
  segment: 'gold_standard',
  error: '401 from api.example.org: bad key',
  journal: 'results/.journal/20260101_000000.jsonl',
  detail: 'socket hang up',
  lines: 'lines 3 (not JSON) and 9 (cut short, kept in r.jsonl.set-aside)',
  asked: '3600 s (Retry-After)',
  size: '16 MiB',
  from: 'https://api.example.org',
  to: 'https://elsewhere.example',
  origin: 'https://vscode.dev',
  input: 'tests/a.json',
  mode: '0444',
};

test('each English sentence the runner writes reads back into French, its inner sentences too', () => {
  for (const id of Object.keys(RUN_MESSAGES) as RunMessageId[]) {
    const english = runMessage('en', id, SAMPLE);
    const french = localizeRunText(english, 'fr');
    assert.notEqual(french, english, `${id}: ${english}`);
    assert.doesNotMatch(french, /\{\w+\}/, id);
    assert.equal(localizeRunText(english, 'en'), english, id);
  }
  assert.equal(
    localizeRunText('nothing was sent: 2 problems:\n  tests/a.json is not valid JSON\n  tests/b.json: no item with id x', 'fr'),
    'rien n’a été envoyé : 2 problèmes :\n  tests/a.json n’est pas du JSON valide\n  tests/b.json : aucun élément d’id x',
  );
  assert.equal(localizeRunText('timed out after 60 s (after 3 attempts)', 'fr'), 'délai dépassé après 60 s (après 3 tentatives)');
  assert.equal(localizeRunText('401 from api.example.org: invalid key', 'fr'), '401 de api.example.org: invalid key');
  assert.equal(localizeRunText('repeat 500: must be a whole number from 1 to 100', 'fr'), 'repeat 500 : doit être un nombre entier de 1 à 100');
});

test('a text that is no sentence of the table, or too long to read back, is shown as written', () => {
  assert.equal(localizeRunText('TypeError: the test is not a JSON object', 'fr'), 'TypeError: the test is not a JSON object');
  const long = `tests/${'a'.repeat(5000)}.json is not valid JSON`;
  assert.equal(localizeRunText(long, 'fr'), long);
});
