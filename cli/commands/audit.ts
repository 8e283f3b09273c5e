import { counted } from '../../core/i18n/plural';
import { getOwn, setOwn } from '../../core/json';
import * as path from 'node:path';
import { auditTestCached, type AuditOptions } from '../../core/audit/auditTest';
import { extraBaselines, MAX_BASELINES_BYTES, MAX_EXTRA_BASELINES } from '../../core/audit/extraBaselines';
import { msg } from '../../core/rules/messages';
import { BEST_OF, floorScores, type AuditedTest } from '../../core/audit/floor';
import { corpusCopyFindings } from '../../core/audit/rule';
import { classify } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { categoryOf } from '../../core/scoring/ewebench/categories';
import { pyRound } from '../../core/python/round';
import { displayPath, expandJsonPaths, formatOption, parseArgs, readText } from '../files';
import type { CliIo } from '../io';
import { textTable } from '../format/text';

export const usage = 'audit PATH... [--baselines FILE] [--format text|json]   find tests a response that answers nothing passes (exit 1 when one does)';

interface TestRow {
  id: string;
  file: string;
  category: string;
  method: string | null;
  weak: { baseline: string; score: number }[];
  skipped?: string;
}

interface CopyRow {
  file: string;
  entry: string | number;
}

function testId(test: unknown, category: string, index: number): string {
  const id = typeof test === 'object' && test !== null && !Array.isArray(test) ? (test as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `${category}_${index}`;
}

/** The `--baselines` file, within the same limits as the server's (`MAX_BASELINES_BYTES`, `MAX_EXTRA_BASELINES`). */
function loadExtra(file: string | undefined, io: CliIo): AuditOptions {
  if (!file) return {};
  const text = readText(file, io);
  const size = Buffer.byteLength(text, 'utf8');
  if (size > MAX_BASELINES_BYTES) throw new Error(`${file}: ${msg('en', 'baselinesTooLarge', { size, limit: MAX_BASELINES_BYTES })}`);
  const doc = new JsonDocument(text);
  if (!doc.isValidJson) throw new Error(`${file}: invalid JSON (${doc.syntaxErrors[0].message})`);
  const result = extraBaselines(doc.value);
  if ('errors' in result) throw new Error(`${file}: not a baselines file (schemas/ewebench-baselines.schema.json): ${result.errors.join('; ')}`);
  if (result.ignored)
    io.stderr(
      `${file}: ${msg('en', 'baselinesTooMany', { count: result.baselines.length + result.ignored, limit: MAX_EXTRA_BASELINES, ignored: result.ignored })}\n`,
    );
  return { extra: result.baselines };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'baselines'] });
  const format = formatOption(values.format, ['text', 'json']);
  const options = loadExtra(values.baselines?.[0], io);
  const rows: TestRow[] = [];
  const copies: CopyRow[] = [];
  const audited: AuditedTest[] = [];

  for (const full of expandJsonPaths(positional, io.cwd)) {
    const file = displayPath(full, io.cwd);
    const doc = new JsonDocument(readText(full, io));
    const classification = classify(doc.value);
    if (classification.kind === 'rosetta-corpus') {
      const entriesPath = classification.entriesPath ?? ['entries'];
      const entries = entriesPath.length === 0 ? doc.value : (doc.value as Record<string, unknown>)[entriesPath[0]];
      for (const f of corpusCopyFindings(entries, entriesPath, 'en')) {
        const at = 'path' in f.at ? f.at.path : [];
        const index = at[entriesPath.length] as number;
        const entry = (entries as Record<string, unknown>[])[index];
        const id = entry?.id ?? entry?.index;
        copies.push({ file, entry: typeof id === 'string' || typeof id === 'number' ? id : index });
      }
      continue;
    }
    if (classification.kind !== 'ewebench-tests' || !Array.isArray(doc.value)) continue;
    // The category is the file's stem, as the harness loads tests/<category>.json.
    const category = path.basename(full).replace(/\.json$/i, '');
    doc.value.forEach((test: unknown, index) => {
      const audit = auditTestCached(test, options);
      audited.push({ category, test });
      rows.push({
        id: testId(test, category, index),
        file,
        category,
        method: audit.method,
        weak: audit.weak.map((w) => ({ baseline: w.baseline, score: pyRound(w.score, 3) })),
        ...(audit.skipped ? { skipped: audit.skipped } : {}),
      });
    });
  }

  const categories: Record<string, { weak: number; total: number }> = {};
  for (const r of rows) {
    const c = getOwn(categories, r.category) ?? { weak: 0, total: 0 };
    setOwn(categories, r.category, c);
    c.total++;
    if (r.weak.length) c.weak++;
  }
  const floors = floorScores(audited, options);
  const floor: Record<string, number> = {};
  for (const [baseline, summary] of Object.entries(floors)) setOwn(floor, baseline, summary.eweScore);
  const weakCount = rows.filter((r) => r.weak.length).length;

  if (format === 'json') {
    const report = {
      tests: rows.map(({ id, file, weak, method, skipped }) => ({ id, file, method, weak, ...(skipped ? { skipped } : {}) })),
      categories,
      floor,
      floor_categories: Object.fromEntries(Object.entries(floors).map(([b, s]) => [b, s.categories])),
      ...(copies.length ? { corpus_copies: copies } : {}),
    };
    io.stdout(JSON.stringify(report, null, 2) + '\n');
  } else {
    io.stdout(textReport(rows, categories, floor, copies));
  }
  return weakCount > 0 || copies.length > 0 ? 1 : 0;
}

function textReport(
  rows: readonly TestRow[],
  categories: Record<string, { weak: number; total: number }>,
  floor: Record<string, number>,
  copies: readonly CopyRow[],
): string {
  let out = '';
  const weak = rows.filter((r) => r.weak.length);
  if (weak.length) {
    const lines = [['TEST', 'FILE', 'METHOD', 'PASSES WITH (SCORE)']];
    for (const r of weak) lines.push([r.id, r.file, r.method ?? '-', r.weak.map((w) => `${w.baseline} ${w.score}`).join(', ')]);
    out += textTable(lines) + '\n';
  }
  const skipped = rows.filter((r) => r.skipped).length;
  if (skipped) out += `${counted(skipped, 'multiple_choice test', 'multiple_choice tests')} not scored: their expected answer is not a single letter\n\n`;
  const files = new Map<string, { weak: number; total: number }>();
  for (const r of rows) {
    const f = files.get(r.file) ?? { weak: 0, total: 0 };
    f.total++;
    if (r.weak.length) f.weak++;
    files.set(r.file, f);
  }
  const share = (w: number, t: number) => `${w}/${t} (${t ? Math.round((w / t) * 100) : 0}%)`;
  const fileRows = [['FILE', 'CATEGORY', 'WEAK TESTS']];
  for (const [file, f] of files) fileRows.push([file, path.basename(file).replace(/\.json$/i, ''), share(f.weak, f.total)]);
  out += textTable(fileRows) + '\n';
  const floorRows = [['BASELINE', 'FLOOR ÈWÉSCORE']];
  for (const [baseline, score] of Object.entries(floor))
    floorRows.push([baseline === BEST_OF ? `${BEST_OF} (each test's best non-answer)` : baseline, score.toFixed(1)]);
  out += textTable(floorRows) + '\n';
  const total = Object.values(categories).reduce((n, c) => n + c.total, 0);
  const weakTotal = Object.values(categories).reduce((n, c) => n + c.weak, 0);
  const known = Object.keys(categories).filter((c) => categoryOf(c)).length;
  out += `weak tests: ${share(weakTotal, total)} in ${Object.keys(categories).length} categor${Object.keys(categories).length === 1 ? 'y' : 'ies'} (${known} ÈwéBench)\n`;
  for (const c of copies) out += `${c.file}: entry ${c.entry}: the reference equals the source (a copy of the input scores 100)\n`;
  return out;
}
