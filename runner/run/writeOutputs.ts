import { CORPUS_MAX_TOKENS, corpusSystemPrompt, effectiveBatchSize } from '../../core/run/batch';
import type { RunStatus } from '../../core/run/resultsFile';
import type { EntryRunRecord, RunRecord, SuiteItemRunRecord, TestRunRecord } from '../../core/run/types';
import { buildSuiteResults, suiteResultsFileName } from '../../core/suite/runResults';
import type { RunLogger } from '../log';
import { resultsFileOutput, runCardOutputs, type CorpusOutput, type OutputFile } from './outputFiles';
import { OutputWriteError, type RunJournal, type RunStorage } from './storage';
import { runText, RunTextError } from '../../core/i18n/runMessages';
import type { RunPlan } from './plan';
import { corpusSetup, type PreparedCorpus } from './units';
import { datasetSha256 } from '../../core/runcard/hashes';

export interface OutputsMeta {
  runId: string;
  endpoint: string;
  origin: string;
  startedAt: Date;
  finishedAt: Date;
  status: RunStatus;
  /** Finish the journal after writing (the run is complete and no call failed). */
  settled: boolean;
  journal: RunJournal;
  /** Empty when the storage keeps no journal. */
  journalPath: string;
}

/**
 * Writes what the run received, also after a cancel or a fatal error: the ÈwéBench results file (tests) and a
 * run card per corpus, then finishes the journal when the run is settled and closes it in any case. A failed
 * write leaves the journal unfinished: a rerun sends nothing it has and writes the outputs again.
 */
export async function writeRunOutputs(
  plan: RunPlan,
  corpora: readonly PreparedCorpus[],
  records: readonly RunRecord[],
  meta: OutputsMeta,
  logger: RunLogger,
  storage: RunStorage,
): Promise<{ resultsFile?: string; runCardFiles: string[]; suiteResultsFile?: string }> {
  let resultsFile: string | undefined;
  let suiteResultsFile: string | undefined;
  const runCardFiles: string[] = [];
  const write = async (output: OutputFile): Promise<string> => {
    const file = storage.join(plan.outDir, output.name);
    await storage.writeFile(
      file,
      output.text,
      plan.files.map((f) => f.path),
    );
    return file;
  };
  try {
    const tests = records.filter((r): r is TestRunRecord => r.kind === 'ewebench-test');
    if (tests.length) {
      const output = resultsFileOutput(tests, {
        runId: meta.runId,
        model: plan.model.model,
        endpoint: meta.endpoint,
        date: meta.finishedAt,
        status: meta.status,
        origin: meta.origin,
        ...(plan.toolVersion ? { toolVersion: plan.toolVersion } : {}),
      });
      resultsFile = await write(output);
      logger.info(`results: ${resultsFile}`);
    }
    // A suite's item file: its responses as `suite score` reads them, and the records beside them (one file per run).
    const suiteItems = records.filter((r): r is SuiteItemRunRecord => r.kind === 'suite-item');
    if (suiteItems.length) {
      const report = buildSuiteResults(suiteItems, Math.max(1, Math.floor(plan.repeat ?? 1)), {
        model: plan.model.model,
        runId: meta.runId,
        endpoint: meta.endpoint,
        date: meta.finishedAt.toISOString(),
        status: meta.status,
        ...(plan.toolVersion ? { toolVersion: plan.toolVersion } : {}),
      });
      suiteResultsFile = await write({
        name: suiteResultsFileName(suiteItems[0].source_file, plan.model.model, meta.runId),
        text: JSON.stringify(report, null, 2) + '\n',
      });
      logger.info(`suite results: ${suiteResultsFile}`);
    }
    for (const corpus of corpora) {
      const entries = records.filter((r): r is EntryRunRecord => r.kind === 'corpus-entry' && r.source_file === corpus.file.displayPath);
      if (!entries.length) continue;
      const bytes = corpus.file.bytes ?? new TextEncoder().encode(corpus.file.text);
      const output: CorpusOutput = {
        info: corpus.info,
        datasetSha256: datasetSha256(bytes),
        sourceFile: corpus.file.displayPath,
        records: entries,
      };
      const setup = corpusSetup(plan);
      const cards = runCardOutputs(
        output,
        {
          runId: meta.runId,
          model: plan.model.model,
          startedAt: meta.startedAt,
          finishedAt: meta.finishedAt,
          status: meta.status,
          temperature: plan.corpusTemperature ?? 0,
          origin: meta.origin,
          concurrency: plan.concurrency ?? 4,
          maxRetries: plan.maxRetries ?? 2,
          toolVersion: plan.toolVersion ?? 'unknown',
          systemPrompt: corpusSystemPrompt(corpus.info, setup.promptVersion),
          batchSize: effectiveBatchSize(setup),
          maxTokens: CORPUS_MAX_TOKENS,
          condition: setup.promptVersion,
        },
        storage.randomHex,
      );
      for (const card of cards) {
        const file = await write(card);
        runCardFiles.push(file);
        logger.info(`run card: ${file}`);
      }
    }
    if (meta.settled)
      meta.journal.finish({
        finished_at: meta.finishedAt.toISOString(),
        cancelled: false,
        ...(resultsFile ? { results_file: resultsFile } : {}),
        ...(suiteResultsFile ? { suite_results_file: suiteResultsFile } : {}),
        ...(runCardFiles[0] ? { run_card_file: runCardFiles[0] } : {}),
      });
  } catch (error) {
    if (error instanceof OutputWriteError && meta.journalPath)
      throw new RunTextError(runText('resultsKept', { error: error.message, journal: meta.journalPath }), { cause: error });
    throw error;
  } finally {
    meta.journal.close();
  }
  return { ...(resultsFile ? { resultsFile } : {}), runCardFiles, ...(suiteResultsFile ? { suiteResultsFile } : {}) };
}
