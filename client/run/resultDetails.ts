import { plural } from '../../core/i18n/plural';
import type { EntryRunRecord, RunRecord, SuiteItemRunRecord, TestRunRecord, Usage } from '../../core/run/types';
import { recordItemId } from '../../core/run/items';
import { formatFixed, formatLatency, formatMeanSe, formatScore } from './format';
import { labelled, recordError, type L10n } from './l10n';
import { suiteVerdict, type RepeatSummary } from './lensModel';

/**
 * The details of a result as plain text, for a read-only virtual document. Plain text on purpose: the model's
 * response and the test's prompt are shown exactly as written, never rendered as HTML or markdown.
 */
export function renderResultDetails(records: readonly RunRecord[], l10n: L10n, repeat?: RepeatSummary): string {
  if (records.length === 0) return l10n.t('No result for this item yet.');
  const out: string[] = [];
  const first = records[0];
  if (repeat && records.length > 1 && first.kind === 'ewebench-test') {
    out.push(
      l10n.t(
        '{0} runs: mean {1} (standard error over the runs), {2} errored',
        repeat.runs,
        formatMeanSe(repeat.mean, repeat.standardError, l10n),
        repeat.errored,
      ),
      '',
    );
  }
  records.forEach((record, i) => {
    if (records.length > 1) out.push(`${'='.repeat(20)} ${l10n.t('Run {0} of {1}', i + 1, records.length)} ${'='.repeat(20)}`);
    out.push(
      ...(record.kind === 'ewebench-test' ? testDetails(record, l10n) : record.kind === 'suite-item' ? suiteDetails(record, l10n) : entryDetails(record, l10n)),
      '',
    );
  });
  return out.join('\n');
}

function header(record: RunRecord, id: string, l10n: L10n): string[] {
  const lines = [
    `${labelled(l10n.t('Item'), l10n)} ${id}  (${record.source_file})`,
    `${labelled(l10n.t('Model'), l10n)} ${record.model}  (${record.origin})`,
    `${labelled(l10n.t('Finished'), l10n)} ${record.finished_at}`,
  ];
  if (record.origin.startsWith('vscode-lm:')) {
    lines.push(l10n.t('Note: the VS Code Language Model API has no system role; system messages were sent as the start of the first user message.'));
  }
  return lines;
}

function usageLine(usage: Usage, l10n: L10n): string {
  const tokens = (n: number, one: string, other: string) => plural(n, l10n.locale, { one, other });
  const parts = [
    tokens(usage.prompt_tokens, l10n.t('{0} prompt token', usage.prompt_tokens), l10n.t('{0} prompt tokens', usage.prompt_tokens)),
    tokens(usage.completion_tokens, l10n.t('{0} completion token', usage.completion_tokens), l10n.t('{0} completion tokens', usage.completion_tokens)),
  ];
  if (usage.reasoning_tokens)
    parts.push(tokens(usage.reasoning_tokens, l10n.t('{0} reasoning token', usage.reasoning_tokens), l10n.t('{0} reasoning tokens', usage.reasoning_tokens)));
  if (usage.cached_tokens)
    parts.push(tokens(usage.cached_tokens, l10n.t('{0} cached token', usage.cached_tokens), l10n.t('{0} cached tokens', usage.cached_tokens)));
  if (usage.cost_usd !== undefined) parts.push(`$${usage.cost_usd}`);
  return parts.join(', ');
}

function section(title: string, body: string): string[] {
  return ['', `--- ${title} ---`, body];
}

function testDetails(record: TestRunRecord, l10n: L10n): string[] {
  const out = header(record, record.test_id, l10n);
  if (record.error !== null) {
    out.push(`${labelled(l10n.t('Status'), l10n)} ${l10n.t('error')} (${record.error_kind ?? 'http'}): ${recordError(record, l10n)}`);
  } else if (record.score === null) {
    out.push(`${labelled(l10n.t('Status'), l10n)} ${labelled(l10n.t('not scored'), l10n)} ${record.reason ?? ''}`);
  } else {
    out.push(
      `${labelled(l10n.t('Status'), l10n)} ${record.passed ? l10n.t('passed') : l10n.t('failed')} (${l10n.t('score {0}, pass at 0.7', formatScore(record.score, l10n))})`,
    );
    out.push(`${labelled(l10n.t('Exact score'), l10n)} ${record.score}`);
  }
  out.push(`${labelled(l10n.t('Method'), l10n)} ${record.method ?? '—'}`);
  out.push(`${labelled(l10n.t('Latency'), l10n)} ${formatLatency(record.latency_ms, l10n)}${record.cached ? ` (${l10n.t('from the response cache')})` : ''}`);
  out.push(`${labelled(l10n.t('Tokens'), l10n)} ${usageLine(record.usage, l10n)}`);
  if (record.breakdown) out.push(...section(l10n.t('Scoring breakdown'), JSON.stringify(record.breakdown, null, 2)));
  out.push(...section(l10n.t('Response'), record.response ?? l10n.t('(no response)')));
  out.push(...section(l10n.t('Request sent (no key)'), JSON.stringify(record.request, null, 2)));
  return out;
}

function suiteDetails(record: SuiteItemRunRecord, l10n: L10n): string[] {
  const out = header(record, record.item_id, l10n);
  out.push(`${l10n.t('Task')}: ${record.task_id} (${record.task})`);
  if (record.error !== null) out.push(`${l10n.t('Status')}: ${l10n.t('error')} (${record.error_kind ?? 'http'}): ${recordError(record, l10n)}`);
  else {
    out.push(`${l10n.t('Status')}: ${suiteVerdict(record, l10n)}`);
    if (record.task !== 'translation')
      out.push(
        `${l10n.t('Reading')}: ${record.method}${record.tolerant_correct && !record.correct ? ` (${l10n.t('right by the fallback reading, not counted')})` : ''}`,
      );
  }
  out.push(`${l10n.t('Latency')}: ${formatLatency(record.latency_ms, l10n)}${record.cached ? ` (${l10n.t('from the response cache')})` : ''}`);
  out.push(`${l10n.t('Tokens')}: ${usageLine(record.usage, l10n)}`);
  out.push(...section(l10n.t('Expected'), record.expected));
  out.push(...section(l10n.t('Response'), record.response ?? l10n.t('(no response)')));
  out.push(...section(l10n.t('Request sent (no key)'), JSON.stringify(record.request, null, 2)));
  return out;
}

function entryDetails(record: EntryRunRecord, l10n: L10n): string[] {
  const out = header(record, String(record.entry_id), l10n);
  if (record.error !== null) out.push(`${labelled(l10n.t('Status'), l10n)} ${l10n.t('error')} (${record.error_kind ?? 'http'}): ${recordError(record, l10n)}`);
  out.push(`chrF++: ${formatFixed(record.entry_chrf, 2, l10n)}`);
  out.push(`${labelled(l10n.t('Exact match'), l10n)} ${record.exact_match ? l10n.t('yes') : l10n.t('no')}`);
  out.push(
    `${labelled(l10n.t('Latency'), l10n)} ${formatLatency(record.latency_seconds * 1000, l10n)}${record.cached ? ` (${l10n.t('from the response cache')})` : ''}`,
  );
  out.push(`${labelled(l10n.t('Tokens'), l10n)} ${usageLine(record.usage, l10n)}`);
  out.push(...section(l10n.t('Source'), record.source));
  out.push(...section(l10n.t('Reference'), record.reference));
  out.push(...section(l10n.t('Translation'), record.predicted ?? l10n.t('(no response)')));
  if (record.request.messages.length) out.push(...section(l10n.t('Request sent (no key)'), JSON.stringify(record.request, null, 2)));
  else {
    // Read back from a run card, which keeps no messages per entry: the settings it keeps, not an empty list.
    const { messages: _messages, ...settings } = record.request;
    out.push(...section(l10n.t('Request sent (no key)'), JSON.stringify(settings, null, 2)));
    out.push(l10n.t("The run card does not keep the messages sent for each entry: they were built from the entry's source text."));
  }
  return out;
}

/** Widest the side-by-side block gets (characters), and the narrowest a column may be. */
const SIDE_BY_SIDE_WIDTH = 140;
const MIN_COLUMN = 24;
/** Past this many models a column would be too narrow: the responses are listed one under the other. */
export const MAX_SIDE_BY_SIDE = 4;

/** Display width of a string: combining marks (Ewe tone marks on a base letter) take no column. */
function width(text: string): number {
  let n = 0;
  for (const ch of text) if (!/\p{M}/u.test(ch)) n++;
  return n;
}

/** Cuts one line into pieces of at most `columns` display characters (a mark stays with its letter). */
function wrapLine(line: string, columns: number): string[] {
  const out: string[] = [];
  let current = '';
  let used = 0;
  for (const ch of line) {
    const mark = /\p{M}/u.test(ch);
    if (!mark && used === columns) {
      out.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    if (!mark) used++;
  }
  out.push(current);
  return out;
}

function wrap(text: string, columns: number): string[] {
  return text
    .replace(/\t/g, '  ')
    .split(/\r\n|\r|\n/)
    .flatMap((line) => wrapLine(line, columns));
}

function responseOf(record: RunRecord, l10n: L10n): string {
  if (record.error !== null) return `${labelled(l10n.t('error'), l10n)} ${record.error}`;
  const text = record.kind === 'corpus-entry' ? record.predicted : record.response;
  return text ?? l10n.t('(no response)');
}

function verdictOf(record: RunRecord, l10n: L10n): string {
  if (record.kind === 'corpus-entry') {
    if (record.error !== null) return l10n.t('error');
    return `chrF++ ${formatFixed(record.entry_chrf, 1, l10n)} · ${record.exact_match ? l10n.t('exact match') : l10n.t('not an exact match')}`;
  }
  if (record.error !== null) return l10n.t('error');
  if (record.kind === 'suite-item') return suiteVerdict(record, l10n);
  if (record.score === null) return l10n.t('not scored');
  return `${record.passed ? l10n.t('passed') : l10n.t('failed')} ${formatScore(record.score, l10n)}`;
}

/**
 * The newest result of each model for one item (a *Run on all models*): a line per model with its verdict,
 * the responses side by side in columns (one under the other past `MAX_SIDE_BY_SIDE` models), then each
 * model's full details. Plain text, as the single-model details; its size is linear in the responses'.
 */
export function renderModelComparison(perModel: ReadonlyMap<string, readonly RunRecord[]>, l10n: L10n): string {
  const models = [...perModel.keys()].sort();
  if (models.length === 0) return l10n.t('No result for this item yet.');
  const newest = models.map((m) => {
    const runs = perModel.get(m) ?? [];
    return runs.reduce((a, b) => (b.repeat > a.repeat ? b : a));
  });
  const first = newest[0];
  const id = recordItemId(first);
  const out = [
    plural(models.length, l10n.locale, {
      one: l10n.t('{0} model on {1}  ({2})', models.length, id, first.source_file),
      other: l10n.t('{0} models on {1}  ({2})', models.length, id, first.source_file),
    }),
    '',
  ];
  const nameWidth = Math.min(40, Math.max(...models.map((m) => width(m))));
  models.forEach((m, i) => {
    const runs = perModel.get(m) ?? [];
    const repeats = runs.length > 1 ? ` (${l10n.t('newest of {0} runs', runs.length)})` : '';
    out.push(`  ${m.padEnd(nameWidth)}  ${verdictOf(newest[i], l10n)}${repeats}`);
  });
  if (first.kind === 'corpus-entry') out.push(...section(l10n.t('Reference'), first.reference));
  out.push('', `--- ${l10n.t('Responses side by side')} ---`);
  if (models.length <= MAX_SIDE_BY_SIDE) {
    const columns = Math.max(MIN_COLUMN, Math.floor((SIDE_BY_SIDE_WIDTH - 3 * (models.length - 1)) / models.length));
    const cells = newest.map((r) => wrap(responseOf(r, l10n), columns));
    const heads = models.map((m) => wrapLine(m, columns)[0]);
    const row = (parts: string[]) =>
      parts
        .map((p) => p + ' '.repeat(Math.max(0, columns - width(p))))
        .join(' │ ')
        .trimEnd();
    out.push(row(heads), row(models.map(() => '─'.repeat(columns))));
    const height = Math.max(...cells.map((c) => c.length));
    for (let line = 0; line < height; line++) out.push(row(cells.map((c) => c[line] ?? '')));
  } else {
    models.forEach((m, i) => out.push('', `[${m}]`, responseOf(newest[i], l10n)));
  }
  models.forEach((m) => {
    out.push('', `${'='.repeat(20)} ${m} ${'='.repeat(20)}`);
    const runs = perModel.get(m) ?? [];
    out.push(renderResultDetails(runs, l10n));
  });
  return out.join('\n');
}
