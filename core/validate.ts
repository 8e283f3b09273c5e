import { classifyAs, entriesOf, itemsPath, type Classification, type FileKind } from './document/classify';
import type { EncodingProblem } from './document/encoding';
import { NESTING_TOO_DEEP, type JsonDocument, type JsonPath } from './document/jsonDocument';
import { MAX_DEPTH } from './document/scanner';
import type { Locale } from './i18n/locale';
import { defaultSeverity } from './rules/codes';
import { corpusFindings } from './rules/corpus';
import { ewebenchFindingsInDocument } from './rules/ewebench';
import { eweScoreFindings } from './rules/resultsScores';
import { appendAll } from './arrays';
import { type Anchor, type Finding } from './rules/finding';
import { collectIds, duplicateIdFindings, repeatedIds, type ExternalIdOccurrence, type Id, type IdOccurrence } from './rules/ids';
import { msg } from './rules/messages';
import { decimal } from './i18n/number';
import { reviewFindings, reviewGateFindings, type Neighbours } from './rules/review';
import { benchmarkSizeFindings } from './rules/benchmark';
import { runCardFindings } from './rules/runCard';
import { schemaFindings } from './rules/schemaFindings';
import { coverageFindings } from './rules/coverage';
import type { AuditOptions } from './audit/auditTest';
import { corpusCopyFindings, weakTestFindingsInDocument } from './audit/rule';
import { suiteFindings } from './suite/suite';

export interface ValidationOptions {
  locale: Locale;
  /** A kind forced by settings (globs); otherwise the content decides. */
  kind?: FileKind;
  /** Occurrences of a test id in other files of the workspace (ÈwéBench tests only). */
  externalIds?: (id: Id) => readonly ExternalIdOccurrence[];
  /** The audit of tests that a non-answer passes (`weak-test`): on unless `false`; options add workspace baselines. */
  audit?: AuditOptions | false;
  /** The bound the document was read with (`DocumentLimits.maxChars`), named in the finding of a text past it. */
  maxChars?: number;
  /** Files beside this one that its rules read (a review's run card, a card's review), read by the adapter. */
  neighbours?: Neighbours;
}

export interface ValidationResult {
  classification: Classification;
  findings: Finding[];
  /** The test ids of a tests file, for the workspace index (a corpus's entry ids are checked within the file: none here). */
  ids: IdOccurrence[];
}

/** Every rule for one parsed document: the path text → parse → rules → findings, with no I/O. */
export function validateDocument(doc: JsonDocument, options: ValidationOptions): ValidationResult {
  const { locale } = options;
  if (doc.tooLarge) {
    // Longer than the editor analyses: one finding naming the bound and the command that checks it whole.
    const message = msg(locale, 'fileTooLarge', {
      size: decimal(doc.length / 1_048_576, 1, locale),
      limit: Number(((options.maxChars ?? 0) / 1_048_576).toPrecision(3)),
    });
    return { classification: { kind: 'unknown' }, findings: [{ code: 'file-too-large', message, at: { span: doc.syntaxErrors[0].span } }], ids: [] };
  }
  const findings: Finding[] = doc.syntaxErrors.map((e) => ({
    code: 'invalid-json',
    message: msg(locale, 'invalidJson', {
      detail: e.message === NESTING_TOO_DEEP ? msg(locale, 'nestingTooDeep', { limit: MAX_DEPTH }) : describeSyntaxError(e.message),
    }),
    at: { span: e.span },
  }));
  const classification = classifyDocument(doc, options);
  let ids: IdOccurrence[] = [];
  switch (classification.kind) {
    case 'ewebench-tests':
      appendAll(findings, ewebenchFindingsInDocument(doc, locale));
      ids = collectIds(doc.value, []);
      appendAll(findings, duplicateIdFindings(ids, locale, options.externalIds, undefined, idTextIn(doc)));
      if (options.audit !== false) appendAll(findings, weakTestFindingsInDocument(doc, locale, options.audit));
      break;
    case 'rosetta-corpus': {
      const entriesPath = itemsPath(classification)!;
      appendAll(findings, corpusFindings(doc.value, classification.shape ?? 'envelope', entriesPath, locale));
      const entries = entriesOf(doc.value, entriesPath);
      // Entry ids are checked within the file only: the workspace index takes test ids.
      const repeated = repeatedIds(entries, entriesPath, ['id', 'index']);
      appendAll(findings, duplicateIdFindings(repeated.occurrences, locale, undefined, repeated.all, idTextIn(doc)));
      if (options.audit !== false) appendAll(findings, corpusCopyFindings(entries, entriesPath, locale));
      break;
    }
    case 'rosetta-run-card':
      appendAll(findings, runCardFindings(doc, locale));
      if (options.neighbours) appendAll(findings, reviewGateFindings(doc.text, doc.value, locale, options.neighbours));
      break;
    case 'rosetta-review':
      appendAll(findings, reviewFindings(doc.value, locale, options.neighbours));
      break;
    case 'ewebench-results':
      appendAll(findings, schemaFindings(doc.value, [], 'ewebench-results', undefined, locale));
      appendAll(findings, eweScoreFindings(doc.value, locale));
      break;
    case 'benchmark-matrix':
      appendAll(findings, schemaFindings(doc.value, [], 'benchmark-matrix', undefined, locale));
      appendAll(findings, benchmarkSizeFindings(doc.value, locale));
      break;
    case 'task-suite':
      findings.push(...schemaFindings(doc.value, [], 'task-suite', undefined, locale), ...suiteFindings(doc.value, locale));
      break;
    case 'unknown':
      break;
  }
  if (classification.kind === 'ewebench-tests' || classification.kind === 'rosetta-corpus') appendAll(findings, coverageFindings(doc, classification, locale));
  // Any JSON file has this problem; it is ours to report only in the files we know (the editor's JSON support reports the others).
  if (classification.kind !== 'unknown') appendAll(findings, duplicateKeyFindings(doc, locale));
  return { classification, findings, ids };
}

/** What the document is: its content decides, unless settings force a kind (core's one classifier, `classifyAs`). */
export function classifyDocument(doc: JsonDocument, options: Pick<ValidationOptions, 'kind'>): Classification {
  return classifyAs(doc.value, options.kind);
}

/** The text `doc` writes the value at a path with (an id's digits, which a float may have changed). */
export function idTextIn(doc: JsonDocument): (path: JsonPath) => string | undefined {
  return (path) => {
    const span = doc.locate(path);
    return span && doc.slice(span.start, span.end);
  };
}

export function duplicateKeyFindings(doc: JsonDocument, locale: Locale): Finding[] {
  return doc.duplicateKeys.map((d) => ({
    code: 'duplicate-key',
    message: msg(locale, 'duplicateKey', { key: d.key, line: doc.lineIndex.positionAt(d.first.start).line + 1 }),
    at: { span: d.span },
    related: [{ at: { span: d.first }, message: msg(locale, 'duplicateKeyFirst', { key: d.key }) }],
  }));
}

function describeSyntaxError(code: string): string {
  // jsonc-parser's error names (e.g. "CommaExpected") read well once split into words.
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

import type { ResolvedDiagnostic } from './rules/finding';
export type { ResolvedDiagnostic, ResolvedRelated } from './rules/finding';

export function resolveSpan(doc: JsonDocument, anchor: Anchor): { start: number; end: number } {
  if ('span' in anchor) return anchor.span;
  // A path that no longer exists (or never did) falls back to its nearest existing ancestor.
  let path: JsonPath = anchor.path;
  let part = anchor.part ?? 'value';
  for (;;) {
    const span = doc.locate(path, part);
    if (span) return span;
    if (path.length === 0) return { start: 0, end: Math.min(1, doc.length) };
    path = path.slice(0, -1);
    part = typeof path[path.length - 1] === 'string' ? 'key' : 'start';
  }
}

export function resolveFindings(doc: JsonDocument, findings: readonly Finding[]): ResolvedDiagnostic[] {
  if (findings.length === 0) return [];
  const lines = doc.lineIndex;
  return findings.map((f) => ({
    code: f.code,
    severity: f.severity ?? defaultSeverity(f.code),
    message: f.message,
    range: lines.rangeOf(resolveSpan(doc, f.at)),
    related: (f.related ?? []).map((r) =>
      'uri' in r ? { uri: r.uri, range: r.range, message: r.message } : { range: lines.rangeOf(resolveSpan(doc, r.at)), message: r.message },
    ),
    fixes: f.fixes ?? [],
  }));
}

/**
 * The finding for a file's encoding problem (see `decodeJsonBytes`): at the start for UTF-16, at the first
 * invalid byte for UTF-8.
 */
export function encodingFinding(problem: EncodingProblem, locale: Locale): Finding {
  if (problem.kind === 'utf-16') {
    return {
      code: 'file-encoding',
      message: msg(locale, 'encodingUtf16', { endianness: problem.endianness, bom: problem.bom ? msg(locale, 'encodingBom') : '' }),
      at: { span: { start: 0, end: 0 } },
    };
  }
  return {
    code: 'file-encoding',
    message: msg(locale, 'encodingInvalidUtf8', { byte: problem.byteOffset }),
    at: { span: { start: problem.offset, end: problem.offset + 1 } },
  };
}
