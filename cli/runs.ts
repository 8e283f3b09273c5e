import * as fs from 'node:fs';
import * as path from 'node:path';
import { readRuns } from '../core/runs/read';
import type { Run } from '../core/runs/types';
import { displayPath, expandJsonPaths, readText, type PathProblem } from './files';
import type { CliIo } from './io';

/**
 * The largest file read as a run (a 20,000-entry run card is about 20 MB): a larger one is named and left out,
 * never parsed.
 */
export const MAX_RUN_FILE_BYTES = 256 * 1024 * 1024;

export interface LoadedRuns {
  runs: Run[];
  /** Files that could not be read, or named explicitly and not a run: the command reports them (exit 2). */
  problems: PathProblem[];
  /** Files met inside a folder that are not runs (tests, corpora): left out quietly, counted. */
  skipped: number;
}

/**
 * The runs in the files and folders given (folders expanded as `validate` expands them). A file named on the
 * command line that is not a run is a problem; one found inside a folder is skipped (a workspace holds tests
 * and corpora beside its results).
 */
export function loadRuns(inputs: readonly string[], io: CliIo): LoadedRuns {
  const problems: PathProblem[] = [];
  const named = new Set(inputs.map((i) => path.resolve(io.cwd, i)));
  const files = expandJsonPaths(inputs, io.cwd, problems);
  const runs: Run[] = [];
  let skipped = 0;
  for (const file of files) {
    const shown = displayPath(file, io.cwd);
    try {
      const size = fs.statSync(file).size;
      if (size > MAX_RUN_FILE_BYTES) {
        problems.push({ file, message: `larger than ${MAX_RUN_FILE_BYTES / 1024 / 1024} MiB: not read as a run` });
        continue;
      }
      const text = readText(file, io);
      const read = readRuns(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown, shown);
      if (read.ok) runs.push(...read.runs);
      // A run with a score out of range is invalid input wherever it was found: never skipped quietly.
      else if (read.reason === 'out-of-range') problems.push({ file, message: read.detail });
      else if (named.has(file)) problems.push({ file, message: `not a run: ${read.detail}` });
      else skipped++;
    } catch (error) {
      if (named.has(file))
        problems.push({ file, message: error instanceof SyntaxError ? `not valid JSON (${error.message})` : String((error as Error).message ?? error) });
      else skipped++;
    }
  }
  return { runs, problems: problems.filter((p) => !p.skipped), skipped };
}
