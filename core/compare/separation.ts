import { entriesOf, type Classification } from '../document/classify';
import type { Locale } from '../i18n/locale';
import { isObject } from '../json';
import type { ItemAnalysis } from './items';
import { testKey } from '../runs/read';
import type { Finding } from '../rules/finding';
import { msg } from '../rules/messages';

/**
 * `no-separation`: an information finding on each test (or corpus entry) that the given runs all pass, or all
 * fail, so it adds the same to every model's score and tells them nothing apart (beside `weak-test`, which
 * looks at what a non-answer scores). The runs come from the adapter (the CLI's `items`, a view): core reads
 * no results. A tests file's tests are matched by `category/id` (the category is the file's stem, as the
 * harness names it); a corpus's entries by id. At most `MAX_SEPARATION_FINDINGS` per file, then one that counts the rest.
 */
export const MAX_SEPARATION_FINDINGS = 200;

export function separationFindings(value: unknown, classification: Classification, category: string, analysis: ItemAnalysis, locale: Locale): Finding[] {
  const items = entriesOf(value, classification);
  if (!items || analysis.columns.length < 2) return [];
  const tests = classification.kind === 'ewebench-tests';
  const rows = new Map(analysis.rows.map((r) => [r.key, r]));
  const base = classification.kind === 'rosetta-corpus' ? (classification.entriesPath ?? ['entries']) : [];
  const findings: Finding[] = [];
  let hidden = 0;
  items.forEach((item, index) => {
    if (!isObject(item)) return;
    const id = item.id;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const row = rows.get(tests ? `ewebench:${testKey(category, String(id))}` : `rosetta:${String(id)}`);
    if (!row || (row.separation !== 'all-pass' && row.separation !== 'all-fail')) return;
    // Models, not runs: one model run twice agrees with itself, which separates no models.
    const judged = row.cells.flatMap((c, k) => (c && c.passRate !== null ? [analysis.columns[k].model] : []));
    const models = [...new Set(judged)];
    if (models.length < 2) return;
    if (findings.length >= MAX_SEPARATION_FINDINGS) {
      hidden++;
      return;
    }
    findings.push({
      code: 'no-separation',
      message: msg(locale, row.separation === 'all-pass' ? 'noSeparationPass' : 'noSeparationFail', { count: judged.length, models: models.join(', ') }),
      at: { path: [...base, index, 'id'] },
    });
  });
  if (hidden)
    findings.push({
      code: 'no-separation',
      message: msg(locale, 'noSeparationMore', { count: hidden, limit: MAX_SEPARATION_FINDINGS }),
      at: { path: [], part: 'start' },
    });
  return findings;
}
