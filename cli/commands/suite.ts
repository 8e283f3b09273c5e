import { counted } from '../../core/i18n/plural';
import * as path from 'node:path';
import { classify } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { loadSuite, type LoadedSuite } from '../../core/suite/load';
import { DEFAULT_TEMPERATURE, MAX_TOKENS } from '../../core/run/request';
import { RUN_LIMITS } from '../../core/spec/limits';
import { ResponseCache, defaultCacheDir } from '../../runner/cache';
import { silentLogger } from '../../runner/log';
import { writeFileAtomic } from '../../runner/outputs';
import { openAICompatibleProvider } from '../../runner/provider';
import { runSuite } from '../../runner/suite';
import { MAX_SHARDS, MergeError, mergeResponses, parseShard } from '../../core/suite/shard';
import { numberFlag } from '../flags';
import { modelFromFlags, TOOL_VERSION } from './run';
import { readSuiteResponses, scoreSuite, suiteResultsJson, SuiteResponsesError, type SuiteScore } from '../../core/suite/results';
import type { LevelScore } from '../../core/suite/seahelm';
import { displayPath, formatOption, parseArgs, readText } from '../files';
import { terminalSafe, terminalSafeJson, textTable } from '../format/text';
import { UsageError, type CliIo } from '../io';

export const usage =
  'suite run SUITE.json (--preset NAME | --base-url URL) --model NAME [--repeat K (1-100, default 8)] [--concurrency N (1-64)] [--timeout SECONDS] [--retries N] [--out FILE] [--cache-dir DIR] [--no-cache] [--allow-insecure-http] [--shard K/N] [--format text|json] | suite score SUITE.json RESPONSES.json... [--format text|json] [--out FILE]   run a task suite k times and score it as SEA-HELM does, or re-score its saved responses (the shards of a run merged; --out writes them as one results file)';

function readJson(file: string, io: CliIo, what: string): unknown {
  const text = readText(file, io);
  const doc = new JsonDocument(text);
  if (!doc.isValidJson) throw new Error(`${displayPath(path.resolve(io.cwd, file), io.cwd)}: ${what} is not valid JSON`);
  return doc.value;
}

/** SEA-HELM's number of runs. */
const SUITE_RUNS = 8;

const fixed = (n: number | null) => (n === null ? '–' : n.toFixed(2));
const pm = (s: LevelScore) => `${fixed(s.mean)} ± ${fixed(s.standardError)}`;
const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

function textReport(result: SuiteScore): string {
  const { scores } = result;
  const lines: string[] = [];
  lines.push(
    `${result.model}: ${counted(scores.runs, 'run', 'runs')}; scores normalised by chance (0 = chance, 100 = all right); mean ± standard error, clustered by item for tasks (Miller 2024), over runs above`,
  );
  lines.push('');
  const taskRows: string[][] = [['task', 'competency', 'language', 'score', 'strict', 'with fallback', 'items']];
  for (const t of scores.tasks) {
    const details = result.tasks.filter((d) => t.subtasks.some((s) => s.id === d.id));
    const generative = details.every((d) => d.task === 'translation');
    const acc = (pick: (d: (typeof details)[number]) => number[]) => (generative ? '–' : `${(100 * mean(details.map((d) => mean(pick(d))))).toFixed(1)}%`);
    const missing = details.reduce((a, d) => a + d.missing, 0);
    taskRows.push([
      t.subtasks.length > 1 ? `${t.id} (${t.subtasks.map((s) => s.id).join(' + ')})` : t.id,
      t.competency,
      t.language,
      pm(t),
      acc((d) => d.strictRuns),
      acc((d) => d.tolerantRuns),
      `${details.reduce((a, d) => a + d.items, 0)}${missing ? ` (${missing} without a response)` : ''}`,
    ]);
  }
  lines.push(textTable(taskRows).trimEnd());
  lines.push('');
  const levelRows: string[][] = [['level', 'score']];
  for (const c of scores.competencies) levelRows.push([`${c.language} ${c.competency}`, pm(c)]);
  for (const l of scores.languages) levelRows.push([`${l.language}`, pm(l)]);
  levelRows.push(['overall', pm(scores.overall)]);
  lines.push(textTable(levelRows).trimEnd());
  return lines.join('\n') + '\n';
}

/** The name a suite's results carry (compare, items and the leaderboard group runs by it): its name, else its file's stem. */
function suiteNameOf(loaded: LoadedSuite, suiteFile: string): string {
  return (
    loaded.spec.name ??
    path
      .basename(suiteFile)
      .replace(/\.json$/i, '')
      .replace(/\.suite$/i, '')
  );
}

async function scoreCommand(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'out'] });
  const format = formatOption(values.format, ['text', 'json']);
  if (positional.length < 2) throw new UsageError('suite score takes a suite file and one responses file or more (the shards of a run)');
  const [suiteFile, ...responsesFiles] = positional;
  const loaded = loadSuiteFiles(suiteFile, io);
  if (!loaded) return 1;
  const parts = responsesFiles.map((file) => {
    try {
      return readSuiteResponses(readJson(file, io, 'the responses file'));
    } catch (error) {
      if (!(error instanceof SuiteResponsesError)) throw error;
      throw new Error(`${displayPath(path.resolve(io.cwd, file), io.cwd)}: ${error.message}`, { cause: error });
    }
  });
  let responses;
  try {
    responses = mergeResponses(parts);
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    throw new Error(`the responses files do not merge: ${error.message}`, { cause: error });
  }
  const scored = scoreSuite(loaded, responses);
  if (values.out) {
    const out = path.resolve(io.cwd, values.out[0]);
    const inputs = [suiteFile, ...responsesFiles].map((f) => path.resolve(io.cwd, f));
    writeFileAtomic(out, JSON.stringify(suiteResultsJson(suiteNameOf(loaded, suiteFile), loaded, responses, scored), null, 2) + '\n', {
      inputs,
      show: (f) => displayPath(f, io.cwd),
    });
    io.stderr(`${terminalSafe(displayPath(out, io.cwd))}: written\n`);
  }
  printScores(scored, format, io);
  return 0;
}

function printScores(result: SuiteScore, format: string, io: CliIo): void {
  if (format === 'json') {
    const tasks = result.tasks.map(({ outcomes, itemIds, ...rest }) => ({
      ...rest,
      items: itemIds.map((id, i) => ({ id, runs: outcomes[i] })),
    }));
    io.stdout(terminalSafeJson(JSON.stringify({ model: result.model, scores: result.scores, tasks }, null, 2)) + '\n');
  } else io.stdout(textReport(result));
}

/** The suite and its item files from the disk; null (with a line saying so) when any of them has an error. */
function loadSuiteFiles(suiteFile: string, io: CliIo): LoadedSuite | null {
  const suiteValue = readJson(suiteFile, io, 'the suite');
  const shown = displayPath(path.resolve(io.cwd, suiteFile), io.cwd);
  if (classify(suiteValue).kind !== 'task-suite') throw new Error(`${shown}: not a task suite (suite_version and tasks)`);
  const dir = path.dirname(path.resolve(io.cwd, suiteFile));
  const loaded = loadSuite(suiteValue, (name) => {
    try {
      return { text: readText(path.resolve(dir, name), io) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  // Scores of a suite whose items do not read are not scores: `validate` says what is wrong.
  const errors = [...loaded.itemFindings.values()].flat().filter((f) => (f.severity ?? 'error') === 'error').length + loaded.suiteFindings.length;
  if (errors) {
    io.stderr(
      `${terminalSafe(shown)}: ${counted(errors, 'problem', 'problems')} in the suite or its item files; run ewebench-studio validate ${terminalSafe(shown)}\n`,
    );
    return null;
  }
  return loaded;
}

/** A model name as a file name part: letters, digits, dot, dash and underscore, the rest as '_' (at most 80). */
const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);

async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, {
    values: ['preset', 'base-url', 'model', 'api-key-env', 'repeat', 'concurrency', 'timeout', 'retries', 'out', 'cache-dir', 'format', 'shard'],
    booleans: ['no-cache', 'allow-insecure-http'],
  });
  const format = formatOption(values.format, ['text', 'json']);
  if (positional.length !== 1) throw new UsageError('suite run takes one suite file');
  const env = io.env ?? process.env;
  // The same model flags and key rules as `run`: a key only from the environment, only to its home origin.
  const { resolved, apiKey } = modelFromFlags(values, env, flags.has('allow-insecure-http'), values.model?.[0]);
  const concurrency = numberFlag('concurrency', values.concurrency?.[0], RUN_LIMITS.concurrency, 4);
  const timeoutSeconds = numberFlag('timeout', values.timeout?.[0], RUN_LIMITS.timeoutSeconds);
  const retries = numberFlag('retries', values.retries?.[0], RUN_LIMITS.retries);
  const shardText = values.shard?.[0];
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  if (shard === null) throw new UsageError(`--shard ${JSON.stringify(shardText)}: must be K/N with 1 ≤ K ≤ N ≤ ${MAX_SHARDS}`);
  const suiteFile = positional[0];
  const loaded = loadSuiteFiles(suiteFile, io);
  if (!loaded) return 1;
  // SEA-HELM runs every suite 8 times; the suite file may say otherwise, --repeat says last.
  const repeat = numberFlag('repeat', values.repeat?.[0], RUN_LIMITS.repeat, loaded.spec.repeat ?? SUITE_RUNS);
  const provider = openAICompatibleProvider({
    baseUrl: resolved.baseUrl,
    ...(apiKey ? { apiKey } : {}),
    ...(timeoutSeconds !== undefined ? { timeoutMs: Math.round(timeoutSeconds * 1000) } : {}),
    ...(retries !== undefined ? { maxRetries: retries } : {}),
    allowInsecureHttp: flags.has('allow-insecure-http'),
    logger: silentLogger,
    userAgent: `ewebench-studio/${TOOL_VERSION}`,
    label: resolved.label,
  });
  const cache = flags.has('no-cache')
    ? undefined
    : new ResponseCache(values['cache-dir'] ? path.resolve(io.cwd, values['cache-dir'][0]) : defaultCacheDir(env));
  const suitePath = path.resolve(io.cwd, suiteFile);
  const out = values.out?.[0]
    ? path.resolve(io.cwd, values.out[0])
    : path.join(
        path.dirname(suitePath),
        `${path
          .basename(suitePath)
          .replace(/\.json$/i, '')
          .replace(/\.suite$/i, '')}.${fileSafe(resolved.model)}${shard ? `.shard-${shard.index}-of-${shard.count}` : ''}.responses.json`,
      );
  if (out === suitePath) throw new UsageError('--out names the suite file itself: choose another file');
  const result = await runSuite(loaded, {
    provider,
    model: resolved.model,
    repeat,
    concurrency,
    temperature: DEFAULT_TEMPERATURE,
    maxTokens: MAX_TOKENS,
    ...(cache ? { cache } : {}),
    ...(io.signal ? { signal: io.signal } : {}),
    ...(shard ? { shard } : {}),
  });
  const responses = readSuiteResponses(result.responses);
  const scored = scoreSuite(loaded, responses);
  // The responses with the scores and outcomes beside them: `suite score` reads the responses and computes them again.
  writeFileAtomic(out, JSON.stringify(suiteResultsJson(suiteNameOf(loaded, suiteFile), loaded, responses, scored), null, 2) + '\n');
  const shownOut = terminalSafe(displayPath(out, io.cwd));
  for (const f of result.failures.slice(0, 20)) io.stderr(`${terminalSafe(f.task)} item ${terminalSafe(f.item)} run ${f.run}: ${terminalSafe(f.message)}\n`);
  if (result.failures.length > 20) io.stderr(`… and ${result.failures.length - 20} more failed ${result.failures.length - 20 === 1 ? 'call' : 'calls'}\n`);
  io.stderr(
    `${shownOut}: ${result.cancelled ? 'cancelled; what came back is saved' : 'written'} (${counted(result.calls, 'call', 'calls')}, ${result.cached} from the cache, ${result.failures.length} failed)\n`,
  );
  printScores(scored, format, io);
  return result.cancelled ? 130 : result.failures.length ? 1 : 0;
}

/** `suite run` and `suite score`: a task suite run k times, or its saved responses scored again, as SEA-HELM scores them. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'score') return scoreCommand(rest, io);
  if (sub === 'run') return runCommand(rest, io);
  throw new UsageError(sub ? `unknown suite command '${sub}'` : 'suite needs a command: run or score');
}
