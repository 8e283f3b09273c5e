import { classify, entriesOf, type CorpusShape } from '../document/classify';
import { corpusLanguages } from '../coverage/fields';
import { profileFor } from '../coverage/profiles';
import { isSecretSegment } from '../spec/corpusTables';
import { isObject } from '../json';
import { languageName, scriptName } from './script';

/**
 * What a corpus run needs to know about a corpus, whichever of the four shapes it has (envelope, curated, flat,
 * legacy; see `classify`): its identity for the run card and its entries under the spec's field names.
 */
export interface NormalisedEntry {
  /** As written, or the harness's assigned id (the entry's 0-based position) when the entry has none. */
  id: string | number;
  /** Position in the entries array. */
  index: number;
  source: string;
  reference: string;
  /** The entry's segment, or the corpus's (curated corpora set it once at the top). */
  segment: string | null;
  difficulty: number | string | null;
  /** A tag; a curated provenance object gives its `source_name` (or `tag`, `builder`). */
  provenance: string | null;
  register: string | null;
  /** The entry's `domain` (curated corpora): the harness's `by_domain` groups. */
  domain: string | null;
}

export interface CorpusRunInfo {
  shape: CorpusShape;
  /** `dataset.id`, a curated `corpus_id`, else the file stem given, else ''. */
  datasetId: string;
  version: string | null;
  /** `dataset.language_pair` as written, or `src>tgt` from the codes as the harness writes it. */
  languagePair: string;
  sourceCode: string | null;
  targetCode: string | null;
  /**
   * The names the prompt uses, as the harness takes them: `language_pair.source_name` / `target_name` (in the
   * dataset envelope or at the top, as curated corpora have it); for shapes without names (the spec's envelope
   * carries codes), the language profile's English name, else the code; null when the corpus says nothing
   * (the harness's generic prompt).
   */
  sourceName: string | null;
  targetName: string | null;
  /** The corpus's licence and attribution as it carries them (a curated `provenance.license` / `source_url`, the envelope's `dataset.license`). */
  license: string | null;
  attribution: string | null;
  /** The script the multilingual prompt asks for (`core/run/script`); null when unknown (no script named). */
  script: string | null;
  entries: NormalisedEntry[];
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A segment as written, also when it is empty or not a string (those stay secret: isSecretSegment); null: none. */
const segmentOf = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

/** Raised for a value that is no corpus: the message says why in English and French. */
export class CorpusError extends Error {
  override name = 'CorpusError';
  constructor(readonly reason: { en: string; fr: string }) {
    super(reason.en);
  }
}

function provenanceTag(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (isObject(value)) return str(value.source_name) ?? str(value.tag) ?? str(value.builder) ?? str(value.name);
  return null;
}

function difficultyOf(value: unknown): number | string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  // Legacy labels (easy, medium, hard) stay labels: the run card's breakdown groups them as written.
  if (typeof value === 'string' && value !== '') return value;
  return null;
}

/**
 * Entries under the spec's names (legacy index→id, source_text→source, target_expected→reference; a flat
 * file's `target` is its reference). Ids: the harness keeps every id when all entries have one, and otherwise
 * gives each entry without one its 0-based position (`_ensure_ids` in its corpus loader).
 */
export function normaliseEntries(entries: readonly unknown[], corpusSegment: string | null = null): NormalisedEntry[] {
  const out: NormalisedEntry[] = [];
  for (let index = 0; index < entries.length; index++) {
    const e = entries[index];
    if (!isObject(e)) continue;
    out.push(normaliseEntry(e, index, corpusSegment));
  }
  return out;
}

/** The entry's id (`id`, or the legacy `index`), or its 0-based position when it has none the harness can use. */
export function entryId(e: Obj, index: number): string | number {
  const rawId = Object.hasOwn(e, 'id') ? e.id : e.index;
  return typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId)) ? rawId : index;
}

export function normaliseEntry(e: Obj, index: number, corpusSegment: string | null = null): NormalisedEntry {
  const id = entryId(e, index);
  const source = typeof e.source === 'string' ? e.source : typeof e.source_text === 'string' ? e.source_text : '';
  const ref = [e.reference, e.target_expected, e.target].find((v) => typeof v === 'string');
  return {
    id,
    index,
    source,
    reference: typeof ref === 'string' ? ref : '',
    segment: segmentOf(e.segment) ?? corpusSegment,
    difficulty: difficultyOf(e.difficulty),
    provenance: provenanceTag(e.provenance),
    register: str(e.register),
    domain: str(e.domain),
  };
}

/** Reads any of the four corpus shapes; throws CorpusError when the value is none of them. */
export function corpusRunInfo(value: unknown, fileStem?: string): CorpusRunInfo {
  const c = classify(value);
  if (c.kind !== 'rosetta-corpus') {
    throw new CorpusError({
      en: 'not a Rosetta corpus: no entries with source and reference were found',
      fr: 'ce n’est pas un corpus Rosetta\u00a0: aucune entrée avec source et référence',
    });
  }
  const root = isObject(value) ? value : undefined;
  const entries = entriesOf(value, c) ?? [];
  const { source: sourceCode, target: targetCode } = corpusLanguages(root);
  const dataset = root && isObject(root.dataset) ? root.dataset : undefined;
  const pair = dataset && isObject(dataset.language_pair) ? dataset.language_pair : root && isObject(root.language_pair) ? root.language_pair : undefined;
  const label = dataset ? str(dataset.language_pair) : null;
  const codes = sourceCode && targetCode ? `${sourceCode.trim().toLowerCase()}>${targetCode.trim().toLowerCase()}` : '';
  return {
    shape: c.shape ?? 'flat',
    datasetId: str(dataset?.id) ?? str(root?.corpus_id) ?? fileStem ?? '',
    version: str(dataset?.version) ?? str(root?.version),
    languagePair: label ?? codes,
    sourceCode: sourceCode ?? null,
    targetCode: targetCode ?? null,
    sourceName: str(pair?.source_name) ?? profileFor(sourceCode)?.name.en ?? languageName(sourceCode) ?? str(sourceCode) ?? null,
    targetName: str(pair?.target_name) ?? profileFor(targetCode)?.name.en ?? languageName(targetCode) ?? str(targetCode) ?? null,
    script: scriptName(targetCode),
    license: str(dataset?.license) ?? (root && isObject(root.provenance) ? str(root.provenance.license) : null),
    attribution: root && isObject(root.provenance) ? str(root.provenance.source_url) : null,
    entries: normaliseEntries(entries, segmentOf(root?.segment)),
  };
}

/** Gold-standard and held-out entries are never sent to a model without the user's consent (spec §2.3, §8). */
export function isSecretEntry(entry: { segment?: string | null }): boolean {
  return isSecretSegment(entry.segment);
}
