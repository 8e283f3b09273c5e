import type { Locale } from '../i18n/locale';
import { isObject } from '../json';
import { DEFAULT_GATE, reviewableResults, reviewFileNameFor, reviewGate, type GateThreshold } from '../review/review';
import type { Finding } from './finding';
import { duplicateIdFindings, repeatedIds } from './ids';
import { msg } from './messages';
import { schemaFindings } from './schemaFindings';

/**
 * The files a review and a card read from each other, given by the adapter that can read files (the server,
 * the CLI): core only parses what it is handed. `read` takes a path relative to the file being validated and
 * returns its text, or undefined when there is none.
 */
export interface Neighbours {
  /** The file's own name (its last path segment), to find the review beside a card. */
  fileName: string;
  read(relativePath: string): string | undefined;
  gate?: GateThreshold;
}

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** A review's shape, its items, and (when the card can be read) its binding to the card it names. */
export function reviewFindings(value: unknown, locale: Locale, neighbours?: Neighbours): Finding[] {
  const findings = schemaFindings(value, [], 'rosetta-review', undefined, locale);
  const items = isObject(value) && Array.isArray(value.items) ? value.items : [];
  const repeated = repeatedIds(items, ['items'], ['entry_id']);
  findings.push(...duplicateIdFindings(repeated.occurrences, locale, undefined, repeated.all));
  if (!neighbours || !isObject(value) || typeof value.run_card !== 'string' || typeof value.run_card_hash !== 'string') return findings;
  const path = value.run_card;
  const card = parse(neighbours.read(path));
  if (!isObject(card)) {
    findings.push({ code: 'review-card', severity: 'warning', message: msg(locale, 'reviewCardMissing', { path }), at: { path: ['run_card'] } });
    return findings;
  }
  const actual = typeof card.run_card_hash === 'string' ? card.run_card_hash : '';
  if (actual !== value.run_card_hash) {
    findings.push({
      code: 'review-card',
      message: msg(locale, 'reviewCardHash', { path, expected: value.run_card_hash.slice(0, 12), actual: actual.slice(0, 12) || '—' }),
      at: { path: ['run_card_hash'] },
    });
    return findings;
  }
  const produced = new Set(reviewableResults(card).map((r) => String(r.entry_id)));
  items.forEach((item, i) => {
    if (!isObject(item) || (typeof item.entry_id !== 'string' && typeof item.entry_id !== 'number')) return;
    if (!produced.has(String(item.entry_id)))
      findings.push({
        code: 'review-card',
        message: msg(locale, 'reviewUnknownEntry', { id: String(item.entry_id), path }),
        at: { path: ['items', i, 'entry_id'] },
      });
  });
  return findings;
}

/** The §7.2 gate on a card: a Deployable or Fluent claim needs a review beside it that meets the threshold. */
export function reviewGateFindings(card: unknown, locale: Locale, neighbours: Neighbours): Finding[] {
  const reviewName = reviewFileNameFor(neighbours.fileName);
  const reviewText = neighbours.read(reviewName);
  const review = parse(reviewText);
  const gate = neighbours.gate ?? DEFAULT_GATE;
  // A review of another run (its seal differs) is no review of this one; the review file itself says why.
  const bound = isObject(review) && isObject(card) && review.run_card_hash === card.run_card_hash ? review : undefined;
  const verdict = reviewGate(card, bound, gate);
  const at = { path: ['scores', 'quality_tier'] };
  switch (verdict.kind) {
    case 'not-gated':
    case 'passed':
      return [];
    case 'no-review':
      return [{ code: 'review-gate', message: msg(locale, 'reviewGateMissing', { tier: verdict.tier, review: reviewName }), at }];
    case 'too-few':
      return [
        { code: 'review-gate', message: msg(locale, 'reviewGateFew', { tier: verdict.tier, rated: verdict.summary.overall.rated, needed: gate.minRated }), at },
      ];
    case 'not-usable':
      return [
        {
          code: 'review-gate',
          message: msg(locale, 'reviewGateUsable', {
            tier: verdict.tier,
            usable: percent(verdict.summary.overall.usable_rate ?? 0),
            needed: percent(gate.minUsableRate),
          }),
          at,
        },
      ];
  }
}
