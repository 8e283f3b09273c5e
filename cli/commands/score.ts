import { counted } from '../../core/i18n/plural';
import { getOwn, setOwn } from '../../core/json';
import * as path from 'node:path';
import { JsonDocument, NESTING_TOO_DEEP } from '../../core/document/jsonDocument';
import { MAX_DEPTH } from '../../core/document/scanner';
import { auditTestCached } from '../../core/audit/auditTest';
import { runScores, type RunScores } from '../../core/scoring/ewebench/aggregate';
import type { PythonSum } from '../../core/python/sum';
import type { TestScore } from '../../core/scoring/ewebench/breakdown';
import { CATEGORIES, categoryOf } from '../../core/scoring/ewebench/categories';
import { scoreTest } from '../../core/scoring/ewebench/scoreTest';
import { normalisedScore } from '../../core/scoring/repeated';
import { pyRound } from '../../core/python/round';
import { classify } from '../../core/document/classify';
import { scoreCorpus } from './scoreCorpus';
import { describeEncodingProblem, displayPath, formatOption, parseArgs, readJsonText } from '../files';
import { UsageError, type CliIo } from '../io';
import { terminalSafe, textTable } from '../format/text';

export const usage =
  'score TESTS.json... --responses RESPONSES.json [--strict] [--python 3.11|3.12] [--format text|json]   score responses (test id -> text) as the ÈwéBench harness 1.0.0 does\n' +
  '  score CORPUS.json --responses RESPONSES.json [--format text|json]   score raw translations (entry id -> text) as the Rosetta harness (mt_eval_harness 3.0.0) analyses a run, with its bootstrap intervals';

interface ScoredTest {
  id: string;
  category: string;
  file: string;
  result: TestScore;
  /** The best score a response that answers nothing gets on this test (core/audit). */
  floor: number;
}

/**
 * SEA-HELM's chance normalisation with the audit's floor as the chance level: max((x - floor) / (1 - floor), 0)
 * x 100. Null where a non-answer already reaches the maximum (nothing is left to measure).
 */
function vsFloor(score: number | null, floor: number, maximum = 1): number | null {
  // A test's floor as the harness would report it (0.9999999999999999 is its 1.0).
  const level = maximum === 1 ? pyRound(floor, 3) : floor;
  if (score === null || !(maximum > level)) return null;
  return pyRound(normalisedScore(score, level, maximum), 1);
}

/** One JSON file; a missing or malformed file is an I/O error (exit 2) that names it. */
function readJson(file: string, io: CliIo): { value: unknown; hasBom: boolean; doc: JsonDocument } {
  const shown = displayPath(path.resolve(io.cwd, file), io.cwd);
  const { text, problem } = readJsonText(file, io);
  // The harness's json.load fails on such a file: so does scoring it.
  if (problem) throw new Error(`${shown}: ${describeEncodingProblem(problem)}`);
  const doc = new JsonDocument(text);
  if (!doc.isValidJson) {
    const error = doc.syntaxErrors[0];
    const at = doc.lineIndex.positionAt(error.span.start);
    const detail = error.message === NESTING_TOO_DEEP ? `nested more than ${MAX_DEPTH} levels deep` : error.message;
    throw new Error(`${shown}:${at.line + 1}:${at.character + 1}: invalid JSON (${detail})`);
  }
  return { value: doc.value, hasBom: text.charCodeAt(0) === 0xfeff, doc };
}

/** `--python 3.11` and older: `sum()` adds one by one; 3.12 and later compensate (the default). */
function pythonSumOption(value: string | undefined): PythonSum {
  if (value === undefined) return 'compensated';
  const match = /^3\.(\d+)(?:\.\d+)?$/.exec(value);
  if (!match) throw new UsageError('--python must be a Python 3 version such as 3.11 or 3.12');
  return Number(match[1]) >= 12 ? 'compensated' : 'sequential';
}

/** The key a test's response is filed under: its id, or the harness's own label `<category>_<index>` when it has none. */
function responseKey(test: unknown, category: string, index: number, doc: JsonDocument): string | undefined {
  if (typeof test !== 'object' || test === null || Array.isArray(test) || !Object.hasOwn(test, 'id')) return `${category}_${index}`;
  const id = (test as { id: unknown }).id;
  if (typeof id === 'string') return id;
  if (typeof id === 'number') {
    // An integer is exact in Python whatever its size: its digits as written, not a rounded double (1.2345678901234568e+22).
    const span = doc.locate([index, 'id']);
    const literal = span ? doc.text.slice(span.start, span.end) : '';
    if (/^-?\d+$/.test(literal)) return literal === '-0' ? '0' : literal;
    return String(id);
  }
  return undefined;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, { values: ['responses', 'format', 'python'], booleans: ['strict'] });
  if (positional.length === 0) throw new UsageError('no TESTS.json given');
  if (!values.responses) throw new UsageError('--responses is required');
  const format = formatOption(values.format, ['text', 'json']);
  const strict = flags.has('strict');
  const sumMode = pythonSumOption(values.python?.[0]);
  const warn = (text: string) => io.stderr(`warning: ${terminalSafe(text)}\n`);

  const responsesFile = values.responses[0];
  const responses = readJson(responsesFile, io).value;
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
    throw new Error(`${responsesFile}: expected a JSON object mapping each test id to the response text`);
  }
  const answers = responses as Record<string, unknown>;
  // A Rosetta corpus (any of its four shapes) is scored as the Rosetta harness analyses a run.
  let first: unknown;
  try {
    first = readJson(positional[0], io).value;
  } catch {
    first = undefined; // reported below, as any unreadable tests file
  }
  if (first !== undefined && classify(first).kind === 'rosetta-corpus') {
    if (positional.length > 1) throw new UsageError('score takes one corpus at a time');
    if (strict) throw new UsageError('--strict applies to ÈwéBench tests, not to corpora');
    return scoreCorpus(
      first,
      displayPath(path.resolve(io.cwd, positional[0]), io.cwd),
      answers,
      displayPath(path.resolve(io.cwd, responsesFile), io.cwd),
      format,
      sumMode,
      io,
    );
  }
  const used = new Set<string>();
  const scored: ScoredTest[] = [];
  const stems = new Map<string, string>();

  let failedFiles = 0;
  for (const file of positional) {
    const shown = displayPath(path.resolve(io.cwd, file), io.cwd);
    let read: ReturnType<typeof readJson>;
    try {
      read = readJson(file, io);
      if (!Array.isArray(read.value)) throw new Error(`${shown}: expected a JSON array of tests`);
    } catch (error) {
      // One bad tests file is reported by name; the others are still scored (and the run exits 2).
      io.stderr(`error: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
      failedFiles++;
      continue;
    }
    const { value: tests, hasBom, doc } = read as { value: unknown[]; hasBom: boolean; doc: JsonDocument };
    if (hasBom) warn(`${shown}: starts with a byte order mark; the harness's json.load rejects such a file`);
    // The category is the file's stem, as the harness loads tests/<category>.json.
    const category = path.basename(file).replace(/\.json$/i, '');
    if (!categoryOf(category)) warn(`${shown}: '${category}' is not an ÈwéBench category; its tests are scored but left out of the ÈwéScore`);
    if (stems.has(category)) warn(`${shown}: category '${category}' also comes from ${stems.get(category)}; the harness reads one file per category`);
    else stems.set(category, shown);
    tests.forEach((test, index) => {
      const key = responseKey(test, category, index, doc);
      if (key === undefined) {
        warn(`${shown}: test #${index + 1} has an id that is neither a string nor a number; it cannot be matched to a response`);
        return;
      }
      if (!Object.hasOwn(answers, key)) {
        warn(`${shown}: no response for test ${key}; it did not run and is left out`);
        return;
      }
      used.add(key);
      const result = scoreTest(test, answers[key], { strict });
      if (result.score === null)
        warn(`${shown}: test ${key}: ${result.harnessWouldCrash ? 'the harness would crash' : 'no score'} (${result.reason}); left out of the aggregates`);
      scored.push({ id: key, category, file: shown, result, floor: auditTestCached(test).floor });
    });
  }
  const unused = Object.keys(answers).filter((k) => !used.has(k));
  if (scored.length === 0) {
    // A score of 0.0 here would read as a model that failed everything.
    const given = Object.keys(answers).length;
    io.stderr(
      `error: no response matched a test id (${counted(given, 'response', 'responses')}${
        given
          ? `, e.g. ${terminalSafe(
              Object.keys(answers)
                .slice(0, 3)
                .map((k) => JSON.stringify(k))
                .join(', '),
            )}`
          : ''
      }); nothing was scored\n`,
    );
    return failedFiles ? 2 : 1;
  }
  if (unused.length)
    warn(
      `${displayPath(path.resolve(io.cwd, responsesFile), io.cwd)}: ${counted(unused.length, 'response matches', 'responses match')} no test: ${unused.slice(0, 5).join(', ')}${unused.length > 5 ? ', ...' : ''}`,
    );

  const { categories, eweScore: ewe_score } = runScores(
    scored.map((t) => ({ category: t.category, score: t.result.score })),
    { pythonSum: sumMode },
  );
  const floor = runScores(
    scored.map((t) => ({ category: t.category, score: t.result.score === null ? null : t.floor })),
    { pythonSum: sumMode },
  );
  const normalised = normalisedSummary({ categories, eweScore: ewe_score }, floor);
  const crashes = scored.filter((t) => t.result.harnessWouldCrash).length;
  const unscored = scored.filter((t) => t.result.score === null).length;

  if (format === 'json') {
    const tests = scored.map(({ id, category, file, result, floor: testFloor }) => ({
      id,
      category,
      file,
      method: result.method,
      ...(result.fallback ? { fallback: result.fallback } : {}),
      // As the harness's results list it: rounded to 3 decimals; raw_score keeps the exact value.
      score: result.score === null ? null : pyRound(result.score, 3),
      raw_score: result.score,
      passed: result.passed,
      breakdown: result.breakdown,
      floor: pyRound(testFloor, 3),
      normalised_vs_floor: vsFloor(result.score, testFloor),
      ...(result.score === null ? { harness_would_crash: result.harnessWouldCrash, reason: result.reason } : {}),
    }));
    const report = {
      tests,
      categories,
      ewe_score,
      harness_comparable: !strict,
      ...(strict ? { strict: true } : {}),
      ...(crashes ? { harness_would_crash: true } : {}),
      python_sum: sumMode,
      // Not harness figures: the floor is what answering nothing earns, and the scores normalised against it.
      floor: { categories: floor.categories, ewe_score: floor.eweScore },
      normalised_vs_floor: normalised,
    };
    io.stdout(JSON.stringify(report, null, 2) + '\n');
  } else {
    io.stdout(textReport(scored, categories, ewe_score, strict, crashes, floor, normalised));
  }
  return failedFiles ? 2 : unscored > 0 ? 1 : 0;
}

/** Category scores and the ÈwéScore on the 0–100 scale, normalised against the floor's (null where the floor is 100). */
function normalisedSummary(run: RunScores, floor: RunScores): { categories: Record<string, number | null>; ewe_score: number | null } {
  const categories: Record<string, number | null> = {};
  for (const [category, score] of Object.entries(run.categories)) setOwn(categories, category, vsFloor(score, getOwn(floor.categories, category) ?? 0, 100));
  return { categories, ewe_score: vsFloor(run.eweScore, floor.eweScore, 100) };
}

function methodLabel(r: TestScore): string {
  if (!r.method) return '-';
  return r.fallback === 'missing-method' ? `${r.method} (default)` : r.fallback === 'unknown-method' ? `${r.method} (fallback)` : r.method;
}

function textReport(
  scored: readonly ScoredTest[],
  categories: Record<string, number>,
  ewe: number,
  strict: boolean,
  crashes: number,
  floor: RunScores,
  normalised: ReturnType<typeof normalisedSummary>,
): string {
  const shownNorm = (x: number | null) => (x === null ? '-' : x.toFixed(1));
  const rows = [['TEST', 'CATEGORY', 'METHOD', 'SCORE', 'VS FLOOR*', 'RESULT']];
  for (const { id, category, result, floor: testFloor } of scored) {
    const score = result.score === null ? '-' : pyRound(result.score, 3).toFixed(3);
    const verdict = result.score === null ? `${result.harnessWouldCrash ? 'CRASH' : 'NO SCORE'}: ${result.reason}` : result.passed ? 'pass' : 'fail';
    rows.push([id, category, methodLabel(result), score, shownNorm(vsFloor(result.score, testFloor)), verdict].map(terminalSafe));
  }
  let out = textTable(rows) + '\n';
  const catRows = [['CATEGORY', 'SCORE', 'PASSED', 'WEIGHT', 'FLOOR*', 'VS FLOOR*']];
  for (const [category, score] of Object.entries(categories)) {
    const tests = scored.filter((t) => t.category === category && t.result.score !== null);
    const weight = categoryOf(category)?.weight;
    catRows.push([
      terminalSafe(category),
      score.toFixed(1),
      `${tests.filter((t) => t.result.passed).length}/${tests.length}`,
      weight === undefined ? '-' : `${Math.round(weight * 100)}%`,
      (floor.categories[category] ?? 0).toFixed(1),
      shownNorm(normalised.categories[category] ?? null),
    ]);
  }
  out += textTable(catRows) + '\n';
  const ran = Object.keys(categories).filter((c) => categoryOf(c)).length;
  out += `ÈwéScore: ${ewe.toFixed(1)}/100 (${ran} of ${CATEGORIES.length} categories)\n`;
  out += `* not harness figures: FLOOR is what answering nothing earns (ewebench-studio audit); VS FLOOR is the score normalised against it, max((score - floor) / (max - floor), 0) x 100, as SEA-HELM normalises by chance; '-' where a non-answer already scores the maximum\n`;
  out += `ÈwéScore normalised against the floor*: ${shownNorm(normalised.ewe_score)} (floor ${floor.eweScore.toFixed(1)})\n`;
  if (strict) out += 'strict mode: not comparable with the harness\n';
  if (crashes) out += `${counted(crashes, 'test', 'tests')} would crash the harness, which would then publish no score at all\n`;
  return out;
}
