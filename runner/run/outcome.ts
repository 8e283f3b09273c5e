import type { RunStatus } from '../../core/run/resultsFile';
import type { RunRecord } from '../../core/run/types';
import type { Job } from './jobs';
import type { CancelledItem } from './plan';
import type { Unit } from './units';

export interface RunOutcome {
  /** Everything received, kept or new, in file, item and repeat order. */
  records: RunRecord[];
  cancelledItems: CancelledItem[];
  status: RunStatus;
  /** Complete and without a failed call: the journal can be finished (otherwise a rerun sends the failures). */
  settled: boolean;
}

/**
 * What the run ended with. After a cancel, every unit still to send is reported as cancelled (and an earlier
 * failure that was to be sent again is reported as cancelled, not as the old error: its record is dropped).
 */
export function runOutcome(
  units: readonly Unit[],
  jobs: readonly Job[],
  byKey: Map<string, RunRecord>,
  recorded: ReadonlySet<string>,
  end: { cancelled: boolean; inFlight: readonly number[]; failed: boolean },
): RunOutcome {
  const cancelledItems: CancelledItem[] = [];
  if (end.cancelled) {
    const wasInFlight = new Set(end.inFlight.flatMap((i) => jobs[i].units.map((u) => u.key)));
    for (const unit of jobs.flatMap((j) => j.units)) {
      if (recorded.has(unit.key)) continue;
      byKey.delete(unit.key);
      cancelledItems.push({ file: unit.file, id: unit.id, repeat: unit.repeat, inFlight: wasInFlight.has(unit.key) });
    }
  }
  const order = new Map(units.map((u, i) => [u.key, i]));
  const records = [...byKey.entries()].sort((a, b) => (order.get(a[0]) ?? 0) - (order.get(b[0]) ?? 0)).map(([, r]) => r);
  const complete = !end.cancelled && !end.failed && records.length === units.length;
  const status: RunStatus = end.failed ? 'failed' : end.cancelled ? 'cancelled' : complete ? 'complete' : 'partial';
  return { records, cancelledItems, status, settled: complete && records.every((r) => r.error === null) };
}
