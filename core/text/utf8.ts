/**
 * Whether a text's UTF-8 encoding (what it takes in a file) has at most `maxBytes` bytes. Each UTF-16 unit is 1 to
 * 3 UTF-8 bytes (a surrogate pair 4 for 2): the length alone decides most texts, only the middle band is counted.
 */
export function fitsUtf8(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return false;
  if (text.length * 3 <= maxBytes) return true;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > maxBytes) return false;
  }
  return true;
}
