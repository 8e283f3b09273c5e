/**
 * The custom requests between our VS Code client and our language server, declared once: each side imports
 * these typed constants (the client sends them, the server registers a handler for them), so a name or a
 * payload cannot drift apart. Types only from core; no `vscode`, no server or client code.
 */
import { RequestType } from 'vscode-languageserver-protocol';
import type { FileCoverageReport } from '../core/coverage/report';
import type { CorpusShape, FileKind } from '../core/document/classify';

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

/** The document a request is about. */
export interface DocumentParams {
  uri: string;
}

/** `ewebench/fileInfo`: the file's kind, corpus shape and number of problems (the status bar), and its analysis stats. */
export const FileInfoRequest = new RequestType<DocumentParams, FileInfo | null, void>('ewebench/fileInfo');

/** `ewebench/coverage`: the file's character coverage report (the coverage preview and its status bar item). */
export const CoverageRequest = new RequestType<DocumentParams, FileCoverageReport | null, void>('ewebench/coverage');

/** The settings section the server asks for (`workspace/configuration`, per workspace folder) and the client answers. */
export const SETTINGS_SECTION = 'ewebench';
