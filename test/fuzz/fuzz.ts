/**
 * Throws generated and mutated documents at the language server through a real LSP client and checks that it
 * neither crashes, nor exits, nor answers any request slower than 1 s. Besides mutated fixtures and random
 * values, the generators make hostile input: nesting past the depth limit, files full of duplicate ids and
 * keys, control characters, odd URIs, settings globs that explode a backtracking matcher, and a workspace on
 * disk holding such files (rewritten during the run, as a file watcher would report). `npm run fuzz -- COUNT
 * [SEED]` runs it standalone (100,000 documents for the nightly run); the test suite runs for a time budget.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CompletionRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentSymbolRequest,
  FileChangeType,
  HoverRequest,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { rng } from '../../bench/generate';
import { TestLspClient } from '../helpers/lspClient';
import { fromRepo } from '../helpers/paths';

export interface FuzzReport {
  documents: number;
  requests: number;
  slowest: { ms: number; what: string };
  /** A request failed or timed out, or the server logged an exception it caught. */
  crashed: boolean;
  /** The server process ended on its own. */
  exited: boolean;
  /** Documents per generator. */
  kinds: Record<string, number>;
}

const ALPHABET = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  ' ',
  '\n',
  'a',
  '0',
  '-',
  '.',
  'e',
  'ɖ',
  'Ð',
  'ɛ',
  'ε',
  '\u0300',
  '😀',
  '\ud800',
  'null',
  'true',
  '1e999',
  '"id"',
  '"eval_method"',
  '"entries"',
];
const KEYS = [
  'id',
  'prompt',
  'messages',
  'eval_method',
  'expected',
  'expected_keywords',
  'expected_format',
  'temperature',
  'dataset',
  'entries',
  'source',
  'reference',
  'segment',
  'difficulty',
  'provenance',
  'register',
  'context',
  'index',
  'source_text',
  'target_expected',
  'run_card_hash',
  'fingerprint',
  'scores',
  'contains_ewe',
  'role',
  'content',
];
const VALUES: unknown[] = [
  'exact_match',
  'keywords',
  'composite',
  'bogus',
  'gold_standard',
  'development',
  'Ðe wòle',
  'ɛ̃',
  0,
  1,
  -1,
  6,
  2.5,
  1e300,
  true,
  false,
  null,
  [],
  {},
  '',
];

function seeds(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.json') && !e.name.endsWith('.expected.json')) out.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(fromRepo('test-fixtures'));
  return out;
}

function randomValue(random: () => number, depth: number): unknown {
  const r = random();
  if (depth > 3 || r < 0.4) return VALUES[Math.floor(random() * VALUES.length)];
  if (r < 0.7) {
    const obj: Record<string, unknown> = {};
    const n = Math.floor(random() * 6);
    for (let i = 0; i < n; i++) obj[KEYS[Math.floor(random() * KEYS.length)]] = randomValue(random, depth + 1);
    return obj;
  }
  return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
}

function mutate(random: () => number, text: string): string {
  let out = text;
  const steps = 1 + Math.floor(random() * 4);
  for (let s = 0; s < steps; s++) {
    const at = Math.floor(random() * (out.length + 1));
    const r = random();
    if (r < 0.3) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(random() * 20));
    else if (r < 0.6) out = out.slice(0, at) + ALPHABET[Math.floor(random() * ALPHABET.length)] + out.slice(at);
    else if (r < 0.75) out = out.slice(0, at);
    else if (r < 0.9) {
      const from = Math.floor(random() * out.length);
      out = out.slice(0, at) + out.slice(from, from + Math.floor(random() * 200)) + out.slice(at);
    } else out = out.slice(0, at) + JSON.stringify(randomValue(random, 0)) + out.slice(at);
  }
  return out;
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** Nesting around the limit (1,000) and far past it, closed or not, alone or inside a tests file. */
function deepDocument(random: Random): string {
  const depth = random() < 0.5 ? int(random, 990, 1010) : int(random, 1000, 30000);
  const open = pick(random, ['[', '{"a":', '{"id":[', '[{"prompt":']);
  const close = open === '[' ? ']' : open === '{"a":' ? '}' : open === '{"id":[' ? ']}' : '}]';
  const inner = open.repeat(depth) + (random() < 0.5 ? '1' + close.repeat(depth) : '');
  return random() < 0.5 ? inner : `[{"id": "deep", "prompt": ${inner}, "eval_method": "ewe_quality"}]`;
}

/** Many tests sharing a few ids (some also in the workspace files), and objects with repeated keys. */
function duplicateDocument(random: Random): string {
  const ids = Array.from({ length: int(random, 1, 4) }, () => pick(random, ['dup_01', 'shared_01', 7, 'ck_01', '']));
  const tests = Array.from({ length: int(random, 2, random() < 0.1 ? 1000 : 200) }, (_, i) => {
    const keys = [
      `"id": ${JSON.stringify(pick(random, ids))}`,
      '"prompt": "x"',
      `"eval_method": ${JSON.stringify(pick(random, ['multiple_choice', 'exact_match', 'ewe_quality']))}`,
    ];
    if (random() < 0.3) keys.push(`"expected": ${JSON.stringify(pick(random, HOSTILE_EXPECTED))}`);
    for (let k = int(random, 0, 3); k > 0; k--) keys.push(pick(random, keys));
    return (i % 50 === 0 ? '\n' : '') + '{' + keys.join(', ') + '}';
  });
  return '[' + tests.join(',') + ']';
}

/** Multiple-choice `expected` values that backtrack without end as regular expressions, or are no patterns at all. */
const HOSTILE_EXPECTED = ['(A+)+C', '(a|a)*b', '(?:x+x+)+y', '(.*a){20}', '([A-D]+)*$', '\\', '(', '[', '(?P<n>A)(?P=n)', 'A'.repeat(5000)];

const CONTROLS = ['\u0000', '\u0007', '\u001b[31m', '\u001b]0;title\u0007', '\r', '\u0085', '\u2028', '\u202e', '\ud800', '\udfff', '\ufeff', '\u009b'];

/** Control characters, lone surrogates and bidi overrides in ids, keys and values, escaped or raw. */
function controlDocument(random: Random): string {
  const noisy = () =>
    Array.from({ length: int(random, 1, 4) }, () => (random() < 0.5 ? pick(random, CONTROLS) : pick(random, ['a', 'ɖ', ' ', '"', '\\']))).join('');
  const tests = Array.from({ length: int(random, 1, 5) }, () => ({
    id: noisy(),
    prompt: noisy(),
    eval_method: random() < 0.5 ? 'keywords' + noisy() : 'ewe_quality',
    [noisy()]: noisy(),
  }));
  const text = JSON.stringify(tests, null, random() < 0.5 ? 2 : 0);
  // Raw (unescaped) control characters make the text invalid JSON: the fault-tolerant path.
  return random() < 0.3 ? text.replace(/\\u00([01][0-9a-f])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** URIs an editor may send: escapes that do not decode, hosts, spaces, other schemes. */
function oddUri(random: Random, i: number, workspace: string): string {
  return pick(random, [
    `untitled:fuzz-${i}.json`,
    `file:///tmp/bad%E0%A4%A${i}.json`,
    `file://host/share/tests/${i}.json`,
    `file:///tmp/with%20space/%23${i}%25.json`,
    `vscode-notebook-cell:/x/${i}.json`,
    `file:///C:/w/tests/${i}.json`,
    pathToFileURL(path.join(workspace, 'tests', `open-${i % 7}.json`)).toString(),
    `file:///${'a/'.repeat(500)}${i}.json`,
  ]);
}

/** Globs that take exponential time in a backtracking matcher, and ordinary ones. */
function hostileGlobs(random: Random): string[] {
  return Array.from({ length: int(random, 1, 4) }, () =>
    pick(random, [
      '*a'.repeat(int(random, 5, 40)) + '*b',
      '**/'.repeat(int(random, 1, 200)) + '*.json',
      '*'.repeat(int(random, 1, 2000)) + '?',
      '**/tests/*.json',
      Array.from({ length: int(random, 1, 50) }, () => pick(random, ['*', '**', '?', 'a', '/', '.json'])).join(''),
    ]),
  );
}

const WORKSPACE_GENERATORS: ((random: Random) => string)[] = [deepDocument, duplicateDocument, controlDocument];

/** A workspace on disk with hostile files, walked by the server at start. */
function makeWorkspace(random: Random): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-fuzz-'));
  fs.mkdirSync(path.join(dir, 'tests'));
  fs.writeFileSync(path.join(dir, 'tests', 'deep-brackets.json'), '['.repeat(3000));
  fs.writeFileSync(path.join(dir, 'tests', 'deep-objects.json'), '{"a":'.repeat(10000));
  fs.writeFileSync(path.join(dir, 'tests', 'shared.json'), JSON.stringify([{ id: 'shared_01', prompt: 'x', eval_method: 'ewe_quality' }]));
  for (let k = 0; k < 6; k++) fs.writeFileSync(path.join(dir, 'tests', `gen-${k}.json`), pick(random, WORKSPACE_GENERATORS)(random));
  try {
    fs.symlinkSync(dir, path.join(dir, 'tests', 'loop'));
  } catch {
    // symbolic links may be unavailable; the rest still runs
  }
  return dir;
}

export interface FuzzOptions {
  seed?: number;
  /** Stop after this many milliseconds even if fewer documents were sent (the CI run). */
  budgetMs?: number;
}

export async function fuzz(count: number, options: FuzzOptions = {}): Promise<FuzzReport> {
  const random = rng(options.seed ?? 1);
  const deadline = options.budgetMs === undefined ? Infinity : Date.now() + options.budgetMs;
  const corpus = seeds();
  const workspace = makeWorkspace(random);
  const client = new TestLspClient();
  let crashed = false;
  const report: FuzzReport = { documents: 0, requests: 0, slowest: { ms: 0, what: '' }, crashed: false, exited: false, kinds: {} };
  const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const t0 = process.hrtime.bigint();
    const result = await run();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    report.requests++;
    if (ms > report.slowest.ms) report.slowest = { ms, what };
    return result;
  };
  try {
    await client.initialize({ rootUri: pathToFileURL(workspace).toString() });
    for (let i = 0; i < count && Date.now() < deadline; i++) {
      const r = random();
      const [kind, text] =
        r < 0.5
          ? ['mutated', mutate(random, corpus[Math.floor(random() * corpus.length)])]
          : r < 0.6
            ? ['random', JSON.stringify(randomValue(random, 0), null, random() < 0.5 ? 2 : 0)]
            : r < 0.7
              ? ['deep', deepDocument(random)]
              : r < 0.8
                ? ['duplicates', duplicateDocument(random)]
                : r < 0.9
                  ? ['controls', controlDocument(random)]
                  : ['mutated-hostile', mutate(random, pick(random, WORKSPACE_GENERATORS)(random))];
      report.kinds[kind] = (report.kinds[kind] ?? 0) + 1;
      if (i % 50 === 25) {
        // New settings: hostile globs must not block the next documents.
        await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
          settings: { ewebench: { fileKinds: { 'ewebench-tests': hostileGlobs(random), 'rosetta-corpus': hostileGlobs(random) } } },
        });
      }
      if (i % 100 === 75) {
        // A workspace file changes on disk: the watcher path re-reads it.
        const file = path.join(workspace, 'tests', `gen-${i % 6}.json`);
        fs.writeFileSync(file, pick(random, WORKSPACE_GENERATORS)(random));
        await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
          changes: [{ uri: pathToFileURL(file).toString(), type: FileChangeType.Changed }],
        });
      }
      const uri = random() < 0.7 ? `untitled:fuzz-${i}.json` : oddUri(random, i, workspace);
      client.open(uri, text);
      const published = await timed(`diagnostics #${i} (${kind})`, () => client.waitForVersion(uri, 1, 5000));
      const lines = text.split('\n');
      const line = Math.floor(random() * lines.length);
      const position = { line, character: Math.floor(random() * (lines[line].length + 1)) };
      const textDocument = { uri };
      await timed(`hover #${i} (${kind})`, () => client.connection.sendRequest(HoverRequest.type, { textDocument, position }));
      await timed(`completion #${i} (${kind})`, () => client.connection.sendRequest(CompletionRequest.type, { textDocument, position }));
      await timed(`symbols #${i} (${kind})`, () => client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument }));
      const diagnostics: Diagnostic[] = published.diagnostics.slice(0, 3);
      if (diagnostics.length) {
        await timed(`codeAction #${i} (${kind})`, () =>
          client.connection.sendRequest(CodeActionRequest.type, { textDocument, range: diagnostics[0].range, context: { diagnostics } }),
        );
      }
      client.close(uri);
      // The diagnostics cleared on close say the server is still there after re-reading the file from disk.
      await client.waitForDiagnostics(uri, (d) => d.diagnostics.length === 0 && d.version === undefined, 5000);
      report.documents++;
    }
  } catch (error) {
    crashed = true;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    report.exited = client.exitCode !== null;
    report.crashed = crashed || report.exited || client.errors.length > 0;
    if (client.errors.length) console.error(client.errors.slice(0, 3).join('\n'));
    await client.shutdown();
    fs.rmSync(workspace, { recursive: true, force: true });
  }
  return report;
}

if (require.main === module) {
  const count = Number(process.argv[2] ?? 10000);
  const seed = Number(process.argv[3] ?? 1);
  const started = Date.now();
  void fuzz(count, { seed }).then((r) => {
    console.log(
      `fuzz: ${r.documents} documents (${Object.entries(r.kinds)
        .map(([k, n]) => `${k} ${n}`)
        .join(
          ', ',
        )}), ${r.requests} requests in ${((Date.now() - started) / 1000).toFixed(0)} s; slowest ${r.slowest.ms.toFixed(1)} ms (${r.slowest.what}); crashed: ${r.crashed}; exited: ${r.exited}`,
    );
    process.exitCode = r.crashed || r.slowest.ms > 1000 || r.documents < count ? 1 : 0;
  });
}
