/**
 * Bytes of a JSON file → text, as the harness's `json.load(open(path, encoding="utf-8"))` would see them:
 * UTF-16 (what some Windows editors save) and invalid UTF-8 make Python raise, so each is one clear problem
 * rather than a cascade of syntax errors. Pure computation (TextDecoder), no I/O.
 */
export type EncodingProblem =
  /** The whole file is UTF-16; it is not decoded further. */
  | { kind: 'utf-16'; endianness: 'LE' | 'BE'; bom: boolean }
  /** The first byte sequence that is not UTF-8, and the character offset it decodes to (U+FFFD there). */
  | { kind: 'invalid-utf-8'; byteOffset: number; offset: number };

export interface DecodedText {
  /** The text (invalid sequences replaced by U+FFFD; empty for UTF-16). A UTF-8 byte order mark is kept. */
  text: string;
  problem?: EncodingProblem;
}

export function decodeJsonBytes(bytes: Uint8Array): DecodedText {
  const utf16 = utf16Of(bytes);
  if (utf16) return { text: '', problem: { kind: 'utf-16', ...utf16 } };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    const byteOffset = firstInvalidUtf8(bytes);
    const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
    return { text: lenient.decode(bytes), problem: { kind: 'invalid-utf-8', byteOffset, offset: lenient.decode(bytes.subarray(0, byteOffset)).length } };
  }
}

/** A byte order mark, or (RFC 4627) a first ASCII character with a zero byte beside it. */
function utf16Of(bytes: Uint8Array): { endianness: 'LE' | 'BE'; bom: boolean } | undefined {
  if (bytes.length < 2) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { endianness: 'LE', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { endianness: 'BE', bom: true };
  if (bytes[0] !== 0 && bytes[0] < 0x80 && bytes[1] === 0) return { endianness: 'LE', bom: false };
  if (bytes[0] === 0 && bytes[1] !== 0 && bytes[1] < 0x80) return { endianness: 'BE', bom: false };
  return undefined;
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence (Unicode table 3-7). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return n;
}
