import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  errorText,
  isRunText,
  mapRunTextStrings,
  renderRunText,
  RUN_MESSAGES,
  runText,
  RunTextError,
  type RunMessageId,
  type RunText,
  type RunTextParam,
} from './runMessages';

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

/** A sample sentence of each code, its parameters filled as the runner fills them (inner sentences as data). */
function sample(id: RunMessageId): RunText {
  const names = [...new Set([...RUN_MESSAGES[id].en.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];
  const params: Record<string, RunTextParam> = {};
  for (const name of names) params[name] = SAMPLE[name];
  if (names.includes('after')) params.after = runText('afterAttempts', { attempts: 3 });
  if (names.includes('problem')) params.problem = runText('notJson', { file: 'tests/a.json' });
  if (names.includes('problems')) params.problems = [runText('notJson', { file: 'tests/a.json' }), runText('noSuchItem', { file: 'tests/b.json', id: 'x' })];
  return runText(id, params);
}

test('a French user sees each run sentence in French, from its code and parameters, its inner sentences too', () => {
  for (const id of Object.keys(RUN_MESSAGES) as RunMessageId[]) {
    const text = sample(id);
    const french = renderRunText(text, 'fr');
    const english = renderRunText(text, 'en');
    assert.notEqual(french, english, `${id}: ${english}`);
    assert.doesNotMatch(french, /\{\w+\}/, id);
    assert.doesNotMatch(english, /\{\w+\}/, id);
    // The English written to logs and results files, and an error thrown with the sentence, say the same.
    assert.equal(new RunTextError(text).message, english, id);
    assert.equal(errorText(new RunTextError(text), 'fr'), french, id);
  }
  assert.equal(
    renderRunText(
      runText('nothingSentMany', {
        count: 2,
        problems: [runText('notJson', { file: 'tests/a.json' }), runText('noSuchItem', { file: 'tests/b.json', id: 'x' })],
      }),
      'fr',
    ),
    'rien n’a été envoyé\u00a0: 2 problèmes\u00a0:\n  tests/a.json n’est pas du JSON valide\n  tests/b.json\u00a0: aucun élément d’id x',
  );
  assert.equal(
    renderRunText(runText('timedOut', { seconds: 60, after: runText('afterAttempts', { attempts: 3 }) }), 'fr'),
    'délai dépassé après 60 s (après 3 tentatives)',
  );
  assert.equal(
    renderRunText(runText('retryWaitTooLong', { status: runText('anError'), host: 'h', asked: '1 h', seconds: 60 }), 'fr').startsWith('une erreur de h'),
    true,
  );
});

test('an error that is no run sentence is shown as written: nothing is read back from English', () => {
  assert.equal(errorText(new Error('nothing was sent: tests/a.json is not valid JSON'), 'fr'), 'nothing was sent: tests/a.json is not valid JSON');
  assert.equal(errorText('plain', 'fr'), 'plain');
});

test('a sentence read back from a file is kept only with a known code and well-formed parameters, nested boundedly', () => {
  assert.ok(isRunText({ code: 'timedOut', params: { seconds: 60, after: { code: 'afterAttempts', params: { attempts: 2 } } } }));
  assert.ok(!isRunText({ code: 'noSuchCode' }));
  assert.ok(!isRunText({ code: 'timedOut', params: { seconds: null } }));
  assert.ok(!isRunText({ code: 'timedOut', params: [] }));
  let deep: RunText = runText('afterAttempts', { attempts: 1 });
  for (let k = 0; k < 50; k++) deep = runText('timedOut', { seconds: 1, after: deep });
  assert.ok(!isRunText(deep));
  assert.equal(typeof renderRunText(deep, 'fr'), 'string');
});

test('a secret in a parameter is redacted in the code and parameters too', () => {
  const text = runText('httpStatus', { status: 401, host: 'h', after: '', said: ': bad key sk-secret' });
  const redacted = mapRunTextStrings(text, (v) => v.replaceAll('sk-secret', '***'));
  assert.equal(renderRunText(redacted, 'en'), '401 from h: bad key ***');
});
