import type { Locale } from '../i18n/locale';
import { isObject } from '../json';
import { bindReview, cardGate, reviewCardCandidates, reviewCardText, type ReviewBinding, type SampleProblem } from '../review/binding';
import { DEFAULT_GATE, reviewFileNameFor, reviewGate, type GateThreshold } from '../review/review';
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
  /**
   * Whether `relativePath` is still being read (the editor reads neighbours from disk in the background and
   * checks the file again once they arrive): its findings wait rather than say the file is missing.
   */
  pending?(relativePath: string): boolean;
  gate?: GateThreshold;
}

/** The largest neighbour (a review's run card, a card's review) read for a cross-file check, in bytes. */
export const MAX_NEIGHBOUR_BYTES = 64 * 1024 * 1024;

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** Why a review is not bound to a card, as the clause the gate's message ends with. */
export function unboundReason(binding: Exclude<ReviewBinding, { kind: 'bound' }>, locale: Locale): string {
  switch (binding.kind) {
    case 'card-unreadable':
      return msg(locale, 'gateWhyCardUnreadable');
    case 'card-unverified':
      return msg(locale, binding.verification === 'unsealed' ? 'gateWhyCardUnsealed' : 'gateWhyCardEdited');
    case 'other-run':
      return msg(locale, 'gateWhyOtherRun', { expected: binding.expected.slice(0, 12) || '—', actual: binding.actual.slice(0, 12) || '—' });
    case 'not-sample': {
      const field = binding.problems.find((p) => p.kind === 'header' && (p.field === 'seed' || p.field === 'size'));
      if (field?.kind === 'header') return msg(locale, 'gateWhySampleField', { field: field.field });
      const shown = binding.problems.slice(0, SHOWN_PROBLEMS).map((p) => sampleDetail(p, locale));
      if (binding.problems.length > SHOWN_PROBLEMS) shown.push(msg(locale, 'sampleMore', { count: binding.problems.length - SHOWN_PROBLEMS }));
      return msg(locale, 'gateWhyNotSample', { seed: binding.seed ?? '?', size: binding.size ?? '?', detail: shown.join('; ') });
    }
  }
}

/** Problems named in the gate's one message; the review file lists each at its place. */
const SHOWN_PROBLEMS = 3;

function sampleDetail(p: SampleProblem, locale: Locale): string {
  switch (p.kind) {
    case 'header':
      return p.field === 'assignment' ? msg(locale, 'sampleAssignment') : msg(locale, 'sampleHeader', { field: p.field });
    case 'duplicate':
      return msg(locale, 'sampleDuplicate', { id: p.id, count: p.count });
    case 'outside':
      return msg(locale, 'sampleOutside', { id: p.id });
    case 'missing':
      return msg(locale, 'sampleMissing', { count: p.ids.length });
    case 'tier':
      return msg(locale, 'sampleTier', { id: p.id, expected: p.expected, actual: p.actual });
  }
}

/** A review's shape, its items, and (when the card can be read) its binding to the card it names. */
export function reviewFindings(value: unknown, locale: Locale, neighbours?: Neighbours): Finding[] {
  const findings = schemaFindings(value, [], 'rosetta-review', undefined, locale);
  const items = isObject(value) && Array.isArray(value.items) ? value.items : [];
  const repeated = repeatedIds(items, ['items'], ['entry_id']);
  findings.push(...duplicateIdFindings(repeated.occurrences, locale, undefined, repeated.all));
  if (!neighbours || !isObject(value) || typeof value.run_card_hash !== 'string') return findings;
  const found = reviewCardText(neighbours.fileName, value.run_card, (p) => neighbours.read(p));
  if (!found && neighbours.pending && reviewCardCandidates(neighbours.fileName, value.run_card).some((p) => neighbours.pending!(p))) return findings;
  if (!found) {
    const path = typeof value.run_card === 'string' ? value.run_card : '?';
    findings.push({ code: 'review-card', severity: 'warning', message: msg(locale, 'reviewCardMissing', { path }), at: { path: ['run_card'] } });
    return findings;
  }
  const { path } = found;
  const binding = bindReview(found.text, value);
  switch (binding.kind) {
    case 'bound':
      return findings;
    case 'card-unreadable':
      findings.push({ code: 'review-card', severity: 'warning', message: msg(locale, 'reviewCardMissing', { path }), at: { path: ['run_card'] } });
      return findings;
    case 'card-unverified':
      findings.push({
        code: 'review-card',
        message: msg(locale, binding.verification === 'unsealed' ? 'reviewCardUnsealed' : 'reviewCardEdited', { path }),
        at: { path: ['run_card'] },
      });
      return findings;
    case 'other-run':
      findings.push({
        code: 'review-card',
        message: msg(locale, 'reviewCardHash', { path, expected: binding.expected.slice(0, 12), actual: binding.actual.slice(0, 12) || '—' }),
        at: { path: ['run_card_hash'] },
      });
      return findings;
    case 'not-sample':
      findings.push(...binding.problems.flatMap((p) => sampleFinding(p, binding.seed, binding.size, path, locale)));
      return findings;
  }
}

function sampleFinding(p: SampleProblem, seed: number | null, size: number | null, path: string, locale: Locale): Finding[] {
  const where = { seed: seed ?? '?', size: size ?? '?', path };
  switch (p.kind) {
    case 'header':
      if (p.field === 'assignment')
        return [{ code: 'review-card', message: msg(locale, 'reviewAssignment', { seed: seed ?? '?' }), at: { path: ['assignment'] } }];
      return [
        {
          code: 'review-card',
          message:
            p.field === 'seed' || p.field === 'size'
              ? msg(locale, 'reviewSampleField', { field: p.field })
              : msg(locale, 'reviewSampleHeader', { field: p.field, ...where }),
          at: { path: ['sample', p.field] },
        },
      ];
    case 'duplicate':
      return []; // the duplicate-id rule reports each repetition
    case 'outside':
      return [
        {
          code: 'review-card',
          message: p.produced ? msg(locale, 'reviewOutsideSample', { id: p.id, ...where }) : msg(locale, 'reviewUnknownEntry', { id: p.id, path }),
          at: { path: ['items', p.index, 'entry_id'] },
        },
      ];
    case 'missing':
      return [{ code: 'review-card', message: msg(locale, 'reviewMissingItems', { count: p.ids.length, ids: p.ids[0], ...where }), at: { path: ['items'] } }];
    case 'tier':
      return [
        {
          code: 'review-card',
          message: msg(locale, 'reviewItemTier', { id: p.id, expected: p.expected, actual: p.actual }),
          at: { path: ['items', p.index, 'difficulty'] },
        },
      ];
  }
}

/**
 * The §7.2 gate on a card: a Deployable or Fluent claim needs a review beside it bound to this card (the card
 * verifies, the review names its seal, its items are the seeded sample), every item rated, enough of them usable.
 */
export function reviewGateFindings(cardText: string, card: unknown, locale: Locale, neighbours: Neighbours): Finding[] {
  // A card that claims no gated tier reads no review.
  if (reviewGate(card, undefined).kind === 'not-gated') return [];
  const reviewName = reviewFileNameFor(neighbours.fileName);
  const reviewText = neighbours.read(reviewName);
  if (reviewText === undefined && neighbours.pending?.(reviewName)) return [];
  const review = parse(reviewText);
  const gate = neighbours.gate ?? DEFAULT_GATE;
  const verdict = cardGate(cardText, review, gate, card);
  const at = { path: ['scores', 'quality_tier'] };
  switch (verdict.kind) {
    case 'not-gated':
    case 'passed':
      return [];
    case 'no-review':
      return [{ code: 'review-gate', message: msg(locale, 'reviewGateMissing', { tier: verdict.tier, review: reviewName }), at }];
    case 'unbound':
      return [
        {
          code: 'review-gate',
          message: msg(locale, 'reviewGateUnbound', { tier: verdict.tier, review: reviewName, why: unboundReason(verdict.binding, locale) }),
          at,
        },
      ];
    case 'unrated':
      return [{ code: 'review-gate', message: msg(locale, 'reviewGateUnrated', { tier: verdict.tier, unrated: verdict.unrated }), at }];
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
