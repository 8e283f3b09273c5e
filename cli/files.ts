import * as fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import * as path from 'node:path';
import { MAX_NEIGHBOUR_BYTES, type Neighbours } from '../core/rules/review';
import { decodeJsonBytes, type DecodedText, type EncodingProblem } from '../core/document/encoding';
import { isJsonFileName, isSkippedFolder } from '../core/workspace/files';
import { NotRegularFileError, openRegularFile, UsageError, type CliIo } from './io';

/** A path that could not be searched or read; the run reports it as that path's error and goes on. */
export interface PathProblem {
  file: string;
  message: string;
  /** True for a path left out on purpose (a link to a folder): a note, not an error. */
  skipped?: boolean;
}

/**
 * Files named on the command line, with folders expanded to every `*.json` below them (sorted, stable), the
 * folders a workspace walk skips left out (`isSkippedFolder`: node_modules, build output, dot-folders).
 * Symbolic links to files are followed; links to folders are not (so no loop), and are reported. With
 * `problems`, a missing path, an unreadable folder or a link to a folder is collected there and the walk goes
 * on; without it, the first missing path throws.
 */
export function expandJsonPaths(inputs: readonly string[], cwd: string, problems?: PathProblem[]): string[] {
  if (inputs.length === 0) throw new UsageError('no PATH given');
  const out: string[] = [];
  const walked = { linked: false };
  const report = (file: string, message: string, skipped = false) => {
    if (problems) problems.push({ file, message, ...(skipped ? { skipped } : {}) });
    else if (!skipped) throw new Error(`${displayPath(file, cwd)}: ${message}`);
  };
  for (const input of inputs) {
    const full = path.resolve(cwd, input);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch (error) {
      report(full, describeFsError(error, 'no such file or folder'));
      continue;
    }
    // Anything else named explicitly (a FIFO, a device) is refused when read, not here.
    if (stat.isDirectory()) {
      const before = out.length;
      walk(full, out, report, walked);
      if (out.length === before) report(full, 'no *.json file in this folder', true);
    } else out.push(full);
  }
  // A file reached twice (named and inside a folder, or through a link) is checked once. One folder walked
  // without a link reaches each file once: its files are not resolved one by one (a system call or more each).
  if (inputs.length === 1 && !walked.linked) return out;
  const seen = new Set<string>();
  return out.filter((file) => {
    let real = file;
    try {
      real = fs.realpathSync(file);
    } catch {
      // unreadable: reported when read
    }
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
}

/** Adds the JSON files under `dir` to `out`; `walked.linked` tells whether a link to a file was among them. */
function walk(dir: string, out: string[], report: (file: string, message: string, skipped?: boolean) => void, walked: { linked: boolean }): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    report(dir, `cannot read folder (${describeFsError(error, 'unreadable')})`);
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name)) walk(full, out, report, walked);
    } else if (entry.isSymbolicLink()) {
      let target: fs.Stats | undefined;
      try {
        target = fs.statSync(full);
      } catch {
        // A dangling link: nothing to read, and nothing the user asked for by name.
      }
      if (target?.isDirectory()) report(full, 'symbolic link to a folder: not followed (name the folder to include it)', true);
      else if (target?.isFile() && isJsonFileName(entry.name)) {
        out.push(full);
        walked.linked = true;
      }
    } else if (entry.isFile() && isJsonFileName(entry.name)) out.push(full);
  }
}

function describeFsError(error: unknown, fallback: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return fallback;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? String(error);
}

/** How a file is named in output: relative to the working folder when inside it. */
export function displayPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return (rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file).split(path.sep).join('/');
}

/** Parses `--name value` / `--name=value` options and positional arguments; flags listed in `booleans` take no value. */
export function parseArgs(args: readonly string[], options: { values: readonly string[]; booleans?: readonly string[]; repeatable?: readonly string[] }) {
  const positional: string[] = [];
  const values: Record<string, string[]> = {};
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq > 0 ? eq : undefined);
    if (options.booleans?.includes(name)) {
      flags.add(name);
      continue;
    }
    if (!options.values.includes(name)) throw new UsageError(`unknown option --${name}`);
    const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (values[name] && !options.repeatable?.includes(name)) throw new UsageError(`--${name} given twice`);
    (values[name] ??= []).push(value);
  }
  return { positional, values, flags };
}

export function formatOption(value: string[] | undefined, allowed: readonly string[]): string {
  const format = value?.[0] ?? allowed[0];
  if (!allowed.includes(format)) throw new UsageError(`--format must be one of ${allowed.join(', ')}`);
  return format;
}

/** Reads a file named on the command line; a failure says which file and why (exit 2 in main). */
export function readText(file: string, io: CliIo): string {
  return readWith(file, io, (full) => io.readFile(full));
}

/**
 * A file's UTF-8 text, with the bytes it was decoded from when they are well-formed UTF-8 (a view the next read
 * reuses: use it before reading another file). An io without `readView` gives the text alone.
 */
export function readTextAndUtf8(file: string, io: CliIo): { text: string; utf8?: Uint8Array } {
  const view = io.readView?.bind(io);
  if (!view) return { text: readText(file, io) };
  const bytes = readWith(file, io, view);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return isUtf8(bytes) ? { text, utf8: bytes } : { text };
}

/** A JSON file named on the command line, parsed (a leading BOM skipped); bad JSON says which file and why. */
export function readJsonFile(file: string, io: CliIo): unknown {
  return parseJsonFile(file, readText(file, io), io);
}

/** `text`, read from `file`, parsed as `readJsonFile` parses it (for a caller that also keeps the text). */
export function parseJsonFile(file: string, text: string, io: CliIo): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch (error) {
    throw new Error(`${displayPath(path.resolve(io.cwd, file), io.cwd)}: not valid JSON (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
}

/**
 * Reads a JSON file as the harness would decode it: UTF-16 and invalid UTF-8 come back as a problem beside
 * the text (see `decodeJsonBytes`). An io without `readBytes` reads UTF-8 text with no such check.
 */
export function readJsonText(file: string, io: CliIo): DecodedText {
  const readBytes = io.readBytes?.bind(io);
  return readBytes ? decodeJsonBytes(readWith(file, io, readBytes)) : { text: readText(file, io) };
}

/** A file's bytes (an io without `readBytes` gives its UTF-8 text's), a failure naming the file. */
export function readBytes(file: string, io: CliIo): Uint8Array {
  const read = io.readBytes?.bind(io);
  return read ? readWith(file, io, read) : new TextEncoder().encode(readText(file, io));
}

/**
 * A file's bytes a chunk at a time (`size` bytes each, the last shorter), for inputs too large to hold whole: the
 * same checks and messages as `readBytes` (a folder, a pipe or a device refused; a read error named). Each chunk is
 * a fresh buffer, let go by the caller once used. The loop ends at the end of the file, or after as many chunks as
 * the file had bytes when opened allow (a file that keeps growing is read up to that size).
 */
export function* readChunks(file: string, io: CliIo, size = 1 << 20): Generator<Uint8Array> {
  const full = path.resolve(io.cwd, file);
  const { fd, size: limit } = readWith(file, io, openRegularFile);
  try {
    for (let at = 0; at < limit;) {
      const chunk = Buffer.alloc(Math.min(size, limit - at));
      let got: number;
      try {
        got = fs.readSync(fd, chunk, 0, chunk.length, at);
      } catch (error) {
        throw new Error(`${displayPath(full, io.cwd)}: cannot read (${describeFsError(error, 'ENOENT')})`, { cause: error });
      }
      if (got === 0) break;
      at += got;
      yield got === chunk.length ? chunk : chunk.subarray(0, got);
    }
  } finally {
    fs.closeSync(fd);
  }
}

function readWith<T>(file: string, io: CliIo, read: (full: string) => T): T {
  const full = path.resolve(io.cwd, file);
  try {
    return read(full);
  } catch (error) {
    if (error instanceof NotRegularFileError) throw new Error(`${displayPath(full, io.cwd)}: not a regular file (${error.what}); refused`, { cause: error });
    throw new Error(`${displayPath(full, io.cwd)}: cannot read (${describeFsError(error, 'ENOENT')})`, { cause: error });
  }
}

/** One line for an encoding problem, for the commands that stop at it (score, coverage). */
export function describeEncodingProblem(problem: EncodingProblem): string {
  return problem.kind === 'utf-16'
    ? `the file is UTF-16 (${problem.endianness}${problem.bom ? ', with a byte order mark' : ''}); the harness reads UTF-8 and json.load fails: save it as UTF-8`
    : `invalid UTF-8 at byte ${problem.byteOffset}; the harness's json.load raises UnicodeDecodeError`;
}

/**
 * The files beside `file` that its rules read (core's `Neighbours`): read on demand, relative to its folder,
 * only regular files up to MAX_NEIGHBOUR_BYTES; anything else reads as absent.
 */
export function neighboursOf(file: string, gate?: Neighbours['gate']): Neighbours {
  const dir = path.dirname(file);
  return {
    fileName: path.basename(file),
    read(relative) {
      try {
        const full = path.resolve(dir, relative);
        const stat = fs.statSync(full);
        if (!stat.isFile() || stat.size > MAX_NEIGHBOUR_BYTES) return undefined;
        return fs.readFileSync(full, 'utf8');
      } catch {
        return undefined;
      }
    },
    siblings() {
      try {
        return fs.readdirSync(dir);
      } catch {
        return [];
      }
    },
    ...(gate ? { gate } : {}),
  };
}
