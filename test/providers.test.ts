import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { keyIsAtHome, originOf, PRESET_NAMES, PROVIDER_PRESETS, PROVIDERS, resolveModel } from '../core/run/presets';
import { fromRepo } from './helpers/paths';

/** Core's provider table is the one home of a provider: everything that lists providers is checked against it. */

interface ProviderSchema {
  enum: string[];
  markdownEnumDescriptions: string[];
}

function providerSchema(): ProviderSchema {
  const manifest = JSON.parse(fs.readFileSync(fromRepo('package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, { items?: { properties?: Record<string, unknown> } }> } };
  };
  const models = manifest.contributes.configuration.properties['ewebench.models'];
  return models.items?.properties?.provider as ProviderSchema;
}

test("the settings schema's provider enum and its descriptions are the table's, in English and French", () => {
  const schema = providerSchema();
  assert.deepEqual(
    schema.enum,
    PROVIDERS.map((p) => p.name),
    'package.json: ewebench.models[].provider enum',
  );
  assert.deepEqual(
    schema.markdownEnumDescriptions,
    PROVIDERS.map((p) => `%config.provider.${p.name}%`),
  );
  for (const [file, locale] of [
    ['package.nls.json', 'en'],
    ['package.nls.fr.json', 'fr'],
  ] as const) {
    const nls = JSON.parse(fs.readFileSync(fromRepo(file), 'utf8')) as Record<string, string>;
    for (const p of PROVIDERS) assert.equal(nls[`config.provider.${p.name}`], p.description[locale], `${file}: config.provider.${p.name}`);
    for (const p of PROVIDERS) assert.ok(nls['config.models'].includes(`\`${p.name}\``), `${file}: config.models names ${p.name}`);
  }
});

/** docs/running.md's provider table as the provider table renders it. */
function providersMarkdown(): string {
  const code = (text: string | undefined, none: string) => (text ? `\`${text}\`` : none);
  const rows = PRESET_NAMES.map((name) => {
    const p = PROVIDER_PRESETS[name];
    return `| \`${name}\` | ${p.label} | ${code(p.baseUrl, 'your `baseUrl`')} | ${code(p.apiKeyEnv, p.needsKey ? '—' : name === 'custom' ? 'your `apiKeyEnv`, if any' : 'none')} | ${code(p.defaultModel, '—')} |`;
  });
  const lm = PROVIDERS.find((p) => p.name === 'vscode-lm');
  rows.push(`| \`vscode-lm\` | ${lm?.label ?? ''} | — (VS Code resolves it) | none | — |`);
  return ['| `provider` / `--preset` | Provider | Base URL | Key variable | Default model |', '|---|---|---|---|---|', ...rows].join('\n');
}

test("docs' provider table and the CLI's --preset list are the table's", () => {
  const running = fs.readFileSync(fromRepo('docs', 'running.md'), 'utf8');
  const block = /<!-- providers: [^\n]*-->\n([\s\S]*?)\n<!-- \/providers -->/.exec(running);
  assert.ok(block, 'docs/running.md has the <!-- providers: … --> block');
  assert.equal(block[1], providersMarkdown(), 'docs/running.md: the providers table (paste the expected text above)');
  const cli = fs.readFileSync(fromRepo('docs', 'cli.md'), 'utf8');
  assert.ok(cli.includes(`\`--preset ${PRESET_NAMES.join('|')}\``), 'docs/cli.md: the run command lists every preset');
});

test('every preset resolves to its base and default model, and its key variable goes only to its own origin', () => {
  for (const name of PRESET_NAMES) {
    const preset = PROVIDER_PRESETS[name];
    assert.equal(preset.needsKey, preset.apiKeyEnv !== undefined, `${name}: a key is needed exactly when the preset names its variable`);
    if (!preset.baseUrl) {
      assert.throws(() => resolveModel({ provider: name, model: 'm' }), /needs a baseUrl/, name);
      continue;
    }
    const resolved = resolveModel({ provider: name, model: '' });
    assert.equal(resolved.baseUrl, preset.baseUrl, name);
    assert.equal(resolved.model, preset.defaultModel, name);
    assert.equal(resolved.origin, originOf(preset.baseUrl), name);
    if (preset.apiKeyEnv) {
      assert.ok(keyIsAtHome(preset.apiKeyEnv, resolved.origin), `${name}: ${preset.apiKeyEnv} at ${resolved.origin}`);
      for (const other of PRESET_NAMES) {
        const elsewhere = PROVIDER_PRESETS[other].baseUrl;
        if (other !== name && elsewhere && originOf(elsewhere) !== resolved.origin)
          assert.ok(!keyIsAtHome(preset.apiKeyEnv, originOf(elsewhere)), `${preset.apiKeyEnv} must not go to ${other}`);
      }
    }
  }
});
