import { groupIntoBatches } from '../../core/run/batch';
import type { ChatRequest } from '../../core/run/types';
import type { Unit } from './units';

/** One request: one unit, or a corpus batch whose answer is split into one answer per unit. */
export interface Job {
  units: Unit[];
  request: ChatRequest;
  batched: boolean;
}

/** The requests for the units still to send: corpus entries cut into the harness's batches (core/run/batch), tests one by one. */
export function jobsOf(pending: readonly Unit[]): Job[] {
  return groupIntoBatches(pending, (u) => u.batch?.group, pending.find((u) => u.batch)?.batch?.size ?? 1).map((units) => {
    const first = units[0].batch;
    if (!first) return { units, request: units[0].request, batched: false };
    return { units, request: first.build(units.map((u) => u.batch?.entry ?? first.entry)), batched: first.size > 1 };
  });
}
