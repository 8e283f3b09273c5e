import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { IdleCollector } from './idleCollector';

test('one collection after a burst of big changes, once the changes stop; small documents never schedule one', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    let collections = 0;
    const collector = new IdleCollector(() => collections++, 500, 1000);
    // Small texts: 100 edits of a 2-unit text release 400 bytes, under the threshold.
    for (let i = 0; i < 100; i++) collector.released(2);
    mock.timers.tick(10000);
    assert.equal(collections, 0);
    // A burst of big edits, each within the quiet time of the previous one: nothing until it ends.
    for (let i = 0; i < 20; i++) {
      collector.released(1000);
      mock.timers.tick(100);
    }
    assert.equal(collections, 0);
    mock.timers.tick(400);
    assert.equal(collections, 1);
    mock.timers.tick(10000);
    assert.equal(collections, 1, 'released bytes start again from zero');
    collector.released(1000);
    collector.dispose();
    mock.timers.tick(10000);
    assert.equal(collections, 1, 'disposed: nothing pending runs');
  } finally {
    mock.timers.reset();
  }
});

test('without an exposed gc nothing is scheduled', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const collector = new IdleCollector(undefined, 500, 1);
    collector.released(1e9);
    assert.doesNotThrow(() => mock.timers.tick(10000));
  } finally {
    mock.timers.reset();
  }
});
