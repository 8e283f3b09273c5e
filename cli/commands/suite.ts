import * as path from 'node:path';
import { classify } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { loadSuite } from '../../core/suite/load';
import { readSuiteResponses, scoreSuite, SuiteResponsesError, type SuiteScore } from '../../core/suite/results';
import type { LevelScore } from '../../core/suite/seahelm';
import { displayPath, formatOption, parseArgs, readText } from '../files';
import { terminalSafe, terminalSafeJson, textTable } from '../format/text';
import { UsageError, type CliIo } from '../io';

export const usage =
  'suite score SUITE.json RESPONSES.json [--format text|json]   re-score a task suite’s saved responses (SEA-HELM: normalised by chance, mean ± standard error over runs)';

function readJson(file: string, io: CliIo, what: string): unknown {
  const text = readText(file, io);
  const doc = new JsonDocument(text);
  if (!doc.isValidJson) throw new Error(`${displayPath(path.resolve(io.cwd, file), io.cwd)}: ${what} is not valid JSON`);
  return doc.value;
}

const fixed = (n: number | null) => (n === null ? '–' : n.toFixed(2));
const pm = (s: LevelScore) => `${fixed(s.mean)} ± ${fixed(s.standardError)}`;
const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

function textReport(result: SuiteScore): string {
  const { scores } = result;
  const lines: string[] = [];
  lines.push(
    `${result.model}: ${scores.runs} run(s); scores normalised by chance (0 = chance, 100 = all right); mean ± standard error, clustered by item for tasks (Miller 2024), over runs above`,
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

async function scoreCommand(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format'] });
  const format = formatOption(values.format, ['text', 'json']);
  if (positional.length !== 2) throw new UsageError('suite score takes a suite file and a responses file');
  const [suiteFile, responsesFile] = positional;
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
    io.stderr(`${terminalSafe(shown)}: ${errors} problem(s) in the suite or its item files; run ewebench-studio validate ${terminalSafe(shown)}\n`);
    return 1;
  }
  let responses;
  try {
    responses = readSuiteResponses(readJson(responsesFile, io, 'the responses file'));
  } catch (error) {
    if (!(error instanceof SuiteResponsesError)) throw error;
    throw new Error(`${displayPath(path.resolve(io.cwd, responsesFile), io.cwd)}: ${error.message}`, { cause: error });
  }
  const result = scoreSuite(loaded, responses);
  if (format === 'json') {
    const tasks = result.tasks.map(({ outcomes, itemIds, ...rest }) => ({
      ...rest,
      items: itemIds.map((id, i) => ({ id, runs: outcomes[i] })),
    }));
    io.stdout(terminalSafeJson(JSON.stringify({ model: result.model, scores: result.scores, tasks }, null, 2)) + '\n');
  } else io.stdout(textReport(result));
  return 0;
}

/** `suite score`: a task suite's saved responses scored again, as SEA-HELM scores them. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'score') return scoreCommand(rest, io);
  throw new UsageError(sub ? `unknown suite command '${sub}'` : 'suite needs a command: score');
}
