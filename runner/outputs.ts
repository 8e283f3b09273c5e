import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CorpusRunInfo } from '../core/run/request';
import { buildResultsReport, pythonIsoformat, resultsFileName, serialiseResultsReport, type RunStatus } from '../core/run/resultsFile';
import type { EntryRunRecord, TestRunRecord } from '../core/run/types';

/** Writes a file through a temporary name and a rename: a reader sees the old file or the new, never half. */
export function writeFileAtomic(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
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

export interface RunCardFileMeta {
  runId: string;
  model: string;
  provider: string;
  endpoint: string;
  startedAt: Date;
  finishedAt: Date;
  status: RunStatus;
  temperature: number;
  toolVersion?: string;
}
