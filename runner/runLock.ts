import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { journalDir } from './journal';

/**
 * One run at a time per output folder. Two runs writing the same folder would resume the same journal and
 * send the same requests twice, and race on the same file names. The lock is a file created exclusively
 * (complete before it appears: written under a temporary name, then hard-linked into place) holding who
 * holds it; a lock left by a process that is gone (same host, pid not running) is taken over.
 */
export interface LockOwner {
  pid: number;
  host: string;
  started_at: string;
}

export class RunLockedError extends Error {
  constructor(
    readonly outDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `another run (pid ${owner.pid} on ${owner.host}, started ${owner.started_at}) is writing to ${outDir}: wait for it to end, or give this run another output folder`,
    );
  }
}

export function lockFileOf(outDir: string): string {
  return path.join(journalDir(outDir), 'run.lock');
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner> | null;
    if (value && typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.started_at === 'string')
      return { pid: value.pid, host: value.host, started_at: value.started_at };
  } catch {
    // unreadable or damaged: treated as no owner
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `file` holding `text` only if it does not exist; false when it does. */
function createExclusive(file: string, text: string): boolean {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temp, text);
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: an exclusive create (briefly empty before the write).
    try {
      fs.writeFileSync(file, text, { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Takes the output folder's lock, or throws `RunLockedError` naming the run that holds it. Returns the release. */
export function lockOutputFolder(outDir: string, now: Date = new Date()): () => void {
  const file = lockFileOf(outDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me: LockOwner = { pid: process.pid, host: os.hostname(), started_at: now.toISOString() };
  const text = JSON.stringify(me) + '\n';
  for (let attempt = 0; attempt < 2; attempt++) {
    if (createExclusive(file, text)) {
      return () => {
        const owner = readOwner(file);
        if (owner && owner.pid === me.pid && owner.started_at === me.started_at && owner.host === me.host) fs.rmSync(file, { force: true });
      };
    }
    const owner = readOwner(file);
    const stale = !owner || (owner.host === me.host && owner.pid !== process.pid && !isRunning(owner.pid));
    if (!stale) throw new RunLockedError(outDir, owner);
    fs.rmSync(file, { force: true });
  }
  const owner = readOwner(file);
  throw new RunLockedError(outDir, owner ?? { pid: 0, host: 'unknown', started_at: 'unknown' });
}
