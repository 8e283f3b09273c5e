import * as path from 'node:path';

/** Tests always run from the repository root (`npm test`, `scripts/test-one.mjs`). */
export const repoRoot = process.env.EWB_REPO_ROOT ?? process.cwd();

export function fromRepo(...parts: string[]): string {
  return path.join(repoRoot, ...parts);
}

/** The read-only `shared/` folder that sits beside the checkout (specs, notes, reference data). */
export function fromShared(...parts: string[]): string {
  return path.join(repoRoot, '..', 'shared', ...parts);
}
