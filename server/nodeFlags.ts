import flags from './nodeFlags.json';

/**
 * V8 flags every launcher gives the server process (the VS Code client, the `ewebench-language-server` bin, the
 * protocol tests and benches), kept in `nodeFlags.json` so the plain-JavaScript bin reads the same list.
 *
 * A big corpus is one long-lived value plus, per keystroke, one new copy of its text (a 7.5 MB corpus is a
 * 15 MB string: `TextDocument` rebuilds it on every edit, as any flat-string editor buffer must). With V8's
 * defaults the old generation may grow to several times what is live before a full collection, and the young
 * generation keeps up to 48 MB of its own: the server sat at 250–350 MB on a file whose live data is ~45 MB.
 * - `--max-semi-space-size=2`: the server's allocations are either short (requests) or live for the document's
 *   lifetime (parses), so a large nursery buys nothing but resident memory.
 * - `--heap-growing-percent=25`: a full collection once the old generation is 25% above what was live, so the
 *   text copies of a typing burst are returned rather than accumulated.
 * `npm run bench` prints the server's resident memory and keystroke latency with these flags.
 */
export const SERVER_NODE_FLAGS: readonly string[] = flags;
