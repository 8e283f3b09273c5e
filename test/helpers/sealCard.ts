import { parsePyJson } from '../../core/python/json';
import { runCardHash } from '../../core/runcard/hashes';

/**
 * A card's text with its `run_card_hash` recomputed (as the harness seals it), so the card verifies; a test that
 * forges a card edits it afterwards, or reseals it to stand for another run.
 */
export function sealCard(card: Record<string, unknown>): string {
  const hash = runCardHash(parsePyJson(JSON.stringify({ ...card, run_card_hash: '' })));
  return JSON.stringify({ ...card, run_card_hash: hash }, null, 2);
}
