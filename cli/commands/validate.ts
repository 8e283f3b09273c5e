import { counted } from '../../core/i18n/plural';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JsonDocument } from '../../core/document/jsonDocument';
import { toLocale, type Locale } from '../../core/i18n/locale';
import { IdIndex, sharedIds } from '../../core/rules/idIndex';
import type { EncodingProblem } from '../../core/document/encoding';
import { encodingFinding, resolveFindings, validateDocument } from '../../core/validate';
import { gateFlags } from './reviewGateFlags';
import type { Neighbours } from '../../core/rules/review';
import { displayPath, expandJsonPaths, formatOption, neighboursOf, parseArgs, readJsonText, type PathProblem } from '../files';
import type { CliIo } from '../io';
import { toSarif } from '../format/sarif';
import { terminalSafe } from '../format/text';
import type { FileReport } from '../format/fileReport';
import { loadSuite, resolveItemFindings } from '../../core/suite/load';
import { readText } from '../files';

export const usage =
  'validate PATH... [--format text|json|sarif] [--min-reviewers N] [--min-alpha A]   check ÈwéBench tests, Rosetta corpora, run cards and task suites (with their item files)';

export type { FileReport } from '../format/fileReport';

/** Validates files as one workspace: test ids must be unique across all the tests files given. */
export function validateFiles(
  files: readonly string[],
  io: CliIo,
  locale = toLocale((io.env ?? process.env).LANG),
  problems: readonly PathProblem[] = [],
  gate?: Neighbours['gate'],
): FileReport[] {
  const failed = new Map<string, FileReport>();
  const docs: { file: string; doc: JsonDocument; encoding?: EncodingProblem }[] = [];
  for (const file of files) {
    try {
      const { text, problem } = readJsonText(file, io);
      docs.push({ file, doc: new JsonDocument(text), encoding: problem });
    } catch (error) {
      failed.set(file, { file: displayPath(file, io.cwd), kind: 'unknown', diagnostics: [], error: errorText(error, file, io) });
    }
  }

  // First pass: every test id of every tests file, with its place, so each file can see the others'.
  const index = new IdIndex();
  for (const { file, doc } of docs) {
    index.set(pathToFileURL(file).toString(), displayPath(file, io.cwd), doc, sharedIds(doc));
  }

  const checked = new Map<string, FileReport>();
  // A suite's item files, each reported once after the suite that names it first.
  const itemReports = new Map<string, FileReport>();
  for (const { file, doc, encoding } of docs) {
    try {
      // A UTF-16 file is that one finding; invalid UTF-8 is flagged and the decoded rest still checked.
      const result =
        encoding?.kind === 'utf-16'
          ? { classification: { kind: 'unknown' }, findings: [] }
          : validateDocument(doc, { locale, externalIds: index.elsewhere(pathToFileURL(file).toString()), neighbours: neighboursOf(file, gate) });
      const findings = encoding ? [encodingFinding(encoding, locale), ...result.findings] : result.findings;
      if (result.classification.kind === 'task-suite') findings.push(...suiteItemReports(file, doc.value, io, locale, itemReports));
      checked.set(file, { file: displayPath(file, io.cwd), kind: result.classification.kind, diagnostics: resolveFindings(doc, findings) });
    } catch (error) {
      // A bug must cost one file, not the run.
      checked.set(file, { file: displayPath(file, io.cwd), kind: 'unknown', diagnostics: [], error: errorText(error, file, io) });
    }
  }
  // In the order the files were given, then the paths that could not be searched.
  const reports = files.map((file) => (checked.get(file) ?? failed.get(file))!);
  return [
    ...reports,
    ...[...itemReports.entries()].filter(([full]) => !checked.has(full)).map(([, report]) => report),
    ...problems.filter((p) => !p.skipped).map((p) => ({ file: displayPath(p.file, io.cwd), kind: 'unknown', diagnostics: [], error: p.message })),
  ];
}

/**
 * A task suite's item files read from the disk, relative to the suite, into `reports` (one report per file);
 * returns the findings on the suite itself (an item file that cannot be read).
 */
function suiteItemReports(suiteFile: string, value: unknown, io: CliIo, locale: Locale, reports: Map<string, FileReport>) {
  const dir = path.dirname(path.resolve(io.cwd, suiteFile));
  const texts = new Map<string, string>();
  const loaded = loadSuite(
    value,
    (name) => {
      const full = path.resolve(dir, name);
      try {
        const text = readText(full, io);
        texts.set(name, text);
        return { text };
      } catch (error) {
        return { error: errorText(error, full, io) };
      }
    },
    locale,
  );
  for (const [name, findings] of loaded.itemFindings) {
    const full = path.resolve(dir, name);
    if (reports.has(full)) continue;
    reports.set(full, { file: displayPath(full, io.cwd), kind: 'suite-items', diagnostics: resolveItemFindings(texts.get(name) ?? '', findings) });
  }
  return loaded.suiteFindings;
}

/** The message of a per-file failure, without the file name the report already shows. */
function errorText(error: unknown, file: string, io: CliIo): string {
  const text = error instanceof Error ? error.message : String(error);
  const prefix = displayPath(path.resolve(io.cwd, file), io.cwd) + ': ';
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'min-reviewers', 'min-alpha'] });
  const format = formatOption(values.format, ['text', 'json', 'sarif']);
  const problems: PathProblem[] = [];
  const reports = validateFiles(expandJsonPaths(positional, io.cwd, problems), io, undefined, problems, gateFlags(values));
  const hasError = reports.some((r) => r.diagnostics.some((d) => d.severity === 'error'));
  const unreadable = reports.filter((r) => r.error !== undefined);
  for (const p of problems) if (p.skipped) io.stderr(`${terminalSafe(displayPath(p.file, io.cwd))}: ${p.message}\n`);

  if (format === 'json') {
    const out = reports.map((r) => ({
      file: r.file,
      kind: r.kind,
      ...(r.error !== undefined ? { error: r.error } : {}),
      diagnostics: r.diagnostics.map((d) => ({ range: d.range, severity: d.severity, code: d.code, message: d.message })),
    }));
    io.stdout(JSON.stringify(out, null, 2) + '\n');
  } else if (format === 'sarif') {
    io.stdout(JSON.stringify(toSarif(reports), null, 2) + '\n');
  } else {
    const counts = { error: 0, warning: 0, information: 0, hint: 0 };
    for (const r of reports) {
      if (r.error !== undefined) io.stderr(`${terminalSafe(r.file)}: error: ${terminalSafe(r.error)}\n`);
      for (const d of r.diagnostics) {
        counts[d.severity]++;
        io.stdout(`${terminalSafe(r.file)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${terminalSafe(d.message)}\n`);
      }
    }
    const checked = reports.filter((r) => r.kind !== 'unknown').length;
    const notRead = unreadable.length ? `, ${unreadable.length} could not be read` : '';
    io.stderr(
      `${counted(reports.length, 'file', 'files')}, ${checked} recognised${notRead}: ${counted(counts.error, 'error', 'errors')}, ${counted(counts.warning, 'warning', 'warnings')}, ${counted(counts.information + counts.hint, 'note', 'notes')}\n`,
    );
  }
  // A path that could not be read is an I/O error (2), reported after everything that could be checked.
  return unreadable.length ? 2 : hasError ? 1 : 0;
}
