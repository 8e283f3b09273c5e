import { compileGlob } from './glob';
import { isObject } from '../json';
import type { JsonPath } from './jsonDocument';

/**
 * Decides what a JSON document is from its content (and `$schema` when present), never from its name.
 * Settings may force a kind by glob; that override is applied by the caller (see `kindFromGlobs`).
 */
export type FileKind =
  'ewebench-tests' | 'ewebench-results' | 'rosetta-corpus' | 'rosetta-run-card' | 'rosetta-review' | 'benchmark-matrix' | 'task-suite' | 'unknown';

/** The four corpus shapes met in the wild (notes/rosetta-harness.md). */
export type CorpusShape = 'envelope' | 'curated' | 'flat' | 'legacy';

export interface Classification {
  kind: FileKind;
  /** For corpora: which shape; `legacy` wins over the container shape when entries use legacy names. */
  shape?: CorpusShape;
  /** For corpora: where the entries array is (root for flat arrays). */
  entriesPath?: readonly string[];
}

export const FILE_KINDS: readonly FileKind[] = [
  'ewebench-tests',
  'ewebench-results',
  'rosetta-corpus',
  'rosetta-run-card',
  'rosetta-review',
  'benchmark-matrix',
  'task-suite',
  'unknown',
];

const TEST_KEYS = ['eval_method', 'prompt', 'messages'];
const ENTRY_KEYS = ['source', 'reference', 'target', 'source_text', 'target_expected'];
export const LEGACY_ENTRY_KEYS = ['index', 'source_text', 'target_expected'];

const SCHEMA_KINDS: [RegExp, FileKind][] = [
  [/ewebench-tests/i, 'ewebench-tests'],
  [/ewebench-results/i, 'ewebench-results'],
  [/rosetta-(curated-)?corpus/i, 'rosetta-corpus'],
  [/run-card/i, 'rosetta-run-card'],
  [/(^|\/)review\.schema/i, 'rosetta-review'],
  [/(^|\/)benchmark\.schema/i, 'benchmark-matrix'],
  [/(^|\/)suite\.schema/i, 'task-suite'],
];

/** Looks at up to the first few objects of an array: enough to decide, cheap on 20,000 entries. */
function someItemHas(items: readonly unknown[], keys: readonly string[], sample = 8): boolean {
  let seen = 0;
  for (const item of items) {
    if (!isObject(item)) continue;
    if (keys.some((k) => k in item)) return true;
    if (++seen >= sample) break;
  }
  return false;
}

function corpusShape(container: CorpusShape, entries: readonly unknown[]): CorpusShape {
  return someItemHas(entries, LEGACY_ENTRY_KEYS) ? 'legacy' : container;
}

export function classify(value: unknown): Classification {
  if (isObject(value) && typeof value.$schema === 'string') {
    for (const [pattern, kind] of SCHEMA_KINDS) {
      if (pattern.test(value.$schema)) return kind === 'rosetta-corpus' ? (classifyCorpusObject(value) ?? { kind }) : { kind };
    }
  }
  if (Array.isArray(value)) {
    if (someItemHas(value, TEST_KEYS)) return { kind: 'ewebench-tests' };
    if (someItemHas(value, ENTRY_KEYS)) return { kind: 'rosetta-corpus', shape: corpusShape('flat', value), entriesPath: [] };
    return { kind: 'unknown' };
  }
  if (!isObject(value)) return { kind: 'unknown' };
  // The harness's report (and ours, which keeps its shape): `benchmark` names it and `categories` holds the results.
  if (value.benchmark === 'ÈwéBench' && isObject(value.categories)) return { kind: 'ewebench-results' };
  // A review names the card it rates by its hash: it has `run_card_hash` too, so it is told apart first.
  if ('review_version' in value && 'items' in value) return { kind: 'rosetta-review' };
  // A benchmark matrix declares its format version and its axes.
  if ('benchmark_version' in value && 'axes' in value) return { kind: 'benchmark-matrix' };
  // A task suite declares its format version and lists its tasks' item files.
  if ('suite_version' in value && 'tasks' in value) return { kind: 'task-suite' };
  if ('run_card_hash' in value || ('fingerprint' in value && 'scores' in value)) return { kind: 'rosetta-run-card' };
  return classifyCorpusObject(value) ?? { kind: 'unknown' };
}

function classifyCorpusObject(value: Record<string, unknown>): Classification | undefined {
  // mt_eval_harness's `*_report.json` lists its scored entries under `entries` beside `config` and `overall`: a
  // run (core/runs reads it), not a corpus to validate.
  if (isObject(value.config) && isObject(value.overall)) return undefined;
  const entries = Array.isArray(value.entries) ? value.entries : undefined;
  if ('dataset' in value && 'entries' in value) return { kind: 'rosetta-corpus', shape: corpusShape('envelope', entries ?? []), entriesPath: ['entries'] };
  if ('corpus_id' in value && 'entries' in value) return { kind: 'rosetta-corpus', shape: corpusShape('curated', entries ?? []), entriesPath: ['entries'] };
  if (entries && someItemHas(entries, ENTRY_KEYS)) return { kind: 'rosetta-corpus', shape: corpusShape('flat', entries), entriesPath: ['entries'] };
  return undefined;
}

/**
 * Where a file's items are: a tests file's tests (the root array), a corpus's entries (the root array of a flat
 * corpus, `entries` otherwise); undefined for the kinds without items.
 */
export function itemsPath(classification: Classification): readonly string[] | undefined {
  if (classification.kind === 'ewebench-tests') return [];
  if (classification.kind === 'rosetta-corpus') return classification.entriesPath ?? ['entries'];
  return undefined;
}

/**
 * The items array of a parsed file: the tests of a tests file, the entries of a corpus in any of its shapes
 * (given its classification, or the path `itemsPath` gave). Undefined when that place holds no array.
 */
export function entriesOf(value: unknown, where: Classification | JsonPath): unknown[] | undefined {
  const path = isClassification(where) ? itemsPath(where) : where;
  if (!path) return undefined;
  const items = path.length === 0 ? value : isObject(value) ? value[path[0]] : undefined;
  return Array.isArray(items) ? items : undefined;
}

function isClassification(where: Classification | JsonPath): where is Classification {
  return !Array.isArray(where);
}

/** Settings map a kind to globs; the first kind whose glob matches the path wins. */
export function kindFromGlobs(path: string, globs: Partial<Record<FileKind, readonly string[]>>): FileKind | undefined {
  const normalized = path.replace(/\\/g, '/');
  for (const kind of FILE_KINDS) {
    for (const glob of globs[kind] ?? []) {
      if (compileGlob(glob)(normalized)) return kind;
    }
  }
  return undefined;
}

/**
 * What a document is when a kind may be forced: its content decides, unless `forced` (from settings) says
 * otherwise; a forced corpus finds its entries where its container puts them (the root array, or `entries`).
 */
export function classifyAs(value: unknown, forced?: FileKind): Classification {
  const classification = classify(value);
  if (!forced || forced === classification.kind) return classification;
  if (forced === 'rosetta-corpus')
    return { kind: 'rosetta-corpus', shape: Array.isArray(value) ? 'flat' : 'envelope', entriesPath: Array.isArray(value) ? [] : ['entries'] };
  return { kind: forced };
}

/** A document's URI as globs read it: percent-decoded (folder names as users type them), else as given. */
function decodedUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/**
 * The one classifier of a file, for the server, the client, the Test Explorer and the CLI: the
 * `ewebench.fileKinds` globs matched against its URI (or path) force a kind, else its content decides.
 */
export function classifyFile(value: unknown, uri: string, globs: Partial<Record<FileKind, readonly string[]>> = {}): Classification {
  return classifyAs(value, kindFromGlobs(decodedUri(uri), globs));
}

/** The kind the globs force on the file at `uri`, if any (the part of `classifyFile` a validation takes). */
export function forcedKind(uri: string, globs: Partial<Record<FileKind, readonly string[]>>): FileKind | undefined {
  return kindFromGlobs(decodedUri(uri), globs);
}
