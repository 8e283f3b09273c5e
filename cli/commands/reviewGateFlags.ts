import type { TeamGateThreshold } from '../../core/review/agreement';
import { REVIEW_GATE_LIMITS } from '../../core/review/team';
import { numberFlag } from '../flags';

/** `--min-reviewers N` and `--min-alpha A`: the §7.2 team gate's thresholds (the settings `ewebench.review.minReviewers` and `minAlpha`). */
export function gateFlags(values: Record<string, string[] | undefined>): Partial<TeamGateThreshold> {
  const minReviewers = numberFlag('min-reviewers', values['min-reviewers']?.[0], REVIEW_GATE_LIMITS.minReviewers);
  const minAlpha = numberFlag('min-alpha', values['min-alpha']?.[0], REVIEW_GATE_LIMITS.minAlpha);
  return { ...(minReviewers !== undefined ? { minReviewers } : {}), ...(minAlpha !== undefined ? { minAlphaLower: minAlpha } : {}) };
}
