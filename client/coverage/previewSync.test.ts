import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentKey, PreviewSync } from './previewSync';

const report = (n: number) => ({ languages: [{ letters: { ɖ: n } }], items: [] });

test('the page is written once, for the first content; a change of content is posted to it, never rewritten', () => {
  const sync = new PreviewSync();
  assert.equal(sync.paint(contentKey('file:///a.json', report(1))), 'write-page');
  assert.equal(sync.paint(contentKey('file:///a.json', report(2))), 'post-update');
  assert.equal(sync.paint(contentKey('file:///b.json', report(2))), 'post-update', 'another file with the same report is new content');
});

test('the same content again (a view-state change, the editor focused again, a rerun report) repaints nothing', () => {
  const sync = new PreviewSync();
  sync.paint(contentKey('file:///a.json', report(1)));
  assert.equal(sync.paint(contentKey('file:///a.json', report(1))), 'nothing');
  assert.equal(sync.paint(contentKey('file:///a.json', JSON.parse(JSON.stringify(report(1))))), 'nothing', 'an equal report, not the same object');
  sync.paint(contentKey('file:///a.json', report(2)));
  assert.equal(sync.paint(contentKey('file:///a.json', report(2))), 'nothing');
  assert.equal(contentKey('file:///a.json', undefined), contentKey('file:///a.json', null));
});

test('a page rebuilt from its HTML (shown again after being hidden) is sent the latest content only when it differs', () => {
  const sync = new PreviewSync();
  assert.equal(sync.pageLoaded(), false, 'nothing shown yet');
  sync.paint(contentKey('file:///a.json', report(1)));
  assert.equal(sync.pageLoaded(), false, 'its HTML holds the content shown');
  sync.paint(contentKey('file:///a.json', report(2)));
  assert.equal(sync.pageLoaded(), true, 'the content changed after the HTML was written');
  assert.equal(sync.pageLoaded(), true, 'and again on every later load');
  sync.paint(contentKey('file:///a.json', report(1)));
  assert.equal(sync.pageLoaded(), false, 'back to what the HTML holds');
});

test('after the panel is closed, the next content writes a new page', () => {
  const sync = new PreviewSync();
  sync.paint(contentKey('file:///a.json', report(1)));
  sync.reset();
  assert.equal(sync.paint(contentKey('file:///a.json', report(1))), 'write-page');
});
