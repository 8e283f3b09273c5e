import { DiagnosticSeverity, type Diagnostic, type Disposable } from 'vscode-languageserver';
import { defaultSeverity, DIAGNOSTIC_SOURCE, docAnchor, type DiagnosticCode, type Severity } from '../../core/rules/codes';
import type { Finding } from '../../core/rules/finding';
import { resolveFindings } from '../../core/validate';
import type { Analysis } from '../analysis';
import type { DiagnosticData } from './codeActions';
import type { PositionCodec } from '../positionEncoding';
import type { ServerSettings } from '../settings';
import type { ItemFinding } from '../../core/suite/items';
import { resolveItemFindings } from '../../core/suite/load';
import type { TextModel } from '../../core/text/textModel';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What the client said it handles: the position encoding, and whether it keeps `diagnostic.data` for code actions. */
export interface DiagnosticsClient {
  codec: PositionCodec;
  dataSupport: boolean;
  /** The diagnostics page (each code has an entry there), when one is known. */
  readmeUri: string | undefined;
}

/** The link to a code's entry in the diagnostics page, when the page is known. */
function codeLink(readmeUri: string | undefined, code: DiagnosticCode): Pick<Diagnostic, 'codeDescription'> {
  return readmeUri === undefined ? {} : { codeDescription: { href: `${readmeUri}#${docAnchor(code)}` } };
}

/**
 * Ranges leave in the client's encoding; related information in other files comes from the workspace index, which
 * already holds them in that encoding. `extra`: findings the document's analysis does not hold (the workspace's runs). Without `dataSupport` the fixes stay home (code actions find them again);
 * with it they travel with the version they belong to, so fixes sent back from another version are found again.
 */
export function toLspDiagnostics(analysis: Analysis, settings: ServerSettings, client: DiagnosticsClient, extra: readonly Finding[] = []): Diagnostic[] {
  const own = settings.reportSyntaxErrors ? analysis.result.findings : analysis.result.findings.filter((f) => f.code !== 'invalid-json');
  // Findings from outside the document (the workspace's runs: `no-separation`) resolve against it like its own.
  const findings = extra.length ? [...own, ...extra] : own;
  const lines = analysis.doc.lineIndex;
  const wire = (range: Diagnostic['range']) => client.codec.rangeToWire(lines, range);
  return resolveFindings(analysis.doc, findings).map((d) => ({
    range: wire(d.range),
    severity: SEVERITY[d.severity],
    code: d.code,
    ...codeLink(client.readmeUri, d.code),
    source: DIAGNOSTIC_SOURCE,
    message: d.message,
    relatedInformation: d.related.length
      ? d.related.map((r) => ({ location: { uri: r.uri ?? analysis.uri, range: r.uri ? r.range : wire(r.range) }, message: r.message }))
      : undefined,
    data: client.dataSupport && d.fixes.length ? ({ version: analysis.version, fixes: d.fixes } satisfies DiagnosticData) : undefined,
  }));
}

/**
 * An item file's findings (a task suite's TSV, CSV or JSONL, `core/suite`) as LSP diagnostics: spans placed in the
 * open document's text model, ranges in the client's encoding, related places in the same file.
 */
export function itemFileDiagnostics(findings: readonly ItemFinding[], model: TextModel, uri: string, client: DiagnosticsClient): Diagnostic[] {
  const wire = (range: Diagnostic['range']) => client.codec.rangeToWire(model, range);
  return resolveItemFindings(model, findings).map((d) => ({
    range: wire(d.range),
    severity: SEVERITY[d.severity],
    code: d.code,
    ...codeLink(client.readmeUri, d.code),
    source: DIAGNOSTIC_SOURCE,
    message: d.message,
    relatedInformation: d.related.length ? d.related.map((r) => ({ location: { uri, range: wire(r.range) }, message: r.message })) : undefined,
  }));
}

/** A `baselines-limit` diagnostic at the top of a workspace baselines file (`workspaceBaselines.ts`). */
export function baselinesLimitDiagnostic(message: string, readmeUri: string | undefined): Diagnostic {
  const code = 'baselines-limit';
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    severity: SEVERITY[defaultSeverity(code)],
    code,
    ...codeLink(readmeUri, code),
    source: DIAGNOSTIC_SOURCE,
    message,
  };
}

/**
 * How many turns of the event loop a validation waits for the connection to fall quiet: more than any burst a
 * client sends at once, few enough that messages streaming in without end cannot hold a validation back forever.
 */
const MAX_TURNS = 1000;

/**
 * Schedules validation per document, once the connection has no message waiting: a burst of edits that arrives
 * together is validated once, for its last version. vscode-jsonrpc hands over one message per `setImmediate`, so
 * a timer can fire between two messages of a burst; the validation then waits, one `setImmediate` at a time, for
 * a turn in which the connection handled no message (`handled` counts them). Each edit reschedules its document,
 * and the validation itself runs synchronously, so a stale version is never validated.
 */
export class Debouncer {
  private readonly cancels = new Map<string, () => void>();

  constructor(
    private readonly handled: () => number,
    /** The host's next turn of the event loop (Node's setImmediate, a macrotask in a web worker). */
    private readonly nextTurn: (callback: () => void) => Disposable,
  ) {}

  schedule(uri: string, run: () => void): void {
    this.cancel(uri);
    // No fixed delay, whatever the size: an edit inside one entry of a large corpus is analysed incrementally in a
    // few milliseconds, and edits that arrive during a longer (full) pass are merged by the queue as said above.
    const timer = setTimeout(() => this.whenIdle(uri, run, this.handled(), 0), 0);
    this.cancels.set(uri, () => clearTimeout(timer));
  }

  cancel(uri: string): void {
    this.cancels.get(uri)?.();
    this.cancels.delete(uri);
  }

  /**
   * Runs `run` after a turn in which the connection handled no message. An immediate set here runs after the one
   * vscode-jsonrpc set for its next message, if any: a message handled in between means the queue was not empty.
   */
  private whenIdle(uri: string, run: () => void, seen: number, turns: number): void {
    const turn = this.nextTurn(() => {
      const now = this.handled();
      if (now !== seen && turns < MAX_TURNS) {
        this.whenIdle(uri, run, now, turns + 1);
        return;
      }
      this.cancels.delete(uri);
      run();
    });
    this.cancels.set(uri, () => turn.dispose());
  }
}
