import { forcedKind } from '../core/document/classify';
import type { TextEdit } from '../core/document/edit';
import { EditMap } from '../core/document/editMap';
import { JsonDocument } from '../core/document/jsonDocument';
import type { Position, TextRange } from '../core/text/lineIndex';
import { analyseEdits, holdsAt } from '../core/incremental';
import type { Locale } from '../core/i18n/locale';
import type { ExternalIdOccurrence, Id } from '../core/rules/ids';
import type { Neighbours } from '../core/rules/review';
import { validateDocument, type ValidationOptions, type ValidationResult } from '../core/validate';
import type { AuditOptions } from '../core/audit/auditTest';
import type { PositionCodec } from './positionEncoding';
import type { ModelDocument } from './documents';
import type { TextModel } from '../core/text/textModel';
import type { AnalysisStats } from '../protocol/ewebench';
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
  /** Built when a request first reads through these edits. */
  map?: EditMap;
}

/**
 * An analysis as a request reads it: positions the client sent (its encoding, the document's current text) in the
 * analysis's text as the core counts them, and the analysis's ranges back. When the analysis is of an earlier
 * version, a position or range the edits since then touched cannot be read this way: the view is then marked
 * failed and the request is answered again from an analysis of the current version.
 */
export interface AnalysisView {
  readonly analysis: Analysis;
  fromWire(position: Position): Position;
  rangeFromWire(range: TextRange): TextRange;
  rangeToWire(range: TextRange): TextRange;
}

/** The view of an analysis of the document's current version: the codec's conversions on its text. */
class CurrentView implements AnalysisView {
  constructor(
    readonly analysis: Analysis,
    private readonly codec: PositionCodec,
  ) {}

  fromWire(position: Position): Position {
    return this.codec.fromWire(this.analysis.doc.lineIndex, position);
  }

  rangeFromWire(range: TextRange): TextRange {
    return this.codec.rangeFromWire(this.analysis.doc.lineIndex, range);
  }

  rangeToWire(range: TextRange): TextRange {
    return this.codec.rangeToWire(this.analysis.doc.lineIndex, range);
  }
}

/**
 * The view of the analysis of an earlier version through the edits since: the wire side is the current text (the
 * client's positions refer to it), the feature side the analysed text. A request position must lie where the
 * earlier answer still holds (`holdsAt`: an item no edit touched); a range going out must be text no edit touched.
 */
class EarlierView implements AnalysisView {
  failed = false;

  constructor(
    readonly analysis: Analysis,
    private readonly edits: EditMap,
    private readonly current: ModelDocument,
    private readonly codec: PositionCodec,
  ) {}

  fromWire(position: Position): Position {
    const offset = this.current.offsetAt(this.codec.fromWire(this.current, position));
    const old = this.edits.toOld(offset);
    if (old === undefined || !holdsAt(this.analysis, this.edits, old)) {
      this.failed = true;
      return position;
    }
    return this.analysis.doc.lineIndex.positionAt(old);
  }

  rangeFromWire(range: TextRange): TextRange {
    return { start: this.fromWire(range.start), end: this.fromWire(range.end) };
  }

  rangeToWire(range: TextRange): TextRange {
    const { lineIndex } = this.analysis.doc;
    const span = this.edits.spanToNew({ start: lineIndex.offsetAt(range.start), end: lineIndex.offsetAt(range.end) });
    if (!span) {
      this.failed = true;
      return range;
    }
    return this.codec.rangeToWire(this.current, { start: this.current.positionAt(span.start), end: this.current.positionAt(span.end) });
  }
}

/**
 * Keeps the latest analysis per open document and the edits since it. A document is analysed again when its
 * version is validated or a request needs the current version, and then incrementally from the edits the client
 * sent since the analysed version (`core/incremental.ts`). Hover, completion and code actions read the cached
 * analysis through `read`, which answers from it even while a newer version waits for validation when the edits
 * since it leave the answer as it was; symbols and the other requests read the current version (`current`).
 */
export class AnalysisCache {
  private readonly byUri = new Map<string, Analysis>();
  private readonly pending = new Map<string, PendingEdits | null>();
  private readonly counts = new Map<string, AnalysisStats>();

  constructor(
    /** The settings of a document (its workspace folder's). */
    private readonly settings: (uri: string) => ServerSettings,
    private readonly locale: () => Locale,
    private readonly externalIds: (uri: string) => (id: Id) => readonly ExternalIdOccurrence[],
    /** The audit's options (the workspace's extra baselines), read at each validation. */
    private readonly audit: () => AuditOptions | undefined = () => undefined,
    /**
     * Told the length of each text whose rules ran on the whole document (a full parse, or a tests file's
     * per-keystroke validation): such a pass leaves garbage in proportion to the text (the idle collector's).
     */
    private readonly wholePass: (length: number) => void = () => undefined,
    /** The files beside a document that its rules read (a card's review, a review's card), kept by the server. */
    private readonly neighbours: (uri: string) => Neighbours | undefined = () => undefined,
  ) {}

  /** The analysis of `version`, whose text `text` gives (a model: an incremental pass reads windows of it). */
  get(uri: string, version: number, text: () => TextModel): Analysis {
    const cached = this.byUri.get(uri);
    if (cached && cached.version === version) return cached;
    const pending = this.pending.get(uri);
    this.pending.delete(uri);
    // A text past the bound, or one that was: analysed whole (which, past the bound, reads nothing), never by edits.
    const bounded = !cached?.doc.tooLarge && text().length <= this.settings(uri).maxAnalysedChars;
    if (bounded && cached && pending && pending.from === cached.version && pending.to === version) {
      const outcome = analyseEdits(cached, pending.edits, text(), this.options(uri));
      if (!outcome.incremental.rules) this.wholePass(outcome.doc.length);
      const analysis = { uri, version, doc: outcome.doc, result: outcome.result };
      this.byUri.set(uri, analysis);
      this.stats(uri).analyses++;
      return analysis;
    }
    return this.analyse(uri, version, text());
  }

  /** The analysis of the document's current version (made now if needed); undefined when nested too deep for the features. */
  current(document: ModelDocument): Analysis | undefined {
    const analysis = this.get(document.uri, document.version, () => document.model);
    // The features read positions with recursive parsers: a text nested too deep, or one too large to analyse,
    // has its one diagnostic and nothing else.
    return analysis.doc.notAnalysed ? undefined : analysis;
  }

  /**
   * What `read` answers for a request on `document` (positions `at`, in the client's encoding of the current text):
   * from the last analysis, without analysing the current version, when the edits since it touch neither the items
   * the positions are in nor any range the answer returns; otherwise from the current version's analysis. Undefined
   * when the document cannot be read (see `current`).
   */
  read<R>(document: ModelDocument, codec: PositionCodec, at: readonly Position[], read: (view: AnalysisView) => R): R | undefined {
    // A malformed position is refused (InvalidParams) before any analysis is made or read.
    for (const position of at) codec.checkPosition(position);
    const earlier = this.earlier(document);
    if (earlier) {
      const view = new EarlierView(earlier.analysis, earlier.edits, document, codec);
      for (const position of at) view.fromWire(position);
      if (!view.failed) {
        const answer = read(view);
        if (!view.failed) {
          this.stats(document.uri).earlierAnswers++;
          return answer;
        }
      }
    }
    const analysis = this.current(document);
    return analysis ? read(new CurrentView(analysis, codec)) : undefined;
  }

  /** The last analysis, when it is of an earlier version than `document`'s and the edits since it are known. */
  private earlier(document: ModelDocument): { analysis: Analysis; edits: EditMap } | undefined {
    const cached = this.byUri.get(document.uri);
    const pending = this.pending.get(document.uri);
    if (!cached || cached.version === document.version || cached.doc.notAnalysed || !pending) return undefined;
    if (pending.from !== cached.version || pending.to !== document.version) return undefined;
    pending.map ??= new EditMap(pending.edits);
    return { analysis: cached, edits: pending.map };
  }

  /** How this document was served since it was opened. */
  stats(uri: string): AnalysisStats {
    let stats = this.counts.get(uri);
    if (!stats) this.counts.set(uri, (stats = { analyses: 0, earlierAnswers: 0 }));
    return stats;
  }

  /**
   * The edits from version `from` to `to` of a document, in UTF-16 offsets of the text each applies to (undefined:
   * a change replaced the whole text, and the next analysis is a full one). The documents report them (`documents.ts`).
   */
  noteEdits(uri: string, from: number, to: number, edits: TextEdit[] | undefined): void {
    const pending = this.pending.get(uri);
    if (!edits) this.pending.set(uri, null);
    else if (pending && pending.to === from) this.pending.set(uri, { from: pending.from, to, edits: [...pending.edits, ...edits] });
    else if (pending === undefined && this.byUri.get(uri)?.version === from) this.pending.set(uri, { from, to, edits });
    else this.pending.set(uri, null);
  }

  /** Re-runs the rules on the same parse (e.g. when another file's ids changed). */
  revalidate(uri: string): Analysis | undefined {
    const cached = this.byUri.get(uri);
    return cached ? this.analyse(uri, cached.version, cached.doc.model, cached.doc) : undefined;
  }

  peek(uri: string): Analysis | undefined {
    return this.byUri.get(uri);
  }

  delete(uri: string): void {
    this.byUri.delete(uri);
    this.pending.delete(uri);
  }

  /** The document was closed: its counts start again when it is opened. */
  forget(uri: string): void {
    this.delete(uri);
    this.counts.delete(uri);
  }

  uris(): string[] {
    return [...this.byUri.keys()];
  }

  /** The document's neighbours with the gate's thresholds of its settings. */
  private withGate(neighbours: Neighbours | undefined, gate: ServerSettings['reviewGate']): Neighbours | undefined {
    return neighbours && Object.keys(gate).length > 0 ? { ...neighbours, gate } : neighbours;
  }

  private options(uri: string): ValidationOptions {
    const settings = this.settings(uri);
    return {
      locale: this.locale(),
      kind: forcedKind(uri, settings.fileKinds),
      externalIds: this.externalIds(uri),
      audit: this.audit(),
      maxChars: settings.maxAnalysedChars,
      neighbours: this.withGate(this.neighbours(uri), settings.reviewGate),
    };
  }

  private analyse(uri: string, version: number, text: TextModel, reuse?: JsonDocument): Analysis {
    const doc = reuse ?? new JsonDocument(text, undefined, { maxChars: this.settings(uri).maxAnalysedChars });
    const result = validateDocument(doc, this.options(uri));
    this.wholePass(doc.length);
    const analysis = { uri, version, doc, result };
    this.byUri.set(uri, analysis);
    this.stats(uri).analyses++;
    return analysis;
  }
}
