import { test } from 'node:test';
import assert from 'node:assert/strict';
import { passes, runScores } from './aggregate';
import { scoreTest } from './scoreTest';
import { pyRound } from '../../python/round';

/**
 * A small run worked through by hand from the harness code and confirmed by running harness 1.0.0
 * (`run_full_benchmark` with these responses, CPython 3.11 and 3.12 alike). The numbers are literals.
 */
const run: Record<string, { test: Record<string, unknown>; response: string }[]> = {
  linguistic_comprehension: [
    {
      test: { id: 'lc_grammar_01', prompt: "Le nyagbe 'Ama yi asi me' me, ame kae yi asi me? Ŋlɔ ŋkɔ la ko.", eval_method: 'exact_match', expected: 'Ama' },
      response: ' ama\n',
    },
    {
      test: { id: 'lc_vocab_02', prompt: 'Gblɔ nya etɔ̃ siwo ku ɖe nuɖuɖu ŋu.', eval_method: 'keywords', expected_keywords: ['tsi', 'nuɖuɖu', 'ɖu'] },
      response: 'Míeɖu nu eye míeno tsi.',
    },
  ],
  cultural_knowledge: [
    {
      test: {
        id: 'ck_proverb_01',
        prompt: 'Gblɔ lododo aɖe tso dɔwɔwɔ ŋu eye nàɖe egɔme.',
        eval_method: 'composite',
        expected_keywords: ['lododo', 'dɔ', 'agbe'],
        expected_format: { contains_ewe: true, min_length: 50 },
      },
      response: 'Lododo aɖe gblɔ be: "Dɔ mewua ame o." Esia fia be dɔwɔwɔ le vevie na agbe.',
    },
    {
      test: { id: 'ck_history_02', prompt: 'Du kae nye Togo ƒe fiadu? A) Kara B) Sokodé C) Lomé D) Atakpamé', eval_method: 'multiple_choice', expected: 'C' },
      response: 'Ŋuɖoɖoa nye (c).',
    },
  ],
  instruction_following: [
    {
      test: {
        id: 'if_format_01',
        prompt: 'Ŋlɔ kutsetse vovovo atɔ̃ ƒe ŋkɔwo.',
        eval_method: 'format',
        expected_format: { contains_ewe: true, min_length: 40, list_item_count: 5 },
      },
      response: '- Mango\n- Akpé\n- Aŋutinya\n- Ablɛ\n- Yevuboɖe',
    },
    {
      test: { id: 'if_tone_02', prompt: 'Do gbe na xɔ̃wò le Eʋegbe me.', eval_method: 'ewe_quality' },
      response: 'Ɖe wò ŋkɔ? Nye ŋkɔe nye Kofi, mele Lomé. Le la les de du des',
    },
  ],
};

function score() {
  return Object.entries(run).flatMap(([category, items]) =>
    items.map(({ test: t, response }) => ({ id: t.id as string, category, ...scoreTest(t, response) })),
  );
}

test('each test scores the float the harness computes', () => {
  const raw = Object.fromEntries(score().map((t) => [t.id, t.score]));
  assert.deepEqual(raw, {
    lc_grammar_01: 1,
    lc_vocab_02: 0.6666666666666666, // "nuɖuɖu" is missing
    ck_proverb_01: 0.9500000000000001, // (1 + 0.85 + 1) / 3
    ck_history_02: 1, // "(C)" matches \bC\b
    if_format_01: 1, // list_item_count is not read by the harness
    if_tone_02: 0.65, // 0.3 + 0.25 - 0.2 (six French words) + 0.2 + 0.1
  });
});

test('the details the harness reports: rounded scores and pass counts', () => {
  const tests = score();
  assert.deepEqual(
    tests.map((t) => pyRound(t.score!, 3)),
    [1, 0.667, 0.95, 1, 1, 0.65],
  );
  assert.deepEqual(
    tests.map((t) => passes(t.score!)),
    [true, false, true, true, true, false],
  );
});

test('category scores and the ÈwéScore match the harness report', () => {
  const summary = runScores(score());
  assert.deepEqual(summary, { categories: { linguistic_comprehension: 83.3, cultural_knowledge: 97.5, instruction_following: 82.5 }, eweScore: 87.1 });
  assert.equal(runScores(score(), { pythonSum: 'sequential' }).eweScore, 87.1);
});

test('strict mode reads list_item_count: five items still pass, a sixth line would not', () => {
  const t = run.instruction_following[0].test;
  assert.equal(scoreTest(t, run.instruction_following[0].response, { strict: true }).score, 1);
  assert.equal(scoreTest(t, run.instruction_following[0].response + '\n- Ŋuti', { strict: true }).score, 2 / 3);
  assert.equal(scoreTest(t, run.instruction_following[0].response + '\n- Ŋuti').score, 1);
});
