/**
 * Corpus chrF++ speed on 10,000 deterministic synthetic Ewe pairs of about 100 characters.
 *
 * Run (from anywhere inside the checkout):
 *   npx esbuild bench/chrf.ts --bundle --platform=node --outfile=/tmp/chrf-bench.js && node /tmp/chrf-bench.js
 * or compiled: `npx tsc -p . && node out/bench/chrf.js` (`npm run bench:chrf`). BENCH_RUNS=n changes the run count.
 *
 * The inputs are defined by the team's generator gen_chrf_perf.py: set EWB_CHRF_GENERATOR to its path and python3 runs it
 * too; by default the byte-identical TypeScript port below writes them
 * (Python's Mersenne Twister and its choice/randint/randrange/random) writes the same bytes. When both can run,
 * both do, and the bench says whether their outputs are byte-identical. It then checks the score against
 * sacrebleu 2.6.0's 67.6889254868628 and prints median times (of 5 runs) as ratios: to a same-run baseline
 * (reading and splitting the two input files) and to sacrebleu's 6.4 s on this kind of machine.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { corpusChrf } from '../core/scoring/chrf';
import { generatePairs } from './chrfPairs';
import { fmt, median, timeRuns } from './stats';

const SACREBLEU_MS = 6400;
const EXPECTED = 67.6889254868628;
const TARGET_SPEEDUP = 10;

/** The checkout: the first folder, from the working folder or from this script upwards, whose package.json is ours. */
function findRepoRoot(): string {
  const starts = [process.env.EWB_REPO_ROOT, process.cwd(), __dirname].filter((s): s is string => !!s);
  for (const start of starts) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      try {
        if (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name === 'ewebench-studio') return dir;
      } catch {
        // no package.json here (or not JSON): keep climbing
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new Error('cannot find the ewebench-studio checkout; run from inside it or set EWB_REPO_ROOT');
}

function writePairs(dir: string, pairs: { hyps: string[]; refs: string[] }, log: boolean): void {
  for (const [name, lines] of [
    ['hyps.txt', pairs.hyps],
    ['refs.txt', pairs.refs],
  ] as const) {
    const data = Buffer.from(lines.join('\n') + '\n', 'utf8');
    fs.writeFileSync(path.join(dir, name), data);
    const avg = lines.reduce((sum, l) => sum + Array.from(l).length, 0) / lines.length;
    if (log) console.log(name, lines.length, 'lines', `avg chars ${avg.toFixed(1)}`, 'sha256', createHash('sha256').update(data).digest('hex'));
  }
}

const sameBytes = (a: string, b: string) => ['hyps.txt', 'refs.txt'].every((f) => fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f))));

// ---- inputs ----

let repoRoot: string;
try {
  repoRoot = findRepoRoot();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
// Optional extra: the team's Python generator, when EWB_CHRF_GENERATOR names it; otherwise the port alone.
const script = process.env.EWB_CHRF_GENERATOR ? path.resolve(repoRoot, process.env.EWB_CHRF_GENERATOR) : '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-chrf-'));
const portDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-chrf-port-'));
let generator: string;
try {
  if (!script || !fs.existsSync(script)) throw Object.assign(new Error(`${script || 'EWB_CHRF_GENERATOR'} not found`), { code: 'NOGEN' });
  execFileSync('python3', [script, dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  writePairs(portDir, generatePairs(), false);
  generator = `python3 ${script} (TypeScript port ${sameBytes(dir, portDir) ? 'byte-identical' : 'DIFFERS'})`;
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'NOGEN' ? 'EWB_CHRF_GENERATOR not set' : code === 'ENOENT' ? 'python3 not found' : `python3 failed: ${(error as Error).message.split('\n')[0]}`;
  writePairs(dir, generatePairs(), true);
  generator = `TypeScript port of gen_chrf_perf.py (${reason})`;
}
console.log(`inputs: ${generator}`);

const read = () => ({
  hyps: fs.readFileSync(path.join(dir, 'hyps.txt'), 'utf8').split('\n').slice(0, -1),
  refs: fs.readFileSync(path.join(dir, 'refs.txt'), 'utf8').split('\n').slice(0, -1),
});
const { hyps, refs } = read();

// ---- timing ----

const runs = Number(process.env.BENCH_RUNS ?? 5);
const baseline = median(timeRuns(runs, read));
let score = 0;
const chrf = median(timeRuns(runs, () => (score = corpusChrf(hyps, [refs]).score)));
const speedup = SACREBLEU_MS / chrf;
console.log(`corpus chrF++ over ${hyps.length} pairs: ${score} (${score === EXPECTED ? 'equals' : 'DIFFERS FROM'} sacrebleu's ${EXPECTED})`);
console.log(`median of ${runs} runs:`);
console.log(`  read + split inputs (same-run baseline)  ${fmt(baseline)}`);
console.log(`  corpus chrF++                            ${fmt(chrf)} = ${(chrf / baseline).toFixed(1)}x the baseline`);
console.log(
  `  sacrebleu 2.6.0 (noted)                  ${fmt(SACREBLEU_MS)}: ours is ${speedup.toFixed(1)}x faster (target >= ${TARGET_SPEEDUP}x: ${speedup >= TARGET_SPEEDUP ? 'met' : 'MISSED'})`,
);
for (const d of [dir, portDir]) fs.rmSync(d, { recursive: true, force: true });
if (score !== EXPECTED) process.exitCode = 1;
