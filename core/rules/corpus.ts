import { entriesOf, type CorpusShape } from '../document/classify';
import type { JsonPath } from '../document/jsonDocument';
import type { Locale } from '../i18n/locale';
import { appendAll } from '../arrays';
import { type Anchor, type Finding, type FixData } from './finding';
import { msg, type MessageId } from './messages';
import { schemaFindings } from './schemaFindings';
import {
  HARNESS_REGISTERS,
  LEGACY_DIFFICULTY,
  LEGACY_FIELD_NAMES,
  MIN_DIFFICULTY_TIERS,
  MIN_REGISTERS,
  namesSecretSegment,
  SEGMENT_MINIMUMS,
  SPEC_REGISTERS,
} from '../spec/corpusTables';
import { isObject } from '../json';

type Obj = Record<string, unknown>;

/** At most this many per-entry information findings for legacy names; the shape finding gives the total. */
export const MAX_LEGACY_FINDINGS = 200;

/** Rules for a Rosetta corpus in any of its four shapes; ids are checked separately (rules/ids.ts). */
export function corpusFindings(root: unknown, shape: CorpusShape, entriesPath: JsonPath, locale: Locale): Finding[] {
  const list = entriesOf(root, entriesPath) ?? [];
  const findings: Finding[] = [];

  // Shape: each shape has its schema; legacy entries are checked with the loose entry definition.
  if (shape === 'envelope') appendAll(findings, schemaFindings(root, [], 'rosetta-corpus', undefined, locale));
  else if (shape === 'curated') appendAll(findings, schemaFindings(root, [], 'rosetta-curated-corpus', undefined, locale));
  else {
    if (isObject(root) && isObject(root.dataset)) appendAll(findings, schemaFindings(root.dataset, ['dataset'], 'rosetta-corpus', 'dataset', locale));
    appendAll(findings, schemaFindings(list, entriesPath, 'rosetta-corpus', 'flatCorpus', locale));
  }

  const across = acrossEntries(root, list, shape, entriesPath, locale);
  appendAll(findings, across.shape);
  if (isObject(root) && isObject(root.dataset)) appendAll(findings, provenanceFindings(root.dataset, list, entriesPath, locale));
  appendAll(findings, across.distribution);
  appendAll(findings, secretFindings(root, list, entriesPath, locale));
  return findings;
}

/**
 * The corpus rules across entries (the shape and legacy names, harness registers, segment minimums, tier and
 * register coverage), without the schema and the per-entry rules: what an entry added or removed can change.
 * With `counts` (the entries' contributions, kept up to date by the caller) nothing is read entry by entry unless
 * some entry has a legacy name or a harness register.
 */
export function corpusAcrossFindings(root: unknown, shape: CorpusShape, entriesPath: JsonPath, locale: Locale, counts?: CorpusCounts): Finding[] {
  const list = entriesOf(root, entriesPath) ?? [];
  const across = acrossEntries(root, list, shape, entriesPath, locale, counts);
  return [...across.shape, ...across.distribution];
}

function acrossEntries(
  root: unknown,
  list: unknown[],
  shape: CorpusShape,
  entriesPath: JsonPath,
  locale: Locale,
  counts?: CorpusCounts,
): { shape: Finding[]; distribution: Finding[] } {
  const out: Finding[] = [];
  const shapeAnchor: Anchor = isObject(root) && 'dataset' in root ? { path: ['dataset'], part: 'key' } : { path: [], part: 'start' };
  const legacy: LegacyResult = counts?.legacyEntries === 0 ? { findings: [], entriesWithLegacy: 0 } : legacyFindings(list, entriesPath, locale);
  if (shape !== 'envelope') {
    const shapeName: Record<Exclude<CorpusShape, 'envelope'>, MessageId> = { curated: 'shapeCurated', flat: 'shapeFlat', legacy: 'shapeLegacy' };
    const suffix = legacy.entriesWithLegacy > 0 ? msg(locale, 'shapeLegacyCount', { count: legacy.entriesWithLegacy }) : '';
    out.push({
      code: 'corpus-shape',
      message: msg(locale, 'corpusShape', { shape: msg(locale, shapeName[shape]) }) + suffix,
      at: shapeAnchor,
      fixes: legacy.fix ? [legacy.fix] : undefined,
    });
  }
  appendAll(out, legacy.findings);
  // A curated corpus's declared `entry_count` is a total of its entries: a stale one is reported (an import updates it).
  if (shape === 'curated' && isObject(root) && typeof root.entry_count === 'number' && root.entry_count !== list.length) {
    out.push({
      code: 'score-inconsistent',
      message: msg(locale, 'scoreInconsistent', {
        field: 'entry_count',
        actual: String(root.entry_count),
        formula: 'entries.length',
        expected: String(list.length),
      }),
      at: { path: ['entry_count'], part: 'value' },
    });
  }
  const distribution: Finding[] = [];
  if (shape === 'curated' && counts?.harnessEntries !== 0) appendAll(distribution, harnessRegisterFindings(list, entriesPath, locale));
  appendAll(distribution, distributionFindings(counts ?? CorpusCounts.of(list, shape), shapeAnchor, locale));
  return { shape: out, distribution };
}

/**
 * What the entries add to the rules across entries, as counts an entry can be added to or taken from: segments,
 * difficulty tiers and coverage registers with their numbers of entries, and how many entries have a legacy name
 * or a harness register.
 */
export class CorpusCounts {
  readonly segments = new Map<string, number>();
  readonly tiers = new Map<string, number>();
  readonly registers = new Map<string, number>();
  entries = 0;
  legacyEntries = 0;
  harnessEntries = 0;

  constructor(private readonly shape: CorpusShape) {}

  static of(entries: readonly unknown[], shape: CorpusShape): CorpusCounts {
    const counts = new CorpusCounts(shape);
    for (const entry of entries) counts.add(entry, 1);
    return counts;
  }

  /** Counts an entry in (`sign` 1) or out (-1). */
  add(entry: unknown, sign: 1 | -1): void {
    this.entries += sign;
    if (!isObject(entry)) return;
    bump(this.segments, typeof entry.segment === 'string' ? entry.segment : undefined, sign);
    bump(this.tiers, tierOf(entry.difficulty), sign);
    bump(this.registers, coverageRegister(entry.register, this.shape), sign);
    if (hasLegacyName(entry)) this.legacyEntries += sign;
    if (typeof entry.register === 'string' && Object.hasOwn(HARNESS_REGISTERS, entry.register)) this.harnessEntries += sign;
  }
}

function bump(counts: Map<string, number>, key: string | undefined, sign: 1 | -1): void {
  if (key === undefined) return;
  const n = (counts.get(key) ?? 0) + sign;
  if (n === 0) counts.delete(key);
  else counts.set(key, n);
}

/** Whether `legacyFindings` reports something about this entry. */
function hasLegacyName(entry: Obj): boolean {
  for (const [from, to] of LEGACY_RENAMES) if (from in entry && !(to in entry)) return true;
  return typeof entry.difficulty === 'string' && entry.difficulty in LEGACY_DIFFICULTY;
}

interface LegacyResult {
  findings: Finding[];
  entriesWithLegacy: number;
  fix?: FixData;
}

const LEGACY_RENAMES = Object.entries(LEGACY_FIELD_NAMES);

/** One finding per legacy key (up to a cap), all sharing one quick fix that converts the whole file. */
function legacyFindings(entries: unknown[], entriesPath: JsonPath, locale: Locale): LegacyResult {
  const renames: { path: JsonPath; from: string; to: string }[] = [];
  const valueRewrites: { path: JsonPath; value: unknown }[] = [];
  const pending: Finding[] = [];
  let entriesWithLegacy = 0;
  entries.forEach((entry, index) => {
    if (!isObject(entry)) return;
    let legacyHere = false;
    let entryPath: JsonPath | undefined;
    // Built only for an entry with a legacy name: nearly every entry of a big corpus has none.
    const path = () => (entryPath ??= [...entriesPath, index]);
    for (const [from, to] of LEGACY_RENAMES) {
      // Rename only when the spec name is free; otherwise the two fields would collide.
      if (from in entry && !(to in entry)) {
        legacyHere = true;
        renames.push({ path: path(), from, to });
        pending.push({ code: 'legacy-field', message: msg(locale, 'legacyField', { from, to }), at: { path: [...path(), from], part: 'key' } });
      }
    }
    const difficulty = entry.difficulty;
    if (typeof difficulty === 'string' && difficulty in LEGACY_DIFFICULTY) {
      legacyHere = true;
      const { tier, range } = LEGACY_DIFFICULTY[difficulty];
      valueRewrites.push({ path: [...path(), 'difficulty'], value: tier });
      pending.push({
        code: 'legacy-field',
        message: msg(locale, 'legacyDifficulty', { from: difficulty, mapping: `${difficulty} = ${range} → ${tier}` }),
        at: { path: [...path(), 'difficulty'] },
      });
    }
    if (legacyHere) entriesWithLegacy++;
  });
  if (pending.length === 0) return { findings: [], entriesWithLegacy };
  const fix: FixData = { kind: 'rename-legacy-fields', renames, valueRewrites };
  const findings = pending.slice(0, MAX_LEGACY_FINDINGS).map((f) => ({ ...f, fixes: [fix] }));
  return { findings, entriesWithLegacy, fix };
}

function provenanceFindings(dataset: Obj, entries: unknown[], entriesPath: JsonPath, locale: Locale): Finding[] {
  if (!Array.isArray(dataset.provenance)) return [];
  const declared = new Set(dataset.provenance.filter((t): t is string => typeof t === 'string'));
  const declaredText = [...declared].map((t) => `\`${t}\``).join(', ') || '∅';
  const out: Finding[] = [];
  entries.forEach((entry, index) => {
    if (!isObject(entry) || typeof entry.provenance !== 'string' || declared.has(entry.provenance)) return;
    out.push({
      code: 'provenance-undeclared',
      message: msg(locale, 'provenanceUndeclared', { tag: entry.provenance, declared: declaredText }),
      at: { path: [...entriesPath, index, 'provenance'] },
      related: [{ at: { path: ['dataset', 'provenance'] }, message: msg(locale, 'provenanceDeclaredHere') }],
    });
  });
  return out;
}

function tierOf(difficulty: unknown): string | undefined {
  if (typeof difficulty === 'number' && Number.isInteger(difficulty) && difficulty >= 1 && difficulty <= 5) return String(difficulty);
  if (typeof difficulty === 'string' && difficulty in LEGACY_DIFFICULTY) return difficulty;
  return undefined;
}

/** At most this many per-entry findings for harness registers. */
export const MAX_HARNESS_REGISTER_FINDINGS = 200;

/** Curated corpora: say which spec register each harness-builder register stands for (information, not an error). */
function harnessRegisterFindings(entries: unknown[], entriesPath: JsonPath, locale: Locale): Finding[] {
  const out: Finding[] = [];
  for (let index = 0; index < entries.length && out.length < MAX_HARNESS_REGISTER_FINDINGS; index++) {
    const entry = entries[index];
    if (!isObject(entry) || typeof entry.register !== 'string' || !Object.hasOwn(HARNESS_REGISTERS, entry.register)) continue;
    const { nearest, domains } = HARNESS_REGISTERS[entry.register];
    out.push({
      code: 'harness-register',
      message: msg(locale, 'harnessRegister', { register: entry.register, nearest, domains }),
      at: { path: [...entriesPath, index, 'register'] },
    });
  }
  return out;
}

/**
 * The spec register an entry's register counts as for coverage: a spec register as it is, a harness-builder one
 * (curated shape only) as its nearest; anything else is invalid and counts for nothing.
 */
function coverageRegister(register: unknown, shape: CorpusShape): string | undefined {
  if (typeof register !== 'string') return undefined;
  if ((SPEC_REGISTERS as readonly string[]).includes(register)) return register;
  if (shape === 'curated' && Object.hasOwn(HARNESS_REGISTERS, register)) return HARNESS_REGISTERS[register].nearest;
  return undefined;
}

/** Dataset-level rules of spec §2.3 and §11.1, reported once on the envelope (or the start of the file). */
function distributionFindings(counts: CorpusCounts, anchor: Anchor, locale: Locale): Finding[] {
  if (counts.entries === 0) return [];
  const { segments, tiers, registers } = counts;
  const out: Finding[] = [];
  for (const [segment, count] of segments) {
    // The segment is read from the file: `constructor` is no segment of ours.
    const minimum = Object.hasOwn(SEGMENT_MINIMUMS, segment) ? SEGMENT_MINIMUMS[segment] : undefined;
    if (minimum !== undefined && count < minimum)
      out.push({ code: 'segment-minimum', message: msg(locale, 'segmentMinimum', { segment, count, minimum }), at: anchor });
  }
  if (tiers.size < MIN_DIFFICULTY_TIERS) {
    out.push({
      code: 'difficulty-coverage',
      message: msg(locale, 'difficultyCoverage', { count: tiers.size, tiers: [...tiers.keys()].sort().join(', ') || '∅' }),
      at: anchor,
    });
  }
  // Register is optional in the curated and flat shapes: judge coverage only when entries carry it.
  if (registers.size > 0 && registers.size < MIN_REGISTERS) {
    out.push({
      code: 'register-coverage',
      message: msg(locale, 'registerCoverage', { count: registers.size, registers: [...registers.keys()].sort().join(', ') }),
      at: anchor,
    });
  }
  return out;
}

function secretFindings(root: unknown, entries: unknown[], entriesPath: JsonPath, locale: Locale): Finding[] {
  const out: Finding[] = [];
  if (isObject(root) && namesSecretSegment(root.segment) && typeof root.segment === 'string') {
    out.push({ code: 'secret-segment', message: msg(locale, 'secretSegment', { segment: root.segment }), at: { path: ['segment'] } });
  }
  entries.forEach((entry, index) => {
    if (isObject(entry) && namesSecretSegment(entry.segment) && typeof entry.segment === 'string') {
      out.push({ code: 'secret-segment', message: msg(locale, 'secretSegment', { segment: entry.segment }), at: { path: [...entriesPath, index, 'segment'] } });
    }
  });
  return out;
}
