import type { JsonDocument } from '../document/jsonDocument';
import type { Locale } from '../i18n/locale';
import { dumpsPy, HASH_DUMPS_OPTIONS, isPyObject, type PyObject, type PyValue } from '../python/json';
import { fingerprintComponents } from '../runcard/hashes';
import { cardSeals, type CardSeals } from '../runcard/verify';
import type { Finding } from './finding';
import { msg } from './messages';
import { scoreConsistencyFindings } from './runCardScores';
import { schemaFindings } from './schemaFindings';

/** Rules for a Rosetta run card: its shape, the consistency of its scores, and the hashes that seal it. */
export function runCardFindings(doc: JsonDocument, locale: Locale): Finding[] {
  return [
    ...schemaFindings(doc.value, [], 'rosetta-run-card', undefined, locale),
    ...scoreConsistencyFindings(doc.value, locale),
    ...hashFindings(doc, locale),
  ];
}

const show = (value: PyValue | undefined) => (value === undefined ? 'absent' : dumpsPy(value, HASH_DUMPS_OPTIONS));

/**
 * Recomputes the hashes exactly as the harness does. That needs Python's view of the numbers (`0.0` is a float,
 * `0` an int), so the card is read again from its text by the Python-compatible parser, never from JSON.parse.
 */
function hashFindings(doc: JsonDocument, locale: Locale): Finding[] {
  if (!doc.isValidJson) return [];
  try {
    return sealFindings(doc, locale);
  } catch (error) {
    // Text Python cannot encode (a lone surrogate) cannot be hashed by the harness either: nothing to compare.
    if (error instanceof RangeError) return [];
    throw error;
  }
}

function sealFindings(doc: JsonDocument, locale: Locale): Finding[] {
  let seals: CardSeals | undefined;
  try {
    seals = cardSeals(doc.text);
  } catch (error) {
    if (error instanceof RangeError) throw error;
    return [];
  }
  if (!seals) return [];
  const out: Finding[] = [];
  if (seals.prompt && !seals.prompt.ok)
    out.push({
      code: 'fingerprint-mismatch',
      message: msg(locale, 'promptHashMismatch', { expected: seals.prompt.expected }),
      at: { path: ['system_prompt_sha256'] },
    });
  if (seals.fingerprint && !seals.fingerprint.ok)
    out.push({
      code: 'fingerprint-mismatch',
      message: msg(locale, 'fingerprintMismatch', { expected: seals.fingerprint.expected }),
      at: { path: ['fingerprint', 'hash'] },
    });
  const fingerprint = seals.card.get('fingerprint');
  const stored = isPyObject(fingerprint) ? fingerprint.get('components') : undefined;
  if (isPyObject(stored)) out.push(...componentFindings(seals.card, stored, locale));
  if (seals.runCardHash && !seals.runCardHash.ok)
    out.push({
      code: 'run-card-hash-mismatch',
      message: msg(locale, 'runCardHashMismatch', { expected: seals.runCardHash.expected }),
      at: { path: ['run_card_hash'] },
    });
  return out;
}

/** Components that disagree with the card's own fields: the fingerprint describes another setup. */
function componentFindings(card: PyObject, stored: PyObject, locale: Locale): Finding[] {
  const out: Finding[] = [];
  const actual = fingerprintComponents(card);
  for (const [component, value] of stored) {
    if (!actual.has(component)) continue;
    const mine = actual.get(component);
    // A field the card leaves out says nothing against the stored component.
    if (mine === null && !cardHasSource(card, component)) continue;
    if (show(mine) !== show(value)) {
      out.push({
        code: 'fingerprint-mismatch',
        message: msg(locale, 'fingerprintComponent', { component, stored: show(value), actual: show(mine) }),
        at: { path: ['fingerprint', 'components', component] },
      });
    }
  }
  return out;
}

function cardHasSource(card: PyObject, component: string): boolean {
  if (component === 'dataset_sha256') {
    const dataset = card.get('dataset');
    return isPyObject(dataset) && dataset.has('sha256');
  }
  return card.has(component);
}
