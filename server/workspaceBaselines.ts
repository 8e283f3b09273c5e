import type { AuditOptions } from '../core/audit/auditTest';
import type { Baseline } from '../core/audit/baselines';
import { BASELINES_FILE_NAME, extraBaselines, MAX_BASELINES_BYTES, MAX_EXTRA_BASELINES } from '../core/audit/extraBaselines';
import type { Locale } from '../core/i18n/locale';
import { msg } from '../core/rules/messages';
import type { FileRead, WorkspaceFiles } from './host';

/** A limit a baselines file went past: published as a `baselines-limit` diagnostic on that file. */
export interface BaselinesLimit {
  uri: string;
  message: string;
}

export interface WorkspaceBaselines {
  /** The audit options every validation uses: the workspace's extra baselines, when a valid file has them. */
  options?: AuditOptions;
  /** Why a baselines file was not used (unreadable, not JSON, against its schema), one line per file. */
  problems: string[];
  /** Files past a limit (too many bytes: not read; too many baselines: the first ones used). */
  limits: BaselinesLimit[];
}

/**
 * Reads `ewebench-baselines.json` at the top of each workspace folder; the baselines of every valid file add up.
 * A file larger than `MAX_BASELINES_BYTES` is not read; of a file listing more than `MAX_EXTRA_BASELINES`, the
 * first ones are used. Either is reported on the file (`limits`).
 */
export async function loadWorkspaceBaselines(files: WorkspaceFiles, roots: readonly string[], locale: Locale = 'en'): Promise<WorkspaceBaselines> {
  const problems: string[] = [];
  const limits: BaselinesLimit[] = [];
  const extra: Baseline[] = [];
  for (const root of roots) {
    const uri = `${root.replace(/\/+$/, '')}/${BASELINES_FILE_NAME}`;
    const file = files.displayName(uri);
    let read: FileRead;
    try {
      read = await files.read(uri, MAX_BASELINES_BYTES);
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      continue;
    }
    if (!read) continue;
    if ('size' in read) {
      const message = msg(locale, 'baselinesTooLarge', { size: read.size, limit: MAX_BASELINES_BYTES });
      limits.push({ uri, message });
      problems.push(`${file}: ${message}`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(read.text);
    } catch (error) {
      problems.push(`${file}: not JSON (${(error as Error).message})`);
      continue;
    }
    const result = extraBaselines(value);
    if ('errors' in result) {
      problems.push(`${file}: ${result.errors.join('; ')}`);
      continue;
    }
    extra.push(...result.baselines);
    if (result.ignored) {
      const message = msg(locale, 'baselinesTooMany', { count: result.baselines.length + result.ignored, limit: MAX_EXTRA_BASELINES, ignored: result.ignored });
      limits.push({ uri, message });
      problems.push(`${file}: ${message}`);
    }
  }
  return { options: extra.length ? { extra } : undefined, problems, limits };
}

/** Whether a watched-file event concerns a baselines file. */
export function isBaselinesFile(uri: string): boolean {
  return uri.endsWith(`/${BASELINES_FILE_NAME}`);
}
