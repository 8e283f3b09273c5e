/**
 * The custom requests between our VS Code client and our language server, declared once: each side imports
 * these typed constants (the client sends them, the server registers a handler for them), so a name or a
 * payload cannot drift apart. Types only from core; no `vscode`, no server or client code.
 */
import { NotificationType0, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { FileCoverageReport } from '../core/coverage/report';
import type { CorpusShape, FileKind } from '../core/document/classify';
import type { SuiteTaskSpec } from '../core/suite/suite';

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

/**
 * Server → client, in a browser's web worker only (the desktop server reads the disk itself): the JSON files
 * below one workspace folder that the walk would reach, found by the client through `workspace.findFiles`, so
 * virtual file systems (github.dev's `vscode-vfs://`, remotes) are indexed too. At most `maxResults` URIs.
 */
export const FindJsonFilesRequest = new RequestType<{ folderUri: string; maxResults: number }, string[], void>('ewebench/findJsonFiles');

/** What the client read: the text (UTF-8) of a file of at most `maxBytes` bytes, else its size; null when there is no such file. */
export type ReadFileResult = { text: string } | { size: number } | null;

/** Server → client, in a browser's web worker only: one file read through `workspace.fs` (workspace baselines, tests files for the id index). */
export const ReadFileRequest = new RequestType<{ uri: string; maxBytes: number }, ReadFileResult, void>('ewebench/readFile');

/** A task suite's item file (TSV, CSV, JSONL) as the server registered it: the suite naming it and the task that reads it. */
export interface SuiteItemFile {
  uri: string;
  suiteUri: string;
  /** The name as the suite writes it. */
  file: string;
  task: SuiteTaskSpec;
}

/** At most this many item files in one answer of `ewebench/suiteItemFiles`. */
export const MAX_SUITE_ITEM_FILES_LISTED = 10_000;

/**
 * `ewebench/suiteItemFiles`: every item file the workspace's suites name (at most MAX_SUITE_ITEM_FILES_LISTED),
 * for the client's lenses, Test Explorer and runs, which run each item with its task's prompt.
 */
export const SuiteItemFilesRequest = new RequestType0<SuiteItemFile[], void>('ewebench/suiteItemFiles');

/** Server → client: the suites' item files changed (a suite typed, saved or found); the client asks again. */
export const SuiteItemFilesChangedNotification = new NotificationType0('ewebench/suiteItemFilesChanged');

/** The settings section the server asks for (`workspace/configuration`, per workspace folder) and the client answers. */
export const SETTINGS_SECTION = 'ewebench';
