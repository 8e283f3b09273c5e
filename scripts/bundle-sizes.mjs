// Prints the size of each bundle the build writes and fails (exit 1) when one is over its budget or missing.
// Run by `pretest` right after the build, so CI catches a bundle that grows (a dependency pulled into the
// client's activation path, a lost minification). Raise a budget on purpose, in the commit that needs it.
// Usage: node scripts/bundle-sizes.mjs [folder]   (default: dist/)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Budgets in KiB, about 15 % above the minified sizes measured when they were set. */
export const BUDGETS_KIB = {
  'client.js': 760, // +20 KiB (739 measured): the suite item files and the team review files meet in one activation bundle, with the incremental document model; +40 KiB (715 measured): the task suites' item readers and results, for the lenses and the Test Explorer on item files; loaded at activation: core's validator parts, the client library; +40 KiB (673 measured): the review gate's binding check, the Ewe typing in every field, the schema's choices and plurals
  'lazyRunner.js': 310, // +40 KiB (291 measured): suite items run through the same machinery (the framework's prompts, answer reading and chrF++ scoring); loaded on the first run: the runner and the OpenAI SDK; +10 KiB for the run messages table (core/i18n/runMessages.ts, English and French); +10 KiB for the documents' text model and span tree; +8 KiB for the benchmark matrix's cell loop, plan and figures (runner/bench.ts, core/bench); both builds load it
  'lazyNodeRunner.js': 215, // +50 KiB (195 measured): the same suite items' prompts and scoring, which the benchmark's run brings a second time; loaded on the first desktop run: the disk's storage (lock, journal, atomic writes), the response cache and the benchmark cell loop (145 measured: runner/bench.ts runs its cells through executeRun, which brings the run a second time)
  'lazySpreadsheet.js': 545, // +15 KiB (531 measured): the team gate in the validator (alpha's bootstrap over the team's files beside a card); +32 KiB (510 measured): update from a spreadsheet, team review checks; +20 KiB (478 measured): the task suite schema and checks in the validator; +22 KiB (458 measured): sheet encodings, numbers kept as their digits, the review gate in the validator; +12 KiB: the benchmark matrix schema in the validator's registry; +10 KiB for the documents' text model and span tree; +6 KiB: the benchmark size rule and the write refusals' sentences
  'lazyTable.js': 335, // +3 KiB (313 measured): choices and Add entry's prefill; loaded when a corpus table first opens: its model, the cell rules and the schema lookup; +6 KiB for the documents' text model and span tree
  // loaded on the first spreadsheet import or export: the validator and papaparse
  'server.js': 800, // +10 KiB (786 measured): the team gate and the suites' item readers together; +20 KiB (758 measured): the task suites' item readers, to check item files as you type; +10 KiB (743 measured): team review binding and agreement in the gate; +23 KiB (713 measured): the files beside a card or review read for the gate, the review binding, the recomputed ÈwéScore
  'cli.js': 1040, // +40 KiB (1002 measured, before the streamed compare): the streamed import's entry-by-entry validation, the leaderboard card by card, real plural forms in every message; +70 KiB (931 measured): review packet and import, benchmark shards, suite boards, and room for calibrate and adjudicate; +52 KiB (895 measured): review agreement and team sampling, import --update; +53 KiB (843 measured): suite run, score and shards; +20 KiB (790 measured): the review gate, the leaderboard's text layout, sheet encodings, the write guards; +20 KiB for the Rosetta analysis, bootstrap and Python random (score on corpora) and corpus batches; +40 KiB (668 KiB) for the runs reader, items, compare, its charts and html page; +46 KiB (714 KiB) for the leaderboard and bench; +10 KiB for the text model
  'reviewView.js': 10, // the review webview's page script (a browser bundle)
  'reviewPacket.js': 10, // the review packet's page script, inlined in each packet: SHA-256, the Ewe typing, the page (8.5 measured)
  'coverageView.js': 10, // the coverage preview's page script (a browser bundle)
  'lazyBoards.js': 200, // +10 KiB (194 measured): the seal check over the card's bytes (node lists, escapes and floats written as Python does, no strings); +15 KiB (180 measured): calibration, the team gate and the packet builder together; +10 KiB: the team gate for the leaderboard's review column and the card lens's team verdict; +30 KiB (139 measured): the review packet's page builder (loaded with the first packet, not at activation) and room for the calibration view; +23 KiB (122 measured): the gate's review binding for the leaderboard's review column; +4 KiB (99 measured): corpora kept apart in compare and the matrix; loaded when a board view first opens: leaderboard, runs reader, compare, page models (72 measured); +13 KiB for the views' charts (core/charts, the per-tier analysis) and the matrix page (88 measured)
  'boardsView.js': 10, // the board views' page script (a browser bundle)
  'corpusTable.js': 55, // the corpus table's page script (a browser bundle): 15 KiB ours, 33 KiB @tanstack/virtual-core
  // The browser entry (VS Code for the Web): the client with what the desktop loads lazily (table, spreadsheet) bundled in
  'browserClient.js': 1000,
  'browserServer.js': 790, // +25 KiB (775 measured): the team gate and the suites' item readers together; the language server in a web worker (702 measured with the gate's neighbour files; +25 KiB, 746 measured: the task suites' item readers)
};

const dir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
let over = 0;
for (const [name, budget] of Object.entries(BUDGETS_KIB)) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    console.error(`bundle size: ${name} is missing from ${dir}`);
    over++;
    continue;
  }
  const kib = fs.statSync(file).size / 1024;
  const ok = kib <= budget;
  if (!ok) over++;
  console.log(`bundle size: ${name.padEnd(14)} ${kib.toFixed(0).padStart(5)} KiB of ${budget} KiB${ok ? '' : '  OVER BUDGET'}`);
}
process.exit(over ? 1 : 0);
