import type { Locale } from '../i18n/locale';
import { isObject } from '../json';
import { bindReview, reviewCardCandidates, reviewCardText, type ReviewBinding, type SampleProblem } from '../review/binding';
import { reviewFileNameFor, reviewGate } from '../review/review';
import { DEFAULT_TEAM_GATE, teamGateReasons, type TeamGateThreshold } from '../review/agreement';
import { adjudicationFileNameFor } from '../review/teamFiles';
import { cardReviewGate, isTeamReviewFileName, type TeamIgnored } from '../review/team';
import type { Finding } from './finding';
import { duplicateIdFindings, repeatedIds } from './ids';
import { msg } from './messages';
import { schemaFindings } from './schemaFindings';
import { appendAll } from '../arrays';

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
  /**
   * The names of the files in the same folder (a card's team review files are found among them); undefined while
   * the adapter does not know them yet (the editor's first walk of the workspace): the gate then waits. An adapter
   * without it reads only `<card>.review.json`.
   */
  siblings?(): readonly string[] | undefined;
  /** The gate's thresholds (the settings `ewebench.review.minReviewers` and `minAlpha`, the CLI's flags). */
  gate?: Partial<TeamGateThreshold>;
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
  appendAll(findings, duplicateIdFindings(repeated.occurrences, locale, undefined, repeated.all));
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
      appendAll(
        findings,
        binding.problems.flatMap((p) => sampleFinding(p, binding.seed, binding.size, path, locale)),
      );
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

/** Team files listed beside a card at most (`MAX_TEAM_FILES` of them are read). */
const teamNames = (neighbours: Neighbours) => (neighbours.siblings?.() ?? []).filter((name) => isTeamReviewFileName(neighbours.fileName, name)).sort();

function ignoredText(file: string, why: TeamIgnored, locale: Locale): string {
  switch (why.kind) {
    case 'unbound':
      return msg(locale, 'teamIgnoredUnbound', { file, why: unboundReason(why.binding, locale) });
    case 'not-team':
      return msg(locale, 'teamIgnoredNotTeam', { file });
    case 'other-assignment':
      return msg(locale, 'teamIgnoredOtherAssignment', { file });
    case 'repeated-reviewer':
      return msg(locale, 'teamIgnoredRepeated', { file, reviewer: why.reviewer });
  }
}

/**
 * The §7.2 gate on a card: a Deployable or Fluent claim needs its team's review files beside it, each bound to
 * this card (the card verifies, each file names its seal and is its reviewer's share of the seeded sample), at
 * least `minReviewers` per item and ordinal alpha's bootstrap lower bound at `minAlpha` or above, every item
 * rated and enough usable (adjudicated, else the median). A single review beside it is shown as such: it passes
 * only when one reviewer per item is enough.
 */
export function reviewGateFindings(cardText: string, card: unknown, locale: Locale, neighbours: Neighbours): Finding[] {
  // A card that claims no gated tier reads no review.
  if (reviewGate(card, undefined).kind === 'not-gated') return [];
  const reviewName = reviewFileNameFor(neighbours.fileName);
  if (neighbours.siblings && neighbours.siblings() === undefined) return [];
  const names = teamNames(neighbours);
  const adjudicationName = adjudicationFileNameFor(neighbours.fileName);
  const wanted = [reviewName, ...names, adjudicationName];
  const texts = wanted.map((name) => neighbours.read(name));
  if (wanted.some((name, i) => texts[i] === undefined && neighbours.pending?.(name))) return [];
  const [reviewText, ...rest] = texts;
  const adjudicationText = rest.pop();
  const team = names.flatMap((file, i) => (rest[i] === undefined ? [] : [{ file, review: parse(rest[i]) }]));
  const threshold: TeamGateThreshold = { ...DEFAULT_TEAM_GATE, ...neighbours.gate };
  const verdict = cardReviewGate(cardText, card, { single: parse(reviewText), team, adjudication: parse(adjudicationText) }, threshold);
  const at = { path: ['scores', 'quality_tier'] };
  switch (verdict.kind) {
    case 'not-gated':
      return [];
    case 'no-review':
      return [{ code: 'review-gate', message: msg(locale, 'reviewGateMissing', { tier: verdict.tier, review: reviewName }), at }];
    case 'single-short':
      return [
        {
          code: 'review-gate',
          message: msg(locale, 'reviewGateSingle', {
            tier: verdict.tier,
            review: reviewName,
            rated: verdict.summary.overall.rated,
            total: verdict.summary.overall.total,
            usable: verdict.summary.overall.usable_rate === null ? '—' : percent(verdict.summary.overall.usable_rate),
            needed: verdict.needed,
          }),
          at,
        },
      ];
    case 'team': {
      if (verdict.gate.kind !== 'failed') return [];
      const ignored = verdict.reading.ignored.map((i) => ignoredText(i.file, i.why, locale));
      const notes = ignored;
      return [
        {
          code: 'review-gate',
          message: msg(locale, 'reviewGateTeam', {
            tier: verdict.tier,
            count: verdict.reading.counted.length,
            reviewers: verdict.reading.counted.map((i) => String((i.review as { reviewer: unknown }).reviewer)).join(', '),
            why: teamGateReasons(verdict.gate.failures, locale).join('; '),
            adjudicated: verdict.gate.decided.adjudicated,
            median: verdict.gate.decided.median,
            notes: notes.length === 0 ? '' : ` ${notes.join('; ')}.`,
          }),
          at,
        },
      ];
    }
    case 'single':
      break;
  }
  const gate = threshold;
  const single = verdict.verdict;
  switch (single.kind) {
    case 'not-gated':
    case 'passed':
      return [];
    case 'no-review':
      return [{ code: 'review-gate', message: msg(locale, 'reviewGateMissing', { tier: single.tier, review: reviewName }), at }];
    case 'unbound':
      return [
        {
          code: 'review-gate',
          message: msg(locale, 'reviewGateUnbound', { tier: single.tier, review: reviewName, why: unboundReason(single.binding, locale) }),
          at,
        },
      ];
    case 'unrated':
      return [{ code: 'review-gate', message: msg(locale, 'reviewGateUnrated', { tier: single.tier, unrated: single.unrated }), at }];
    case 'too-few':
      return [
        { code: 'review-gate', message: msg(locale, 'reviewGateFew', { tier: single.tier, rated: single.summary.overall.rated, needed: gate.minRated }), at },
      ];
    case 'not-usable':
      return [
        {
          code: 'review-gate',
          message: msg(locale, 'reviewGateUsable', {
            tier: single.tier,
            usable: percent(single.summary.overall.usable_rate ?? 0),
            needed: percent(gate.minUsableRate),
          }),
          at,
        },
      ];
  }
}
