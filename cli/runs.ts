import * as fs from 'node:fs';
import * as path from 'node:path';
import { JsonStreamParser } from '../core/jsonStream';
import { CardResultsSink, readRuns, readStreamedCard } from '../core/runs/read';
import type { ReadRunsResult, Run, RunItem } from '../core/runs/types';
import { displayPath, expandJsonPaths, readChunks, readText, type PathProblem } from './files';
import type { CliIo } from './io';
import { appendAll } from '../core/arrays';

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
export function loadRuns(inputs: readonly string[], io: CliIo, options: { inPieces?: boolean } = {}): LoadedRuns {
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
      const read = (options.inPieces && io.readBytes && readCardInPieces(file, shown, io, runs)) || readWhole(file, shown, io);
      if (read.ok) appendAll(runs, read.runs);
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

/**
 * Bytes read at a time for a card read in pieces: small enough that each decoded piece is a young object that dies
 * young (V8 puts a string over 128 KiB among large objects, freed only by a full collection, so the pieces of a
 * whole file would pile up between collections).
 */
const PIECE_BYTES = 1 << 15;

function readWhole(file: string, shown: string, io: CliIo): ReadRunsResult {
  const text = readText(file, io);
  return readRuns(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown, shown);
}

/**
 * A run card read a megabyte at a time (UTF-8, a leading BOM skipped, as `readWhole` reads it): each result kept
 * as its run item alone, never the whole text or the whole parsed card, and a text equal to the same item's in a
 * run read before kept once. Null for anything else (another format, bytes that are not UTF-8, JSON that does not
 * parse, a read that fails): `readWhole` then reads it, with the same result and message as always.
 */
export function readCardInPieces(file: string, shown: string, io: CliIo, before: readonly Run[]): ReadRunsResult | null {
  const previous = before.length ? new Map<string, RunItem>() : undefined;
  if (previous) for (const item of before[before.length - 1].items) if (!previous.has(item.key)) previous.set(item.key, item);
  const sinks: CardResultsSink[] = [];
  const parser = new JsonStreamParser({
    streamMember: (key) => {
      if (key !== 'results') return null;
      const sink = new CardResultsSink(previous);
      sinks.push(sink);
      return sink;
    },
  });
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const chunk of readChunks(file, io, PIECE_BYTES)) parser.push(decoder.decode(chunk, { stream: true }));
    parser.push(decoder.decode());
    return readStreamedCard(parser.end(), shown, sinks);
  } catch {
    return null;
  }
}
