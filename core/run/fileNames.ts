import { sha256Text } from './canonicalJson';

/**
 * One part of an output file name (a model, a dataset id, a run id) made safe on every file system: path
 * separators, characters Windows forbids and control characters become `_`, as do leading and trailing dots
 * and spaces; a part longer than `MAX_NAME_PART_BYTES` in UTF-8 is cut on a character boundary and given
 * `-` and 8 hex digits of the SHA-256 of the original, so two long ids that share a beginning still get two
 * names and no id can make a name too long for the file system (255 bytes).
 */
export const MAX_NAME_PART_BYTES = 64;

// eslint-disable-next-line no-control-regex
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g;

export function fileNamePart(text: string, options: { spaces?: boolean } = {}): string {
  let safe = text.replace(UNSAFE, '_');
  if (options.spaces === false) safe = safe.replace(/\s/g, '_');
  safe = safe.replace(/^[. ]+|[. ]+$/g, (m) => '_'.repeat(m.length));
  // Lone surrogates would not survive the file system's UTF-8 either.
  safe = safe.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '_');
  if (utf8Length(safe) <= MAX_NAME_PART_BYTES) return safe;
  const suffix = `-${sha256Text(text).slice(0, 8)}`;
  let cut = '';
  let bytes = 0;
  for (const ch of safe) {
    const n = utf8Length(ch);
    if (bytes + n > MAX_NAME_PART_BYTES - suffix.length) break;
    cut += ch;
    bytes += n;
  }
  return cut + suffix;
}

function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}
