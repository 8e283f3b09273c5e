import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { DIAGNOSTIC_SOURCE, docAnchor, type Severity } from '../../core/rules/codes';
import { resolveFindings } from '../../core/validate';
import type { Analysis } from '../analysis';
import type { PositionCodec } from '../positionEncoding';
import type { ServerSettings } from '../settings';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The README shipped beside the server (dist/../README.md; a packaged .vsix names it readme.md): each code has an entry there. */
const README = pathToFileURL(['README.md', 'readme.md'].map((name) => path.join(__dirname, '..', name)).find((p) => fs.existsSync(p)) ?? path.join(__dirname, '..', 'README.md')).toString();

/** What the client said it handles: the position encoding, and whether it keeps `diagnostic.data` for code actions. */
export interface DiagnosticsClient {
  codec: PositionCodec;
  dataSupport: boolean;
}

/**
 * Ranges leave in the client's encoding; related information in other files comes from the workspace index, which
 * already holds them in that encoding. Without `dataSupport` the fixes stay home (code actions find them again).
 */
export function toLspDiagnostics(analysis: Analysis, settings: ServerSettings, client: DiagnosticsClient): Diagnostic[] {
  const findings = settings.reportSyntaxErrors ? analysis.result.findings : analysis.result.findings.filter((f) => f.code !== 'invalid-json');
  const { text, lineIndex } = analysis.doc;
  const wire = (range: Diagnostic['range']) => client.codec.rangeToWire(text, lineIndex, range);
  return resolveFindings(analysis.doc, findings).map((d) => ({
    range: wire(d.range),
    severity: SEVERITY[d.severity],
    code: d.code,
    codeDescription: { href: `${README}#${docAnchor(d.code)}` },
    source: DIAGNOSTIC_SOURCE,
    message: d.message,
    relatedInformation: d.related.length ? d.related.map((r) => ({ location: { uri: r.uri ?? analysis.uri, range: r.uri ? r.range : wire(r.range) }, message: r.message })) : undefined,
    data: client.dataSupport && d.fixes.length ? { fixes: d.fixes } : undefined,
  }));
}

/**
 * Schedules validation per document. Validation runs synchronously, so edits that arrive while one runs are
 * queued and all applied before the next timer fires: a fast typist's keystrokes coalesce by themselves and a
 * stale version is never validated.
 */
export class Debouncer {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  schedule(uri: string, run: () => void): void {
    this.cancel(uri);
    // No fixed delay, whatever the size: an edit inside one entry of a large corpus is analysed incrementally in a
    // few milliseconds, and edits that arrive during a longer (full) pass are merged by the queue as said above.
    this.timers.set(uri, setTimeout(() => {
      this.timers.delete(uri);
      run();
    }, 0));
  }

  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }
}
