import { classify } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { fileCoverage } from '../../core/coverage/report';
import { displayPath, expandJsonPaths, formatOption, parseArgs, readText } from '../files';
import type { CliIo } from '../io';

export const usage = 'coverage PATH... [--format text|json]   which letters of the language the tests or corpora exercise';

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format'] });
  const format = formatOption(values.format, ['text', 'json']);
  const out: unknown[] = [];
  let text = '';
  for (const file of expandJsonPaths(positional, io.cwd)) {
    const shown = displayPath(file, io.cwd);
    const doc = new JsonDocument(readText(file, io));
    const classification = classify(doc.value);
    if (classification.kind !== 'ewebench-tests' && classification.kind !== 'rosetta-corpus') {
      if (format === 'text') io.stderr(`${shown}: skipped (${classification.kind === 'unknown' ? 'not a tests file or corpus' : classification.kind})\n`);
      continue;
    }
    const report = fileCoverage(doc, classification);
    const main = report.languages[0];
    const confusables = report.confusables.map((c) => ({ range: c.range, found: c.found, expected: c.expected }));
    out.push({ file: shown, language: main?.code ?? null, letters: main?.letters ?? {}, missing: main?.missing ?? [], confusables });
    if (!main) {
      text += `${shown}: no text in a language with a profile\n`;
      continue;
    }
    const present = main.specialLetters.length - main.missing.length;
    text += `${shown}: ${main.name.en} ${present}/${main.specialLetters.length} special letters`;
    text += main.missing.length ? ` (missing ${main.missing.join(' ')})\n` : '\n';
    text += '  ' + main.alphabet.map((l) => `${l} ${main.letters[l] ?? 0}`).join('  ') + '\n';
    for (const c of report.confusables) text += `  ${shown}:${c.range.start.line + 1}:${c.range.start.character + 1}: look-alike ${c.found} for ${c.expected}\n`;
  }
  io.stdout(format === 'json' ? JSON.stringify(out, null, 2) + '\n' : text);
  return 0;
}
