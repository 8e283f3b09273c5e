/**
 * The runner's entry points the editor needs only once a run starts. The build bundles this module on its own
 * (dist/lazyRunner.js) and the client loads it on the first run, so activation never parses the OpenAI SDK.
 */
export { executeRun } from '../../runner/execute';
export { ResponseCache } from '../../runner/cache';
export { openAICompatibleProvider } from '../../runner/provider';
export { estimateOf, finishedMatrix, loadBenchmark, parseJsonText, runCells, splitCells } from '../../runner/bench';
