import type { JsonDocument } from '../document/jsonDocument';
import type { Locale } from '../i18n/locale';
import type { Finding } from './finding';
import { scoreConsistencyFindings } from './runCardScores';
import { schemaFindings } from './schemaFindings';

/** Rules for a Rosetta run card: its shape, the consistency of its scores and (runCardHashes.ts) its seals. */
export function runCardFindings(doc: JsonDocument, locale: Locale): Finding[] {
  return [...schemaFindings(doc.value, [], 'rosetta-run-card', undefined, locale), ...scoreConsistencyFindings(doc.value, locale)];
}
