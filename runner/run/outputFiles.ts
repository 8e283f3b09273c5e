import { fileNamePart } from '../../core/run/fileNames';
import type { CorpusRunInfo } from '../../core/run/request';
import { buildResultsReport, pythonIsoformat, resultsFileName, serialiseResultsReport, type RunStatus } from '../../core/run/resultsFile';
import { buildRunCard, harnessCardRunId } from '../../core/run/runCard';
import type { EntryRunRecord, TestRunRecord } from '../../core/run/types';

/** The texts of a run's outputs, built by core; the run's storage (`storage.ts`) writes them. No I/O here. */

export interface ResultsFileMeta {
  runId: string;
  model: string;
  endpoint: string;
  date: Date;
  status: RunStatus;
  origin: string;
  toolVersion?: string;
}

/** One output file: its name inside the results folder and its whole text. */
export interface OutputFile {
  name: string;
  text: string;
}

/** `ewebench_{model}_{run_id}.json` in the harness's report shape (core builds and serialises it). */
export function resultsFileOutput(records: readonly TestRunRecord[], meta: ResultsFileMeta): OutputFile {
  const report = buildResultsReport(records, {
    runId: meta.runId,
    model: meta.model,
    endpoint: meta.endpoint,
    timestamp: pythonIsoformat(meta.date),
    status: meta.status,
    origin: meta.origin,
    ...(meta.toolVersion ? { toolVersion: meta.toolVersion } : {}),
  });
  return { name: resultsFileName(meta.model, meta.runId), text: serialiseResultsReport(report) };
}

export interface CorpusOutput {
  info: CorpusRunInfo;
  /** sha256 of the corpus file's raw bytes (the harness's `dataset.sha256`). */
  datasetSha256: string;
  sourceFile: string;
  records: EntryRunRecord[];
}

export interface RunCardWriteMeta {
  runId: string;
  model: string;
  startedAt: Date;
  finishedAt: Date;
  status: RunStatus;
  temperature: number;
  origin: string;
  concurrency: number;
  maxRetries: number;
  toolVersion: string;
  /** What the corpus requests carried (`core/run/batch`): recorded and hashed in the card as sent. */
  systemPrompt: string;
  batchSize: number;
  maxTokens: number;
  /** The card's `condition`: the prompt version, as the harness labels a run. */
  condition: string;
}

/** `rosetta_{model}_{dataset}_{run_id}.json` (`_r2`, `_r3`… for further repeats), safe and bounded as one file name. */
export function runCardFileName(model: string, datasetId: string, runId: string, repeat: number): string {
  const safe = (s: string) => fileNamePart(s, { spaces: false });
  return `rosetta_${safe(model)}_${safe(datasetId || 'corpus')}_${safe(runId)}${repeat > 0 ? `_r${repeat + 1}` : ''}.json`;
}

/**
 * One Rosetta run card per repeat (a card records one run) for a corpus's records, built by core with every
 * field the harness writes; the prompt recorded is the one the requests carried.
 */
export function runCardOutputs(corpus: CorpusOutput, meta: RunCardWriteMeta, randomHex: (count: number) => string): OutputFile[] {
  const repeats = [...new Set(corpus.records.map((r) => r.repeat))].sort((a, b) => a - b);
  return repeats.map((repeat) => {
    const { text } = buildRunCard(
      corpus.records.filter((r) => r.repeat === repeat),
      {
        timestamp: meta.startedAt.toISOString(),
        elapsedSeconds: (meta.finishedAt.getTime() - meta.startedAt.getTime()) / 1000,
        modelSlug: meta.model,
        condition: meta.condition,
        // Unique per run (and per repeat), as the harness's run ids are.
        runId: harnessCardRunId({
          date: meta.startedAt,
          model: meta.model,
          promptVersion: meta.condition,
          batchSize: meta.batchSize,
          suffix: randomHex(3),
        }),
        temperature: meta.temperature,
        systemPrompt: meta.systemPrompt,
        batchSize: meta.batchSize,
        corpus: corpus.info,
        datasetSha256: corpus.datasetSha256,
        toolVersion: meta.toolVersion,
        maxRetries: meta.maxRetries,
        maxTokens: meta.maxTokens,
        concurrency: meta.concurrency,
        origin: meta.origin,
        sourceFile: corpus.sourceFile,
        status: meta.status,
      },
    );
    return { name: runCardFileName(meta.model, corpus.info.datasetId, meta.runId, repeat), text };
  });
}
