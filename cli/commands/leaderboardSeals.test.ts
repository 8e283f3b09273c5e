import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';
import { dumpsPy, isPyObject, parsePyJson, type PyObject, type PyValue } from '../../core/python/json';
import { verifyRunCardPlain } from '../../core/runcard/verify';

// Issue #36 item 2: the leaderboard checks seals through the fast canonical pass; a forged card must still be
// caught whatever else the forger changed (key order, layout, escapes), and a card changed only where Python's
// json.dumps(sort_keys=True) does not look (layout, key order, escapes) keeps its seal, as the harness says.

const sealed = fs.readFileSync(fromRepo('test-fixtures', 'leaderboard', 'rosetta_gold.json'), 'utf8');
const card = parsePyJson(sealed) as PyObject;

/** The card's members in reverse order, recursively (Python dicts keep insertion order; the seal sorts keys). */
function reversed(value: PyValue): PyValue {
  if (Array.isArray(value)) return value.map(reversed);
  if (!isPyObject(value)) return value;
  return new Map([...value].reverse().map(([k, v]) => [k, reversed(v)]));
}

const withMember = (object: PyObject, key: string, value: PyValue): PyObject => new Map([...object, [key, value]]);
const scores = card.get('scores') as PyObject;

const files: Record<string, { text: string; seal: 'sealed' | 'tampered' | 'unreadable' }> = {
  'a_sealed.json': { text: sealed, seal: 'sealed' },
  // Only what the seal does not cover: the layout, the key order, escapes for the same characters.
  'b_reordered_reindented.json': { text: dumpsPy(reversed(card), { sortKeys: false, ensureAscii: false, indent: 4 }), seal: 'sealed' },
  'c_one_line_ascii_escapes.json': { text: dumpsPy(card, { sortKeys: false, ensureAscii: true }), seal: 'sealed' },
  // A value changed: the composite, a deep answer, a float written as an int, a member added.
  'd_composite.json': { text: sealed.replace(/"composite": 0\.5908/, '"composite": 0.9908'), seal: 'tampered' },
  'e_answer.json': { text: sealed.replace(/"predicted": "/, '"predicted": "x'), seal: 'tampered' },
  'f_float_as_int.json': { text: sealed.replace(/"temperature": 0\.0/, '"temperature": 0'), seal: 'tampered' },
  // The same forgeries with the key order and the layout changed too.
  'g_composite_reordered.json': {
    text: dumpsPy(reversed(withMember(card, 'scores', withMember(scores, 'composite', { kind: 'float', value: 0.9908 }))), {
      sortKeys: false,
      ensureAscii: false,
      indent: 1,
    }),
    seal: 'tampered',
  },
  'h_member_added_one_line.json': {
    text: dumpsPy(withMember(card, 'verification_tier', 'gds-verified'), { sortKeys: true, ensureAscii: false }),
    seal: 'tampered',
  },
  // Text Python cannot hash.
  'i_lone_surrogate.json': { text: sealed.replace(/"predicted": "/, '"predicted": "\\ud800'), seal: 'unreadable' },
};

test('leaderboard (#36.2): forged cards are caught whatever the key order and layout; key order, layout and escapes alone keep the seal', async () => {
  assert.match(sealed, /"composite": 0\.5908/);
  assert.match(sealed, /"temperature": 0\.0/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-seals-'));
  for (const [name, { text }] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const io = captureIo();
  await main(['leaderboard', dir, '--format', 'json'], io);
  const rows = (JSON.parse(io.out) as { rosetta: { path: string; verification: string; unranked: string | null }[] }).rosetta;
  const seal = { verified: 'sealed', mismatch: 'tampered', unreadable: 'unreadable', unsealed: 'unsealed' } as const;
  for (const [name, { text, seal: expected }] of Object.entries(files)) {
    const row = rows.find((r) => path.basename(r.path) === name);
    assert.ok(row, name);
    assert.equal(seal[row.verification as keyof typeof seal], expected, name);
    // The verdict is the plain path's (parsePyJson, dumpsPy, the seals recomputed) on the very same text.
    assert.equal(row.verification, verifyRunCardPlain(text), name);
    assert.equal(row.unranked, expected === 'sealed' ? null : expected, name);
  }
});
