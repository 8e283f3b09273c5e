/**
 * The language server's start-up walk on a generated workspace (BENCH_TESTS_FILES tests files, 2,000 by default,
 * 40 results files of one category and 10 corpora of about 4 MB), through a real protocol client: time from the
 * initialize request to the open tests file's settled diagnostics (its cross-file duplicates, which need every
 * tests file indexed, and its no-separation notes, which need every run), for
 *  - the desktop bundle (dist/server.js over stdio, the local disk), and
 *  - the browser bundle (dist/browserServer.js in a worker), whose files this client finds and reads as VS Code's
 *    does: the number of `ewebench/readFile` requests is the number of reads.
 * Run: `npm run bench:startup [folder with other server.js / browserServer.js bundles to compare]`. Figures vary
 * by machine.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { FindJsonFilesRequest, ReadFileRequest } from '../protocol/ewebench';
import { VSCODE_CLIENT } from '../test/helpers/clientProfiles';
import { TestLspClient } from '../test/helpers/lspClient';
import { fromRepo } from '../test/helpers/paths';
import { startWorkerServer } from '../test/helpers/workerServer';
import { generateCorpus } from './generate';

const TESTS_FILES = Number(process.env.BENCH_TESTS_FILES ?? 2000);
const RESULTS_FILES = 40;
const CORPORA = 10;
const RUNS = fromRepo('test-fixtures', 'runs');
const IDS = ['mt_greeting_01', 'mt_context_02', 'mt_market_03', 'mt_family_04'];
const tests = (ids: string[]) =>
  JSON.stringify(
    ids.map((id) => ({ id, prompt: `Ɖe gbe sia gɔme (${id})`, eval_method: 'ewe_quality' })),
    null,
    2,
  );

/** The workspace on disk; returns its folder, the open file's URI and text, and every JSON file's relative path. */
function generate(): { root: string; open: string; text: string; files: string[] } {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-startup-')));
  const files: string[] = [];
  const write = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), text);
    files.push(relative);
  };
  // Every tests file shares one id with the open one: its duplicate's count is right only once all are indexed.
  for (let i = 0; i < TESTS_FILES; i++)
    write(`tests/${String(i % 20).padStart(2, '0')}/file_${i}.json`, tests(['shared', ...Array.from({ length: 19 }, (_, j) => `t${i}_${j}`)]));
  const run = JSON.parse(fs.readFileSync(path.join(RUNS, 'ewebench_deepseek-chat_20261120_091500.json'), 'utf8'));
  for (let i = 0; i < RESULTS_FILES; i++) write(`results/ewebench_model-${i}.json`, JSON.stringify({ ...run, model: `model-${i}` }));
  const corpus = generateCorpus(8000);
  for (let i = 0; i < CORPORA; i++) write(`corpora/corpus_${i}.json`, corpus);
  const text = tests([...IDS, 'shared']);
  const open = pathToFileURL(path.join(root, 'translation.json')).toString();
  return { root, open, text, files };
}

/** The first publish whose diagnostics are those the file settles on, once nothing more comes for `quietMs`. */
async function settled(published: { at: number; params: PublishDiagnosticsParams }[], uri: string, quietMs = 2000): Promise<number> {
  const mine = () => published.filter((p) => p.params.uri === uri);
  for (let seen = -1; ;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = mine();
    const last = now.at(-1);
    if (now.length === seen && last?.params.diagnostics.some((d) => d.code === 'no-separation')) {
      const final = JSON.stringify(last.params.diagnostics);
      return now.find((p) => JSON.stringify(p.params.diagnostics) === final)!.at;
    }
    seen = now.length;
  }
}

async function desktop(bundle: string, workspace: ReturnType<typeof generate>): Promise<string> {
  const client = new TestLspClient(bundle);
  const published: { at: number; params: PublishDiagnosticsParams }[] = [];
  client.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.push({ at: performance.now(), params });
  });
  try {
    const start = performance.now();
    await client.initialize({ rootUri: pathToFileURL(workspace.root).toString(), locale: 'en', capabilities: VSCODE_CLIENT });
    client.open(workspace.open, workspace.text);
    const ready = await settled(published, workspace.open);
    return `${Math.round(ready - start)} ms`;
  } finally {
    await client.shutdown();
  }
}

async function browser(bundle: string, workspace: ReturnType<typeof generate>): Promise<string> {
  const { worker, connection } = startWorkerServer(bundle);
  const rootUri = pathToFileURL(workspace.root).toString();
  let reads = 0;
  let readBytes = 0;
  connection.onRequest(FindJsonFilesRequest, () => workspace.files.map((f) => pathToFileURL(path.join(workspace.root, f)).toString()));
  connection.onRequest(ReadFileRequest, async ({ uri, maxBytes }) => {
    reads++;
    const file = new URL(uri);
    const size = (await fs.promises.stat(file)).size;
    if (size > maxBytes) return { size };
    readBytes += size;
    return { text: await fs.promises.readFile(file, 'utf8') };
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
  const published: { at: number; params: PublishDiagnosticsParams }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.push({ at: performance.now(), params });
  });
  connection.listen();
  try {
    const start = performance.now();
    await connection.sendRequest(InitializeRequest.type, {
      processId: null,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'bench' }],
      capabilities: VSCODE_CLIENT,
      locale: 'en',
      initializationOptions: { settings: {} },
    });
    await connection.sendNotification(InitializedNotification.type, {});
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: workspace.open, languageId: 'json', version: 1, text: workspace.text },
    });
    const ready = await settled(published, workspace.open);
    return `${Math.round(ready - start)} ms, ${reads} reads (${(readBytes / 1024 / 1024).toFixed(0)} MB sent)`;
  } finally {
    connection.dispose();
    await worker.terminate();
  }
}

async function main(): Promise<void> {
  const other = process.argv[2];
  const workspace = generate();
  const sizeMb = workspace.files.reduce((sum, f) => sum + fs.statSync(path.join(workspace.root, f)).size, 0) / 1024 / 1024;
  console.log(
    `workspace: ${workspace.files.length} JSON files, ${sizeMb.toFixed(0)} MB (${TESTS_FILES} tests files, ${RESULTS_FILES} results, ${CORPORA} corpora)`,
  );
  try {
    const builds = [['this build', fromRepo('dist')], ...(other ? [['other', path.resolve(other)]] : [])];
    for (const [name, dir] of builds) {
      console.log(`${name}: desktop, initialize to settled diagnostics: ${await desktop(path.join(dir, 'server.js'), workspace)}`);
      console.log(`${name}: browser, initialize to settled diagnostics: ${await browser(path.join(dir, 'browserServer.js'), workspace)}`);
    }
  } finally {
    fs.rmSync(workspace.root, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
