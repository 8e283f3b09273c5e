import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../document/jsonDocument';
import { runCardFindings } from './runCard';

test('a card with text Python cannot encode (a lone surrogate) is checked without its hashes, never crashing', () => {
  const doc = new JsonDocument(
    '{"run_card_hash": "' +
      'a'.repeat(64) +
      '", "scores": {}, "fingerprint": {"hash": "x", "components": {}}, "model_slug": "\\ud800", "condition": "c", "temperature": 0}',
  );
  const codes = runCardFindings(doc, 'en').map((f) => f.code);
  assert.ok(!codes.includes('run-card-hash-mismatch'));
});
