/**
 * Leaderboard over 500 run cards (target ≤ 1 s): reading the files, checking every card's hashes, the rows with
 * their intervals and the ranking, beside a baseline measured in the same run (reading and JSON.parse of the same
 * 500 files, the least any leaderboard does). Cards are made once by our card writer (`test/helpers/syntheticCards`)
 * into .bench-data/leaderboard/ (40 entries each, intervals included) and reused.
 *
 *   npm run bench:leaderboard [-- CARDS]
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { useSha256Provider } from '../core/hash/sha';
import { addLeaderboardSource, emptyLeaderboardRows, rankLeaderboard } from '../core/leaderboard/leaderboard';
import { syntheticCard } from '../test/helpers/syntheticCards';
import { fmt, median, ratio, timeRuns, WARM_UPS } from './stats';

const count = Number(process.argv[2] ?? 500);
const dir = path.join('.bench-data', 'leaderboard', String(count));

function ensureCards(): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `rosetta_${String(i).padStart(4, '0')}.json`);
    if (!fs.existsSync(file)) {
      const text = syntheticCard({
        model: `model-${i % 50}`,
        quality: (i % 97) / 100,
        entries: 40,
        seed: i + 1,
        datasetId: `corpus-${i % 5}`,
        costPerEntry: 0.00001 * (1 + (i % 13)),
        latencyMs: 200 + (i % 11) * 100,
        condition: i % 2 ? 'naive' : 'multilingual',
      });
      fs.writeFileSync(file, text);
    }
    files.push(file);
  }
  return files;
}

const t0 = Date.now();
const files = ensureCards();
console.log(`${count} cards in ${dir} (${((Date.now() - t0) / 1000).toFixed(1)} s to make the missing ones)`);
const bytes = files.reduce((n, f) => n + fs.statSync(f).size, 0);
console.log(`${(bytes / 1024 / 1024).toFixed(1)} MiB of cards`);

const RUNS = 5;
/** CPU milliseconds (user + system) of each run after the warm-ups: on a loaded machine steadier than wall time. */
function cpuRuns(fn: () => void): number[] {
  for (let i = 0; i < WARM_UPS; i++) fn();
  return Array.from({ length: RUNS }, () => {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  });
}
const readAll = () => files.forEach((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
let ranked = 0;
// As the CLI builds it: each card read, added and let go (the board holds rows, not texts).
const buildBoard = () => {
  const rows = emptyLeaderboardRows();
  for (const f of files) addLeaderboardSource(rows, { path: f, text: fs.readFileSync(f, 'utf8') });
  const result = rankLeaderboard(rows);
  ranked = result.rosetta.filter((r) => r.rank !== null).length;
};
const baseline = median(timeRuns(RUNS, readAll));
const baselineCpu = median(cpuRuns(readAll));
// As the CLI runs it: Node's native SHA-256 installed (cli/bin.ts); then core's plain one, as in a browser.
useSha256Provider((input) => createHash('sha256').update(input).digest());
const board = median(timeRuns(RUNS, buildBoard));
const boardCpu = median(cpuRuns(buildBoard));
useSha256Provider(undefined);
const plainCpu = median(cpuRuns(buildBoard));
console.log(`baseline (read + JSON.parse of ${count} files): ${fmt(baseline)}, CPU ${fmt(baselineCpu)}`);
console.log(
  `leaderboard (read, verify hashes, rows, intervals, rank): ${fmt(board)} = ${ratio(board, baseline)} the baseline; CPU ${fmt(boardCpu)} = ${ratio(boardCpu, baselineCpu)}; ${ranked} ranked`,
);
console.log(`leaderboard with core's plain SHA-256 (the browser's): CPU ${fmt(plainCpu)} = ${ratio(plainCpu, baselineCpu)} the baseline`);
console.log(
  `target ≤ 1000 ms: ${board <= 1000 ? 'met' : 'NOT met'} (median of ${RUNS} runs after ${WARM_UPS} warm-ups; a loaded machine inflates both figures alike)`,
);
