import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { calibrate, calibrationItems, type CalibrationItems } from '../../core/review/calibration';
import type { Rating } from '../../core/review/review';
import { fromRepo } from '../../test/helpers/paths';
import { calibrationPage } from './calibrationModel';

interface VectorItem {
  entry_id: string;
  difficulty: number;
  entry_chrf: number;
  exact_match: boolean;
  fst_accepted: boolean | null;
  ratings: (Rating | null)[];
}
const vectors = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'review', 'calibration.vectors.json'), 'utf8')) as {
  sets: Record<'team' | 'single_fst', { reviewers: string[]; items: VectorItem[] }>;
};

function gathered(name: 'team' | 'single_fst'): CalibrationItems {
  const set = vectors.sets[name];
  const inputs = set.reviewers.map((reviewer, r) => ({
    file: `${reviewer}.json`,
    review: { run_card_hash: 'h', reviewer, items: set.items.map((it) => ({ entry_id: it.entry_id, difficulty: it.difficulty, rating: it.ratings[r] })) },
  }));
  const results = set.items.map((it) => ({ entry_id: it.entry_id, entry_chrf: it.entry_chrf, exact_match: it.exact_match, fst_accepted: it.fst_accepted }));
  return calibrationItems(inputs, { results });
}

const strings = { refresh: 'Refresh', exportSvg: 'Export SVG…' };

test('the calibration view shows both charts with their numbers, the tau-b, tier and cut tables, and the notes of the CLI', () => {
  const report = calibrate(gathered('team'), { nBootstrap: 50 });
  const page = calibrationPage(report, { pair: 'eng-ewe', reviewers: ['ama', 'kofi'], adjudication: false }, 'en', strings);
  assert.equal(page.title, 'What the ratings say about the metrics · eng-ewe');
  assert.deepEqual(
    page.charts?.map((c) => [c.id, c.fileName, c.table.rows.length]),
    [
      ['calibration-tau', 'calibration-tau.svg', 3],
      ['calibration-tiers', 'calibration-tiers.svg', 5],
    ],
  );
  assert.ok(page.charts?.every((c) => c.svg.startsWith('<svg ') && !c.svg.includes('<script')));
  assert.deepEqual(
    page.tables.map((t) => t.id),
    ['tau', 'tiers', 'cuts'],
  );
  assert.deepEqual(
    page.tables[0].rows[0].cells.map((c) => c.text),
    ['sentence chrF++', '0.624', page.tables[0].rows[0].cells[2].text, '203'],
  );
  assert.match(page.tables[2].rows[0].cells[1].text, /^≥ 67\.00$/);
  assert.match(page.notes[0], /^eng-ewe: 203 rated items \(2 reviewers: ama, kofi\)/);
  assert.ok(page.notes.some((n) => /Deployable tier begins at a composite of 0\.70/.test(n)));
  assert.match(page.notes[page.notes.length - 1], /50 resamples, seed 12345/);
  assert.equal(page.strings.exportSvg, 'Export SVG…');
});

test('the calibration view in French; too few ratings per tier: no cut table, the reason among the notes; no rated item: the empty sentence', () => {
  const report = calibrate(gathered('single_fst'), { nBootstrap: 20 });
  const page = calibrationPage(report, { pair: 'eng-ewe', reviewers: ['yao'], adjudication: false }, 'fr', strings);
  assert.deepEqual(
    page.tables.map((t) => t.id),
    ['tau', 'tiers'],
  );
  assert.ok(page.notes.some((n) => n.startsWith('Aucun seuil suggéré\u00a0: chaque niveau du §5')));
  assert.equal(page.tables[0].columns[0].label, 'mesure');
  const none = calibrationPage(
    calibrate({ items: [], unrated: 3, unmatched: 0 }, { nBootstrap: 5 }),
    { pair: 'x', reviewers: ['a'], adjudication: false },
    'en',
    strings,
  );
  assert.deepEqual([none.tables.length, none.charts?.length], [0, 0]);
  assert.match(none.empty, /No rated item/);
});
