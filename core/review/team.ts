import { isObject } from '../json';
import { readAdjudication, type AdjudicationReading } from './adjudication';
import { adjudicationFileNameFor, isTeamReviewFileName, MAX_TEAM_FILES } from './teamFiles';

export { isTeamReviewFileName, MAX_TEAM_FILES } from './teamFiles';
import {
  DEFAULT_TEAM_GATE,
  reviewAgreement,
  teamGate,
  type AgreementReport,
  type ReviewInput,
  type TeamGateThreshold,
  type TeamGateVerdict,
} from './agreement';
import { declaredAssignment, MAX_REVIEWERS } from './assignment';
import { withinLimit, type NumberLimit } from '../spec/limits';
import { bindReview, cardGate, type CardGateVerdict, type ReviewBinding } from './binding';
import { reviewGate, summarizeReview, type Assignment, type ReviewSummary } from './review';

/**
 * A card's team (issue #34, the §7.2 gate with several reviewers): which of the review files beside a card count.
 * The card is the authority: a file counts only when `bindReview` binds it to the card as it is now (the card
 * verifies, the file names its seal, its items are its reviewer's share of the seeded sample, in that reviewer's
 * own seeded order), it declares a team assignment, it shares the assignment the most files share, and its
 * reviewer is not already counted. So a file copied from a colleague's with the name changed (its order and
 * share are the colleague's, not the new name's), a file of another card, or a second copy under another file
 * name never adds a reviewer. Pure: the adapters list and read the files.
 */

/** Why a file beside the card does not count for its team. */
export type TeamIgnored =
  | { kind: 'unbound'; binding: Exclude<ReviewBinding, { kind: 'bound' }> }
  /** Bound, but a single reviewer's file (no `assignment`): it is the card's single review, not a team share. */
  | { kind: 'not-team' }
  /** Bound to another assignment of the same card (another reviewer list or overlap) than the team's. */
  | { kind: 'other-assignment' }
  /** A second file of a reviewer already counted. */
  | { kind: 'repeated-reviewer'; reviewer: string };

export interface TeamReading {
  /** The files that count, one per reviewer, sorted by file. */
  counted: ReviewInput[];
  ignored: { file: string; why: TeamIgnored }[];
  /** The team's assignment, when any file counts. */
  assignment?: Assignment;
}

const assignmentKey = (review: unknown, a: Assignment) => {
  const sample = isObject(review) && isObject(review.sample) ? review.sample : {};
  return JSON.stringify([String(sample.sample_hash), a.reviewers, a.overlap]);
};

/** Which files count for the card's team, and why the others do not. */
export function readTeam(cardText: string, card: unknown, files: readonly ReviewInput[]): TeamReading {
  const ignored: TeamReading['ignored'] = [];
  const bound: { input: ReviewInput; assignment: Assignment; key: string }[] = [];
  const sorted = [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)).slice(0, MAX_TEAM_FILES);
  for (const input of sorted) {
    const binding = bindReview(cardText, input.review, card);
    if (binding.kind !== 'bound') {
      ignored.push({ file: input.file, why: { kind: 'unbound', binding } });
      continue;
    }
    const assignment = declaredAssignment(input.review);
    if (assignment === undefined || assignment === 'malformed') {
      ignored.push({ file: input.file, why: { kind: 'not-team' } });
      continue;
    }
    bound.push({ input, assignment, key: assignmentKey(input.review, assignment) });
  }
  // The team is the assignment most bound files share (the first in file order on a tie).
  const sizes = new Map<string, number>();
  for (const b of bound) sizes.set(b.key, (sizes.get(b.key) ?? 0) + 1);
  let team: string | undefined;
  for (const b of bound) if (team === undefined || sizes.get(b.key)! > sizes.get(team)!) team = b.key;
  const counted: ReviewInput[] = [];
  const seen = new Set<string>();
  let assignment: Assignment | undefined;
  for (const b of bound) {
    const reviewer = String((b.input.review as { reviewer: unknown }).reviewer);
    if (b.key !== team) ignored.push({ file: b.input.file, why: { kind: 'other-assignment' } });
    else if (seen.has(reviewer)) ignored.push({ file: b.input.file, why: { kind: 'repeated-reviewer', reviewer } });
    else {
      seen.add(reviewer);
      counted.push(b.input);
      assignment = b.assignment;
    }
  }
  return { counted, ignored, ...(assignment ? { assignment } : {}) };
}

/**
 * The §7.2 gate on a card as the validator, the editor and the leaderboard read it: the team's files when any
 * counts (alpha's bootstrap lower bound and the reviewers per item checked, each item's team rating adjudicated or
 * the median), else the card's single review (`<card>.review.json`), which passes only when one reviewer per item
 * is enough (`minReviewers` 1), else still shows its summary, marked as a single review.
 */
export type CardReviewVerdict =
  | { kind: 'not-gated' }
  | { kind: 'no-review'; tier: string }
  /** The single review's own verdict (its binding, its ratings), with `minReviewers` 1. */
  | { kind: 'single'; verdict: CardGateVerdict; summary: ReviewSummary | undefined }
  /** A single review bound to the card, when the gate asks more reviewers per item than one. */
  | { kind: 'single-short'; tier: string; summary: ReviewSummary; needed: number }
  | {
      kind: 'team';
      tier: string;
      reading: TeamReading;
      report: AgreementReport;
      gate: TeamGateVerdict;
      adjudication?: AdjudicationReading;
    };

export interface CardReviewFiles {
  /** `<card>.review.json`, parsed, when there is one. */
  single?: unknown;
  /** The `<card>.review.<name>.json` files beside the card, parsed. */
  team: readonly ReviewInput[];
  /** `<card>.adjudication.json`, parsed, when there is one. */
  adjudication?: unknown;
}

function tierOf(card: unknown): string {
  const scores = isObject(card) && isObject(card.scores) ? card.scores : {};
  return typeof scores.quality_tier === 'string' ? scores.quality_tier.toLowerCase() : '';
}

export function cardReviewGate(
  cardText: string,
  card: unknown,
  files: CardReviewFiles,
  threshold: TeamGateThreshold = DEFAULT_TEAM_GATE,
  options: { nBootstrap?: number; seed?: number } = {},
): CardReviewVerdict {
  const reading = readTeam(cardText, card, files.team);
  if (reading.counted.length > 0) {
    const report = reviewAgreement(reading.counted, options);
    const adjudication = files.adjudication === undefined ? undefined : readAdjudication(files.adjudication, reading.counted);
    const gate = teamGate(card, reading.counted, report, threshold, adjudication?.decisions);
    return { kind: 'team', tier: tierOf(card), reading, report, gate, ...(adjudication ? { adjudication } : {}) };
  }
  const gated = reviewGate(card, undefined).kind !== 'not-gated';
  if (files.single === undefined) return gated ? { kind: 'no-review', tier: tierOf(card) } : { kind: 'not-gated' };
  const verdict = cardGate(cardText, files.single, threshold, card);
  const summary = isObject(files.single) && Array.isArray(files.single.items) ? summarizeReview(files.single) : undefined;
  if (threshold.minReviewers > 1 && gated && summary && verdict.kind !== 'unbound' && verdict.kind !== 'no-review')
    return { kind: 'single-short', tier: tierOf(card), summary, needed: threshold.minReviewers };
  return { kind: 'single', verdict, summary };
}

/** Whether a card's verdict lets its tier stand (below Deployable nothing is asked). */
export function cardReviewPassed(verdict: CardReviewVerdict): boolean {
  switch (verdict.kind) {
    case 'not-gated':
      return true;
    case 'no-review':
    case 'single-short':
      return false;
    case 'single':
      return verdict.verdict.kind === 'passed' || verdict.verdict.kind === 'not-gated';
    case 'team':
      return verdict.gate.kind !== 'failed';
  }
}

/** The gate's two team settings (`ewebench.review.minReviewers`, `ewebench.review.minAlpha`; the CLI's `--min-reviewers`, `--min-alpha`). */
export const REVIEW_GATE_LIMITS = {
  minReviewers: { min: 1, max: MAX_REVIEWERS, integer: true, noun: 'a whole number' },
  minAlpha: { min: 0, max: 1, integer: false, noun: 'a number' },
} as const satisfies Record<string, NumberLimit>;

/** The thresholds a settings object gives (a value out of range is left at its default). */
export function gateSettings(raw: unknown): Partial<TeamGateThreshold> {
  const obj = isObject(raw) ? raw : {};
  const out: Partial<TeamGateThreshold> = {};
  if (typeof obj.minReviewers === 'number' && withinLimit(obj.minReviewers, REVIEW_GATE_LIMITS.minReviewers)) out.minReviewers = obj.minReviewers;
  if (typeof obj.minAlpha === 'number' && withinLimit(obj.minAlpha, REVIEW_GATE_LIMITS.minAlpha)) out.minAlphaLower = obj.minAlpha;
  return out;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A card's team files and adjudication beside it, from the names in its folder and a reader of their texts (the
 * CLI's disk, the editor's file system): at most `MAX_TEAM_FILES`, in name order; a file that is not JSON is left
 * out (the validator reports it on the file itself).
 */
export async function teamFilesBeside(
  cardFileName: string,
  names: readonly string[],
  read: (name: string) => string | undefined | Promise<string | undefined>,
): Promise<{ team: ReviewInput[]; adjudication?: unknown }> {
  const wanted = names
    .filter((name) => isTeamReviewFileName(cardFileName, name))
    .sort()
    .slice(0, MAX_TEAM_FILES);
  const team: ReviewInput[] = [];
  for (const file of wanted) {
    const review = parseJson(await read(file));
    if (review !== undefined) team.push({ file, review });
  }
  const adjudicationName = adjudicationFileNameFor(cardFileName);
  const adjudication = names.includes(adjudicationName) ? parseJson(await read(adjudicationName)) : undefined;
  return { team, ...(adjudication !== undefined ? { adjudication } : {}) };
}
