import * as fs from 'node:fs';

/** What a CLI command may touch: output streams, the working folder and file reads (so tests can capture output). */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** A file's UTF-8 text; the process's io refuses a folder, a pipe or a device (`NotRegularFileError`). */
  readFile(path: string): string;
  /** The raw bytes, for the encoding checks (UTF-16, invalid UTF-8); without it files are read as UTF-8 text. */
  readBytes?(path: string): Uint8Array;
  /** The raw bytes in a buffer the next read reuses (no copy: a command reading thousands of files uses each at once). */
  readView?(path: string): Uint8Array;
  /** Environment variables (keys for `run`); the process's when absent. */
  env?: NodeJS.ProcessEnv;
  /** Whether stderr is a terminal (progress bars only then). */
  stderrIsTTY?: boolean;
  /** Cancels a long command (`run`); the process entry point wires Ctrl-C to it. */
  signal?: AbortSignal;
  /** Asks a yes/no question on the terminal; absent when there is no terminal to ask on (`bench` then needs --yes). */
  confirm?(question: string): Promise<boolean>;
}

/** Thrown by `openRegularFile` for a path that is not a regular file. */
export class NotRegularFileError extends Error {
  constructor(readonly what: 'a folder' | 'a pipe, socket or device') {
    super(`not a regular file (${what})`);
  }
}

/**
 * Opens a regular file for reading, with its size; a folder, a pipe, a socket or a device is refused. Opened
 * without blocking (a pipe opened for reading would wait for a writer forever), then checked on the descriptor:
 * one path lookup, and no window between the check and the read.
 */
export function openRegularFile(path: string): { fd: number; size: number } {
  const fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new NotRegularFileError(stat.isDirectory() ? 'a folder' : 'a pipe, socket or device');
    return { fd, size: stat.size };
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

/** The buffer whole-file reads go through, kept between reads (a leaderboard reads thousands of cards). */
let readBuffer = Buffer.allocUnsafe(1 << 16);
/** A buffer grown past this for one large file is let go after it. */
const KEPT_READ_BUFFER = 1 << 22;

/** A regular file's bytes, read into `readBuffer` (the size it had when opened), handed to `use`. */
function readWhole<T>(path: string, use: (bytes: Buffer) => T): T {
  const { fd, size } = openRegularFile(path);
  try {
    if (readBuffer.length < size + 1) readBuffer = Buffer.allocUnsafe(size + 1);
    let length = 0;
    // The size fstat gave, as fs.readFileSync reads (no second read to find the end); to the end when it gave none
    // (a file whose size the system does not know). Each pass reads at least one byte or ends.
    while (size === 0 || length < size) {
      if (length === readBuffer.length) {
        const grown = Buffer.allocUnsafe(readBuffer.length * 2);
        readBuffer.copy(grown, 0, 0, length);
        readBuffer = grown;
      }
      const got = fs.readSync(fd, readBuffer, length, readBuffer.length - length, null);
      if (got === 0) break;
      length += got;
    }
    return use(readBuffer.subarray(0, length));
  } finally {
    fs.closeSync(fd);
    if (readBuffer.length > KEPT_READ_BUFFER) readBuffer = Buffer.allocUnsafe(1 << 16);
  }
}

/** A regular file's text, decoded as UTF-8 (`fs.readFileSync(path, 'utf8')`, a folder or a pipe refused). */
export function readRegularText(path: string): string {
  return readWhole(path, (bytes) => bytes.toString('utf8'));
}

/** A regular file's bytes in the buffer the next read reuses (a folder or a pipe refused). */
export function readRegularView(path: string): Buffer {
  return readWhole(path, (bytes) => bytes);
}

/** A regular file's bytes, a copy the caller keeps (a folder or a pipe refused). */
export function readRegularBytes(path: string): Buffer {
  return readWhole(path, (bytes) => Buffer.from(bytes));
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
  readFile: readRegularText,
  readBytes: readRegularBytes,
  readView: readRegularView,
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
