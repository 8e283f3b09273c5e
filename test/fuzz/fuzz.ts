/**
 * Throws generated and mutated documents at the language server through a real LSP client and checks that it
 * neither crashes nor answers any request slower than 1 s. `node out/test/fuzz/fuzz.js [COUNT] [SEED]` runs it
 * standalone (10,000 documents by default); the test suite runs 1,000.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CodeActionRequest,
  CompletionRequest,
  DocumentSymbolRequest,
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
  crashed: boolean;
}

const ALPHABET = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', 'a', '0', '-', '.', 'e', 'ɖ', 'Ð', 'ɛ', 'ε', '\u0300', '😀', '\ud800', 'null', 'true', '1e999', '"id"', '"eval_method"', '"entries"'];
const KEYS = ['id', 'prompt', 'messages', 'eval_method', 'expected', 'expected_keywords', 'expected_format', 'temperature', 'dataset', 'entries', 'source', 'reference', 'segment', 'difficulty', 'provenance', 'register', 'context', 'index', 'source_text', 'target_expected', 'run_card_hash', 'fingerprint', 'scores', 'contains_ewe', 'role', 'content'];
const VALUES: unknown[] = ['exact_match', 'keywords', 'composite', 'bogus', 'gold_standard', 'development', 'Ðe wòle', 'ɛ̃', 0, 1, -1, 6, 2.5, 1e300, true, false, null, [], {}, ''];

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

export async function fuzz(count: number, seed = 1): Promise<FuzzReport> {
  const random = rng(seed);
  const corpus = seeds();
  const client = new TestLspClient();
  let crashed = false;
  const report: FuzzReport = { documents: 0, requests: 0, slowest: { ms: 0, what: '' }, crashed: false };
  const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const t0 = process.hrtime.bigint();
    const result = await run();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    report.requests++;
    if (ms > report.slowest.ms) report.slowest = { ms, what };
    return result;
  };
  try {
    await client.initialize({ rootUri: null });
    for (let i = 0; i < count; i++) {
      const text = random() < 0.8 ? mutate(random, corpus[Math.floor(random() * corpus.length)]) : JSON.stringify(randomValue(random, 0), null, random() < 0.5 ? 2 : 0);
      const uri = `untitled:fuzz-${i}.json`;
      client.open(uri, text);
      const published = await timed(`diagnostics #${i}`, () => client.waitForVersion(uri, 1, 5000));
      const lines = text.split('\n');
      const line = Math.floor(random() * lines.length);
      const position = { line, character: Math.floor(random() * (lines[line].length + 1)) };
      const textDocument = { uri };
      await timed(`hover #${i}`, () => client.connection.sendRequest(HoverRequest.type, { textDocument, position }));
      await timed(`completion #${i}`, () => client.connection.sendRequest(CompletionRequest.type, { textDocument, position }));
      await timed(`symbols #${i}`, () => client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument }));
      const diagnostics: Diagnostic[] = published.diagnostics.slice(0, 3);
      if (diagnostics.length) {
        await timed(`codeAction #${i}`, () => client.connection.sendRequest(CodeActionRequest.type, { textDocument, range: diagnostics[0].range, context: { diagnostics } }));
      }
      client.close(uri);
      report.documents++;
    }
  } catch (error) {
    crashed = true;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    report.crashed = crashed || client.errors.length > 0;
    if (client.errors.length) console.error(client.errors.slice(0, 3).join('\n'));
    await client.shutdown();
  }
  return report;
}

if (require.main === module) {
  const count = Number(process.argv[2] ?? 10000);
  const seed = Number(process.argv[3] ?? 1);
  void fuzz(count, seed).then((r) => {
    console.log(`fuzz: ${r.documents} documents, ${r.requests} requests, slowest ${r.slowest.ms.toFixed(1)} ms (${r.slowest.what}), crashed: ${r.crashed}`);
    process.exitCode = r.crashed || r.slowest.ms > 1000 || r.documents < count ? 1 : 0;
  });
}
