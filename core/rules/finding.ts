import type { JsonPath, NodePart } from '../document/jsonDocument';
import type { Span, TextRange } from '../text/lineIndex';
import type { DiagnosticCode, Severity } from './codes';

/** Where a finding points: a node of the document (its key or its value), or an explicit text span. */
export type Anchor = { path: JsonPath; part?: NodePart } | { span: Span };

/**
 * A place shown as related information: in the same document (an anchor, resolved like the finding's own),
 * or in another file (a URI, or a path in the CLI, with a range already resolved by whoever indexed it).
 */
export type RelatedLocation = { at: Anchor; message: string } | { uri: string; range: TextRange; message: string };

/** Data a quick fix needs; each fix kind is produced by one rule and applied by one code action. */
export type FixData =
  | { kind: 'add-field'; objectPath: JsonPath; field: string; value: unknown }
  | { kind: 'renumber-id'; path: JsonPath; newId: string | number }
  | { kind: 'rename-legacy-fields'; renames: { path: JsonPath; from: string; to: string }[]; valueRewrites: { path: JsonPath; value: unknown }[] }
  /**
   * Replaces text at spans. `one`: one look-alike (`found`, NFC, by the letter meant, `expected`, NFC: the title
   * names both); `nfc`: one string rewritten in NFC. Fixes for a whole file are computed when asked (`fixAllEdits`).
   */
  | { kind: 'replace-text'; edits: { span: Span; newText: string }[]; title: 'one' | 'nfc'; found?: string; expected?: string }
  /** Sets fields of an object (replacing a value that exists, adding one that does not); `title` names the change. */
  | { kind: 'set-fields'; objectPath: JsonPath; fields: { field: string; value: unknown }[]; title: 'to-composite' }
  /** Removes one item of an array, with the comma that separates it from a neighbour. */
  | { kind: 'remove-item'; path: JsonPath; label: string };

/** What a rule reports, before positions are resolved. Messages are already in the user's language. */
export interface Finding {
  code: DiagnosticCode;
  message: string;
  at: Anchor;
  severity?: Severity;
  related?: RelatedLocation[];
  fixes?: FixData[];
}

export interface ResolvedRelated {
  /** Undefined for the same document. */
  uri?: string;
  range: TextRange;
  message: string;
}

/** A finding placed in the text: what the server, the CLI and the tests all report. */
export interface ResolvedDiagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  range: TextRange;
  related: ResolvedRelated[];
  fixes: FixData[];
}
