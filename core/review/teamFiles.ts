import { isObject } from '../json';

/**
 * The names of a team review's files beside a card, and how an adjudication is told apart: a module of its own,
 * with no statistics, so the editor's activation reads names without loading the gate (team.ts, adjudication.ts).
 */

/** `<card>.review.<reviewer>.json` beside `<card>.json`: the names `review sample --reviewers` writes. */
export function isTeamReviewFileName(cardFileName: string, fileName: string): boolean {
  const prefix = `${cardFileName.replace(/\.json$/i, '')}.review.`;
  return fileName.startsWith(prefix) && /\.json$/i.test(fileName) && fileName.length > prefix.length + '.json'.length && !/[\\/]/.test(fileName);
}

/** Files read per card at most (a folder of forged copies is read no further). */
export const MAX_TEAM_FILES = 200;

/** `<card>.adjudication.json` beside `<card>.json`: where the editor and the gate look for it. */
export function adjudicationFileNameFor(cardFileName: string): string {
  return `${cardFileName.replace(/\.json$/i, '')}.adjudication.json`;
}

export function isAdjudication(value: unknown): boolean {
  return isObject(value) && 'adjudication_version' in value && Array.isArray(value.items);
}
