/**
 * One pass over a language string tells the coverage checks which of them can have anything to do: does it hold
 * a unit that ends a look-alike, a combining mark, a letter that could be precomposed? Nearly every string of a
 * corpus answers no to the first two, and then neither the look-alike search nor `normalize` runs on it.
 * A lookup table is several times faster here than a regular expression with a class of a hundred characters.
 */

/** Bits of a unit's class. */
export const LOOKALIKE = 1;
export const MARK = 2;
export const PRECOMPOSED = 4;

/** Combining-mark blocks in which a mark can join its base into one precomposed character under NFC. */
export const MARK_BLOCKS: readonly [number, number][] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

/** Blocks with the precomposed letters our profiles' scripts use (Latin with accents, Greek with tonos). */
export const PRECOMPOSED_LETTER_BLOCKS: readonly [number, number][] = [
  [0x00c0, 0x024f],
  [0x0386, 0x03ce],
  [0x1e00, 0x1fff],
];

/** A class per UTF-16 unit: the mark and letter blocks, plus `LOOKALIKE` on the units given. */
export function unitTable(lookalikeUnits: Iterable<number>): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (const [from, to] of MARK_BLOCKS) table.fill(MARK, from, to + 1);
  for (const [from, to] of PRECOMPOSED_LETTER_BLOCKS) table.fill(PRECOMPOSED, from, to + 1);
  for (const unit of lookalikeUnits) table[unit] |= LOOKALIKE;
  return table;
}

/** The classes of every unit of `text`, or-ed together. */
export function scanUnits(text: string, table: Uint8Array): number {
  let bits = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) bits |= table[text.charCodeAt(i)];
  return bits;
}

/** A regular expression matching one unit of the blocks, for a single test where no table is at hand. */
export function blockClass(blocks: readonly [number, number][]): RegExp {
  const hex = (n: number) => '\\u' + n.toString(16).padStart(4, '0');
  return new RegExp('[' + blocks.map(([from, to]) => hex(from) + '-' + hex(to)).join('') + ']');
}
