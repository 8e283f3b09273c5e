import flags from './nodeFlags.json';

/**
 * V8 flags every launcher gives the server process (the VS Code client, the `ewebench-language-server` bin, the
 * protocol tests and benches), kept in `nodeFlags.json` so the plain-JavaScript bin reads the same list.
 *
 * A big corpus is one long-lived value plus, per keystroke, one new copy of its text (a 7.5 MB corpus is a
 * 15 MB string: `TextDocument` rebuilds it on every edit, as any flat-string buffer must). V8 lets the copies of a
 * typing burst pile up until the old generation is several times what is live: the server sat at 250–350 MB on
 * a file whose live data is ~45 MB (heap snapshot: the text 15 MB, the parsed value ~20 MB, two line tables
 * 4 MB, code 3 MB).
 * - `--expose-gc`: lets `IdleCollector` return them once typing pauses. Tightening V8's growth policy
 *   (`--heap-growing-percent`) or its nursery (`--max-semi-space-size`) also bounds the memory, but collects
 *   during typing: measured, each made keystrokes 20–100% slower.
 * `npm run bench` prints the server's resident memory and keystroke latency with these flags.
 */
export const SERVER_NODE_FLAGS: readonly string[] = flags;
