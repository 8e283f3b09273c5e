import type { RunRecord } from '../../core/run/types';
import type { JournalContents, JournalEnd, JournalHeader } from '../journal';
import { renderRunText, type RunText } from '../../core/i18n/runMessages';

/**
 * Where a run keeps what it writes: the runner's one I/O seam. The desktop and the CLI give `nodeRunStorage`
 * (`runner/nodeStorage.ts`: a lock file across processes, the journal, writes through a temporary file and a
 * rename); the browser build gives one over `vscode.workspace.fs` (`client/run/webStorage.ts`: no journal, a lock
 * within its own extension host, each file written whole once). Nothing in `runner/run/` touches Node itself.
 */
export interface RunStorage {
  /** Claims `outDir` for one run and returns its release; throws (a sentence) when another run holds it. */
  lock(outDir: string): () => void;
  /** `name` inside the folder `dir` (a path on the desktop, a URI in the browser). */
  join(dir: string, name: string): string;
  /**
   * Writes `text` as the whole file (its folder created), or throws an `OutputWriteError`; refuses (the same
   * error) to write over one of `inputs`, the files the run read.
   */
  writeFile(file: string, text: string, inputs?: readonly string[]): void | Promise<void>;
  /** `count` random bytes as hex (a run card's run id suffix). */
  randomHex(count: number): string;
  /** The run journal; absent, a run keeps its records in memory only and never resumes. */
  journals?: JournalStore;
}

/** The journal's files: one per run, beside the results. */
export interface JournalStore {
  file(outDir: string, runId: string): string;
  exists(file: string): boolean;
  /** The newest unfinished journal in `outDir` of the same plan. */
  findUnfinished(outDir: string, plan: string): { file: string; contents: JournalContents } | undefined;
  create(file: string, header: JournalHeader): RunJournal;
  resume(file: string, contents: JournalContents): RunJournal;
}

/** An open journal: one line per record, then the end. */
export interface RunJournal {
  append(record: RunRecord): void;
  finish(end: JournalEnd): void;
  close(): void;
}

/** The journal of a storage that keeps none. */
export const NO_JOURNAL: RunJournal = { append: () => undefined, finish: () => undefined, close: () => undefined };

/** A write that failed (a full disk, a permission) or was refused (an input, a read-only file), naming the file and why. */
export class OutputWriteError extends Error {
  /** A refusal's sentence as a code and parameters, said in the user's language where it is shown. */
  readonly runText?: RunText;

  constructor(
    readonly file: string,
    readonly code: string | undefined,
    /** `text`: a refusal's own sentence (an input, a read-only file), instead of the system's reason. */
    options: { cause: unknown } | { text: RunText },
  ) {
    super(
      'text' in options ? renderRunText(options.text, 'en') : `cannot write ${file}: ${describeWriteError(code, options.cause)}`,
      'cause' in options ? options : undefined,
    );
    if ('text' in options) this.runText = options.text;
  }
}

function describeWriteError(code: string | undefined, cause: unknown): string {
  if (code === 'ENOSPC') return 'no space left on the device (ENOSPC)';
  if (code === 'EDQUOT') return 'disk quota exceeded (EDQUOT)';
  if (code === 'EACCES' || code === 'EPERM') return `permission denied (${code})`;
  if (code === 'EROFS') return 'read-only file system (EROFS)';
  return code ?? (cause instanceof Error ? cause.message : String(cause));
}

/** The last part of a path or URI (either separator). */
export function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}
