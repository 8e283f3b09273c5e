import * as fs from 'node:fs';
import * as path from 'node:path';
import { runText, type RunText } from '../core/i18n/runMessages';
import { OutputWriteError } from './run/storage';

export { OutputWriteError } from './run/storage';
export { runCardFileName } from './run/outputFiles';

/** Symbolic links followed to a write's target, at most (Linux's own limit): a loop is refused, not followed forever. */
export const MAX_SYMLINK_HOPS = 40;

export interface WriteOptions {
  /**
   * The files the command read: the output may be none of them (by path, through symbolic links, or as a hard
   * link to the same inode). Paths that do not exist are ignored.
   */
  inputs?: readonly string[];
  /** How a refusal names a file (the CLI: relative to the working folder); the path as given by default. */
  show?: (file: string) => string;
  /** The file write itself (a test injects one that fails halfway). */
  write?: (file: string, text: string) => void;
}

/**
 * Writes a file through a temporary name and a rename: a reader sees the old file or the new, never half. The
 * one home of the rules every write of ours keeps:
 *
 * - a symbolic link is written through: its target (followed at most `MAX_SYMLINK_HOPS` links) gets the text,
 *   the link stays a link;
 * - an existing target keeps its mode (a 0600 corpus stays 0600, never becomes 0644) and, where the system lets
 *   us, its owner;
 * - a target without its owner's write bit (0444, 0400) is refused as read-only, also for root, who could write it;
 *   one the user may not write (someone else's) is refused too, though a rename in its folder would replace it;
 * - a target that is one of `inputs` (same real path, or same device and inode) is refused: the input stays
 *   byte for byte as it was;
 * - a folder or a special file is refused.
 *
 * A refusal happens before anything is written. On any failure the temporary file is removed (a full disk
 * leaves no `.tmp` behind) and an `OutputWriteError` names the file.
 */
export function writeFileAtomic(file: string, text: string, options: WriteOptions = {}): void {
  const write = options.write ?? ((f: string, t: string) => fs.writeFileSync(f, t));
  const { target, existing, temp } = planWrite(file, options);
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    write(temp, text);
    if (existing) keepModeAndOwner(temp, existing);
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new OutputWriteError(file, (error as NodeJS.ErrnoException).code, { cause: error });
  }
}

/**
 * Where a write of `file` lands (`writeTarget`), what is there now, and the temporary name beside it; refuses,
 * before anything is written, a target the rules above forbid. The one start of both writers.
 */
function planWrite(file: string, options: Pick<WriteOptions, 'inputs' | 'show'>): { target: string; existing: fs.Stats | undefined; temp: string } {
  const show = options.show ?? ((f: string) => f);
  const target = writeTarget(file, show);
  const existing = statOrUndefined(target);
  if (existing) refuseToReplace(file, target, existing, options.inputs ?? [], show);
  return { target, existing, temp: `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp` };
}

/** How `writeFileAtomicPieces` gives a file its text: a piece at a time, in order. */
export type PieceWriter = (piece: string) => void;

/** What `writeFileAtomicPieces` gathers before writing to the temporary file (the write is one system call per batch). */
const PIECES_BATCH = 1 << 20;

/**
 * `writeFileAtomic` for a text made a piece at a time, too large to hold whole (an import of a million rows):
 * `fill` gives the pieces in order to the writer it is handed, and says whether to keep them. The same rules as
 * `writeFileAtomic` (refusals before anything is written, through symbolic links, the target's mode kept, a reader
 * sees the old file or the new); when `fill` returns false or throws, the temporary file is removed and the target
 * is untouched (what `fill` threw is thrown as it is; a failed write is an `OutputWriteError` naming the file).
 * Returns whether the file was written.
 */
export function writeFileAtomicPieces(file: string, fill: (write: PieceWriter) => boolean, options: Omit<WriteOptions, 'write'> = {}): boolean {
  const { target, existing, temp } = planWrite(file, options);
  const failed = (error: unknown) => new OutputWriteError(file, (error as NodeJS.ErrnoException).code, { cause: error });
  let fd: number | undefined;
  try {
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fd = fs.openSync(temp, 'w');
    } catch (error) {
      throw failed(error);
    }
    const out = fd;
    let batch: string[] = [];
    let size = 0;
    const flush = () => {
      if (batch.length === 0) return;
      const text = batch.join('');
      batch = [];
      size = 0;
      try {
        // With a descriptor, the whole text is written at the current position (partial writes are retried).
        fs.writeFileSync(out, text);
      } catch (error) {
        throw failed(error);
      }
    };
    const keep = fill((piece) => {
      batch.push(piece);
      size += piece.length;
      // A batch never ends between the two halves of a surrogate pair (each batch is encoded on its own).
      const last = piece.charCodeAt(piece.length - 1);
      if (size >= PIECES_BATCH && !(last >= 0xd800 && last <= 0xdbff)) flush();
    });
    if (!keep) {
      fs.closeSync(fd);
      fd = undefined;
      fs.rmSync(temp, { force: true });
      return false;
    }
    flush();
    try {
      fs.closeSync(fd);
      fd = undefined;
      if (existing) keepModeAndOwner(temp, existing);
      fs.renameSync(temp, target);
    } catch (error) {
      throw failed(error);
    }
    return true;
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/** The file a write of `file` lands in: `file` itself, or the end of its chain of symbolic links. */
export function writeTarget(file: string, show: (file: string) => string = (f) => f): string {
  let target = path.resolve(file);
  for (let hops = 0; ; hops++) {
    let link: string;
    try {
      link = fs.readlinkSync(target);
    } catch {
      return target; // Not a link (EINVAL), or nothing there yet (ENOENT): the write goes here.
    }
    if (hops === MAX_SYMLINK_HOPS) throw refusal(file, 'ELOOP', runText('writeLinkLoop', { file: show(file), count: MAX_SYMLINK_HOPS }));
    target = path.resolve(path.dirname(target), link);
  }
}

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

function refuseToReplace(file: string, target: string, existing: fs.Stats, inputs: readonly string[], show: (file: string) => string): void {
  if (!existing.isFile()) throw refusal(file, 'EISDIR', runText('writeNotAFile', { file: show(file) }));
  const real = realPathOrUndefined(target);
  for (const input of inputs) {
    const stat = statOrUndefined(input);
    if (!stat) continue;
    const same = (real !== undefined && realPathOrUndefined(input) === real) || (stat.dev === existing.dev && stat.ino === existing.ino);
    if (same) throw refusal(file, 'EWB_INPUT', runText('writeOverInput', { file: show(file), input: show(input) }));
  }
  // The mode bits, not access(2): root may write a 0444 file, and the user who made it read-only meant it.
  if ((existing.mode & 0o200) === 0) {
    throw refusal(file, 'EWB_READ_ONLY', runText('writeReadOnly', { file: show(file), mode: `0${(existing.mode & 0o777).toString(8)}` }));
  }
  // Someone else's file we may not write: a rename in a folder we may write would still replace it.
  try {
    fs.accessSync(target, fs.constants.W_OK);
  } catch (error) {
    throw new OutputWriteError(show(file), (error as NodeJS.ErrnoException).code, { cause: error });
  }
}

function realPathOrUndefined(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}

function keepModeAndOwner(temp: string, existing: fs.Stats): void {
  fs.chmodSync(temp, existing.mode & 0o7777);
  if (existing.uid === process.getuid?.() && existing.gid === process.getgid?.()) return;
  try {
    fs.chownSync(temp, existing.uid, existing.gid);
  } catch {
    // Only root may give a file away: anyone else's replacement is theirs, as with any editor's save.
  }
}

function refusal(file: string, code: string, text: RunText): OutputWriteError {
  return new OutputWriteError(file, code, { text });
}
