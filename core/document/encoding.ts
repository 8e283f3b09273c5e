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

/** Why a spreadsheet's bytes are not read, with the encoding they most likely are in. */
export type SheetEncodingProblem =
  /** UTF-16 without a byte order mark (zero bytes beside ASCII letters): which half is which cannot be known for sure. */
  | { kind: 'utf-16-no-bom'; endianness: 'LE' | 'BE' }
  /** UTF-16 with a byte order mark whose content is not valid UTF-16 (a lone surrogate, an odd byte count). */
  | { kind: 'invalid-utf-16'; endianness: 'LE' | 'BE' }
  /**
   * Not UTF-8: the first bad byte, and the likely encoding. Bytes 0x80–0x9F are printable in Windows-1252
   * (what a spreadsheet saves as plain "CSV" on Windows: `€`, `’`, `œ`) and control codes in Latin-1.
   */
  | { kind: 'not-utf-8'; byteOffset: number; likely: 'windows-1252' | 'latin-1' };

/**
 * Bytes of a CSV or TSV sheet → text. UTF-8 (with or without a byte order mark) and UTF-16 with a byte order
 * mark are read; anything else is refused with its likely encoding, never turned into U+FFFD. The BOM is removed.
 */
export function decodeSheetBytes(bytes: Uint8Array): { text: string; problem?: undefined } | { text?: undefined; problem: SheetEncodingProblem } {
  const utf16 = utf16Of(bytes);
  if (utf16?.bom) {
    try {
      return { text: new TextDecoder(utf16.endianness === 'LE' ? 'utf-16le' : 'utf-16be', { fatal: true, ignoreBOM: false }).decode(bytes) };
    } catch {
      return { problem: { kind: 'invalid-utf-16', endianness: utf16.endianness } };
    }
  }
  if (utf16) return { problem: { kind: 'utf-16-no-bom', endianness: utf16.endianness } };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    const byteOffset = firstInvalidUtf8(bytes);
    // A byte 0x80–0x9F that no UTF-8 sequence holds is a Windows-1252 letter or sign; without one, Latin-1.
    let c1 = false;
    for (let at = byteOffset; at < bytes.length && !c1;) {
      if (bytes[at] >= 0x80 && bytes[at] <= 0x9f) c1 = true;
      at += 1 + firstInvalidUtf8(bytes.subarray(at + 1));
    }
    return { problem: { kind: 'not-utf-8', byteOffset, likely: c1 ? 'windows-1252' : 'latin-1' } };
  }
}

/**
 * `decodeSheetBytes` over a sheet's bytes given in pieces (a large file read a chunk at a time): the same text,
 * a piece at a time, the byte order mark removed. A piece may end inside a character. `undefined` from `push` or
 * `end` says the bytes are not text `decodeSheetBytes` would give: the caller asks it, over the whole bytes, for
 * the problem (only that error path holds the whole file).
 */
export class SheetBytesDecoder {
  private head: Uint8Array = new Uint8Array(0);
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private failed = false;

  push(bytes: Uint8Array): string | undefined {
    if (this.failed) return undefined;
    if (!this.decoder) {
      // The encoding is told by the first two bytes: wait for them.
      const head = new Uint8Array(this.head.length + bytes.length);
      head.set(this.head);
      head.set(bytes, this.head.length);
      if (head.length < 2) {
        this.head = head;
        return '';
      }
      this.head = new Uint8Array(0);
      return this.start(head) ? this.decode(head, true) : undefined;
    }
    return this.decode(bytes, true);
  }

  end(): string | undefined {
    if (this.failed) return undefined;
    if (!this.decoder) {
      const head = this.head;
      this.head = new Uint8Array(0);
      if (!this.start(head)) return undefined;
      return this.decode(head, false);
    }
    return this.decode(new Uint8Array(0), false);
  }

  private start(head: Uint8Array): boolean {
    const utf16 = utf16Of(head);
    if (utf16 && !utf16.bom) {
      this.failed = true;
      return false;
    }
    const label = utf16 ? (utf16.endianness === 'LE' ? 'utf-16le' : 'utf-16be') : 'utf-8';
    this.decoder = new TextDecoder(label, { fatal: true, ignoreBOM: false });
    return true;
  }

  private decode(bytes: Uint8Array, stream: boolean): string | undefined {
    try {
      return (this.decoder as InstanceType<typeof TextDecoder>).decode(bytes, { stream });
    } catch {
      this.failed = true;
      return undefined;
    }
  }
}
