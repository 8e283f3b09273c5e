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
  /** Asks a yes/no question on the terminal; absent when there is no terminal to ask on (`bench` then needs --yes). */
  confirm?(question: string): Promise<boolean>;
}

/** Streams whose reader has gone (`… | head`): nothing more is written to them. */
const closedStreams = new WeakSet<NodeJS.WriteStream>();

function writeTo(stream: NodeJS.WriteStream, text: string): void {
  if (!closedStreams.has(stream)) stream.write(text);
}

/**
 * Makes a closed pipe quiet for every command: when the reader of stdout or stderr goes away (`run … | head`,
 * `audit … | head -c 300`), the write's EPIPE stops further output to that stream instead of crashing with a
 * stack trace; the command still finishes (a run still writes its results) and exits with its own code. The
 * process entry point calls this once.
 */
export function quietOnClosedPipes(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') {
        closedStreams.add(stream);
        return;
      }
      throw error;
    });
  }
}

export const processIo: CliIo = {
  stdout: (text) => writeTo(process.stdout, text),
  stderr: (text) => writeTo(process.stderr, text),
  cwd: process.cwd(),
  readFile: (path) => fs.readFileSync(path, 'utf8'),
  readBytes: (path) => fs.readFileSync(path),
  env: process.env,
  get stderrIsTTY() {
    return process.stderr.isTTY === true;
  },
  get confirm() {
    return process.stdin.isTTY === true && process.stderr.isTTY === true ? askOnTerminal : undefined;
  },
};

/** One line read from the terminal: yes for `y` or `yes` (any case), no for anything else or the end of input (Ctrl-D). */
async function askOnTerminal(question: string): Promise<boolean> {
  const readline = await import('node:readline/promises');
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await new Promise<boolean>((resolve) => {
      rl.once('close', () => resolve(false));
      rl.question(question).then(
        (answer) => resolve(/^\s*y(es)?\s*$/i.test(answer)),
        () => resolve(false),
      );
    });
  } finally {
    rl.close();
  }
}

/** Thrown for bad command lines; main prints the message and exits with 2. */
export class UsageError extends Error {}
