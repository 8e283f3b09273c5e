/**
 * What desktop runs add to dist/lazyRunner.js: the local disk's storage (lock file, journal, atomic writes), the
 * response cache and the benchmark matrix's cell loop (which reads and writes the disk). Bundled apart for Node (dist/lazyNodeRunner.js) and loaded on the first desktop run.
 */
export { nodeRunStorage } from '../../runner/nodeStorage';
export { ResponseCache } from '../../runner/cache';
export { estimateOf, finishedMatrix, loadBenchmark, parseJsonText, runCells, splitCells } from '../../runner/bench';
export { benchSizeProblem } from '../../core/rules/benchmarkSize';
