import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MESSAGES } from '../core/rules/messages';
import { fromRepo } from './helpers/paths';

function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

test('every UI string of the client has a French translation', () => {
  const bundle = JSON.parse(fs.readFileSync(fromRepo('l10n', 'bundle.l10n.fr.json'), 'utf8')) as Record<string, string>;
  const missing: string[] = [];
  for (const file of tsFiles(fromRepo('client'))) {
    // Single or double quotes (the formatter picks double quotes for a text holding an apostrophe).
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/l10n\.t\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g)) {
      const key = (m[1] ?? m[2]).replace(/\\(['"])/g, '$1');
      if (!(key in bundle)) missing.push(`${path.basename(file)}: ${key}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('the manifest strings exist in English and French', () => {
  const en = Object.keys(JSON.parse(fs.readFileSync(fromRepo('package.nls.json'), 'utf8'))).sort();
  const fr = Object.keys(JSON.parse(fs.readFileSync(fromRepo('package.nls.fr.json'), 'utf8'))).sort();
  assert.deepEqual(fr, en);
  const manifest = fs.readFileSync(fromRepo('package.json'), 'utf8');
  for (const m of manifest.matchAll(/"%([\w.]+)%"/g)) assert.ok(en.includes(m[1]), m[1]);
});

test('every validator message is written in both languages with the same placeholders', () => {
  for (const [id, { en, fr }] of Object.entries(MESSAGES)) {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    assert.ok(en && fr, id);
    assert.deepEqual(names(fr), names(en), id);
  }
});
