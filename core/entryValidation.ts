import { classify, type Classification, type CorpusShape } from './document/classify';
import type { JsonDocument, JsonPath } from './document/jsonDocument';
import type { Locale } from './i18n/locale';
import { isObject } from './json';
import { confusablesInText, textUnits } from './coverage/confusables';
import { visitLanguageStrings } from './coverage/fields';
import { NormalizationCounts } from './coverage/normalization';
import { corpusAcrossFindings, CorpusCounts, corpusFindings, MAX_HARNESS_REGISTER_FINDINGS, MAX_LEGACY_FINDINGS } from './rules/corpus';
import { confusableMessage, confusableMoreMessage, MAX_COVERAGE_FINDINGS, mixedNormalizationMessage, mixedNormalizationMoreMessage } from './rules/coverage';
import type { Finding } from './rules/finding';
import { duplicateIdFindings, IdCounts, idOf, type Id, type IdOccurrence, collectIds } from './rules/ids';
import { idTextIn, type ValidationOptions } from './validate';
import { ruleScope } from './rules/codes';
import { corpusCopyFindings } from './audit/rule';
import { relocate } from './rules/relocate';

/**
 * The findings a full validation (`validateDocument`) of a corpus makes about entries appended to it, computed
 * entry by entry as they come, without the new document: the import of a sheet of a million rows never holds its
 * entries or the new text. The rules are the validator's own: the per-entry rules run on each entry alone (as the
 * incremental validator runs them, `entryFindings`), the rules across entries are fed entry by entry (ids through
 * `IdCounts`, the legacy names and harness registers through `CorpusCounts` and `corpusAcrossFindings`, the
 * look-alikes and normalisation through the same per-string tests as `coverageFindings`), and what needs the last
 * entry (repeated ids, the counts in the coverage notes) is said at `end`. What it keeps: the ids (one key per
 * entry), the index of the first look-alikes and decomposed strings (at most `MAX_COVERAGE_FINDINGS` + 1), and the
 * first eight entries until the file's kind is known (read, as `classify` reads it, from its first objects).
 *
 * Where the findings could differ from a full validation's (the new document is not a corpus of the same kind, or
 * a finding about a whole entry may name its index), `whole` turns true and the caller validates the whole
 * document instead.
 */
export class AppendedEntries {
  /** True when only a full validation can say what these entries get (see the class's comment); nothing more is reported then. */
  whole = false;
  private classification: Classification | undefined;
  private readonly pending: { entry: unknown; written: Readonly<Record<string, unknown>> | undefined }[] = [];
  private count = 0;
  private readonly ids = new IdCounts(ENTRY_ID_FIELDS);
  /** Each appended entry's id (undefined: none), and the field of those whose id is not in `id`. */
  private readonly newIds: (Id | undefined)[] = [];
  private readonly idFields = new Map<number, string>();
  /** The digits an appended entry writes its id with, for the ids a float does not hold exactly. */
  private readonly idDigits = new Map<number, string>();
  private legacyLeft = 0;
  private harnessLeft = 0;
  private hits = 0;
  private hitMore: number | undefined;
  private normalization: NormalizationCounts<number> | undefined;
  private shape: CorpusShape = 'envelope';

  /**
   * `root`: the corpus before the import (its parsed value, read once), `doc` its document; `existing`: its entries
   * array; `report(k, finding)`: a finding about the k-th appended entry (0-based). Sorted stably by
   * `findingPhase`, one entry's findings are in a full validation's order (those that need every entry come at `end`).
   */
  constructor(
    private readonly root: unknown,
    private readonly doc: JsonDocument,
    private readonly entriesPath: JsonPath,
    private readonly existing: readonly unknown[],
    private readonly locale: Locale,
    private readonly report: (k: number, finding: Finding) => void,
  ) {}

  /**
   * The next appended entry, as the new text will hold it (parsed back from its text: a number a float changes
   * reads as the float, as a full validation reads it); `written`: the value it was written from, whose id a float
   * may not hold (kept as its digits, which a full validation reads from the text).
   */
  add(entry: unknown, written?: Readonly<Record<string, unknown>>): void {
    if (this.whole) return;
    if (!this.classification) {
      this.pending.push({ entry, written });
      if (this.pending.length === 8) this.start();
      return;
    }
    this.check(entry, written);
  }

  /** After the last entry: the findings that needed them all. */
  end(): void {
    if (!this.classification) this.start();
    if (this.whole) return;
    this.repeatedIds();
    this.coverageNotes();
  }

  /** The new document's kind, read from its first objects; then the rules over the corpus as it was, once. */
  private start(): void {
    const firstObjects: unknown[] = [];
    for (let i = 0; i < this.existing.length && firstObjects.length < 8; i++) if (isObject(this.existing[i])) firstObjects.push(this.existing[i]);
    const view = withEntries(this.root, this.entriesPath, [...firstObjects, ...this.pending.map((p) => p.entry)]);
    const classification = classify(view);
    const path = classification.entriesPath;
    if (classification.kind !== 'rosetta-corpus' || !path || path.length !== this.entriesPath.length || path.some((p, i) => p !== this.entriesPath[i])) {
      this.whole = true;
      return;
    }
    this.classification = classification;
    this.shape = classification.shape ?? 'envelope';
    // What the entries already there take of the capped rules (legacy names, harness registers, the coverage notes).
    let legacy = 0;
    let harness = 0;
    for (const f of corpusAcrossFindings(this.root, this.shape, this.entriesPath, this.locale))
      if (this.inEntries(f)) {
        if (f.code === 'legacy-field') legacy++;
        else if (f.code === 'harness-register') harness++;
      }
    this.legacyLeft = MAX_LEGACY_FINDINGS - legacy;
    this.harnessLeft = MAX_HARNESS_REGISTER_FINDINGS - harness;
    for (const entry of this.existing) this.ids.add(entry, 1);
    const normalization = new NormalizationCounts<number>(MAX_COVERAGE_FINDINGS + 1);
    visitLanguageStrings(this.root, classification, (text, profile) => {
      const units = textUnits(text, profile);
      this.hits += confusablesInText(text, profile, units).length;
      normalization.add(text, () => -1, units);
    });
    this.normalization = normalization;
    for (const { entry, written } of this.pending.splice(0)) this.check(entry, written);
  }

  private inEntries(f: Finding): boolean {
    const at = f.at;
    return 'path' in at && at.path.length > this.entriesPath.length && this.entriesPath.every((p, i) => at.path[i] === p);
  }

  private check(entry: unknown, written: Readonly<Record<string, unknown>> | undefined): void {
    const k = this.count++;
    const index = this.existing.length + k;
    const classification = this.classification!;
    if (!isObject(entry)) {
      this.whole = true;
      return;
    }
    const own = entryFindings(this.root, this.entriesPath, entry, index, classification, { locale: this.locale });
    if (!own) {
      this.whole = true;
      return;
    }
    const found: Finding[] = [];
    for (const f of own) found.push(f);
    // Legacy names and harness registers: the rules across entries, on this entry alone, within the file's caps.
    const counts = new CorpusCounts(this.shape);
    counts.add(entry, 1);
    if (counts.legacyEntries > 0 || counts.harnessEntries > 0) {
      const view = withOneEntry(this.root, this.entriesPath, entry);
      for (const f of corpusAcrossFindings(view, this.shape, this.entriesPath, this.locale, counts)) {
        if (!this.inEntries(f)) continue;
        if (f.code === 'legacy-field' && this.legacyLeft > 0) {
          this.legacyLeft--;
          found.push(f);
        } else if (f.code === 'harness-register' && this.harnessLeft > 0) {
          this.harnessLeft--;
          found.push(f);
        }
      }
    }
    this.ids.add(entry, 1);
    const id = idOf(entry, ENTRY_ID_FIELDS);
    this.newIds.push(id?.id);
    if (id && id.field !== ENTRY_ID_FIELDS[0]) this.idFields.set(k, id.field);
    if (id && typeof id.id === 'number' && !Number.isSafeInteger(id.id)) {
      // The value given to the writer: a number kept as its digits (NumberText) writes them; a number, its JSON.
      const raw = written?.[id.field];
      this.idDigits.set(k, typeof raw === 'object' && raw !== null ? String(raw) : JSON.stringify(id.id));
    }
    const path = [...this.entriesPath, index];
    visitLanguageStrings(withOneEntry(this.root, this.entriesPath, entry), classification, (text, profile) => {
      const units = textUnits(text, profile);
      for (const hit of confusablesInText(text, profile, units)) {
        const n = this.hits++;
        if (n < MAX_COVERAGE_FINDINGS) found.push({ code: 'confusable-char', message: confusableMessage(hit, this.locale), at: { path } });
        else if (n === MAX_COVERAGE_FINDINGS) this.hitMore = k;
      }
      this.normalization!.add(text, () => k, units);
    });
    for (const f of found) this.report(k, f);
  }

  /** Every occurrence of an id held twice or more that lies in an appended entry, as `duplicateIdFindings` says it. */
  private repeatedIds(): void {
    const repeated = this.ids.repeatedIds;
    if (repeated.size === 0) return;
    const occurrences: IdOccurrence[] = collectIds(this.existing, this.entriesPath, ENTRY_ID_FIELDS, repeated);
    const first = this.existing.length;
    this.newIds.forEach((id, k) => {
      if (id !== undefined && repeated.has(id)) occurrences.push({ id, path: [...this.entriesPath, first + k, this.idFields.get(k) ?? ENTRY_ID_FIELDS[0]] });
    });
    const existingText = idTextIn(this.doc);
    const idText = (path: JsonPath): string | undefined => {
      const index = path[this.entriesPath.length] as number;
      return index < first ? existingText(path) : this.idDigits.get(index - first);
    };
    for (const f of duplicateIdFindings(occurrences, this.locale, undefined, () => this.ids.all(), idText)) {
      const index = 'path' in f.at ? (f.at.path[this.entriesPath.length] as number) : -1;
      if (index >= first) this.report(index - first, f);
    }
  }

  /** The look-alike note past the cap, and the normalisation findings, which count the whole file. */
  private coverageNotes(): void {
    if (this.hitMore !== undefined)
      this.report(this.hitMore, { code: 'confusable-char', severity: 'information', message: confusableMoreMessage(this.hits, this.locale), at: { path: [] } });
    const normalization = this.normalization!;
    if (!normalization.mixed) return;
    const total = normalization.decomposed;
    normalization.firstDecomposed.forEach((k, i) => {
      if (k < 0) return;
      if (i < MAX_COVERAGE_FINDINGS) this.report(k, { code: 'mixed-normalization', message: mixedNormalizationMessage(total, this.locale), at: { path: [] } });
      else
        this.report(k, { code: 'mixed-normalization', severity: 'information', message: mixedNormalizationMoreMessage(total, this.locale), at: { path: [] } });
    });
  }
}

/** The root with its entries replaced by `entries`. */
function withEntries(root: unknown, entriesPath: JsonPath, entries: unknown[]): unknown {
  return entriesPath.length === 0 ? entries : { ...(root as Record<string, unknown>), [entriesPath[0] as string]: entries };
}

/**
 * The order of a full validation's rules, by the code of their findings, as far as one entry's findings go:
 * the corpus's own rules (schema, legacy names, provenance, harness registers, secret segments), ids, the copied
 * reference, look-alikes, normalisation.
 */
const PHASE: Readonly<Record<string, number>> = {
  'legacy-field': 1,
  'provenance-undeclared': 2,
  'harness-register': 3,
  'secret-segment': 4,
  'duplicate-id': 5,
  'weak-test': 6,
  'confusable-char': 7,
  'mixed-normalization': 8,
};
/**
 * Where a finding about an entry stands among that entry's findings in a full validation: sorting one entry's
 * findings by it (stably) gives a full validation's order, whatever order they were made in.
 */
export const findingPhase = (code: string): number => PHASE[code] ?? 0;

/** The fields a corpus entry's id is read from (the legacy shape's `index` after `id`), as a full validation reads them. */
export const ENTRY_ID_FIELDS = ['id', 'index'];

/** The root with its entries replaced by one entry: what the per-entry rules see. */
export function withOneEntry(root: unknown, entriesPath: JsonPath, entry: unknown): unknown {
  return entriesPath.length === 0 ? [entry] : { ...(root as Record<string, unknown>), [entriesPath[0] as string]: [entry] };
}

/** Is the finding about one of the changed entries, computed from that entry alone? */
export function isAboutChanged(f: Finding, entriesPath: JsonPath, changed: { has(index: number): boolean }): boolean {
  // Codes of file scope (codes.ts) are computed across entries or from text spans: kept, never recomputed per entry.
  if (ruleScope(f.code) === 'file' || !('path' in f.at)) return false;
  const index = f.at.path[entriesPath.length];
  return f.at.path.length > entriesPath.length && typeof index === 'number' && changed.has(index) && startsWith(f.at.path, entriesPath);
}

export function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.every((p, i) => path[i] === p);
}

/**
 * The per-entry findings of one entry, by the same rules a full validation runs (on a corpus holding only that
 * entry), moved to the entry's index. Undefined for a finding about the entry as a whole whose message names its
 * index (a full validation then says it right).
 */
export function entryFindings(
  root: unknown,
  entriesPath: JsonPath,
  entry: Record<string, unknown>,
  index: number,
  classification: Classification,
  options: ValidationOptions,
): Finding[] | undefined {
  const view = withOneEntry(root, entriesPath, entry);
  const shape = classification.shape ?? 'envelope';
  const all = corpusFindings(view, shape, entriesPath, options.locale);
  if (options.audit !== false) all.push(...corpusCopyFindings([entry], entriesPath, options.locale));
  const out: Finding[] = [];
  for (const f of all) {
    if (!isAboutChanged(f, entriesPath, ZERO)) continue;
    if ('path' in f.at && f.at.path.length <= entriesPath.length + 1 && f.code !== 'missing-field') return undefined;
    out.push(remap(f, entriesPath, index));
  }
  return out;
}

const ZERO: ReadonlySet<number> = new Set([0]);

function remapPath(path: JsonPath, entriesPath: JsonPath, index: number): JsonPath {
  if (path.length <= entriesPath.length || path[entriesPath.length] !== 0 || !startsWith(path, entriesPath)) return path;
  const out = path.slice();
  out[entriesPath.length] = index;
  return out;
}

/** A finding computed at entry 0 of the one-entry view, moved to entry `index` (anchor, related places, fixes). */
function remap(f: Finding, entriesPath: JsonPath, index: number): Finding {
  return relocate(
    f,
    (path) => remapPath(path, entriesPath, index),
    (offset) => offset,
  );
}
