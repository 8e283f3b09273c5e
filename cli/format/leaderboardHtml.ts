import { createHash } from 'node:crypto';
import { pick, type Locale } from '../../core/i18n/locale';
import { BOARD_TEXT, COLUMN_LABELS, type Leaderboard } from '../../core/leaderboard/leaderboard';
import type { SuiteRow } from '../../core/leaderboard/suite';
import type { EweBenchRow } from '../../core/leaderboard/ewebench';
import type { Interval } from '../../core/leaderboard/rank';
import type { RosettaRow } from '../../core/leaderboard/rosetta';
import { CATEGORIES } from '../../core/scoring/ewebench/categories';
import {
  fmt,
  methodClassLabel,
  money,
  rankText,
  reviewText,
  ROSETTA_COLUMNS,
  rosettaUnrankedReason,
  sealText,
  tierText,
  verificationTierLabel,
} from '../../core/leaderboard/format';

// The cells' wording has one home, core/leaderboard/format.ts; the CLI's text report takes it from here too.
export { fmt, rankText, reviewText, rosettaUnrankedReason, tierText, withInterval } from '../../core/leaderboard/format';

/**
 * The leaderboard as one self-contained HTML page: no script, no external resource, one inline style allowed by
 * its hash in a strict Content-Security-Policy (`default-src 'none'`), every value escaped.
 */

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1b1b1b;background:#fff}
table{border-collapse:collapse;margin:0 0 2em}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#f1f1f1}td.n{text-align:right;font-variant-numeric:tabular-nums}tr.unranked td{color:#6b6b6b}
.ci{color:#555;font-size:.85em}.mark{font-weight:bold;color:#8a3b00}caption{text-align:left;font-weight:bold;font-size:1.2em;padding:.3em 0}
@media (prefers-color-scheme:dark){body{color:#e6e6e6;background:#1e1e1e}th{background:#2a2a2a}th,td{border-color:#444}.ci{color:#aaa}tr.unranked td{color:#999}.mark{color:#ffb070}}`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const cell = (text: string, numeric = false) => `<td${numeric ? ' class="n"' : ''}>${escapeHtml(text)}</td>`;
const scoreCell = (value: number | null, ci: Interval | null, digits: number, locale: Locale) =>
  `<td class="n">${escapeHtml(fmt(value, digits, locale))}${ci ? ` <span class="ci">[${escapeHtml(fmt(ci.lower, digits, locale))}–${escapeHtml(fmt(ci.upper, digits, locale))}]</span>` : ''}</td>`;

function rosettaTable(rows: readonly RosettaRow[], locale: Locale): string {
  const heads = ROSETTA_COLUMNS;
  const body = rows.map((r) => {
    const reason = rosettaUnrankedReason(r, locale);
    return `<tr${r.rank === null ? ' class="unranked"' : ''}>${[
      `<td${reason ? ' class="mark"' : ''}>${escapeHtml(rankText(r, reason))}</td>`,
      cell(r.method),
      scoreCell(r.composite, r.composite_ci, 4, locale),
      scoreCell(r.chrf_plus_plus, r.chrf_ci, 2, locale),
      cell(fmt(r.fst_acceptance_rate, 4, locale), true),
      scoreCell(r.exact_match_rate, r.exact_match_ci, 4, locale),
      cell(fmt(r.semantic_score, 4, locale), true),
      cell(money(r.cost_per_entry_usd, locale), true),
      cell(fmt(r.speed_seconds, 2, locale), true),
      cell(fmt(r.cost_adjusted, 4, locale), true),
      cell(methodClassLabel(r.method_class, locale)),
      cell(r.model),
      cell(tierText(r, locale)),
      cell(verificationTierLabel(r.verification_tier, locale)),
      cell(r.date),
      cell(r.corpus),
      cell(r.language_pair),
      cell(r.segments.join(', ')),
      cell(sealText(r, locale)),
      cell(reviewText(r, locale)),
    ].join('')}</tr>`;
  });
  return table(pick(BOARD_TEXT.rosettaTitle, locale), heads, body, locale);
}

function eweTable(rows: readonly EweBenchRow[], locale: Locale): string {
  const heads = ['rank', 'model', 'ewe_score', ...CATEGORIES.map((c) => c.stem), 'tests', 'date'];
  const body = rows.map(
    (r) =>
      `<tr>${[
        cell(rankText(r) + (r.ewe_score_mismatch ? ' ≠' : '')),
        cell(r.model),
        scoreCell(r.ewe_score, r.ewe_score_ci, 1, locale),
        ...CATEGORIES.map((c) => cell(fmt(r.categories[c.stem], 1, locale), true)),
        cell(String(r.tests), true),
        cell(r.date),
      ].join('')}</tr>`,
  );
  return table(pick(BOARD_TEXT.ewebenchTitle, locale), heads, body, locale);
}

function suiteTable(rows: readonly SuiteRow[], locale: Locale): string {
  const tasks = [...new Set(rows.flatMap((r) => Object.keys(r.tasks)))];
  const heads = ['rank', 'suite', 'model', 'overall', 'runs', 'items', ...tasks];
  const body = rows.map(
    (r) =>
      `<tr>${[
        cell(rankText(r)),
        cell(r.suite || '—'),
        cell(r.model),
        cell(`${fmt(r.overall, 2, locale)} ± ${r.overall_se === null ? '—' : fmt(r.overall_se, 2, locale)}`, true),
        cell(String(r.runs), true),
        cell(String(r.items), true),
        ...tasks.map((t) => cell(Object.hasOwn(r.tasks, t) ? fmt(r.tasks[t], 2, locale) : '—', true)),
      ].join('')}</tr>`,
  );
  return table(pick(BOARD_TEXT.suiteHeading, locale), heads, body, locale);
}

function table(caption: string, heads: readonly string[], body: readonly string[], locale: Locale): string {
  const th = heads.map((h) => `<th scope="col">${escapeHtml(COLUMN_LABELS[h] ? pick(COLUMN_LABELS[h], locale) : h)}</th>`).join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${th}</tr></thead><tbody>\n${body.join('\n')}\n</tbody></table>`;
}

export function leaderboardHtml(board: Leaderboard, locale: Locale): string {
  const styleHash = createHash('sha256').update(STYLE, 'utf8').digest('base64');
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const parts: string[] = [];
  if (board.ewebench.length) parts.push(eweTable(board.ewebench, locale));
  if (board.rosetta.length) parts.push(rosettaTable(board.rosetta, locale));
  if (board.suite.length) parts.push(suiteTable(board.suite, locale));
  if (!parts.length) parts.push(`<p>${escapeHtml(pick(BOARD_TEXT.empty, locale))}</p>`);
  parts.push(`<p class="ci">${escapeHtml(pick(BOARD_TEXT.intervalNote, locale))}</p>`);
  const notes: string[] = [];
  if (board.rosetta.length) notes.push(pick(BOARD_TEXT.perCorpus, locale));
  if (board.suite.length) notes.push(pick(BOARD_TEXT.suiteNote, locale));
  if (board.rosetta.some((r) => r.verification === 'unsealed')) notes.push(pick(BOARD_TEXT.unsealedNote, locale));
  for (const r of board.ewebench.filter((row) => row.ewe_score_mismatch))
    notes.push(
      `${r.path}: ${pick(BOARD_TEXT.eweScoreMismatch, locale, { declared: fmt(r.declared_ewe_score, 1, locale), recomputed: fmt(r.ewe_score, 1, locale) })}`,
    );
  for (const r of board.refused) notes.push(pick(BOARD_TEXT.refused, locale, { file: r.path, reason: r.reason }));
  if (board.ignored.length) notes.push(pick(BOARD_TEXT.ignored, locale, { files: board.ignored.join(', ') }));
  for (const note of notes) parts.push(`<p class="ci">${escapeHtml(note)}</p>`);
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(pick(BOARD_TEXT.title, locale))}</title>
<style>${STYLE}</style>
</head>
<body>
${parts.join('\n')}
</body>
</html>
`;
}
