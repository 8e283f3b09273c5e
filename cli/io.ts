import * as fs from 'node:fs';

/** What a CLI command may touch: output streams, the working folder and file reads (so tests can capture output). */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  readFile(path: string): string;
  /** The raw bytes, for the encoding checks (UTF-16, invalid UTF-8); without it files are read as UTF-8 text. */
  readBytes?(path: string): Uint8Array;
  /** Environment variables (keys for `run`); the process's when absent. */
  env?: NodeJS.ProcessEnv;
  /** Whether stderr is a terminal (progress bars only then). */
  stderrIsTTY?: boolean;
  /** Cancels a long command (`run`); the process entry point wires Ctrl-C to it. */
  signal?: AbortSignal;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  readFile: (path) => fs.readFileSync(path, 'utf8'),
  readBytes: (path) => fs.readFileSync(path),
  env: process.env,
  get stderrIsTTY() {
    return process.stderr.isTTY === true;
  },
};

/** Thrown for bad command lines; main prints the message and exits with 2. */
export class UsageError extends Error {}
