import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import Module from 'node:module';
import { fromRepo } from './helpers/paths';

/**
 * client/config.ts reads through VS Code's API; here `vscode` is a stand-in whose configuration holds `values`
 * (the user's settings) and answers `get(key, default)` as VS Code does.
 */
const values = new Map<string, unknown>();
const updates: [string, unknown][] = [];
const stand_in = {
  ConfigurationTarget: { Global: 1 },
  workspace: {
    getConfiguration: (section: string) => ({
      get: (key: string, fallback: unknown) => (values.has(`${section}.${key}`) ? values.get(`${section}.${key}`) : fallback),
      inspect: (key: string) => ({ key, globalValue: values.get(`${section}.${key}`) }),
      update: async (key: string, value: unknown) => void updates.push([`${section}.${key}`, value]),
    }),
  },
};
const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load;
(Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load = (request, ...rest) =>
  request === 'vscode' ? stand_in : load(request, ...rest);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../client/config') as typeof import('../client/config');

interface Declared {
  type: string | string[];
  default?: unknown;
}
const manifest = JSON.parse(fs.readFileSync(fromRepo('package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Declared> } | { properties: Record<string, Declared> }[] };
};
const sections = manifest.contributes.configuration;
const declared: Record<string, Declared> = Object.assign({}, ...(Array.isArray(sections) ? sections : [sections]).map((s) => s.properties));

test('every setting package.json contributes is in client/config.ts with the same type and default', () => {
  for (const [name, { type, default: fallback }] of Object.entries(declared)) {
    assert.ok(name.startsWith('ewebench.'), name);
    const key = name.slice('ewebench.'.length) as keyof typeof config.SETTINGS;
    const home = config.SETTINGS[key];
    assert.ok(home, `${name} is not in client/config.ts`);
    assert.equal(home.type, type, `${name}'s type`);
    assert.deepEqual(home.default, fallback, `${name}'s default`);
  }
});

test('every setting in client/config.ts is contributed by package.json', () => {
  for (const key of Object.keys(config.SETTINGS))
    assert.ok(declared[config.settingName(key as keyof typeof config.SETTINGS)], `ewebench.${key} is not in package.json`);
});

test('a setting reads as the user set it, and as its declared default when unset', () => {
  values.clear();
  assert.equal(config.setting('run.batchSize'), 25);
  assert.equal(config.setting('results.folder'), 'results');
  assert.equal(config.setting('corpusTable.hideSecretText'), false);
  values.set('ewebench.run.batchSize', 3);
  values.set('ewebench.results.folder', 'out/runs');
  assert.equal(config.setting('run.batchSize'), 3);
  assert.equal(config.setting('results.folder'), 'out/runs');
});

test('a user-only setting is read from the user settings alone, and a change is written there', async () => {
  values.clear();
  assert.equal(config.userSetting('run.allowInsecureHttp'), undefined);
  values.set('ewebench.run.allowInsecureHttp', true);
  assert.equal(config.userSetting('run.allowInsecureHttp'), true);
  await config.updateUserSetting('eweInput.enable', false);
  assert.deepEqual(updates, [['ewebench.eweInput.enable', false]]);
});
