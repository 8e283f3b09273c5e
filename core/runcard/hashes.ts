/**
 * The Rosetta harness's run-card hashes, byte for byte: every hash is SHA-256 over UTF-8, and structured values
 * are serialised with Python's `json.dumps(obj, sort_keys=True, ensure_ascii=False)` first.
 */
import { concatUtf8, sha1, sha256Hex as sha256HexOfBytes, toHex } from '../hash/sha';
import { dumpsPy, HASH_DUMPS_OPTIONS, isPyObject, type PyObject, type PyValue } from '../python/json';
import { isWellFormed, LONE_SURROGATE } from '../python/str';

/** SHA-256 as lowercase hex of raw bytes, or of a string's UTF-8 encoding. Throws on lone surrogates, like Python. */
export function sha256Hex(input: string | Uint8Array): string {
  if (typeof input === 'string' && !isWellFormed(input)) {
    const bad = LONE_SURROGATE.exec(input);
    if (bad) throw new RangeError(`cannot encode lone surrogate U+${bad[0].charCodeAt(0).toString(16).toUpperCase()} at index ${bad.index} as UTF-8`);
  }
  return sha256HexOfBytes(input);
}

/** `system_prompt_sha256`: the prompt text's UTF-8 bytes. */
export function systemPromptSha256(prompt: string): string {
  return sha256Hex(prompt);
}

/** `dataset.sha256`: the corpus file's raw bytes, before any decoding or newline handling. */
export function datasetSha256(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

function requireCard(card: PyValue, what: string): PyObject {
  if (!isPyObject(card)) throw new TypeError(`${what}: a run card must be a JSON object`);
  return card;
}

/** The top-level card fields the fingerprint takes as they are. */
const FINGERPRINT_CARD_FIELDS = ['model_slug', 'condition', 'system_prompt_sha256', 'temperature', 'batch_size', 'tools_enabled', 'harness_version'] as const;

/**
 * The fingerprint's components as the harness code builds them (not the spec's "sorted concatenation"):
 * dataset.sha256 plus seven top-level fields; a missing field is Python's None, written `null`.
 */
export function fingerprintComponents(card: PyValue): PyObject {
  const fields = requireCard(card, 'fingerprintComponents');
  const dataset = fields.get('dataset');
  const components: PyObject = new Map();
  components.set('dataset_sha256', isPyObject(dataset) ? (dataset.get('sha256') ?? null) : null);
  for (const name of FINGERPRINT_CARD_FIELDS) components.set(name, fields.get(name) ?? null);
  return components;
}

/** `fingerprint.hash`: SHA-256 of the serialised components. */
export function fingerprintHash(components: PyValue): string {
  return sha256Hex(dumpsPy(components, HASH_DUMPS_OPTIONS));
}

/** `run_card_hash`: SHA-256 of the whole card serialised with `run_card_hash` set to "" (added if absent). */
export function runCardHash(card: PyValue): string {
  const sealed: PyObject = new Map(requireCard(card, 'runCardHash'));
  sealed.set('run_card_hash', '');
  return sha256Hex(dumpsPy(sealed, HASH_DUMPS_OPTIONS));
}

/** RFC 4122 namespace for URLs (6ba7b811-9dad-11d1-80b4-00c04fd430c8), the one the harness names its cards in. */
const NAMESPACE_URL = Uint8Array.from([0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8]);

/** A name-based (SHA-1, version 5) UUID per RFC 4122 §4.3, in Python's lowercase hyphenated form. */
export function uuid5(namespace: Uint8Array, name: string): string {
  const bytes = sha1(concatUtf8(namespace, name)).subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The card id of a deterministic run: uuid5(NAMESPACE_URL, fingerprint hash). */
export function cardIdFromFingerprint(fingerprintHashHex: string): string {
  return uuid5(NAMESPACE_URL, fingerprintHashHex);
}
