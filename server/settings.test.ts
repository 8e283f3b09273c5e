import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, mergeSettings, settingsSection } from './settings';

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
