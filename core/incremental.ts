import { entriesOf, itemsPath, type Classification, type CorpusShape } from './document/classify';
import { isObject, type JsonObject as Obj } from './json';
import { applyEdit, type ItemRegion, type TextEdit } from './document/edit';
import type { EditMap } from './document/editMap';
import { JsonDocument, type JsonPath } from './document/jsonDocument';
import { TextModel } from './text/textModel';
import { itemAt, itemIndexAt } from './document/spanTree';
import { confusablesInText, textUnits } from './coverage/confusables';
import { visitLanguageStrings } from './coverage/fields';
import { hasDecomposed, hasPrecomposed } from './coverage/normalization';
import { ruleScope } from './rules/codes';
import { corpusAcrossFindings, CorpusCounts } from './rules/corpus';
import { duplicateIdFindings, IdCounts } from './rules/ids';
import { coverageFindings } from './rules/coverage';
import type { Finding } from './rules/finding';
import { relocate } from './rules/relocate';
import { classifyDocument, duplicateKeyFindings, idTextIn, validateDocument, type ValidationOptions, type ValidationResult } from './validate';
import { ENTRY_ID_FIELDS, entryFindings, isAboutChanged, startsWith, withOneEntry } from './entryValidation';
import { appendAll } from './arrays';

/** One analysed version: the parse and what the rules found in it. */
export interface Analysed {
  doc: JsonDocument;
  result: ValidationResult;
}

/** How a new version was analysed: `parse` and `rules` say which parts were incremental (for tests and benches). */
export interface IncrementalOutcome extends Analysed {
  incremental: { parse: boolean; rules: boolean };
}

/**
 * The analysis of the text after `edits` (applied in order to `previous.doc.text`, giving `newText`). Edits
 * inside one corpus entry re-parse that entry only and re-run only the rules whose result can change (see
 * `revalidateEntries`); anything else is a full parse and validation. Either way the result equals
 * `validateDocument(new JsonDocument(newText), options)` up to the order of the findings. With `newText` as a
 * text model (the server's documents), an incremental pass reads windows of it and never builds the flat text.
 */
export function analyseEdits(previous: Analysed, edits: readonly TextEdit[], newText: string | TextModel, options: ValidationOptions): IncrementalOutcome {
  const next = typeof newText === 'string' ? TextModel.from(newText) : newText;
  const itemsAt = itemsPath(previous.result.classification);
  let doc: JsonDocument | undefined = previous.doc;
  // The items the edits changed, each with what it was in `previous` (whose items array the edits may take over).
  const changed = new Map<number, unknown>();
  // Every edit's region of items, in order, and the items they replaced: what a structural pass needs.
  const regions: ItemRegion[] = [];
  const replaced: { removed: unknown[]; added: unknown[] }[] = [];
  // Items added, removed or joined: the paths of the findings after them move (see `revalidateStructure`).
  let itemsMoved = false;
  if (itemsAt && edits.length > 0) {
    for (let i = 0; i < edits.length && doc; i++) {
      const edited = applyEdit(doc, edits[i], itemsAt, i === edits.length - 1 ? next : undefined);
      doc = edited?.doc;
      if (!edited) break;
      regions.push(edited.region);
      replaced.push({ removed: edited.removed, added: edited.added });
      if (edited.index === undefined) itemsMoved = true;
      else if (!changed.has(edited.index)) changed.set(edited.index, edited.replaced);
    }
  } else doc = undefined;
  if (!doc || doc.length !== next.length) {
    const full = new JsonDocument(next);
    return { doc: full, result: validateDocument(full, options), incremental: { parse: false, rules: false } };
  }
  const moveOffset = (offset: number) => mapOffset(offset, edits);
  const result = itemsMoved
    ? revalidateStructure(previous, doc, regions, replaced, moveOffset, options)
    : revalidateEntries(previous, doc, changed, moveOffset, options);
  return result
    ? { doc, result, incremental: { parse: true, rules: true } }
    : { doc, result: validateDocument(doc, options), incremental: { parse: true, rules: false } };
}

/**
 * Whether what `previous` says at `offset` of its text (a hover, completions, the fixes of a diagnostic) still holds
 * after the edits of `map`, so a request can be answered from it without analysing the new text: the offset lies
 * inside a test or corpus entry that no edit touched, and every edit stayed inside the items array (the envelope,
 * and the file's kind read from it, are as they were). The ranges of such an answer move with `map`.
 */
export function holdsAt(previous: Analysed, map: EditMap, offset: number): boolean {
  if (map.identity) return true;
  const path = itemsPath(previous.result.classification);
  if (!path || !previous.doc.isValidJson) return false;
  const array = previous.doc.childrenAt(path);
  if (array?.kind !== 'array') return false;
  // Neither bracket of the array, nor anything outside it, was touched.
  if (map.changed.some((c) => c.start <= array.span.start || c.end >= array.span.end - 1)) return false;
  const index = itemIndexAt(array, offset);
  return index >= 0 && !map.touches(itemAt(array, index));
}

/** Where an offset outside every edited item lands after the edits. */
function mapOffset(offset: number, edits: readonly TextEdit[]): number {
  let o = offset;
  for (const e of edits) if (o >= e.end) o += e.text.length - (e.end - e.start);
  return o;
}

/**
 * Fields whose value only ever yields findings about the entry itself (schema, copied reference, undeclared
 * provenance): an edit that changes nothing else in an entry leaves every cross-entry rule's input unchanged.
 */
const LOCAL_FIELDS = new Set(['reference', 'source', 'target', 'target_expected', 'source_text', 'notes', 'context', 'provenance']);

/**
 * `next` read as the corpus `previous` was (same classification, valid JSON): its classification, where its entries
 * are and the entries. Undefined when it is not a corpus or no longer the same kind: a full validation runs then.
 */
function sameCorpus(previous: Analysed, next: JsonDocument, options: ValidationOptions) {
  const before = previous.result.classification;
  if (before.kind !== 'rosetta-corpus' || !next.isValidJson) return undefined;
  const classification = classifyDocument(next, options);
  if (JSON.stringify(classification) !== JSON.stringify(before)) return undefined;
  const entriesPath = itemsPath(classification)!;
  const entries = entriesOf(next.value, entriesPath);
  return entries ? { classification, entriesPath, entries } : undefined;
}

/**
 * The corpus result for `next`, which differs from `previous` only inside the entries at `changed` (each index
 * with the entry `previous` had there; `previous`'s own value is not read, as `next` may hold its array): the
 * previous findings about those entries are replaced by the per-entry rules run on the new entries alone, and
 * everything else is kept (spans moved by `moveOffset`), which is sound because each changed entry's
 * contribution to the aggregates (ids, segments, tiers, registers, legacy names, look-alikes, normalisation) is
 * checked to be the same. Undefined when it is not, or the file is not a corpus: then a full validation runs.
 */
export function revalidateEntries(
  previous: Analysed,
  next: JsonDocument,
  changed: ReadonlyMap<number, unknown>,
  moveOffset: (offset: number) => number,
  options: ValidationOptions,
): ValidationResult | undefined {
  const corpus = sameCorpus(previous, next, options);
  if (!corpus) return undefined;
  const { classification, entriesPath, entries: newEntries } = corpus;

  const fresh: Finding[] = [];
  for (const [index, oldEntry] of changed) {
    const newEntry = newEntries[index];
    if (!isObject(oldEntry) || !isObject(newEntry) || !sameAggregates(oldEntry, newEntry)) return undefined;
    // The envelope is the same in both versions (every edit stayed inside the entries): read from `next`.
    const oldFacts = languageFacts(next.value, entriesPath, oldEntry, classification);
    const newFacts = languageFacts(next.value, entriesPath, newEntry, classification);
    if (!oldFacts || !newFacts || oldFacts.precomposed !== newFacts.precomposed) return undefined;
    const own = entryFindings(next.value, entriesPath, newEntry, index, classification, options);
    if (!own) return undefined;
    appendAll(fresh, own);
  }
  const kept = previous.result.findings
    .filter((f) => f.code !== 'duplicate-key' && !isAboutChanged(f, entriesPath, changed))
    .map((f) => moveSpans(f, moveOffset));
  const result = { classification, findings: [...kept, ...fresh, ...duplicateKeyFindings(next, options.locale)], ids: previous.result.ids };
  // Every changed entry adds the same to the rules across entries as before: the counts carry over.
  const counts = takeCounts(previous.result);
  if (counts) COUNTS.set(result, counts);
  return result;
}

/** Codes of file scope whose findings a structural pass keeps (moved) when no entry it adds or removes holds a look-alike or a decomposed string. */
const LANGUAGE_CODES: ReadonlySet<string> = new Set(['confusable-char', 'mixed-normalization']);

/**
 * The corpus result for `next`, which differs from `previous` by whole entries added, removed or replaced: in
 * order, each of `regions` replaced the items `first`..`last` of the version before it by `count` new ones (the
 * items themselves in `replaced`). Findings of entry scope about the other entries are kept, their paths moved to
 * the entries' new indices and their spans past the edits; the new entries get the per-entry rules run on them
 * alone; the rules across entries (ids, segment minimums, tiers, registers, legacy names, the shape) are computed
 * from counts of the entries' contributions, updated by the entries removed and added; the look-alike and
 * normalisation findings are kept when the entries added and removed have none and cannot change whether the file
 * mixes forms, else surveyed again. Undefined when the file is not a corpus or its kind changed: then a full
 * validation runs.
 */
export function revalidateStructure(
  previous: Analysed,
  next: JsonDocument,
  regions: readonly ItemRegion[],
  replaced: readonly { removed: readonly unknown[]; added: readonly unknown[] }[],
  moveOffset: (offset: number) => number,
  options: ValidationOptions,
): ValidationResult | undefined {
  const corpus = sameCorpus(previous, next, options);
  if (!corpus) return undefined;
  const { classification, entriesPath, entries } = corpus;
  // The new entries (indices in `next`), and where each old index went (undefined: replaced).
  let added = new Set<number>();
  for (const r of regions) {
    const delta = r.count - (r.last - r.first + 1);
    const moved = new Set<number>();
    for (const i of added)
      if (i < r.first) moved.add(i);
      else if (i > r.last) moved.add(i + delta);
    for (let i = r.first; i < r.first + r.count; i++) moved.add(i);
    added = moved;
  }
  const newIndex = (index: number): number | undefined => {
    let i = index;
    for (const r of regions) {
      if (i > r.last) i += r.count - (r.last - r.first + 1);
      else if (i >= r.first) return undefined;
    }
    return i;
  };
  let gone: boolean | undefined;
  const movePath = (path: JsonPath): JsonPath => {
    const at = path[entriesPath.length];
    if (path.length <= entriesPath.length || typeof at !== 'number' || !startsWith(path, entriesPath)) return path;
    const to = newIndex(at);
    if (to === undefined) gone = true;
    if (to === at || to === undefined) return path;
    const out = path.slice();
    out[entriesPath.length] = to;
    return out;
  };

  const fresh: Finding[] = [];
  const facts: { precomposed: boolean }[] = [];
  for (const index of added) {
    const entry = entries[index];
    if (!isObject(entry)) return undefined;
    const own = entryFindings(next.value, entriesPath, entry, index, classification, options);
    if (!own) return undefined;
    for (const f of own) fresh.push(f);
    const fact = languageFacts(next.value, entriesPath, entry, classification);
    if (fact) facts.push(fact);
  }
  const freshPrecomposed = facts.some((f) => f.precomposed);
  let removedPrecomposed = false;
  let clean = facts.length === added.size;
  for (const entry of replaced.flatMap((r) => r.removed)) {
    const fact = clean ? languageFacts(next.value, entriesPath, entry, classification) : undefined;
    if (!fact) clean = false;
    else if (fact.precomposed) removedPrecomposed = true;
  }
  // Whether the file mixes forms changes only with its precomposed strings: kept when those added cannot make it
  // mixed (it was already) and those removed cannot make it unmixed (it was not), or when there are none.
  const mixed = previous.result.findings.some((f) => f.code === 'mixed-normalization');
  const keepLanguage = clean && !(freshPrecomposed && !mixed) && !(removedPrecomposed && mixed);

  const kept: Finding[] = [];
  for (const f of previous.result.findings) {
    const scope = ruleScope(f.code);
    if (scope === 'file' && !(keepLanguage && LANGUAGE_CODES.has(f.code))) continue;
    // A finding about a replaced entry is gone: the new entries have their own.
    if (scope === 'entry' && 'path' in f.at && isAboutChanged(f, entriesPath, { has: (index) => newIndex(index) === undefined })) continue;
    // A finding about a whole entry may name its index (see `entryFindings`): it cannot move.
    if ('path' in f.at && f.at.path.length === entriesPath.length + 1 && f.code !== 'missing-field' && movePath(f.at.path) !== f.at.path) return undefined;
    gone = false;
    const moved = relocate(f, movePath, moveOffset);
    // Anything else pointing into a replaced entry cannot be kept as it was.
    if (gone) return undefined;
    kept.push(moved);
  }
  const shape = classification.shape ?? 'envelope';
  // The entries' contributions to the rules across entries: the previous version's, updated by the entries
  // removed and added (taken over from it), or counted once from the new entries.
  let counts = takeCounts(previous.result);
  if (counts) {
    for (const edit of replaced) {
      for (const entry of edit.removed) {
        counts.corpus.add(entry, -1);
        counts.ids.add(entry, -1);
      }
      for (const entry of edit.added) {
        counts.corpus.add(entry, 1);
        counts.ids.add(entry, 1);
      }
    }
  } else counts = countEntries(entries, shape);
  const across = corpusAcrossFindings(next.value, shape, entriesPath, options.locale, counts.corpus);
  const repeated = counts.ids.repeatedIn(entries, entriesPath);
  appendAll(across, duplicateIdFindings(repeated.occurrences, options.locale, undefined, repeated.all, idTextIn(next)));
  if (!keepLanguage) appendAll(across, coverageFindings(next, classification, options.locale));
  const result = { classification, findings: [...kept, ...fresh, ...across, ...duplicateKeyFindings(next, options.locale)], ids: previous.result.ids };
  COUNTS.set(result, counts);
  return result;
}

/** A corpus result's entries as counts for the rules across entries (see `revalidateStructure`). */
interface EntryCounts {
  corpus: CorpusCounts;
  ids: IdCounts;
}

/**
 * The counts of the entries of an analysed corpus, kept beside its result. They are updated in place by the next
 * version's analysis, which takes them over (`takeCounts`): an older version analysed again counts afresh.
 */
const COUNTS = new WeakMap<ValidationResult, EntryCounts>();

function takeCounts(result: ValidationResult): EntryCounts | undefined {
  const counts = COUNTS.get(result);
  COUNTS.delete(result);
  return counts;
}

function countEntries(entries: readonly unknown[], shape: CorpusShape): EntryCounts {
  const ids = new IdCounts(ENTRY_ID_FIELDS);
  for (const entry of entries) ids.add(entry, 1);
  return { corpus: CorpusCounts.of(entries, shape), ids };
}

/** Same keys in the same order, and the same value for every field other than the local ones. */
function sameAggregates(a: Obj, b: Obj): boolean {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key !== other[i]) return false;
    if (LOCAL_FIELDS.has(key)) continue;
    const x = a[key];
    const y = b[key];
    if (x !== y && JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

/**
 * What an entry's language strings add to the file-wide look-alike and normalisation findings: undefined when
 * it holds a look-alike or a decomposed sequence (those findings list every occurrence in the file).
 */
function languageFacts(root: unknown, entriesPath: JsonPath, entry: unknown, classification: Classification): { precomposed: boolean } | undefined {
  let clean = true;
  let precomposed = false;
  visitLanguageStrings(withOneEntry(root, entriesPath, entry), classification, (text, profile) => {
    if (!clean) return;
    const units = textUnits(text, profile);
    if (confusablesInText(text, profile, units).length > 0 || hasDecomposed(text, units)) clean = false;
    else if (!precomposed && hasPrecomposed(text, units)) precomposed = true;
  });
  return clean ? { precomposed } : undefined;
}

/** A kept finding with its text spans moved past the edits (paths need nothing: no entry moved). */
function moveSpans(f: Finding, move: (offset: number) => number): Finding {
  const hasSpan = 'span' in f.at || f.related?.some((r) => 'at' in r && 'span' in r.at) || f.fixes?.some((x) => x.kind === 'replace-text');
  return hasSpan ? relocate(f, (path) => path, move) : f;
}
