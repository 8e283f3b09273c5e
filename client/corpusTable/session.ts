import { JsonDocument } from '../../core/document/jsonDocument';
import type { TextEdit } from '../../core/corpus/jsonEdits';
import { CorpusTableModel, type TableEditError, type TableOptions } from '../../core/corpus/tableModel';
import type { HostMessage, ProblemsByEntry, RowProblem, WebviewMessage } from '../../protocol/corpusTable';

/**
 * One corpus table's state in the extension host, free of `vscode` so the bench and tests drive it directly:
 * the model of the document's current version (built once per version), the data message the page paints,
 * diagnostics mapped onto entries and fields, and a page message turned into text edits.
 */

/** The text document as the session sees it (a `vscode.TextDocument` fits). */
export interface TableSource {
  getText(): string;
  readonly version: number;
}

/** A diagnostic with its range as offsets into the text. */
export interface OffsetDiagnostic {
  start: number;
  severity: RowProblem['severity'];
  message: string;
}

/** Page messages whose changes leave every entry at its index (cells set, entries added at the end). */
export function keepsIndices(message: WebviewMessage): boolean {
  return message.type === 'edit' || message.type === 'setField' || message.type === 'add';
}

const columnKey = (model: CorpusTableModel) => model.data.columns.map((c) => `${c.field}:${c.kind}`).join('\n');

export type SessionResult = { edits: TextEdit[]; focus?: number } | { error: TableEditError | 'stale' | 'unavailable' };

export type Unavailable = { reason: 'notCorpus' | 'invalidJson' };

export class TableSession {
  private built?: { version: number; hide: boolean; model: CorpusTableModel | Unavailable };
  /**
   * The oldest version whose entry indices still name the same entries: a page message from it or later is
   * applied to the current text. Changes the table made itself that keep every entry where it was (a cell, a
   * field on a selection, entries added at the end) keep it; any other change moves it to that change's version.
   */
  private indicesFrom = 0;

  constructor(
    private readonly source: TableSource,
    private readonly options: () => TableOptions = () => ({}),
  ) {}

  /** The model of the current version, or why there is none. */
  model(): CorpusTableModel | Unavailable {
    const hide = this.options().hideSecretText === true;
    const version = this.source.version;
    if (this.built && this.built.version === version && this.built.hide === hide) return this.built.model;
    const doc = new JsonDocument(this.source.getText());
    let model: CorpusTableModel | Unavailable;
    // Edits are computed from positions in the text: a text that does not parse is not edited from the table.
    if (!doc.isValidJson) model = { reason: 'invalidJson' };
    else {
      try {
        model = new CorpusTableModel(doc, { hideSecretText: hide });
      } catch {
        model = { reason: 'notCorpus' };
      }
    }
    this.built = { version, hide, model };
    return model;
  }

  /** The message that paints the page for the current version (`reasons` translates why it cannot). */
  dataMessage(diagnostics: readonly OffsetDiagnostic[], reasons: Record<Unavailable['reason'], string>): HostMessage {
    const model = this.model();
    const version = this.source.version;
    if (!(model instanceof CorpusTableModel)) return { type: 'unavailable', version, reason: reasons[model.reason] };
    return { type: 'data', version, data: model.data, problems: this.problems(diagnostics) };
  }

  /**
   * The message for the current version when only the entries `indices` changed since the page's last data and
   * the columns are the ones it has (`columns`, their fields joined): just those rows. Otherwise the full data.
   */
  rowsMessage(
    indices: ReadonlySet<number>,
    columns: string,
    diagnostics: readonly OffsetDiagnostic[],
    reasons: Record<Unavailable['reason'], string>,
  ): HostMessage {
    const model = this.model();
    if (!(model instanceof CorpusTableModel) || columnKey(model) !== columns) return this.dataMessage(diagnostics, reasons);
    const rows = model.data.rows.filter((row) => indices.has(row.index));
    return { type: 'rows', version: this.source.version, rows, problems: this.problems(diagnostics) };
  }

  /** The columns the current version shows, as one string to compare. */
  columns(): string {
    const model = this.model();
    return model instanceof CorpusTableModel ? columnKey(model) : '';
  }

  /** Diagnostics by entry, each on the field its range starts in. */
  problems(diagnostics: readonly OffsetDiagnostic[]): ProblemsByEntry {
    const model = this.model();
    const out: ProblemsByEntry = {};
    if (!(model instanceof CorpusTableModel)) return out;
    for (const d of diagnostics) {
      const at = model.locate(d.start);
      if (!at) continue;
      (out[at.index] ??= []).push({ severity: d.severity, message: d.message, ...(at.field === undefined ? {} : { field: at.field }) });
    }
    return out;
  }

  /**
   * Tells the session the document changed to `version`; `keptIndices`: the change was the table's own and left
   * every entry at its index, so rows the page drew before it still name the same entries.
   */
  changed(version: number, keptIndices: boolean): void {
    if (!keptIndices) this.indicesFrom = version;
  }

  /** The text edits a page message asks for (none for messages that edit nothing). */
  handle(message: WebviewMessage): SessionResult | undefined {
    if (message.type === 'ready' || message.type === 'reveal' || message.type === 'painted') return undefined;
    const model = this.model();
    if (!(model instanceof CorpusTableModel)) return { error: 'unavailable' };
    // Indices name entries of the version the page shows: accepted while they still name the same entries (the
    // page may send the next cell before the rows of its last edit came back), refused after any other change.
    if (message.version < this.indicesFrom || message.version > this.source.version) return { error: 'stale' };
    switch (message.type) {
      case 'edit':
        return model.editCell(message.index, message.field, message.text);
      case 'setField':
        return model.setField(message.indices, message.field, message.text);
      case 'add': {
        const r = model.addEntry();
        return 'edits' in r ? { edits: r.edits, focus: r.index } : r;
      }
      case 'duplicate': {
        const r = model.duplicate(message.indices);
        return 'edits' in r ? { edits: r.edits, focus: r.index } : r;
      }
      case 'remove':
        return model.remove(message.indices);
    }
  }
}
