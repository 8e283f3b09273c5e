import * as path from 'node:path';

/** Tests always run from the repository root (`npm test`, `scripts/test-one.mjs`). */
export const repoRoot = process.env.EWB_REPO_ROOT ?? process.cwd();

export function fromRepo(...parts: string[]): string {
  return path.join(repoRoot, ...parts);
}
