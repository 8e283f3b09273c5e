import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { fromRepo } from '../../test/helpers/paths';
import { propertyRuns } from '../../test/helpers/property';
import { pyJsonText, pyStringText } from '../../test/helpers/pyJsonText';
import { parsePyJson } from '../python/json';
import { fingerprintHash, runCardHash, sha256Hex } from './hashes';
import { verifyRunCard, verifyRunCardPlain, type CardVerification } from './verify';

/** Every JSON file under test-fixtures (bounded: the fixtures are a few hundred files). */
function fixtureFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) fixtureFiles(file, out);
    else if (name.endsWith('.json')) out.push(file);
  }
  return out;
}

test('verifyRunCard gives verifyRunCardPlain’s verdict on every JSON fixture (sealed, tampered, unsealed, not cards)', () => {
  const seen = new Set<CardVerification>();
  for (const file of fixtureFiles(fromRepo('test-fixtures'))) {
    const text = readFileSync(file, 'utf8');
    const verdict = verifyRunCardPlain(text);
    seen.add(verdict);
    assert.equal(verifyRunCard(text), verdict, file);
  }
  assert.deepEqual([...seen].sort(), ['mismatch', 'unreadable', 'unsealed', 'verified']);
});

const hex64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });

/**
 * A run card's text: arbitrary members, a prompt and its hash, a fingerprint and its hash, a run_card_hash, each
 * present or not, each right (computed by the plain functions) or forged, and perhaps edited after sealing.
 */
const cardText = fc
  .record({
    extra: fc.array(fc.tuple(fc.constantFrom('"scores"', '"results"', '"model_slug"', '"temperature"', '"x"', '"run_card_hash"'), pyJsonText), {
      maxLength: 4,
    }),
    // A lone surrogate (which Python cannot hash) now and then: the card is then unreadable.
    prompt: fc.option(fc.oneof({ weight: 5, arbitrary: pyStringText }, { weight: 1, arbitrary: fc.constantFrom('"\\ud800x"', '"a\\udfff"') }), {
      nil: undefined,
    }),
    promptHash: fc.constantFrom('right', 'forged', 'absent', 'not-a-string'),
    components: fc.option(pyJsonText, { nil: undefined }),
    fingerprintHash: fc.constantFrom('right', 'forged', 'absent'),
    seal: fc.constantFrom('right', 'forged', 'empty', 'absent', 'not-a-string'),
    edit: fc.option(fc.tuple(fc.constantFrom('"scores"', '"extra"', '"system_prompt_used"'), pyJsonText), { nil: undefined }),
    forged: hex64,
    bom: fc.boolean(),
  })
  .map((c) => {
    const members: string[] = c.extra.map(([k, v]) => `${k}: ${v}`);
    const safe = <T>(f: () => T): T | undefined => {
      try {
        return f();
      } catch {
        return undefined;
      }
    };
    if (c.prompt !== undefined) {
      members.push(`"system_prompt_used": ${c.prompt}`);
      const prompt = parsePyJson(c.prompt) as string;
      const right = safe(() => sha256Hex(prompt)) ?? c.forged;
      if (c.promptHash === 'right') members.push(`"system_prompt_sha256": "${right}"`);
      else if (c.promptHash === 'forged') members.push(`"system_prompt_sha256": "${c.forged}"`);
      else if (c.promptHash === 'not-a-string') members.push('"system_prompt_sha256": 12');
    }
    if (c.components !== undefined) {
      const right = safe(() => fingerprintHash(parsePyJson(c.components as string))) ?? c.forged;
      const hash = c.fingerprintHash === 'right' ? `, "hash": "${right}"` : c.fingerprintHash === 'forged' ? `, "hash": "${c.forged}"` : '';
      members.push(`"fingerprint": {"components": ${c.components}${hash}}`);
    }
    let text = `{${members.join(', ')}}`;
    if (c.seal !== 'absent') {
      const unsealed = `{${[...members, '"run_card_hash": ""'].join(', ')}}`;
      const right = safe(() => runCardHash(parsePyJson(unsealed))) ?? c.forged;
      const value = { right: `"${right}"`, forged: `"${c.forged}"`, empty: '""', 'not-a-string': 'null' }[c.seal];
      text = `{${[...members, `"run_card_hash": ${value}`].join(', ')}}`;
    }
    if (c.edit) text = text.slice(0, -1) + `${members.length || c.seal !== 'absent' ? ', ' : ''}${c.edit[0]}: ${c.edit[1]}}`;
    return (c.bom ? '\ufeff' : '') + text;
  });

test('verifyRunCard gives verifyRunCardPlain’s verdict on arbitrary sealed, forged and edited cards', () => {
  const seen = new Set<CardVerification>();
  fc.assert(
    fc.property(cardText, (text) => {
      const verdict = verifyRunCardPlain(text);
      seen.add(verdict);
      assert.equal(verifyRunCard(text), verdict);
      // A caller that read the card's bytes (well-formed UTF-8; a leading U+FEFF is a BOM's three bytes) hands them over.
      const bytes = new TextEncoder().encode(text);
      if (new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) === text) assert.equal(verifyRunCard(text, bytes), verdict);
    }),
    propertyRuns(1500),
  );
  assert.deepEqual([...seen].sort(), ['mismatch', 'unreadable', 'unsealed', 'verified']);
});

test('a sealed card edited anywhere after sealing is caught, even by a change Python would write the same way', () => {
  const sealed = `{"scores": {"composite": 0.5}, "system_prompt_used": "Translate", "run_card_hash": ""}`;
  const hash = runCardHash(parsePyJson(sealed));
  const card = sealed.replace('"run_card_hash": ""', `"run_card_hash": "${hash}"`);
  assert.equal(verifyRunCard(card), 'verified');
  // Whitespace and key order are not part of the seal; a value is.
  assert.equal(verifyRunCard(card.replace('{"composite": 0.5}', '{ "composite" :0.5 }')), 'verified');
  assert.equal(verifyRunCard(card.replace('0.5', '0.50')), 'verified');
  assert.equal(verifyRunCard(card.replace('0.5', '0.6')), 'mismatch');
  assert.equal(verifyRunCard(card.replace('0.5', '5e-1')), 'verified');
  assert.equal(verifyRunCard(card.replace('"Translate"', '"Translat\\u0065"')), 'verified');
  assert.equal(verifyRunCard(card.replace('"Translate"', '"Translate "')), 'mismatch');
  assert.equal(verifyRunCard(card.replace('"Translate"', '"\\ud800"')), 'unreadable');
  assert.equal(verifyRunCard(card.replace('{"composite"', '{"composite": 1, "composite"')), 'verified');
  assert.equal(verifyRunCard(card.replace('{"composite": 0.5', '{"composite": 0.5, "composite": 1')), 'mismatch');
});
