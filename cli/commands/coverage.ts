import { classify } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { MAX_DEPTH } from '../../core/document/scanner';
import { codePoints } from '../../core/coverage/confusables';
import { PROFILES, profileFor } from '../../core/coverage/profiles';
import { fileCoverage } from '../../core/coverage/report';
import { describeEncodingProblem, displayPath, expandJsonPaths, formatOption, parseArgs, readJsonText, type PathProblem } from '../files';
import { terminalSafe } from '../format/text';
import { UsageError, type CliIo } from '../io';

export const usage = 'coverage PATH... [--format text|json] [--language CODE]   which letters of the language the tests or corpora exercise, and look-alikes';

/**
 * Per file: the main language's letter counts, the special letters never used and the look-alikes (ranges in
 * LSP positions: zero-based line and UTF-16 character). Folders are searched for *.json; files that are
 * neither ÈwéBench tests nor Rosetta corpora are skipped with a note on stderr. `--language` reads tests and
 * corpus targets with another profile (a flat corpus, which names no language, is otherwise read as Ewe).
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'language'] });
  const format = formatOption(values.format, ['text', 'json']);
  const code = values.language?.[0];
  const override = code === undefined ? undefined : profileFor(code);
  if (code !== undefined && !override) throw new UsageError(`no profile for language '${code}' (known: ${PROFILES.map((p) => p.codes.join('/')).join(', ')})`);
  const out: unknown[] = [];
  let text = '';
  const problems: PathProblem[] = [];
  const files = expandJsonPaths(positional, io.cwd, problems);
  let failures = 0;
  for (const p of problems) {
    io.stderr(`${terminalSafe(displayPath(p.file, io.cwd))}: ${p.skipped ? '' : 'error: '}${p.message}\n`);
    if (!p.skipped) failures++;
  }
  for (const file of files) {
    const shown = terminalSafe(displayPath(file, io.cwd));
    let doc: JsonDocument;
    try {
      const { text, problem } = readJsonText(file, io);
      if (problem) throw new Error(`${displayPath(file, io.cwd)}: ${describeEncodingProblem(problem)}`);
      doc = new JsonDocument(text);
    } catch (error) {
      // One unreadable file is that file's error; the others are still reported.
      io.stderr(`error: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
      failures++;
      continue;
    }
    if (doc.tooDeep) {
      io.stderr(`${shown}: skipped (nested more than ${MAX_DEPTH} levels deep)\n`);
      continue;
    }
    const classification = classify(doc.value);
    if (classification.kind !== 'ewebench-tests' && classification.kind !== 'rosetta-corpus') {
      io.stderr(`${shown}: skipped (${classification.kind === 'unknown' ? 'neither ÈwéBench tests nor a Rosetta corpus' : classification.kind})\n`);
      continue;
    }
    const report = fileCoverage(doc, classification, override);
    const main = report.languages[0];
    const confusables = report.confusables.map((c) => ({ range: c.range, found: c.found, expected: c.expected }));
    out.push({ file: displayPath(file, io.cwd), language: main?.code ?? null, letters: main?.letters ?? {}, missing: main?.missing ?? [], confusables });
    if (!main) {
      text += `${shown}: no text in a language with a profile\n`;
      continue;
    }
    const present = main.specialLetters.length - main.missing.length;
    text += `${shown}: ${main.name.en} ${present}/${main.specialLetters.length} special letters`;
    text += main.missing.length ? ` (missing ${main.missing.join(' ')})\n` : '\n';
    text += '  ' + main.alphabet.map((l) => `${l} ${main.letters[l] ?? 0}`).join('  ') + '\n';
    for (const c of report.confusables)
      text += `  ${shown}:${c.range.start.line + 1}:${c.range.start.character + 1}: look-alike ${terminalSafe(c.found)} (${codePoints(c.found)}) for ${terminalSafe(c.expected.normalize('NFC'))}\n`;
  }
  io.stdout(format === 'json' ? JSON.stringify(out, null, 2) + '\n' : text);
  return failures ? 2 : 0;
}
