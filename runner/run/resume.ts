import { DEFAULT_BATCH_SIZE } from '../../core/run/batch';
import { canonicalHash } from '../../core/run/canonicalJson';
import { runMessage } from '../../core/i18n/runMessages';
import { harnessRunId } from '../../core/run/resultsFile';
import type { RunRecord } from '../../core/run/types';
import { recordItemHash, recordItemId } from '../../core/run/items';
import type { RunLogger } from '../log';
import type { RunPlan } from './plan';
import type { JournalContents } from '../journal';
import { setAsideName } from './journalNames';
import { baseName, NO_JOURNAL, type JournalStore, type RunJournal } from './storage';
import { recordKey, type Prepared } from './units';

/** Where a run starts: its id, its journal (new or reopened) and the results an unfinished journal already holds. */
export interface RunStart {
  runId: string;
  /** Empty when the storage keeps no journal. */
  journalPath: string;
  journal: RunJournal;
  /** Kept records by record key (`units.ts` `recordKey`); the run adds every new record here. */
  byKey: Map<string, RunRecord>;
  /** Keys whose kept record is a failed call: sent again, the old record standing until a new one replaces it. */
  retry: Set<string>;
  /** Results kept and not sent again. */
  kept: number;
  /** Whether an unfinished journal of the same plan was resumed. */
  resumed: boolean;
}

/**
 * Opens the run's journal: an unfinished one of the same plan is resumed (unless the plan says not to) and its
 * results kept, the newest per item and repeat, when the item has not changed; otherwise a new journal under a
 * fresh run id.
 */
export function startRun(plan: RunPlan, prepared: Prepared, origin: string, startedAt: Date, logger: RunLogger, journals: JournalStore | undefined): RunStart {
  const hash = planHash(plan, origin);
  const base = plan.runId ?? harnessRunId(startedAt);
  if (!journals) return { runId: base, journalPath: '', journal: NO_JOURNAL, byKey: new Map(), retry: new Set(), kept: 0, resumed: false };
  const unfinished = plan.resume === false ? undefined : journals.findUnfinished(plan.outDir, hash);
  const runId = unfinished?.contents.header?.run_id ?? freshRunId(base, plan.outDir, journals);
  const journalPath = unfinished?.file ?? journals.file(plan.outDir, runId);

  // A failed call is sent again (it is worth another try) but its record stands until a new one replaces it.
  const byKey = new Map<string, RunRecord>();
  const retry = new Set<string>();
  if (unfinished) {
    for (const record of unfinished.contents.records) {
      const key = keyOf(record);
      if (prepared.hashes.get(key) === hashOf(record)) byKey.set(key, record);
    }
    for (const [key, record] of byKey) if (record.error !== null) retry.add(key);
  }

  const journal = unfinished
    ? journals.resume(unfinished.file, unfinished.contents)
    : journals.create(journalPath, {
        journal: 'ewebench-studio-run',
        version: 1,
        run_id: runId,
        plan: hash,
        model: plan.model.model,
        origin,
        started_at: startedAt.toISOString(),
      });
  // Said once, naming the file and every line set aside (skipped, or cut and kept aside).
  const setAside = unfinished && setAsideMessage(baseName(journalPath), unfinished.contents);
  if (setAside) logger.warn(setAside);
  return { runId, journalPath, journal, byKey, retry, kept: byKey.size - retry.size, resumed: unfinished !== undefined };
}

/**
 * What resuming a journal sets aside, said once: the file, and each line skipped (with why) or cut (kept in the
 * set-aside file); undefined when nothing is. `shown` names the journal as the user sees it.
 */
export function setAsideMessage(shown: string, contents: JournalContents): string | undefined {
  const lines = contents.damaged.map((d) => `${d.line} (${d.reason})`);
  if (contents.tornTail) lines.push(`${contents.tornLine ?? '?'} (cut short, kept in ${setAsideName(shown)})`);
  if (lines.length === 0) return undefined;
  const list = lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;
  return runMessage('en', 'journalSetAside', { file: shown, lines: list });
}

function keyOf(record: RunRecord): string {
  return recordKey(record.source_file, recordItemId(record), record.repeat);
}

const hashOf = recordItemHash;

/** What makes two runs the same run (resume): where, which model, which items, how many times, how scored. */
function planHash(plan: RunPlan, origin: string): string {
  return canonicalHash({
    v: 1,
    origin,
    model: plan.model.model,
    repeat: Math.max(1, Math.floor(plan.repeat ?? 1)),
    strict: plan.strict === true,
    corpusTemperature: plan.corpusTemperature ?? 0,
    ...(plan.batchSize !== undefined && plan.batchSize !== DEFAULT_BATCH_SIZE ? { batchSize: plan.batchSize } : {}),
    ...(plan.promptVersion && plan.promptVersion !== 'naive' ? { promptVersion: plan.promptVersion } : {}),
    files: plan.files.map((f) => ({
      file: f.displayPath,
      ids: f.ids ? [...f.ids].sort() : null,
      // A suite's item file runs as its task reads it: another task, map or topics is another run.
      ...(f.suite ? { suite: { id: f.suite.id, task: f.suite.task, map: f.suite.map, topics: f.suite.topics ?? null, language: f.suite.language } } : {}),
    })),
  });
}

/** Run ids tried in one folder for one second (`_2` … `_1000`): a storage that says every name exists cannot hold a run forever. */
export const MAX_RUN_ID_TRIES = 1000;

/** A run id not yet used in this folder (two runs in the same second get `_2`, `_3`…, up to `MAX_RUN_ID_TRIES`). */
function freshRunId(base: string, outDir: string, journals: JournalStore): string {
  let id = base;
  for (let n = 2; journals.exists(journals.file(outDir, id)); n++) {
    if (n > MAX_RUN_ID_TRIES) throw new Error(runMessage('en', 'runIdsTaken', { count: MAX_RUN_ID_TRIES, file: outDir, id: base }));
    id = `${base}_${n}`;
  }
  return id;
}
