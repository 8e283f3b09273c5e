import { chrfSignature, corpusChrf, sentenceChrf } from '../../core/scoring/chrf';
import { pyFixed } from '../../core/python/round';
import { formatOption, parseArgs, readText } from '../files';
import { UsageError, type CliIo } from '../io';
import { terminalSafe } from '../format/text';

export const usage = 'chrf --hyp FILE --ref FILE [--ref FILE ...] [--word-order 0|2] [--sentence] [--format text|json]   sacrebleu-identical chrF/chrF++';

/**
 * One segment per line, read as sacrebleu reads it (`open(..., newline="\n")`): only LF ends a line, so a
 * lone CR stays inside its segment (Python's default `readlines()` would split there); a final newline does
 * not make an extra empty segment.
 */
function segments(file: string, io: CliIo): string[] {
  const text = readText(file, io);
  if (/\r(?!\n)/.test(text))
    io.stderr(`note: ${terminalSafe(file)}: carriage returns not followed by a line feed stay inside their line (only LF ends a segment, as in sacrebleu)\n`);
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, { values: ['hyp', 'ref', 'word-order', 'format'], booleans: ['sentence'], repeatable: ['ref'] });
  if (positional.length) throw new UsageError(`unexpected argument '${positional[0]}'`);
  if (!values.hyp) throw new UsageError('--hyp is required');
  if (!values.ref) throw new UsageError('at least one --ref is required');
  const wordOrderText = values['word-order']?.[0] ?? '2';
  if (wordOrderText !== '0' && wordOrderText !== '2') throw new UsageError(`--word-order must be 0 (chrF) or 2 (chrF++), not '${wordOrderText}'`);
  const wordOrder = Number(wordOrderText);
  const format = formatOption(values.format, ['text', 'json']);

  const hyps = segments(values.hyp[0], io);
  const refs = values.ref.map((file) => segments(file, io));
  values.ref.forEach((file, i) => {
    if (refs[i].length !== hyps.length) throw new Error(`${file} has ${refs[i].length} lines but ${values.hyp![0]} has ${hyps.length}`);
  });
  if (hyps.length === 0)
    io.stderr(`note: ${terminalSafe(values.hyp[0])} has no lines: there is nothing to score, and chrF of no segment is 0 (as in sacrebleu)\n`);
  const options = { wordOrder };
  const name = wordOrder === 2 ? 'chrF2++' : 'chrF2';
  const signature = chrfSignature(options, refs.length);

  if (flags.has('sentence')) {
    const scores = hyps.map(
      (hyp, i) =>
        sentenceChrf(
          hyp,
          refs.map((r) => r[i]),
          options,
        ).score,
    );
    if (format === 'json')
      io.stdout(
        JSON.stringify(
          scores.map((score, i) => ({ line: i + 1, score })),
          null,
          2,
        ) + '\n',
      );
    else io.stdout(scores.map((score) => `${name} = ${pyFixed(score, 2)}`).join('\n') + `\n${signature}\n`);
    return 0;
  }
  const { score } = corpusChrf(hyps, refs, options);
  if (format === 'json') io.stdout(JSON.stringify({ score, signature }) + '\n');
  else io.stdout(`${name} = ${pyFixed(score, 2)}\n${signature}\n`);
  return 0;
}
