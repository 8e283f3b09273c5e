import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, mergeSettings, SettingsStore, settingsSection } from './settings';

test('the settings are found in every wrapping editors send', () => {
  const settings = { enable: false, reportSyntaxErrors: false };
  for (const wrapped of [{ settings: { ewebench: settings } }, { settings }, { ewebench: settings }, settings]) {
    assert.deepEqual(settingsSection(wrapped), settings, JSON.stringify(wrapped));
  }
  assert.equal(settingsSection(undefined), undefined);
  assert.deepEqual(settingsSection({ settings: null, enable: false }), { settings: null, enable: false });
});

test('syntax errors are reported unless a setting says otherwise (editors without a JSON server need them)', () => {
  assert.equal(DEFAULT_SETTINGS.reportSyntaxErrors, true);
  assert.equal(mergeSettings(settingsSection(undefined)).reportSyntaxErrors, true);
  assert.equal(mergeSettings(settingsSection({ settings: { ewebench: { enable: true } } })).reportSyntaxErrors, true);
});

test('each document reads its own folder’s answer (the innermost folder), else the workspace’s, else what was pushed', async () => {
  const store = new SettingsStore(true);
  store.push({ settings: { ewebench: { outlineLimit: 7 } } });
  store.setFolders(['file:///w/a', 'file:///w/a/inner/', 'file:///w/b']);
  const answers: Record<string, unknown> = { 'file:///w/a': { enable: false }, 'file:///w/a/inner': { reportSyntaxErrors: false } };
  await store.refresh(async (items) => items.map((i) => (i.scopeUri ? (answers[i.scopeUri] ?? null) : { maxAnalysedChars: 9 })));
  assert.equal(store.forUri('file:///w/a/x.json').enable, false);
  assert.equal(store.forUri('file:///w/a/x.json').outlineLimit, 7, 'an answer is read over the pushed settings');
  assert.deepEqual([store.forUri('file:///w/a/inner/x.json').enable, store.forUri('file:///w/a/inner/x.json').reportSyntaxErrors], [true, false]);
  assert.equal(store.forUri('file:///w/ab/x.json').maxAnalysedChars, 9, 'a/ is not a prefix of ab/: the workspace answer');
  assert.equal(store.forUri('file:///w/b/x.json').enable, true);
  store.setFolders(['file:///w/b']);
  assert.equal(store.forUri('file:///w/a/x.json').enable, true, 'a removed folder’s settings are forgotten');
  const unasked = new SettingsStore(false);
  unasked.push({ enable: false });
  await unasked.refresh(() => Promise.reject(new Error('never asked')));
  assert.equal(unasked.forUri('file:///w/a/x.json').enable, false);
});
