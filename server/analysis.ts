import { kindFromGlobs } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import type { Locale } from '../core/i18n/locale';
import type { ExternalIdOccurrence, Id } from '../core/rules/ids';
import { validateDocument, type ValidationResult } from '../core/validate';
import type { AuditOptions } from '../core/audit/auditTest';
import type { ServerSettings } from './settings';

/** One analysed version of one document: parsed once, validated once, read by every feature. */
export interface Analysis {
  uri: string;
  version: number;
  doc: JsonDocument;
  result: ValidationResult;
}

/**
 * Keeps the latest analysis per open document. A document is re-parsed only when its version changes;
 * hover, completion, symbols and code actions all read the cached analysis.
 */
export class AnalysisCache {
  private readonly byUri = new Map<string, Analysis>();

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
    return this.analyse(uri, version, text(), cached?.version === version ? cached.doc : undefined);
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
  }

  uris(): string[] {
    return [...this.byUri.keys()];
  }

  private analyse(uri: string, version: number, text: string, reuse?: JsonDocument): Analysis {
    const doc = reuse ?? new JsonDocument(text);
    const kind = kindFromGlobs(decodedUri(uri), this.settings().fileKinds);
    const result = validateDocument(doc, { locale: this.locale(), kind, externalIds: this.externalIds(uri), audit: this.audit() });
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
