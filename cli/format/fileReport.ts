import type { ResolvedDiagnostic } from '../../core/validate';

/** What `validate` found in one file: the shape its text, JSON and SARIF outputs are written from. */
export interface FileReport {
  file: string;
  kind: string;
  diagnostics: ResolvedDiagnostic[];
  /** Why the file could not be checked at all (unreadable, not a regular file); the other files still are. */
  error?: string;
}
