import * as path from 'node:path';
import { chatCompletionsUrl, redactUrl } from '../core/run/presets';
import { silentLogger } from './log';
import { runQueue } from './queue';
import { lockOutputFolder } from './runLock';
import { RunCache } from './run/cacheStep';
import { jobsOf } from './run/jobs';
import { runOutcome } from './run/outcome';
import type { RunDeps, RunPlan, RunResult } from './run/plan';
import { startRun } from './run/resume';
import { RunRecorder } from './run/recorder';
import { jobSender } from './run/send';
import { prepareUnits, type Prepared } from './run/units';
import { writeRunOutputs } from './run/writeOutputs';

export {
  RunPlanError,
  type CancelledItem,
  type RunDeps,
  type RunFile,
  type RunModel,
  type RunPlan,
  type RunResult,
  type SkippedItem,
  type SkipReason,
} from './run/plan';
export { corpusSetup } from './run/units';

/**
 * Runs a plan, one step per module of `runner/run/`: builds each request with core and checks the plan
 * (`units`, `planChecks`), opens or resumes the journal (`resume`), groups what is left into requests (`jobs`),
 * sends them through the queue, cache first when allowed (`send`, `cacheStep`), turns each answer into a record
 * appended to the journal the moment it exists (`recorder`), and at the end — also after a cancel or a fatal
 * error — writes the results file (tests) and a run card per corpus from every record received (`outcome`,
 * `writeOutputs`). A rerun of the same plan with an unfinished journal sends only what it lacks.
 */
export async function executeRun(plan: RunPlan, deps: RunDeps): Promise<RunResult> {
  // A plan that cannot run is refused before the folder is touched; then one run per output folder at a time
  // (runLock.ts): a second one is refused before anything is sent.
  const prepared = prepareUnits(plan, deps.provider.origin);
  const release = lockOutputFolder(plan.outDir);
  try {
    return await executeLocked(plan, deps, prepared);
  } finally {
    release();
  }
}

async function executeLocked(plan: RunPlan, deps: RunDeps, prepared: Prepared): Promise<RunResult> {
  const started = performance.now();
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const { provider } = deps;
  const origin = provider.origin;
  // Written to results files and run cards: query values redacted (`redactUrl`), the path joined before the query.
  const endpoint = redactUrl(plan.model.endpoint ?? provider.endpoint ?? (plan.model.baseUrl ? chatCompletionsUrl(plan.model.baseUrl) : origin));
  for (const s of prepared.skipped) logger.warn(`skipped: ${s.reason}`);

  const startedAt = now();
  const start = startRun(plan, prepared, origin, startedAt, logger);
  const { runId, journal, journalPath, byKey, retry, kept } = start;
  const jobs = jobsOf(prepared.units.filter((u) => !byKey.has(u.key) || retry.has(u.key)));
  const total = prepared.units.length;
  if (start.resumed) logger.info(`resuming run ${runId}: ${kept} result(s) kept from ${path.basename(journalPath)}, ${jobs.length} to send`);
  logger.info(`run ${runId}: ${jobs.length} request(s) to ${plan.model.model} at ${origin}, concurrency ${plan.concurrency ?? 4}`);

  const recorder = new RunRecorder(runId, journal, byKey, deps, now, kept, total);
  recorder.announce([...byKey].filter(([key]) => !retry.has(key)).map(([, record]) => record));
  const useCache = plan.useCache === true && deps.cache !== undefined;
  const cache = new RunCache(deps.cache, useCache && (plan.repeat ?? 1) <= 1, useCache, provider.cacheScope ?? origin, logger, endpoint);

  let end = { cancelled: false, inFlight: [] as number[], failed: false };
  let fatal: { error: unknown } | undefined;
  try {
    const queued = await runQueue(jobs, jobSender(provider, cache, recorder), { concurrency: plan.concurrency ?? 4, signal: deps.signal });
    end = { cancelled: queued.cancelled, inFlight: queued.inFlight, failed: false };
  } catch (error) {
    fatal = { error };
    end = { ...end, failed: true };
    logger.error(`run ${runId} stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
  recorder.close();
  await cache.settle();

  const { records, cancelledItems, status, settled } = runOutcome(prepared.units, jobs, byKey, recorder.recorded, end);
  const outputs = writeRunOutputs(
    plan,
    prepared.corpora,
    records,
    { runId, endpoint, origin, startedAt, finishedAt: now(), status, settled, journal, journalPath },
    logger,
  );
  if (fatal) throw fatal.error;

  const errored = records.filter((r) => r.error !== null).length;
  if (end.cancelled) logger.warn(`run ${runId} cancelled: ${records.length} of ${total} result(s) kept; run again to resume`);
  return {
    runId,
    records,
    ...outputs,
    ...(outputs.runCardFiles[0] ? { runCardFile: outputs.runCardFiles[0] } : {}),
    journalFile: journalPath,
    errored,
    skipped: prepared.skipped,
    kept,
    cancelled: end.cancelled,
    cancelledItems,
    elapsedMs: performance.now() - started,
  };
}
