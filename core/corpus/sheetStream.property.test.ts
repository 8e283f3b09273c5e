import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { cut } from '../../test/helpers/pieces';
import { decodeSheetBytes, SheetBytesDecoder } from '../document/encoding';
import { planImport, type Delimiter } from './spreadsheet';

const DATASET = { id: 'prop', version: '1.0', language_pair: 'eng-ewe', source_language: 'eng', target_language: 'ewe' };
const CORPORA = [
  JSON.stringify({ dataset: DATASET, entries: [] }, null, 2),
  JSON.stringify({ dataset: DATASET, entry_count: 1, entries: [{ id: 'e-001', source: 'a b', reference: 'ɖe' }] }, null, 2),
];

/** The characters a sheet breaks on: quotes, both separators, every line ending, a BOM, spaces, Ewe letters. */
const PIECES = ['"', '""', ',', '\t', '\r', '\n', '\r\n', ' ', "'", '=', 'ɖ', 'ɛ̃', 'Ŋ', 'a', '1', '\uFEFF', 'source', 'reference', 'id', 'notes'];
const cellText = fc.string({ unit: fc.constantFrom(...PIECES), maxLength: 8 });
const quoted = cellText.map((c) => `"${c.replace(/"/g, '""')}"`);
const cell = fc.oneof(cellText, quoted, fc.constantFrom('', '1', '2', 'x'));
const eol = fc.constantFrom('\r\n', '\n', '\r');

/** A sheet of any shape: a usual header most of the time, rows of any width, any line endings, a BOM or not, broken quotes too. */
const sheet = fc
  .record({
    bom: fc.boolean(),
    header: fc.oneof(fc.constant(['source', 'reference', 'notes']), fc.constant(['id', 'source', 'reference']), fc.array(cell, { minLength: 1, maxLength: 4 })),
    rows: fc.array(fc.tuple(fc.array(cell, { minLength: 0, maxLength: 4 }), eol), { maxLength: 6 }),
    headerEol: eol,
    tail: fc.constantFrom('', '\r\n', '\n', '"', '\r'),
    delimiter: fc.constantFrom<Delimiter>(',', '\t'),
  })
  .map(({ bom, header, rows, headerEol, tail, delimiter }) => ({
    delimiter,
    text: (bom ? '\uFEFF' : '') + header.join(delimiter) + headerEol + rows.map(([cells, end]) => cells.join(delimiter) + end).join('') + tail,
  }));

/** The plan, or the error it throws, as plain data (to compare both paths whatever happens). */
function outcome(run: () => ReturnType<typeof planImport>): unknown {
  try {
    const plan = run();
    return { ...plan, entries: plan.entries.map((e) => ({ ...e })) };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

test('an import from a sheet read in pieces equals the import from the whole text: same bytes written, same problems, wherever the pieces end', () => {
  fc.assert(
    fc.property(sheet, fc.array(fc.nat(), { maxLength: 12 }), fc.constantFrom(...CORPORA), ({ text, delimiter }, at, corpus) => {
      const whole = outcome(() => planImport(corpus, text, { delimiter }));
      const pieces = outcome(() => planImport(corpus, cut(text, at), { delimiter }));
      assert.deepEqual(pieces, whole);
    }),
    propertyRuns(300),
  );
});

test('an import from a sheet read one character at a time equals the import from the whole text', () => {
  fc.assert(
    fc.property(sheet, ({ text, delimiter }) => {
      assert.deepEqual(
        outcome(() => planImport(CORPORA[0], [...text.split('')], { delimiter })),
        outcome(() => planImport(CORPORA[0], text, { delimiter })),
      );
    }),
    propertyRuns(100),
  );
});

function utf16(text: string, endianness: 'LE' | 'BE'): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    out[2 * i + (endianness === 'LE' ? 0 : 1)] = u & 0xff;
    out[2 * i + (endianness === 'LE' ? 1 : 0)] = u >> 8;
  }
  return out;
}

/** The bytes cut at the given points (any byte, so inside a UTF-8 sequence or a UTF-16 unit). */
function cutBytes(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const points = [...new Set(at.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

function decodeInPieces(pieces: readonly Uint8Array[]): string | undefined {
  const decoder = new SheetBytesDecoder();
  let text = '';
  for (const p of pieces) {
    const t = decoder.push(p);
    if (t === undefined) return undefined;
    text += t;
  }
  const last = decoder.end();
  return last === undefined ? undefined : text + last;
}

test('a sheet decoded in pieces gives the text decoded whole (UTF-8 with or without BOM, UTF-16 with BOM), or fails where it fails', () => {
  const encoded = fc.oneof(
    fc
      .tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'utf-16le-no-bom'))
      .map(([text, how]) => {
        if (how === 'utf-8') return new TextEncoder().encode(text);
        if (how === 'utf-8-bom') return new TextEncoder().encode('\uFEFF' + text);
        if (how === 'utf-16le-no-bom') return utf16('a' + text, 'LE');
        return utf16('\uFEFF' + text, how === 'utf-16le' ? 'LE' : 'BE');
      }),
    fc.uint8Array({ maxLength: 24 }),
    fc.uint8Array({ maxLength: 24 }).map((b) => Uint8Array.from([0xff, 0xfe, ...b])),
  );
  fc.assert(
    fc.property(encoded, fc.array(fc.nat(), { maxLength: 8 }), (bytes, at) => {
      const whole = decodeSheetBytes(bytes);
      assert.equal(decodeInPieces(cutBytes(bytes, at)), whole.text);
    }),
    propertyRuns(400),
  );
});
