import * as path from 'node:path';
import { JsonDocument } from '../../core/document/jsonDocument';
import { categoryScore, eweScore, passes } from '../../core/scoring/ewebench/aggregate';
import { categoryOf } from '../../core/scoring/ewebench/categories';
import { scoreTest, type Breakdown } from '../../core/scoring/ewebench/methods';
import { pyRound } from '../../core/text/pyRound';
import { displayPath, formatOption, parseArgs, readText } from '../files';
import { UsageError, type CliIo } from '../io';

export const usage = 'score TESTS.json... --responses RESPONSES.json [--strict] [--format text|json]   score responses as the ÈwéBench harness does';

interface ScoredTest {
  id: string;
  category: string;
  score: number | null;
  passed: boolean;
  breakdown?: Breakdown;
  crash?: string;
}

function readJson(file: string, io: CliIo): unknown {
  const shown = displayPath(path.resolve(io.cwd, file), io.cwd);
  const doc = new JsonDocument(readText(file, io));
  if (!doc.isValidJson) {
    const at = doc.lineIndex.positionAt(doc.syntaxErrors[0].span.start);
    throw new Error(`${shown}:${at.line + 1}:${at.character + 1}: invalid JSON (${doc.syntaxErrors[0].message})`);
  }
  return doc.value;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, { values: ['responses', 'format'], booleans: ['strict'] });
  if (positional.length === 0) throw new UsageError('no TESTS.json given');
  if (!values.responses) throw new UsageError('--responses is required');
  const format = formatOption(values.format, ['text', 'json']);
  const strict = flags.has('strict');

  const responses = readJson(values.responses[0], io);
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
    throw new Error(`${values.responses[0]}: expected an object mapping test id to response text`);
  }
  const answers = responses as Record<string, unknown>;
  const tests: ScoredTest[] = [];
  const byCategory = new Map<string, number[]>();

  for (const file of positional) {
    const list = readJson(file, io);
    if (!Array.isArray(list)) throw new Error(`${file}: expected a JSON array of tests`);
    // The category is the file's stem, as the harness loads tests/<category>.json.
    const category = path.basename(file).replace(/\.json$/i, '');
    if (!categoryOf(category)) io.stderr(`warning: ${file}: '${category}' is not an ÈwéBench category; its tests are scored but left out of the ÈwéScore\n`);
    list.forEach((raw, index) => {
      const test = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
      const id = typeof test.id === 'string' || typeof test.id === 'number' ? String(test.id) : `${category}_${index}`;
      if (!(id in answers)) {
        io.stderr(`warning: ${file}: no response for test ${id}; it did not run and is left out\n`);
        return;
      }
      const result = scoreTest(test, answers[id], { strict });
      if (result.score === null) {
        io.stderr(`warning: ${file}: test ${id}: the harness would crash (${result.crash}); left out of the aggregates\n`);
        tests.push({ id, category, score: null, passed: false, crash: result.crash });
        return;
      }
      tests.push({ id, category, score: result.score, passed: passes(result.score), breakdown: result.breakdown });
      byCategory.set(category, [...(byCategory.get(category) ?? []), result.score]);
    });
  }

  const categories: Record<string, number> = {};
  for (const [category, scores] of byCategory) categories[category] = categoryScore(scores);
  const known = Object.fromEntries(Object.entries(categories).filter(([c]) => categoryOf(c)));
  const ewe_score = eweScore(known);

  if (format === 'json') {
    io.stdout(JSON.stringify({ tests, categories, ewe_score, ...(strict ? { strict: true, harness_comparable: false } : {}) }, null, 2) + '\n');
  } else {
    for (const t of tests) {
      const shown = t.score === null ? 'crash' : pyRound(t.score, 3).toFixed(3);
      io.stdout(`${t.passed ? 'pass' : 'FAIL'}  ${shown.padStart(5)}  ${t.category}/${t.id}${t.crash ? `  (${t.crash})` : ''}\n`);
    }
    for (const [category, score] of Object.entries(categories)) io.stdout(`${category}: ${score.toFixed(1)}/100\n`);
    io.stdout(`ÈwéScore: ${ewe_score.toFixed(1)}/100${strict ? '  (strict mode: not comparable with the harness)' : ''}\n`);
  }
  return 0;
}
