// Step 2 of make_score_expected.py: chrF++ statistics of each (hypothesis, reference) pair from our chrF
// (core/scoring/chrf.ts, bit-exact with sacrebleu 2.6.0). Run after `npm run compile-tests`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { chrfStats } = require('../../out/core/scoring/chrf.js');
const pairs = JSON.parse(readFileSync('/tmp/score-pairs.json', 'utf8'));
const stats = pairs.map(([h, r]) => chrfStats(h, [r]));
writeFileSync('test-fixtures/rosetta/score/score-corpus.chrf-stats.vectors.json', JSON.stringify({ origin: 'make_chrf_stats.mjs: chrfStats(hypothesis, [reference]) for make_score_expected.py pairs', stats }) + '\n');
