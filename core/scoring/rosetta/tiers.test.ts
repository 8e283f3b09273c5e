import { test } from 'node:test';
import assert from 'node:assert/strict';
import { qualityTier, QUALITY_TIERS, tierLabel } from './tiers';

test('each threshold belongs to the tier it opens', () => {
  assert.equal(qualityTier(1), 'fluent');
  assert.equal(qualityTier(0.85), 'fluent');
  assert.equal(qualityTier(0.8499), 'deployable');
  assert.equal(qualityTier(0.7), 'deployable');
  assert.equal(qualityTier(0.6999), 'functional');
  assert.equal(qualityTier(0.5), 'functional');
  assert.equal(qualityTier(0.4999), 'emerging');
  assert.equal(qualityTier(0.3), 'emerging');
  assert.equal(qualityTier(0.2999), 'baseline');
  assert.equal(qualityTier(0), 'baseline');
});

test('no composite, or one no tier admits, is unscored', () => {
  assert.equal(qualityTier(null), 'unscored');
  assert.equal(qualityTier(Number.NaN), 'unscored');
  assert.equal(qualityTier(-0.01), 'unscored');
});

test('tiers are listed top-down with English and French labels', () => {
  assert.deepEqual(
    QUALITY_TIERS.map((t) => t.min),
    [0.85, 0.7, 0.5, 0.3, 0],
  );
  assert.equal(tierLabel('deployable', 'en'), 'Deployable');
  assert.equal(tierLabel('emerging', 'fr'), 'Émergent');
  assert.equal(tierLabel('unscored', 'fr'), 'Non noté');
  assert.equal(tierLabel('baseline', 'fr'), 'Niveau de base');
});
