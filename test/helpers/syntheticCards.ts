import { corpusRunInfo } from '../../core/run/corpus';
import { entryRecord } from '../../core/run/records';
import { entryRequest } from '../../core/run/request';
import { buildRunCard } from '../../core/run/runCard';
import type { ChatOutcome } from '../../core/run/types';
import { PyRandom } from '../../core/stats/pyRandom';

/**
 * Run cards built by our own card writer (so every hash verifies) from a generated corpus and generated answers:
 * the leaderboard's fixtures (`test-fixtures/leaderboard/`, written by `writeLeaderboardFixtures`) and its bench.
 * `quality` is the share of entries answered exactly; the others get a damaged copy of the reference.
 */
export interface SyntheticCardOptions {
  model: string;
  quality: number;
  entries: number;
  seed: number;
  datasetId?: string;
  segment?: string;
  /** USD per entry the provider reports. */
  costPerEntry?: number;
  latencyMs?: number;
  condition?: string;
  timestamp?: string;
  /**
   * Resamples of the card's bootstrap intervals (default the harness's 1,000). The bench's large cards take fewer:
   * the intervals are the same kind of figures, and 1,000 resamples of 200,000 entries take most of an hour.
   */
  nBootstrap?: number;
}

const SYLLABLES = ['ɖe', 'nye', 'wò', 'mí', 'le', 'kple', 'dzi', 'ƒe', 'gbɔ', 'ame', 'esia', 'afi', 'nyo', 'ŋu', 'ɣe', 'ɔ', 'tsi', 'dɔ'];

function sentence(rng: PyRandom, words: number): string {
  const out: string[] = [];
  for (let w = 0; w < words; w++) out.push(SYLLABLES[rng.randbelow(SYLLABLES.length)] + SYLLABLES[rng.randbelow(SYLLABLES.length)]);
  const s = out.join(' ');
  return s[0].toUpperCase() + s.slice(1) + '.';
}

export function syntheticCard(o: SyntheticCardOptions): string {
  const rng = new PyRandom(o.seed);
  const corpusRng = new PyRandom(1000);
  const datasetId = o.datasetId ?? 'eng-ewe-synthetic';
  const corpusValue = {
    dataset: { id: datasetId, version: '1.0', language_pair: 'English → Ewe', source_language: 'en', target_language: 'ee' },
    entries: Array.from({ length: o.entries }, (_, i) => ({
      id: i + 1,
      source: `Sentence number ${i + 1}.`,
      reference: sentence(corpusRng, 3 + (i % 5)),
      difficulty: 1 + (i % 5),
      segment: o.segment ?? 'development',
      provenance: 'synthetic',
    })),
  };
  const corpus = corpusRunInfo(corpusValue);
  const records = corpus.entries.map((entry, k) => {
    const exact = rng.random() < o.quality;
    const text = exact ? entry.reference : entry.reference.slice(0, Math.max(1, Math.floor(entry.reference.length * rng.random()))) + ' ' + sentence(rng, 1);
    const outcome: ChatOutcome = {
      ok: true,
      text,
      usage: { prompt_tokens: 40, completion_tokens: 12, reasoning_tokens: 0, cached_tokens: 0, cost_usd: o.costPerEntry ?? 0.00005 },
      latencyMs: o.latencyMs ?? 800,
      cached: false,
      attempts: 1,
    };
    return entryRecord({
      entry,
      sourceFile: `corpora/${datasetId}.json`,
      entryHash: `h${k}`,
      repeat: 0,
      runId: `run-${o.seed}`,
      model: o.model,
      origin: 'https://example.invalid',
      request: entryRequest(entry, corpus, o.model),
      outcome,
      finishedAt: o.timestamp ?? '2026-11-20T10:00:00Z',
    });
  });
  return buildRunCard(records, {
    runId: `card-${o.model.replace(/\W+/g, '-')}-${o.seed}`,
    timestamp: o.timestamp ?? '2026-11-20T10:00:00Z',
    elapsedSeconds: 30,
    modelSlug: o.model,
    condition: o.condition ?? 'naive',
    temperature: 0,
    systemPrompt: 'You are a translator. Translate the given English text to Ewe.',
    batchSize: 25,
    corpus,
    datasetSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    toolVersion: '0.1.0',
    status: 'complete',
    nBootstrap: o.nBootstrap,
  }).text;
}
