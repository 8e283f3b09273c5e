import type { EntryRunRecord, RunRecord, TestRunRecord, Usage } from '../../core/run/types';
import { formatLatency, formatMeanSe, formatScore } from './format';
import { runText, type L10n } from './l10n';
import type { RepeatSummary } from './lensModel';

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
      l10n.t('{0} runs: mean {1} (standard error over the runs), {2} errored', repeat.runs, formatMeanSe(repeat.mean, repeat.standardError), repeat.errored),
      '',
    );
  }
  records.forEach((record, i) => {
    if (records.length > 1) out.push(`${'='.repeat(20)} ${l10n.t('Run {0} of {1}', i + 1, records.length)} ${'='.repeat(20)}`);
    out.push(...(record.kind === 'ewebench-test' ? testDetails(record, l10n) : entryDetails(record, l10n)), '');
  });
  return out.join('\n');
}

function header(record: RunRecord, id: string, l10n: L10n): string[] {
  const lines = [
    `${l10n.t('Item')}: ${id}  (${record.source_file})`,
    `${l10n.t('Model')}: ${record.model}  (${record.origin})`,
    `${l10n.t('Finished')}: ${record.finished_at}`,
  ];
  if (record.origin.startsWith('vscode-lm:')) {
    lines.push(l10n.t('Note: the VS Code Language Model API has no system role; system messages were sent as the start of the first user message.'));
  }
  return lines;
}

function usageLine(usage: Usage, l10n: L10n): string {
  const parts = [l10n.t('{0} prompt tokens', usage.prompt_tokens), l10n.t('{0} completion tokens', usage.completion_tokens)];
  if (usage.reasoning_tokens) parts.push(l10n.t('{0} reasoning tokens', usage.reasoning_tokens));
  if (usage.cached_tokens) parts.push(l10n.t('{0} cached tokens', usage.cached_tokens));
  if (usage.cost_usd !== undefined) parts.push(`$${usage.cost_usd}`);
  return parts.join(', ');
}

function section(title: string, body: string): string[] {
  return ['', `--- ${title} ---`, body];
}

function testDetails(record: TestRunRecord, l10n: L10n): string[] {
  const out = header(record, record.test_id, l10n);
  if (record.error !== null) {
    out.push(`${l10n.t('Status')}: ${l10n.t('error')} (${record.error_kind ?? 'http'}): ${runText(record.error, l10n)}`);
  } else if (record.score === null) {
    out.push(`${l10n.t('Status')}: ${l10n.t('not scored')}: ${runText(record.reason ?? '', l10n)}`);
  } else {
    out.push(`${l10n.t('Status')}: ${record.passed ? l10n.t('passed') : l10n.t('failed')} (${l10n.t('score {0}, pass at 0.7', formatScore(record.score))})`);
    out.push(`${l10n.t('Exact score')}: ${record.score}`);
  }
  out.push(`${l10n.t('Method')}: ${record.method ?? '—'}`);
  out.push(`${l10n.t('Latency')}: ${formatLatency(record.latency_ms, l10n)}${record.cached ? ` (${l10n.t('from the response cache')})` : ''}`);
  out.push(`${l10n.t('Tokens')}: ${usageLine(record.usage, l10n)}`);
  if (record.breakdown) out.push(...section(l10n.t('Scoring breakdown'), JSON.stringify(record.breakdown, null, 2)));
  out.push(...section(l10n.t('Response'), record.response ?? l10n.t('(no response)')));
  out.push(...section(l10n.t('Request sent (no key)'), JSON.stringify(record.request, null, 2)));
  return out;
}

function entryDetails(record: EntryRunRecord, l10n: L10n): string[] {
  const out = header(record, String(record.entry_id), l10n);
  if (record.error !== null) out.push(`${l10n.t('Status')}: ${l10n.t('error')} (${record.error_kind ?? 'http'}): ${runText(record.error, l10n)}`);
  out.push(`chrF++: ${record.entry_chrf.toFixed(2)}`);
  out.push(`${l10n.t('Exact match')}: ${record.exact_match ? l10n.t('yes') : l10n.t('no')}`);
  out.push(`${l10n.t('Latency')}: ${formatLatency(record.latency_seconds * 1000, l10n)}${record.cached ? ` (${l10n.t('from the response cache')})` : ''}`);
  out.push(`${l10n.t('Tokens')}: ${usageLine(record.usage, l10n)}`);
  out.push(...section(l10n.t('Source'), record.source));
  out.push(...section(l10n.t('Reference'), record.reference));
  out.push(...section(l10n.t('Translation'), record.predicted ?? l10n.t('(no response)')));
  out.push(...section(l10n.t('Request sent (no key)'), JSON.stringify(record.request, null, 2)));
  return out;
}
