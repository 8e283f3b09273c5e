import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, type CliIo } from './io';

const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/** Files named on the command line, with folders expanded to every `*.json` below them (sorted, stable). */
export function expandJsonPaths(inputs: readonly string[], cwd: string): string[] {
  if (inputs.length === 0) throw new UsageError('no PATH given');
  const out: string[] = [];
  for (const input of inputs) {
    const full = path.resolve(cwd, input);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      throw new Error(`${input}: no such file or folder`);
    }
    if (stat.isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return [...new Set(out)];
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) out.push(...walk(full));
    } else if (entry.isFile() && entry.name.endsWith('.json')) out.push(full);
  }
  return out;
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
  const full = path.resolve(io.cwd, file);
  try {
    return io.readFile(full);
  } catch (error) {
    throw new Error(`${displayPath(full, io.cwd)}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
  }
}
