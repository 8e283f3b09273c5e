import { JsonDocument } from '../../core/document/jsonDocument';
import type { TextEdit } from '../../core/corpus/jsonEdits';
import { CorpusTableModel, type TableEditError, type TableOptions } from '../../core/corpus/tableModel';
import type { HostMessage, ProblemsByEntry, RowProblem, WebviewMessage } from './protocol';

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

export type SessionResult = { edits: TextEdit[]; focus?: number } | { error: TableEditError | 'stale' | 'unavailable' };

export type Unavailable = { reason: 'notCorpus' | 'invalidJson' };

export class TableSession {
  private built?: { version: number; hide: boolean; model: CorpusTableModel | Unavailable };

  constructor(private readonly source: TableSource, private readonly options: () => TableOptions = () => ({})) {}

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

  /** The text edits a page message asks for (none for messages that edit nothing). */
  handle(message: WebviewMessage): SessionResult | undefined {
    if (message.type === 'ready' || message.type === 'reveal' || message.type === 'painted') return undefined;
    const model = this.model();
    if (!(model instanceof CorpusTableModel)) return { error: 'unavailable' };
    // Indices name entries of the version the page shows: after any other change they may name others.
    if (message.version !== this.source.version) return { error: 'stale' };
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
