import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { AuditOptions } from '../core/audit/auditTest';
import type { Baseline } from '../core/audit/baselines';
import { BASELINES_FILE_NAME, extraBaselines } from '../core/audit/extraBaselines';

export interface WorkspaceBaselines {
  /** The audit options every validation uses: the workspace's extra baselines, when a valid file has them. */
  options?: AuditOptions;
  /** Why a baselines file was not used (unreadable, not JSON, against its schema), one line per file. */
  problems: string[];
}

/** Reads `ewebench-baselines.json` at the top of each workspace folder; the baselines of every valid file add up. */
export async function loadWorkspaceBaselines(roots: readonly string[]): Promise<WorkspaceBaselines> {
  const problems: string[] = [];
  const extra: Baseline[] = [];
  for (const root of roots) {
    const file = path.join(root, BASELINES_FILE_NAME);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(`${file}: ${(error as Error).message}`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push(`${file}: not JSON (${(error as Error).message})`);
      continue;
    }
    const result = extraBaselines(value);
    if ('errors' in result) problems.push(`${file}: ${result.errors.join('; ')}`);
    else extra.push(...result.baselines);
  }
  return { options: extra.length ? { extra } : undefined, problems };
}

/** Whether a watched-file event concerns a baselines file. */
export function isBaselinesFile(uri: string): boolean {
  return uri.endsWith(`/${BASELINES_FILE_NAME}`);
}
