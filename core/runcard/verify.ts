/**
 * Whether a run card's seals still hold: the prompt hash, the fingerprint and `run_card_hash`, recomputed exactly
 * as the harness computes them. The one home of this check: the run-card rule turns its mismatches into
 * diagnostics, the leaderboard and the benchmark matrix refuse to rank or skip on a card that does not verify.
 */
import { sha256Hex as sha256HexOfText } from '../hash/sha';
import { canonicalPyJson } from '../python/canonical';
import { isPyObject, parsePyJson, type PyObject, type PyValue } from '../python/json';
import { fingerprintHash, runCardHash, sha256Hex, systemPromptSha256 } from './hashes';

/** One recomputed hash beside the one the card stores. */
export interface SealCheck {
  stored: string;
  expected: string;
  ok: boolean;
}

export interface CardSeals {
  /** The card read with Python's view of numbers (`0.0` a float): what the hashes are computed over. */
  card: PyObject;
  prompt?: SealCheck;
  fingerprint?: SealCheck;
  /** Absent when the card has no `run_card_hash` (or an empty one): nothing seals it. */
  runCardHash?: SealCheck;
}

/**
 * - `verified`: `run_card_hash` is present and every stored hash equals its recomputation;
 * - `unsealed`: no `run_card_hash` (nothing can tell whether the card was changed), the others agree;
 * - `mismatch`: at least one stored hash differs (the card was edited after it was sealed);
 * - `unreadable`: not JSON, not an object, or text Python could not hash (a lone surrogate).
 */
export type CardVerification = 'verified' | 'unsealed' | 'mismatch' | 'unreadable';

function check(stored: PyValue | undefined, expected: () => string): SealCheck | undefined {
  if (typeof stored !== 'string') return undefined;
  const value = expected();
  return { stored, expected: value, ok: value === stored };
}

/**
 * Recomputes a card's hashes from its text (a leading BOM ignored). Throws a RangeError on text Python cannot
 * encode and a PyJsonError on text that is not JSON; undefined when the JSON is not an object.
 */
export function cardSeals(text: string): CardSeals | undefined {
  const card = parsePyJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (!isPyObject(card)) return undefined;
  const seals: CardSeals = { card };
  const prompt = card.get('system_prompt_used');
  if (typeof prompt === 'string') {
    const c = check(card.get('system_prompt_sha256'), () => systemPromptSha256(prompt));
    if (c) seals.prompt = c;
  }
  const fingerprint = card.get('fingerprint');
  if (isPyObject(fingerprint)) {
    const components = fingerprint.get('components');
    if (isPyObject(components)) {
      const c = check(fingerprint.get('hash'), () => fingerprintHash(components));
      if (c) seals.fingerprint = c;
    }
  }
  const seal = card.get('run_card_hash');
  if (typeof seal === 'string' && seal !== '') {
    const c = check(seal, () => runCardHash(card));
    if (c) seals.runCardHash = c;
  }
  return seals;
}

/** The verdict on a card's text (see `CardVerification`), from `cardSeals`: the plain twin of `verifyRunCard`. */
export function verifyRunCardPlain(text: string): CardVerification {
  let seals: CardSeals | undefined;
  try {
    seals = cardSeals(text);
  } catch {
    return 'unreadable';
  }
  if (!seals) return 'unreadable';
  if ([seals.prompt, seals.fingerprint, seals.runCardHash].some((c) => c && !c.ok)) return 'mismatch';
  return seals.runCardHash ? 'verified' : 'unsealed';
}

/** The seals' fields, read by the canonical pass: the seal (blanked), the prompt and its hash, the fingerprint. */
const SEAL_OPTIONS = {
  blank: 'run_card_hash',
  capture: ['fingerprint', 'components'],
  strings: [['run_card_hash'], ['system_prompt_used'], ['system_prompt_sha256'], ['fingerprint', 'hash']],
} as const;

/** The three seals' verdicts from the canonical bytes, as `cardSeals` computes them; throws where it throws. */
function sealsHold(text: string, utf8: Uint8Array | undefined): CardVerification {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  const read = canonicalPyJson(body, SEAL_OPTIONS, bom && utf8 ? utf8.subarray(3) : utf8);
  // Text Python cannot encode: the plain path decides which seal it reaches (and so the verdict), rare enough.
  if (!read.wellFormed) return verifyRunCardPlain(text);
  if (!read.object) return 'unreadable';
  const [seal, prompt, promptStored, fingerprintStored] = read.strings;
  let ok = true;
  // Every text hashed here is well formed (checked by the pass): its UTF-8 is what Python hashes.
  const whole = seal === undefined || seal === '' ? undefined : sha256HexOfText(read.bytes);
  if (prompt !== undefined && promptStored !== undefined) ok = sha256Hex(prompt) === promptStored && ok;
  if (read.captured !== undefined && fingerprintStored !== undefined) ok = sha256HexOfText(read.captured) === fingerprintStored && ok;
  if (whole === undefined) return ok ? 'unsealed' : 'mismatch';
  return whole === seal && ok ? 'verified' : 'mismatch';
}

/**
 * The verdict on a card's text (see `CardVerification`): the same verdict as `verifyRunCardPlain` on every text
 * (a property test holds them together), computed from the canonical text without building the card's values.
 * A text the canonical pass refuses is not JSON Python reads: the plain path gives its verdict. `utf8`, when the
 * caller read the card's bytes and found them well-formed UTF-8, is the text's encoding (the pass reads it).
 */
export function verifyRunCard(text: string, utf8?: Uint8Array): CardVerification {
  try {
    return sealsHold(text, utf8);
  } catch {
    return verifyRunCardPlain(text);
  }
}
