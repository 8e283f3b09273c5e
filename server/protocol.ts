import type { CorpusShape, FileKind } from '../core/document/classify';

/** Custom requests between our client and server (names shared by both sides). */
export const FILE_INFO_REQUEST = 'ewebench/fileInfo';
export const COVERAGE_REQUEST = 'ewebench/coverage';

export interface FileInfo {
  kind: FileKind;
  shape?: CorpusShape;
  problems: number;
}
