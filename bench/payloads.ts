/**
 * Payloads that must not grow without bound (issue #17), as figures through a real LSP client over stdio:
 *  - a tests file with 20,000 look-alikes: bytes and time from open to the diagnostics published, then the
 *    "fix all look-alike letters" source action resolved (bytes and time);
 *  - a workspace whose ewebench-baselines.json lists 100,000 baselines (past the 1 MiB bound): time from open to the
 *    tests file's diagnostics, the baselines-limit diagnostic, the server's resident memory;
 *  - the audit of one composite test with 60,000 keywords, in process (core's validation);
 *  - a corpus of BENCH_CORPUS_MB megabytes (200 by default): open to diagnostics, then the outline's bytes and time.
 * Run: `npm run bench:payloads`. Figures vary by machine.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CodeActionResolveRequest,
  DocumentSymbolRequest,
  HoverRequest,
  type ClientCapabilities,
  type CodeAction,
} from 'vscode-languageserver-protocol/node';
import { JsonDocument } from '../core/document/jsonDocument';
import { validateDocument } from '../core/validate';
import { TestLspClient } from '../test/helpers/lspClient';
import { VSCODE_CLIENT } from '../test/helpers/clientProfiles';
import { generateCorpus } from './generate';

const RESOLVING: ClientCapabilities = {
  ...VSCODE_CLIENT,
  textDocument: { ...VSCODE_CLIENT.textDocument, codeAction: { resolveSupport: { properties: ['edit'] } } },
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const ms = (start: number) => `${Math.round(performance.now() - start)} ms`;
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

function rssOf(pid: number | undefined): string {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? `${(Number(kb[1]) / 1024).toFixed(0)} MB` : '?';
  } catch {
    return '?';
  }
}

async function lookalikes(): Promise<void> {
  const client = new TestLspClient();
  try {
    await client.initialize({ capabilities: RESOLVING });
    const uri = 'untitled:lookalikes.json';
    const text = JSON.stringify(
      Array.from({ length: 1000 }, (_, i) => ({ id: `t${i}`, prompt: 'Ðe '.repeat(20).trim(), eval_method: 'ewe_quality' })),
      null,
      2,
    );
    let start = performance.now();
    client.open(uri, text);
    const published = await client.waitForVersion(uri, 1, 600_000);
    console.log(
      `20,000 look-alikes (${mb(text.length)}): publish ${mb(bytesOf(published))} in ${ms(start)} (open to diagnostics), ${published.diagnostics.length} diagnostics (target < 5 MB, < 1 s)`,
    );
    const at = { line: 0, character: 0 };
    start = performance.now();
    const [action] = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: at, end: at },
      context: { diagnostics: [], only: ['source.fixAll'] },
    })) as CodeAction[];
    const listed = ms(start);
    start = performance.now();
    const resolved = await client.connection.sendRequest(CodeActionResolveRequest.type, action);
    console.log(
      `  source.fixAll: listed in ${listed} (${bytesOf(action)} bytes), resolved in ${ms(start)}: ${resolved.edit?.changes?.[uri]?.length} edits, ${mb(bytesOf(resolved))}`,
    );
  } finally {
    await client.shutdown();
  }
}

async function baselines(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-bench-baselines-'));
  const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: `refusal-${i}`, text: `Nyemate ŋu aɖo nya sia ŋu o (${i}).` }));
  const file = path.join(root, 'ewebench-baselines.json');
  fs.writeFileSync(file, JSON.stringify({ baselines: rows }));
  const tests = JSON.stringify(
    Array.from({ length: 200 }, (_, i) => ({
      id: `t${i}`,
      prompt: 'Ŋlɔ nya aɖe tso Lomé ŋu.',
      eval_method: 'keywords',
      expected_keywords: ['zɔzɔme', `nya${i}`],
    })),
    null,
    2,
  );
  const client = new TestLspClient();
  try {
    const start = performance.now();
    await client.initialize({ rootUri: pathToFileURL(root).href });
    const limit = client.waitForDiagnostics(pathToFileURL(file).href, (d) => d.diagnostics.length > 0, 600_000);
    const uri = pathToFileURL(path.join(root, 'tests.json')).href;
    client.open(uri, tests);
    await client.waitForVersion(uri, 1, 600_000);
    const first = ms(start);
    const diagnostic = await limit;
    console.log(
      `100,000 workspace baselines (${mb(fs.statSync(file).size)}): tests file's diagnostics ${first} after initialize, baselines-limit after ${ms(start)}; server RSS ${rssOf(client.pid)}`,
    );
    console.log(`  "${diagnostic.diagnostics[0].message}"`);
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function keywords(): void {
  const list = [...Array.from({ length: 60_000 }, (_, i) => `kw${i}le`), 'ɖe', 'nye'];
  const text = JSON.stringify([{ id: 'k', prompt: 'x', eval_method: 'composite', expected_keywords: list, expected_format: { contains_ewe: true } }]);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const findings = validateDocument(new JsonDocument(text), { locale: 'en' }).findings.length;
  console.log(
    `one composite test with 60,002 keywords: validated (with its audit) in ${ms(start)}, ${Math.round(process.cpuUsage(cpu).user / 1000)} ms CPU, ${findings} findings`,
  );
}

async function bigCorpus(): Promise<void> {
  const target = Number(process.env.BENCH_CORPUS_MB ?? 200) * 1024 * 1024;
  // About 260 bytes an entry: generate a sample, then enough entries for the target size.
  const entries = Math.max(1, Math.round(target / (generateCorpus(1000).length / 1000)));
  const text = generateCorpus(entries);
  const client = new TestLspClient();
  try {
    await client.initialize({});
    // A small file open beside it: how long its hover waits while the big one is opened (target: under 1 s).
    const small = 'untitled:small-tests.json';
    client.open(small, '[\n  {"id": "t1", "prompt": "Ðe?", "eval_method": "ewe_quality"}\n]\n');
    await client.waitForVersion(small, 1);
    const uri = 'untitled:big-corpus.json';
    let start = performance.now();
    client.open(uri, text);
    const hoverStart = performance.now();
    await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: small }, position: { line: 1, character: 5 } });
    const beside = ms(hoverStart);
    await client.waitForVersion(uri, 1, 1_800_000);
    const opened = ms(start);
    // The floor: the didOpen message is one JSON-RPC message holding the whole text, which any LSP server must read
    // and parse before it answers anything else. Its parse alone, in this process:
    const message = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text } } });
    start = performance.now();
    JSON.parse(message);
    const floor = ms(start);
    console.log(
      `corpus of ${entries} entries (${mb(text.length)}): open to diagnostics ${opened} (over the 64 Mi bound: one file-too-large note); a hover on a small file sent with the open answered in ${beside} (target < 1 s); parsing the didOpen message alone takes ${floor} here; server RSS ${rssOf(client.pid)}`,
    );
    start = performance.now();
    const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
    const outline = ms(start);
    start = performance.now();
    await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 6 } });
    console.log(`  outline ${mb(bytesOf(symbols))} in ${outline} (target < 1 s); a hover right after it: ${ms(start)}`);
  } finally {
    await client.shutdown();
  }
}

async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only || only === 'lookalikes') await lookalikes();
  if (!only || only === 'baselines') await baselines();
  if (!only || only === 'keywords') keywords();
  if (!only || only === 'corpus') await bigCorpus();
}

void main();
