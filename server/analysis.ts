import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { kindFromGlobs } from '../core/document/classify';
import type { TextEdit } from '../core/document/edit';
import { JsonDocument } from '../core/document/jsonDocument';
import { analyseEdits } from '../core/incremental';
import type { Locale } from '../core/i18n/locale';
import type { ExternalIdOccurrence, Id } from '../core/rules/ids';
import { validateDocument, type ValidationOptions, type ValidationResult } from '../core/validate';
import type { AuditOptions } from '../core/audit/auditTest';
import type { ServerSettings } from './settings';

/** One analysed version of one document: parsed once, validated once, read by every feature. */
export interface Analysis {
  uri: string;
  version: number;
  doc: JsonDocument;
  result: ValidationResult;
}

/** The edits that lead from one version of a document to a later one (null: a change we cannot follow). */
interface PendingEdits {
  from: number;
  to: number;
  edits: TextEdit[];
}

/**
 * Keeps the latest analysis per open document. A document is analysed again only when its version changes,
 * and then incrementally from the edits the client sent since the analysed version (`core/incremental.ts`);
 * hover, completion, symbols and code actions all read the cached analysis.
 */
export class AnalysisCache {
  private readonly byUri = new Map<string, Analysis>();
  private readonly pending = new Map<string, PendingEdits | null>();

  constructor(
    private readonly settings: () => ServerSettings,
    private readonly locale: () => Locale,
    private readonly externalIds: (uri: string) => (id: Id) => readonly ExternalIdOccurrence[],
    /** The audit's options (the workspace's extra baselines), read at each validation. */
    private readonly audit: () => AuditOptions | undefined = () => undefined,
  ) {}

  get(uri: string, version: number, text: () => string): Analysis {
    const cached = this.byUri.get(uri);
    if (cached && cached.version === version) return cached;
    const pending = this.pending.get(uri);
    this.pending.delete(uri);
    if (cached && pending && pending.from === cached.version && pending.to === version) {
      const outcome = analyseEdits(cached, pending.edits, text(), this.options(uri));
      const analysis = { uri, version, doc: outcome.doc, result: outcome.result };
      this.byUri.set(uri, analysis);
      return analysis;
    }
    return this.analyse(uri, version, text());
  }

  /**
   * `TextDocuments`' update, recording the edits in offsets of the text each applies to (a change without a range
   * replaces the whole text: the next analysis is then a full one).
   */
  update(doc: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument {
    const from = doc.version;
    let edits: TextEdit[] | undefined = [];
    let current = doc;
    for (const change of changes) {
      if (edits && 'range' in change) edits.push({ start: current.offsetAt(change.range.start), end: current.offsetAt(change.range.end), text: change.text });
      else edits = undefined;
      current = TextDocument.update(current, [change], version);
    }
    this.noteEdits(doc.uri, from, version, edits);
    return current;
  }

  private noteEdits(uri: string, from: number, to: number, edits: TextEdit[] | undefined): void {
    const pending = this.pending.get(uri);
    if (!edits) this.pending.set(uri, null);
    else if (pending && pending.to === from) this.pending.set(uri, { from: pending.from, to, edits: [...pending.edits, ...edits] });
    else if (pending === undefined && this.byUri.get(uri)?.version === from) this.pending.set(uri, { from, to, edits });
    else this.pending.set(uri, null);
  }

  /** Re-runs the rules on the same parse (e.g. when another file's ids changed). */
  revalidate(uri: string): Analysis | undefined {
    const cached = this.byUri.get(uri);
    return cached ? this.analyse(uri, cached.version, cached.doc.text, cached.doc) : undefined;
  }

  peek(uri: string): Analysis | undefined {
    return this.byUri.get(uri);
  }

  delete(uri: string): void {
    this.byUri.delete(uri);
    this.pending.delete(uri);
  }

  uris(): string[] {
    return [...this.byUri.keys()];
  }

  private options(uri: string): ValidationOptions {
    return { locale: this.locale(), kind: kindFromGlobs(decodedUri(uri), this.settings().fileKinds), externalIds: this.externalIds(uri), audit: this.audit() };
  }

  private analyse(uri: string, version: number, text: string, reuse?: JsonDocument): Analysis {
    const doc = reuse ?? new JsonDocument(text);
    const result = validateDocument(doc, this.options(uri));
    const analysis = { uri, version, doc, result };
    this.byUri.set(uri, analysis);
    return analysis;
  }
}

/** The URI with its escapes decoded for glob matching; a malformed escape (`%E0%A4%A`) leaves it as it is. */
function decodedUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}
