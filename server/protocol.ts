import type { CorpusShape, FileKind } from '../core/document/classify';

/** Custom requests between our client and server (names shared by both sides). */
export const FILE_INFO_REQUEST = 'ewebench/fileInfo';
export const COVERAGE_REQUEST = 'ewebench/coverage';

/** How the server served one open document since it was opened (the file-info request shows it to tests and benches). */
export interface AnalysisStats {
  /** Analyses run: full, incremental or rules only. */
  analyses: number;
  /** Requests answered from the analysis of an earlier version, without waiting for the current one. */
  earlierAnswers: number;
}

export interface FileInfo {
  kind: FileKind;
  shape?: CorpusShape;
  problems: number;
  stats?: AnalysisStats;
}
