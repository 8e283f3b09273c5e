/** Corpus facts from the Rosetta spec (§2.3, §2.4, §11.1) and the harness's legacy names, as data. */

/** Minimum entries per segment (spec §2.3 and §11.1). */
export const SEGMENT_MINIMUMS: Readonly<Record<string, number>> = {
  gold_standard: 50,
  development: 30,
  diagnostic: 10,
  held_out: 10,
};

/** Segments held only by the governance organisation (spec §2.3, §8). */
export const SECRET_SEGMENTS: readonly string[] = ['gold_standard', 'held_out'];

/** A segment name as compared: lower case, no surrounding space, runs of `-`, `_` and spaces as one `_`. */
export function normaliseSegmentName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}

/** The segments whose entries may be sent to a model and shown freely (spec §2.3): these two, spelled exactly. */
export const OPEN_SEGMENTS: readonly string[] = ['development', 'diagnostic'];

/**
 * Whether a segment name reads as one of the secret segments, however it is written (`Held_Out`, `held-out`,
 * `held_out `, `GOLD STANDARD`): what the `secret-segment` rule warns about. Not the test for sending or
 * showing an entry: that is `isSecretSegment`, which fails closed.
 */
export function namesSecretSegment(name: unknown): boolean {
  return typeof name === 'string' && SECRET_SEGMENTS.includes(normaliseSegmentName(name));
}

/**
 * Whether an entry of this segment stays secret (not sent to a model, not shown, without the user's consent):
 * the one test the runner, the CLI, the editor's runs, its corpus table and its review view share. It fails
 * closed: any segment that is not exactly one of `OPEN_SEGMENTS` is secret, so a look-alike (`gold_standard\u200b`,
 * `goldstandard`, full-width `ｇｏｌｄ_standard`), an empty string, a misspelling or a non-string never lets a
 * secret entry out. Only an entry with no segment at all (absent or null: a harness curated corpus needs none)
 * is open.
 */
export function isSecretSegment(name: unknown): boolean {
  if (name === undefined || name === null) return false;
  return !(typeof name === 'string' && OPEN_SEGMENTS.includes(name));
}

export const MIN_DIFFICULTY_TIERS = 3;
export const MIN_REGISTERS = 2;

/** The registers of spec §2.6 (the envelope schema's enum lists the same five; a schema test keeps them equal). */
export const SPEC_REGISTERS = ['conversational', 'formal', 'technical', 'ceremonial', 'educational'] as const;
export type SpecRegister = (typeof SPEC_REGISTERS)[number];

/**
 * Registers the Rosetta harness's corpus builder infers from an entry's domain and the spec does not list. In the
 * curated shape they are the harness's own vocabulary, so they count as valid there, each as the spec register it
 * is nearest to (our reading of the domains it is inferred from).
 */
export const HARNESS_REGISTERS: Readonly<Record<string, { nearest: SpecRegister; domains: string }>> = {
  functional: { nearest: 'technical', domains: 'ecommerce, support' },
  persuasive: { nearest: 'conversational', domains: 'marketing' },
  literary: { nearest: 'formal', domains: 'literary' },
};

/** Legacy harness field names and their spec names (spec §2.2 implementation note). */
export const LEGACY_FIELD_NAMES: Readonly<Record<string, string>> = {
  index: 'id',
  source_text: 'source',
  target_expected: 'reference',
};

/**
 * Legacy string difficulties. The spec maps easy to tiers 1–2, medium to 3 and hard to 4–5; a conversion has
 * to pick one tier, and we pick the one nearer the middle (2 and 4), where the spec says most entries sit.
 */
export const LEGACY_DIFFICULTY: Readonly<Record<string, { tier: number; range: string }>> = {
  easy: { tier: 2, range: '1–2' },
  medium: { tier: 3, range: '3' },
  hard: { tier: 4, range: '4–5' },
};
