import * as fs from 'node:fs';

/** What a CLI command may touch: output streams, the working folder and file reads (so tests can capture output). */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  readFile(path: string): string;
  /** The raw bytes, for the encoding checks (UTF-16, invalid UTF-8); without it files are read as UTF-8 text. */
  readBytes?(path: string): Uint8Array;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  readFile: (path) => fs.readFileSync(path, 'utf8'),
  readBytes: (path) => fs.readFileSync(path),
};

/** Thrown for bad command lines; main prints the message and exits with 2. */
export class UsageError extends Error {}
