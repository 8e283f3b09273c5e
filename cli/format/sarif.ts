import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIAGNOSTIC_CODES, type DiagnosticCode, type Severity } from '../../core/rules/codes';
import type { FileReport } from './fileReport';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** `artifactLocation.uri` must be a URI: a relative path has each segment percent-encoded, an absolute one becomes a file URL. */
export function artifactUri(file: string): string {
  if (path.isAbsolute(file)) return pathToFileURL(file).href;
  return file.split('/').map(encodeURIComponent).join('/');
}

/** SARIF 2.1.0 for code-scanning tools; columns are 1-based UTF-16 code units (SARIF's default column kind). */
export function toSarif(reports: readonly FileReport[]) {
  const used = [...new Set(reports.flatMap((r) => r.diagnostics.map((d) => d.code)))].sort() as DiagnosticCode[];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'ewebench-studio',
            rules: used.map((code) => ({
              id: code,
              shortDescription: { text: DIAGNOSTIC_CODES[code].summary.en },
              defaultConfiguration: { level: LEVEL[DIAGNOSTIC_CODES[code].severity] },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        // Files that could not be read are the run's own notifications, not results of a rule.
        invocations: [
          {
            executionSuccessful: reports.every((r) => r.error === undefined),
            toolExecutionNotifications: reports
              .filter((r) => r.error !== undefined)
              .map((r) => ({
                level: 'error',
                message: { text: r.error },
                locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(r.file) } } }],
              })),
          },
        ],
        results: reports.flatMap((r) =>
          r.diagnostics.map((d) => ({
            ruleId: d.code,
            level: LEVEL[d.severity],
            message: { text: d.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: artifactUri(r.file) },
                  region: {
                    startLine: d.range.start.line + 1,
                    startColumn: d.range.start.character + 1,
                    endLine: d.range.end.line + 1,
                    endColumn: d.range.end.character + 1,
                  },
                },
              },
            ],
          })),
        ),
      },
    ],
  };
}
