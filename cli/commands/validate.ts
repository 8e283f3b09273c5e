import { pathToFileURL } from 'node:url';
import { classify } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { toLocale } from '../../core/i18n/locale';
import { collectIds, idKey, type ExternalIdOccurrence, type Id } from '../../core/rules/ids';
import { resolveFindings, validateDocument, type ResolvedDiagnostic } from '../../core/validate';
import { displayPath, expandJsonPaths, formatOption, parseArgs, readText } from '../files';
import type { CliIo } from '../io';
import { toSarif } from '../format/sarif';

export const usage = 'validate PATH... [--format text|json|sarif]   check ÈwéBench tests, Rosetta corpora and run cards';

export interface FileReport {
  file: string;
  kind: string;
  diagnostics: ResolvedDiagnostic[];
}

/** Validates files as one workspace: test ids must be unique across all the tests files given. */
export function validateFiles(files: readonly string[], io: CliIo, locale = toLocale(process.env.LANG)): FileReport[] {
  const docs = files.map((file) => ({ file, doc: new JsonDocument(readText(file, io)) }));

  // First pass: every test id of every tests file, with its place, so each file can see the others'.
  const idsByFile = new Map<string, Map<string, ExternalIdOccurrence[]>>();
  for (const { file, doc } of docs) {
    if (classify(doc.value).kind !== 'ewebench-tests') continue;
    const map = new Map<string, ExternalIdOccurrence[]>();
    for (const occ of collectIds(doc.value, [])) {
      const span = doc.locate(occ.path);
      if (!span) continue;
      const entry = { uri: pathToFileURL(file).toString(), label: displayPath(file, io.cwd), range: doc.lineIndex.rangeOf(span) };
      map.set(idKey(occ.id), [...(map.get(idKey(occ.id)) ?? []), entry]);
    }
    idsByFile.set(file, map);
  }
  const elsewhere = (self: string) => (id: Id) => {
    const out: ExternalIdOccurrence[] = [];
    for (const [file, map] of idsByFile) if (file !== self) out.push(...(map.get(idKey(id)) ?? []));
    return out;
  };

  return docs.map(({ file, doc }) => {
    const result = validateDocument(doc, { locale, externalIds: elsewhere(file) });
    return { file: displayPath(file, io.cwd), kind: result.classification.kind, diagnostics: resolveFindings(doc, result.findings) };
  });
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format'] });
  const format = formatOption(values.format, ['text', 'json', 'sarif']);
  const reports = validateFiles(expandJsonPaths(positional, io.cwd), io);
  const hasError = reports.some((r) => r.diagnostics.some((d) => d.severity === 'error'));

  if (format === 'json') {
    const out = reports.map((r) => ({
      file: r.file,
      kind: r.kind,
      diagnostics: r.diagnostics.map((d) => ({ range: d.range, severity: d.severity, code: d.code, message: d.message })),
    }));
    io.stdout(JSON.stringify(out, null, 2) + '\n');
  } else if (format === 'sarif') {
    io.stdout(JSON.stringify(toSarif(reports), null, 2) + '\n');
  } else {
    const counts = { error: 0, warning: 0, information: 0, hint: 0 };
    for (const r of reports) {
      for (const d of r.diagnostics) {
        counts[d.severity]++;
        io.stdout(`${r.file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${d.message}\n`);
      }
    }
    const checked = reports.filter((r) => r.kind !== 'unknown').length;
    io.stderr(`${reports.length} file(s), ${checked} recognised: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.information + counts.hint} note(s)\n`);
  }
  return hasError ? 1 : 0;
}
