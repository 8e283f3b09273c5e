import type { ChatOutcome, ChatRequest, RunRecord } from '../../core/run/types';
import type { RunJournal } from './storage';
import type { RunDeps } from './plan';
import type { Unit } from './units';

/**
 * Turns each answer into its record the moment it arrives: one journal line, the run's table of records, the
 * caller's `onRecord` and progress. Once the queue has ended (a cancel or a fatal error) `close` stops it: an
 * answer that still arrives is not recorded, since the outputs are being written from what was received and the
 * journal is about to close.
 */
export class RunRecorder {
  /** Keys recorded by this run (not kept from a journal). */
  readonly recorded = new Set<string>();
  private open = true;

  constructor(
    private readonly runId: string,
    private readonly journal: RunJournal,
    /** The run's records by key, kept ones first; new records replace them. */
    private readonly byKey: Map<string, RunRecord>,
    private readonly deps: Pick<RunDeps, 'onRecord' | 'onProgress'>,
    private readonly now: () => Date,
    private done: number,
    private readonly total: number,
  ) {}

  get accepting(): boolean {
    return this.open;
  }

  close(): void {
    this.open = false;
  }

  /** Tells the caller where the run starts: the kept records, then the progress so far. */
  announce(kept: Iterable<RunRecord>): void {
    for (const record of kept) this.deps.onRecord?.(record);
    this.deps.onProgress?.(this.done, this.total);
  }

  /** Scores `answer` for `unit` (sent inside `sent`) and records it. */
  record(unit: Unit, answer: ChatOutcome, sent: ChatRequest): void {
    const record = unit.record(answer, this.now().toISOString(), this.runId, sent);
    this.journal.append(record);
    this.byKey.set(unit.key, record);
    this.recorded.add(unit.key);
    this.deps.onRecord?.(record);
    this.deps.onProgress?.(++this.done, this.total);
  }
}
