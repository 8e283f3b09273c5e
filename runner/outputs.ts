import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CorpusRunInfo } from '../core/run/request';
import { buildRunCard, harnessCardRunId } from '../core/run/runCard';
import { randomBytes } from 'node:crypto';
import { fileNamePart } from '../core/run/fileNames';
import { buildResultsReport, pythonIsoformat, resultsFileName, serialiseResultsReport, type RunStatus } from '../core/run/resultsFile';
import type { EntryRunRecord, TestRunRecord } from '../core/run/types';

/** A write that failed (a full disk, a permission), naming the file and the system's reason. */
export class OutputWriteError extends Error {
  constructor(
    readonly file: string,
    readonly code: string | undefined,
    options: { cause: unknown },
  ) {
    super(`cannot write ${file}: ${describeWriteError(code, options.cause)}`, options);
  }
}

function describeWriteError(code: string | undefined, cause: unknown): string {
  if (code === 'ENOSPC') return 'no space left on the device (ENOSPC)';
  if (code === 'EDQUOT') return 'disk quota exceeded (EDQUOT)';
  if (code === 'EACCES' || code === 'EPERM') return `permission denied (${code})`;
  if (code === 'EROFS') return 'read-only file system (EROFS)';
  return code ?? (cause instanceof Error ? cause.message : String(cause));
}

/**
 * Writes a file through a temporary name and a rename: a reader sees the old file or the new, never half. On
 * any failure the temporary file is removed (a full disk leaves no `.tmp` behind) and an `OutputWriteError`
 * names the file. `write` is the file write itself (a test injects one that fails halfway).
 */
export function writeFileAtomic(file: string, text: string, write: (file: string, text: string) => void = (f, t) => fs.writeFileSync(f, t)): void {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    write(temp, text);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new OutputWriteError(file, (error as NodeJS.ErrnoException).code, { cause: error });
  }
}

export interface ResultsFileMeta {
  runId: string;
  model: string;
  endpoint: string;
  date: Date;
  status: RunStatus;
  origin: string;
  toolVersion?: string;
}

/** `outDir/ewebench_{model}_{run_id}.json` in the harness's report shape (core builds and serialises it). */
export function writeResultsFile(outDir: string, records: readonly TestRunRecord[], meta: ResultsFileMeta): string {
  const report = buildResultsReport(records, {
    runId: meta.runId,
    model: meta.model,
    endpoint: meta.endpoint,
    timestamp: pythonIsoformat(meta.date),
    status: meta.status,
    origin: meta.origin,
    ...(meta.toolVersion ? { toolVersion: meta.toolVersion } : {}),
  });
  const file = path.join(outDir, resultsFileName(meta.model, meta.runId));
  writeFileAtomic(file, serialiseResultsReport(report));
  return file;
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
export function writeRunCards(outDir: string, corpus: CorpusOutput, meta: RunCardWriteMeta): string[] {
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
          suffix: randomBytes(3).toString('hex'),
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
    const file = path.join(outDir, runCardFileName(meta.model, corpus.info.datasetId, meta.runId, repeat));
    writeFileAtomic(file, text);
    return file;
  });
}
