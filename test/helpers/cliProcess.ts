import { spawn, type ChildProcess } from 'node:child_process';
import { fromRepo } from './paths';

export interface CliProcess {
  child: ChildProcess;
  /** Everything written so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real CLI as users start it (`node bin/ewebench-studio.js …`, the bundled dist/cli.js) in its own process,
 * for what only a process has: signals, exit codes, pipes closed early.
 */
export function spawnCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): CliProcess {
  const child = spawn(process.execPath, [fromRepo('bin', 'ewebench-studio.js'), ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    exited,
  };
}

/** Waits until `check` holds, polling; fails after a generous deadline (the bug this guards against is "never"). */
export async function eventually(check: () => boolean, what: string, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The promise's value, or a failure naming what never finished after a generous deadline. */
export async function finishes<T>(promise: Promise<T>, what: string, deadlineMs = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`never finished: ${what}`)), deadlineMs)));
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
