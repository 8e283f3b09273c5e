import * as path from 'node:path';
import { SpreadsheetError } from '../../core/corpus/cells';
import { decodeSheetBytes, SheetBytesDecoder } from '../../core/document/encoding';
import { delimiterFor, describeSheetEncoding, exportSheet, planImport, streamImport, type RowProblem } from '../../core/corpus/spreadsheet';
import { planUpdate, type UpdatePlan } from '../../core/corpus/sheetUpdate';
import { displayPath, parseArgs, readBytes, readChunks, readJsonText, describeEncodingProblem } from '../files';
import { terminalSafe } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { writeFileAtomic, writeFileAtomicPieces } from '../../runner/outputs';

export const usage =
  'corpus export CORPUS.json --out FILE.csv|.tsv [--no-bom] | corpus import FILE.csv|.tsv --into CORPUS.json [--map COLUMN=FIELD ...] [--update [--prune]] [--dry-run]   a corpus to a spreadsheet and back';

function readCorpus(file: string, io: CliIo): string {
  const { text, problem } = readJsonText(file, io);
  if (problem) throw new Error(`${displayPath(path.resolve(io.cwd, file), io.cwd)}: ${describeEncodingProblem(problem)}`);
  return text;
}

/** The sheet's text, read from its bytes: UTF-8 or UTF-16 with a byte order mark, anything else refused (about the sheet). */
function readSheet(file: string, io: CliIo): string {
  const decoded = decodeSheetBytes(readBytes(file, io));
  if (decoded.problem) throw new SpreadsheetError(describeSheetEncoding(decoded.problem), { about: 'sheet' });
  return decoded.text;
}

/**
 * The sheet's text a piece at a time, read from its bytes a chunk at a time (a sheet of a million rows is never
 * held whole): the same text as `readSheet`, and the same refusal, for which the bytes are read whole again (only
 * a sheet that is not UTF-8 or UTF-16 with a byte order mark takes that path).
 */
function* sheetPieces(file: string, io: CliIo): Generator<string> {
  const decoder = new SheetBytesDecoder();
  const refuse = (): never => {
    const decoded = decodeSheetBytes(readBytes(file, io));
    throw new SpreadsheetError(decoded.problem ? describeSheetEncoding(decoded.problem) : 'the sheet could not be read as text', { about: 'sheet' });
  };
  for (const chunk of readChunks(file, io)) {
    const piece = decoder.push(chunk);
    if (piece === undefined) refuse();
    else if (piece !== '') yield piece;
  }
  const last = decoder.end();
  if (last === undefined) refuse();
  else if (last !== '') yield last;
}

/** `sheet.csv:LINE (column C): severity: message`, the line as an editor numbers the file's lines. */
function problemLine(sheet: string, p: RowProblem): string {
  const where = [p.row === undefined ? sheet : `${sheet}:${p.row}`, p.column === undefined ? '' : ` (column ${p.column})`].join('');
  return `${terminalSafe(where)}: ${p.severity}: ${terminalSafe(p.message)}${p.code ? ` [${p.code}]` : ''}\n`;
}

async function exportCommand(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, { values: ['out'], booleans: ['no-bom'] });
  if (positional.length !== 1) throw new UsageError('export takes one corpus file');
  const out = values.out?.[0];
  if (!out) throw new UsageError('export needs --out FILE.csv or FILE.tsv');
  const corpusText = readCorpus(positional[0], io);
  const delimiter = delimiterFor(out);
  const { text, entries: rows, warnings } = exportSheet(corpusText, { delimiter, ...(flags.has('no-bom') ? { bom: false } : {}) });
  writeFileAtomic(path.resolve(io.cwd, out), text, { inputs: [path.resolve(io.cwd, positional[0])], show: (f) => terminalSafe(displayPath(f, io.cwd)) });
  const outShown = displayPath(path.resolve(io.cwd, out), io.cwd);
  for (const warning of warnings) io.stderr(`${terminalSafe(outShown)}: warning: ${terminalSafe(warning)}\n`);
  io.stdout(
    `${terminalSafe(displayPath(path.resolve(io.cwd, out), io.cwd))}: ${rows} entr${rows === 1 ? 'y' : 'ies'} written (${delimiter === ',' ? 'CSV' : 'TSV'})\n`,
  );
  return 0;
}

async function importCommand(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, { values: ['into', 'map'], booleans: ['dry-run', 'update', 'prune'], repeatable: ['map'] });
  if (flags.has('prune') && !flags.has('update')) throw new UsageError('--prune goes with --update (it removes the entries the sheet does not have)');
  if (positional.length !== 1) throw new UsageError('import takes one CSV or TSV file');
  const into = values.into?.[0];
  if (!into) throw new UsageError('import needs --into CORPUS.json');
  const map = new Map<string, string>();
  for (const pair of values.map ?? []) {
    const eq = pair.lastIndexOf('=');
    if (eq <= 0) throw new UsageError(`--map takes COLUMN=FIELD (an empty FIELD skips the column), not '${pair}'`);
    map.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const sheetFile = positional[0];
  const sheetShown = displayPath(path.resolve(io.cwd, sheetFile), io.cwd);
  const corpusFile = path.resolve(io.cwd, into);
  const corpusText = readCorpus(into, io);
  if (flags.has('update')) return updateCommand(corpusText, corpusFile, sheetFile, map, { dryRun: flags.has('dry-run'), prune: flags.has('prune') }, io);
  const options = { delimiter: delimiterFor(sheetFile), map };
  const inputs = [path.resolve(io.cwd, sheetFile)];
  const showFile = (f: string) => terminalSafe(displayPath(f, io.cwd));
  const dryRun = flags.has('dry-run');
  // The sheet streams through: each entry validated and written as it comes (the new corpus is never held whole),
  // through a temporary file renamed at the end; any error leaves the corpus as it was.
  let plan = dryRun
    ? streamImport(
        corpusText,
        () => sheetPieces(sheetFile, io),
        options,
        () => {},
      )
    : undefined;
  if (!dryRun)
    writeFileAtomicPieces(
      corpusFile,
      (write) => {
        plan = streamImport(corpusText, () => sheetPieces(sheetFile, io), options, write);
        return plan?.written ?? false;
      },
      { inputs, show: showFile },
    );
  if (!plan) {
    // What only the whole new document can tell (a sheet that makes the file another kind than a corpus): planned whole.
    const whole = planImport(corpusText, sheetPieces(sheetFile, io), options);
    plan = { columns: whole.columns, count: whole.entries.length, problems: whole.problems, written: whole.newText !== undefined };
    if (whole.newText !== undefined && !dryRun) writeFileAtomic(corpusFile, whole.newText, { inputs, show: showFile });
  }
  for (const p of plan.problems) io.stderr(problemLine(sheetShown, p));
  const shown = terminalSafe(displayPath(corpusFile, io.cwd));
  if (!plan.written) {
    const errors = plan.problems.filter((p) => p.severity === 'error').length;
    io.stderr(`${shown}: nothing imported (${errors} error${errors === 1 ? '' : 's'} in ${terminalSafe(sheetShown)})\n`);
    return 1;
  }
  const mapped = plan.columns.map((c) => `${c.column}→${c.field ?? '(skipped)'}`).join(', ');
  io.stdout(`${shown}: ${dryRun ? 'would import' : 'imported'} ${plan.count} entr${plan.count === 1 ? 'y' : 'ies'} (${terminalSafe(mapped)})\n`);
  return 0;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an update changes, in words: every changed cell before and after, then the totals. */
function updateReport(plan: UpdatePlan, shown: string, dryRun: boolean): string {
  const lines: string[] = [];
  const cell = (s: string) => (s === '' ? '(empty)' : JSON.stringify(s));
  for (const entry of plan.changed)
    for (const c of entry.cells)
      lines.push(`  id ${terminalSafe(entry.id)}, ${terminalSafe(c.field)}: ${terminalSafe(cell(c.before))} → ${terminalSafe(cell(c.after))}\n`);
  for (const entry of plan.added) lines.push(`  id ${terminalSafe(entry.id)}: added\n`);
  if (plan.pruned) for (const id of plan.missing) lines.push(`  id ${terminalSafe(id || '(none)')}: removed\n`);
  const cells = plan.changed.reduce((n, e) => n + e.cells.length, 0);
  const parts = [
    `${dryRun ? 'would update' : 'updated'} ${count(plan.changed.length, 'entry', 'entries')} (${count(cells, 'cell', 'cells')})`,
    `${dryRun ? 'would add' : 'added'} ${plan.added.length}`,
    `${plan.untouched.length} unchanged`,
  ];
  if (plan.missing.length > 0)
    parts.push(
      plan.pruned
        ? `${dryRun ? 'would remove' : 'removed'} ${count(plan.missing.length, 'entry', 'entries')} not in the sheet`
        : `${count(plan.missing.length, 'entry', 'entries')} not in the sheet kept (ids ${terminalSafe(plan.missing.join(', '))}; --prune removes them)`,
    );
  return `${lines.join('')}${shown}: ${parts.join(', ')}\n`;
}

async function updateCommand(
  corpusText: string,
  corpusFile: string,
  sheetFile: string,
  map: Map<string, string>,
  options: { dryRun: boolean; prune: boolean },
  io: CliIo,
): Promise<number> {
  const sheetShown = displayPath(path.resolve(io.cwd, sheetFile), io.cwd);
  const plan = planUpdate(corpusText, readSheet(sheetFile, io), { delimiter: delimiterFor(sheetFile), map, prune: options.prune });
  for (const p of plan.problems) io.stderr(problemLine(sheetShown, p));
  const shown = terminalSafe(displayPath(corpusFile, io.cwd));
  if (plan.newText === undefined) {
    const errors = plan.problems.filter((p) => p.severity === 'error').length;
    io.stderr(`${shown}: nothing updated (${count(errors, 'error', 'errors')} in ${terminalSafe(sheetShown)})\n`);
    return 1;
  }
  if (!options.dryRun && plan.newText !== corpusText)
    writeFileAtomic(corpusFile, plan.newText, { inputs: [path.resolve(io.cwd, sheetFile)], show: (f) => terminalSafe(displayPath(f, io.cwd)) });
  io.stdout(updateReport(plan, shown, options.dryRun));
  return 0;
}

/** `corpus export` and `corpus import`: the same core as the editor's commands (core/corpus/spreadsheet). */
export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  const command = sub === 'export' ? exportCommand : sub === 'import' ? importCommand : undefined;
  if (command) {
    try {
      return await command(rest, io);
    } catch (error) {
      if (!(error instanceof SpreadsheetError)) throw error;
      // The file the problem is about: the sheet being imported, or the corpus (given to export, or imported into).
      const { positional, values } = parseArgs(rest, {
        values: ['out', 'into', 'map'],
        booleans: ['no-bom', 'dry-run', 'update', 'prune'],
        repeatable: ['map'],
      });
      const file = sub === 'export' ? positional[0] : error.about === 'sheet' ? positional[0] : values.into?.[0];
      io.stderr(`${terminalSafe(displayPath(path.resolve(io.cwd, file ?? '.'), io.cwd))}: ${terminalSafe(error.message)}\n`);
      return 2;
    }
  }
  throw new UsageError(sub ? `unknown corpus command '${sub}'` : 'corpus needs export or import');
}
