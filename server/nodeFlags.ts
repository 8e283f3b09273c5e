import flags from './nodeFlags.json';

/**
 * V8 flags every launcher gives the server process (the VS Code client, the `ewebench-language-server` bin, the
 * protocol tests and benches), kept in `nodeFlags.json` so the plain-JavaScript bin reads the same list.
 *
 * - `--expose-gc`: lets `IdleCollector` return what opening or closing a big document leaves behind (its didOpen
 *   message, its text) once the server is idle. Typing needs no collection: an open document is a text model
 *   whose edits copy no text (before it, each keystroke left a copy of the whole text, and the server sat at
 *   250–350 MB on a file whose live data was ~45 MB until a forced collection). Tightening V8's growth policy
 *   (`--heap-growing-percent`) or its nursery (`--max-semi-space-size`) also bounds the memory, but collects
 *   during typing: measured, each made keystrokes 20–100% slower.
 * `npm run bench` prints the server's resident memory and keystroke latency with these flags.
 */
export const SERVER_NODE_FLAGS: readonly string[] = flags;
