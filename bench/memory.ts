/**
 * Peak memory and time of the commands issue #36 bounds, each run by the real CLI (dist/cli.js) in its own
 * process, beside a baseline child that reads the same bytes and JSON.parses them (a CSV sheet's rows are parsed
 * as the JSON array of the same rows). Every figure is also printed as a ratio to that baseline, measured in the
 * same run: the machine may be loaded, the ratio is what to read. Wall time, CPU time (user + system) and peak
 * RSS (`process.resourceUsage().maxRSS`, read at the child's exit by a preloaded module) per run; medians.
 *
 *   npm run bench:memory [-- import compare leaderboard]
 *
 * Sizes: BENCH_ROWS (1,000,000 sheet rows), BENCH_COMPARE (200,000 entries per run), BENCH_CARDS (5,000 cards);
 * BENCH_RUNS timed runs of each (3); BENCH_CLI another build of the CLI to measure (default dist/cli.js). Targets: import and compare under 600 MB, leaderboard ≤ 2 s. Inputs are
 * deterministic and made once under .bench-data/memory/.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { syntheticCard } from '../test/helpers/syntheticCards';
import { rng } from './generate';
import { median, ratio } from './stats';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const COMPARE = Number(process.env.BENCH_COMPARE ?? 200_000);
const CARDS = Number(process.env.BENCH_CARDS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const which = process.argv.slice(2);
const wanted = (name: string) => which.length === 0 || which.includes(name);

const root = path.resolve('.bench-data', 'memory');
// BENCH_CLI measures another build of the CLI (an older checkout's dist/cli.js, for figures before a change).
const cli = path.resolve(process.env.BENCH_CLI ?? path.join('dist', 'cli.js'));
const peakFile = path.join(root, 'peak.json');
// Preloaded into every child: its CPU time and peak RSS, written at exit.
const preload = path.join(root, 'peak.cjs');

interface Figures {
  wallMs: number;
  cpuMs: number;
  rssMiB: number;
  status: number | null;
}

function measure(args: string[], cwd = root): Figures {
  fs.rmSync(peakFile, { force: true });
  const t0 = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--require', preload, ...args], {
    cwd,
    env: { ...process.env, BENCH_PEAK_FILE: peakFile },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (!fs.existsSync(peakFile))
    throw new Error(`the child did not start or did not exit normally: ${child.error?.message ?? child.stderr?.toString().slice(0, 500)}`);
  const peak = JSON.parse(fs.readFileSync(peakFile, 'utf8')) as { maxRSS: number; userCPUTime: number; systemCPUTime: number };
  if (child.status !== 0) process.stderr.write(`  (exit ${child.status}) ${child.stderr.toString().slice(0, 500)}\n`);
  return { wallMs, cpuMs: (peak.userCPUTime + peak.systemCPUTime) / 1000, rssMiB: peak.maxRSS / 1024, status: child.status };
}

const show = (f: Figures) => `${(f.wallMs / 1000).toFixed(2)} s wall, ${(f.cpuMs / 1000).toFixed(2)} s CPU, ${f.rssMiB.toFixed(0)} MiB peak RSS`;

function report(title: string, base: Figures, command: Figures, target: string, met: boolean): void {
  console.log(title);
  console.log(`  baseline (read + JSON.parse of the same input): ${show(base)}`);
  console.log(`  command: ${show(command)}`);
  console.log(
    `  ratio to the baseline: wall ${ratio(command.wallMs, base.wallMs)}, CPU ${ratio(command.cpuMs, base.cpuMs)}, peak RSS ${ratio(command.rssMiB, base.rssMiB)}`,
  );
  console.log(`  target ${target}: ${met ? 'met' : 'NOT met'} (median of ${RUNS} runs, each beside a baseline run)`);
}

/** A child that reads the files and JSON.parses each (the least any of these commands does). */
/** The baseline child's arguments: read and JSON.parse each of `files`. */
function baselineArgs(files: string[]): string[] {
  // The list goes through a file: 5,000 paths on a command line pass the system's argument limit.
  const list = path.join(root, 'baseline-files.json');
  fs.writeFileSync(list, JSON.stringify(files));
  return ['-e', `const fs=require('fs');for(const f of JSON.parse(fs.readFileSync(${JSON.stringify(list)},'utf8')))JSON.parse(fs.readFileSync(f,'utf8'));`];
}

/**
 * The baseline and the command run in turn, RUNS times each, and their medians: on a shared machine whose speed
 * drifts, each command run has a baseline run beside it.
 */
function paired(files: string[], command: string[]): { base: Figures; command: Figures } {
  const base = baselineArgs(files);
  const runs = Array.from({ length: RUNS }, () => ({ base: measure(base), command: measure(command) }));
  const of = (all: Figures[]): Figures => ({
    wallMs: median(all.map((f) => f.wallMs)),
    cpuMs: median(all.map((f) => f.cpuMs)),
    rssMiB: median(all.map((f) => f.rssMiB)),
    status: all[all.length - 1].status,
  });
  return { base: of(runs.map((r) => r.base)), command: of(runs.map((r) => r.command)) };
}

const SOURCE = ['the', 'child', 'goes', 'to', 'market', 'water', 'house', 'we', 'see', 'a', 'big', 'tree', 'near', 'river', 'today'];
const TARGET = ['ɖevi', 'la', 'yi', 'asime', 'tsi', 'aƒe', 'míekpɔ', 'ati', 'gã', 'aɖe', 'le', 'tɔsisi', 'gbɔ', 'egbe', 'danye'];

const REGISTERS = ['conversational', 'formal', 'technical', 'ceremonial', 'educational'];
const CONTEXTS = ['greeting', 'declaration', 'question', 'instruction', 'narrative', 'label', 'error'];

/** `ROWS` rows without ids (import gives them) as CSV, the same rows as a JSON array, and an empty corpus. */
function importInputs(dir: string): { sheet: string; json: string; corpus: string } {
  const sheet = path.join(dir, 'sheet.csv');
  const json = path.join(dir, 'rows.json');
  const corpus = path.join(dir, 'corpus.json');
  if (!fs.existsSync(json)) {
    const random = rng(36);
    const words = (list: readonly string[], n: number) => Array.from({ length: n }, () => list[Math.floor(random() * list.length)]).join(' ');
    // Written a thousand rows at a time: the bench itself stays small beside the child it measures.
    const csv = fs.openSync(sheet, 'w');
    const rows = fs.openSync(json, 'w');
    fs.writeSync(csv, 'source,reference,difficulty,segment,register,provenance,context\r\n');
    fs.writeSync(rows, '[\n');
    for (let start = 0; start < ROWS; start += 1000) {
      const csvChunk: string[] = [];
      const jsonChunk: string[] = [];
      for (let i = start; i < Math.min(ROWS, start + 1000); i++) {
        const source = `${words(SOURCE, 4 + (i % 9))}, ${i}.`;
        const reference = `${words(TARGET, 4 + (i % 7))}.`;
        const difficulty = 1 + (i % 5);
        const register = REGISTERS[i % REGISTERS.length];
        const context = CONTEXTS[i % CONTEXTS.length];
        csvChunk.push(`"${source}",${reference},${difficulty},development,${register},elicited,${context}\r\n`);
        jsonChunk.push(
          (i === 0 ? '' : ',\n') + JSON.stringify({ source, reference, difficulty, segment: 'development', register, provenance: 'elicited', context }),
        );
      }
      fs.writeSync(csv, csvChunk.join(''));
      fs.writeSync(rows, jsonChunk.join(''));
    }
    fs.writeSync(rows, '\n]\n');
    fs.closeSync(csv);
    fs.closeSync(rows);
  }
  const empty = {
    dataset: { id: 'bench-import', version: '1.0', language_pair: 'EN→EE', source_language: 'en', target_language: 'ee' },
    entries: [],
  };
  fs.writeFileSync(corpus, JSON.stringify(empty, null, 2) + '\n');
  return { sheet, json, corpus };
}

/**
 * `count` sealed run cards of `entries` entries, written by our card writer. `nBootstrap` sets the resamples of
 * the intervals each card carries (the harness's 1,000 by default): compare's 200,000-entry cards take 100, since
 * 1,000 resamples of 6 intervals over 200,000 entries took most of an hour to generate and compare reads no
 * interval.
 */
function cardsIn(dir: string, count: number, entries: number, seed0: number, nBootstrap?: number, datasetId?: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `rosetta_${String(i).padStart(4, '0')}.json`);
    if (!fs.existsSync(file))
      fs.writeFileSync(
        file,
        syntheticCard({
          model: `model-${i % 50}`,
          quality: count === 2 ? 0.6 + 0.1 * i : (i % 97) / 100,
          entries,
          seed: seed0 + i,
          datasetId: datasetId ?? `corpus-${i % 5}`,
          costPerEntry: 0.00001 * (1 + (i % 13)),
          latencyMs: 200 + (i % 11) * 100,
          condition: i % 2 ? 'naive' : 'multilingual',
          nBootstrap,
        }),
      );
    files.push(file);
  }
  return files;
}

fs.mkdirSync(root, { recursive: true });
fs.writeFileSync(preload, `process.on('exit',()=>{require('fs').writeFileSync(process.env.BENCH_PEAK_FILE,JSON.stringify(process.resourceUsage()))});\n`);
if (!fs.existsSync(cli)) throw new Error('dist/cli.js is missing: npm run build');
console.log(
  `peak memory and time at issue #36's sizes (node ${process.version}, ${path.relative(process.cwd(), cli)}); each a child process; medians of ${RUNS}`,
);

if (wanted('import')) {
  const dir = path.join(root, `import-v2-${ROWS}`);
  fs.mkdirSync(dir, { recursive: true });
  const { sheet, json, corpus } = importInputs(dir);
  const { base, command } = paired([json], [cli, 'corpus', 'import', sheet, '--into', corpus, '--dry-run']);
  report(
    `corpus import --dry-run of ${ROWS} rows (${(fs.statSync(sheet).size / 2 ** 20).toFixed(0)} MiB of CSV)`,
    base,
    command,
    '< 600 MB',
    command.rssMiB * 1.048576 < 600,
  );
}

if (wanted('compare')) {
  // Two runs of one corpus (compare refuses runs of two corpora). A new folder name: the older generator's pair
  // were of two corpora, so compare stopped at once with exit 2.
  const files = cardsIn(path.join(root, `compare-v2-${COMPARE}`), 2, COMPARE, 7, 100, 'corpus-0');
  const { base, command } = paired(files, [cli, 'compare', files[0], files[1], '--format', 'json']);
  if (command.status !== 0) throw new Error(`compare exited with ${command.status}: its figures would not be compare's`);
  report(`compare of two ${COMPARE}-entry run cards (--format json)`, base, command, '< 600 MB', command.rssMiB * 1.048576 < 600);
}

if (wanted('leaderboard')) {
  const files = cardsIn(path.join(root, `leaderboard-${CARDS}`), CARDS, 40, 1);
  const { base, command } = paired(files, [cli, 'leaderboard', path.dirname(files[0])]);
  report(`leaderboard over ${CARDS} run cards of 40 entries`, base, command, '≤ 2 s', command.wallMs <= 2000);
}
