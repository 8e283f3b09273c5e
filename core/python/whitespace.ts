/**
 * Python's whitespace for str (`str.isspace`, what `strip()`, `split()` and `re`'s `\s` use): the one table
 * every Python emulation reads. JavaScript's `\s` differs: it adds U+FEFF and lacks U+001C-001F and U+0085.
 */
export const PYTHON_WHITESPACE: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
  0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

// A lookup over the codes below U+3001, so that the per-character test stays one array read.
const TABLE = new Uint8Array(0x3001);
for (const code of PYTHON_WHITESPACE) TABLE[code] = 1;

/** `chr(code).isspace()` for a UTF-16 code unit or code point. */
export function isPythonSpace(code: number): boolean {
  return code <= 0x3000 && TABLE[code] === 1;
}
