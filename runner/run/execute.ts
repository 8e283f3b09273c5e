import { counted } from '../../core/i18n/plural';
import { chatCompletionsUrl, redactUrl } from '../../core/run/presets';
import { silentLogger } from '../log';
import { runQueue } from '../queue';
import { RunCache } from './cacheStep';
import { jobsOf } from './jobs';
import { runOutcome } from './outcome';
import type { RunDeps, RunPlan, RunResult } from './plan';
import { startRun } from './resume';
import { RunRecorder } from './recorder';
import { jobSender } from './send';
import { baseName, type RunStorage } from './storage';
import { prepareUnits, type Prepared } from './units';
import { writeRunOutputs } from './writeOutputs';

/**
 * Runs a plan, one step per module of `runner/run/`: builds each request with core and checks the plan
 * (`units`, `planChecks`), opens or resumes the journal (`resume`), groups what is left into requests (`jobs`),
 * sends them through the queue, cache first when allowed (`send`, `cacheStep`), turns each answer into a record
 * appended to the journal the moment it exists (`recorder`), and at the end — also after a cancel or a fatal
 * error — writes the results file (tests) and a run card per corpus from every record received (`outcome`,
 * `writeOutputs`). A rerun of the same plan with an unfinished journal sends only what it lacks.
 */
export async function executeRunWith(plan: RunPlan, deps: RunDeps, storage: RunStorage): Promise<RunResult> {
  // A plan that cannot run is refused before the folder is touched; then one run per output folder at a time
  // (the storage's lock): a second one is refused before anything is sent.
  const prepared = prepareUnits(plan, deps.provider.origin);
  const release = storage.lock(plan.outDir);
  try {
    return await executeLocked(plan, deps, prepared, storage);
  } finally {
    release();
  }
}

async function executeLocked(plan: RunPlan, deps: RunDeps, prepared: Prepared, storage: RunStorage): Promise<RunResult> {
  const started = performance.now();
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const { provider } = deps;
  const origin = provider.origin;
  // Written to results files and run cards: query values redacted (`redactUrl`), the path joined before the query.
  const endpoint = redactUrl(plan.model.endpoint ?? provider.endpoint ?? (plan.model.baseUrl ? chatCompletionsUrl(plan.model.baseUrl) : origin));
  for (const s of prepared.skipped) logger.warn(`skipped: ${s.reason}`);

  const startedAt = now();
  const start = startRun(plan, prepared, origin, startedAt, logger, storage.journals);
  const { runId, journal, journalPath, byKey, retry, kept } = start;
  const jobs = jobsOf(prepared.units.filter((u) => !byKey.has(u.key) || retry.has(u.key)));
  const total = prepared.units.length;
  if (start.resumed) logger.info(`resuming run ${runId}: ${counted(kept, 'result', 'results')} kept from ${baseName(journalPath)}, ${jobs.length} to send`);
  logger.info(`run ${runId}: ${counted(jobs.length, 'request', 'requests')} to ${plan.model.model} at ${origin}, concurrency ${plan.concurrency ?? 4}`);

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
  const outputs = await writeRunOutputs(
    plan,
    prepared.corpora,
    records,
    { runId, endpoint, origin, startedAt, finishedAt: now(), status, settled, journal, journalPath },
    logger,
    storage,
  );
  if (fatal) throw fatal.error;

  const errored = records.filter((r) => r.error !== null).length;
  if (end.cancelled) logger.warn(`run ${runId} cancelled: ${records.length} of ${counted(total, 'result', 'results')} kept; run again to resume`);
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
