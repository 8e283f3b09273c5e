import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromRepo } from './helpers/paths';

/**
 * #32: the French a user reads is written as French is. Every French string we ship (the client's bundle, the
 * manifest's, and the `fr:` side of core's and the server's message tables) puts a no-break space (U+00A0, or
 * the narrow U+202F) before `:` `;` `!` `?`, and no string in either language counts with "(s)": a count takes
 * its real singular or plural form (core/i18n/plural, `{count|one|other}` in core's messages).
 */

function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : [],
    );
}

/** The `en:` or `fr:` string literals of a source file, their escapes read, each with where it is. */
function literals(side: 'en' | 'fr'): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const pattern = new RegExp(`\\b${side}:\\s*('(?:[^'\\\\\\n]|\\\\.)*'|"(?:[^"\\\\\\n]|\\\\.)*"|\`(?:[^\`\\\\]|\\\\.)*\`)`, 'g');
  for (const file of ['core', 'server', 'client', 'cli'].flatMap((d) => tsFiles(fromRepo(d)))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const m of source.matchAll(pattern)) {
      const text = m[1]
        .slice(1, -1)
        .replace(/\$\{[^}]*\}/g, 'X')
        .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/\\n/g, '\n')
        .replace(/\\(.)/g, '$1');
      out.push({ where: `${path.relative(fromRepo(), file)}:${source.slice(0, m.index).split('\n').length}`, text });
    }
  }
  return out;
}

const bundle = (name: string) => Object.entries(JSON.parse(fs.readFileSync(fromRepo(...name.split('/')), 'utf8')) as Record<string, string>);

const frenchStrings = () => [
  ...bundle('l10n/bundle.l10n.fr.json').map(([key, text]) => ({ where: `bundle.l10n.fr.json "${key.slice(0, 50)}"`, text })),
  ...bundle('package.nls.fr.json').map(([key, text]) => ({ where: `package.nls.fr.json ${key}`, text })),
  ...literals('fr'),
];

/** Code, links and addresses keep their own punctuation: `a: b`, (command:x?y), http://host:80. */
const prose = (text: string) => text.replace(/`[^`]*`|\]\([^)]*\)|\b[a-z]+:\/\/\S+|command:\S+/g, ' ');

/** A colon, semicolon, exclamation or question mark ending a phrase (followed by a space or the end), without its no-break space. */
const BARE_PUNCTUATION = /(?<![\u00a0\u202f])[:;!?](?=\s|$)/;

test('French strings put a no-break space before : ; ! ?', () => {
  const strings = frenchStrings();
  assert.ok(strings.length > 500, `${strings.length} French strings found: the scan reads the bundles and the message tables`);
  const bare = strings.filter((s) => BARE_PUNCTUATION.test(prose(s.text))).map((s) => `${s.where}: ${s.text.slice(0, 100)}`);
  assert.deepEqual(bare, []);
});

test('the scan finds a colon without its no-break space, and lets code and addresses be', () => {
  assert.ok(BARE_PUNCTUATION.test(prose('Entrées: 15')));
  assert.ok(BARE_PUNCTUATION.test(prose('Entrées : 15')));
  assert.ok(BARE_PUNCTUATION.test(prose('Vraiment ?')));
  assert.ok(!BARE_PUNCTUATION.test(prose('Entrées\u00a0: 15 et plus\u202f; fin\u202f!')));
  assert.ok(!BARE_PUNCTUATION.test(prose('voir `{ "a": 1 }` et http://localhost:8000 ou [ici](command:ewebench.run?x)')));
  // A typing sequence is no punctuation: `;d` gives ɖ.
  assert.ok(!BARE_PUNCTUATION.test(prose(";d donne ɖ, e;' donne é")));
});

/** "(s)" after a word, in any language: `entrée(s)`, `run(s)`, `donné(s)`; http(s) names two schemes, not a count. */
const OPTIONAL_PLURAL = /\p{L}\((?:e?s|x)\)/u;

test('no message counts with "(s)": English and French take their real plural forms', () => {
  const strings = [
    ...frenchStrings(),
    ...literals('en'),
    ...bundle('l10n/bundle.l10n.fr.json').map(([key]) => ({ where: `bundle key "${key.slice(0, 50)}"`, text: key })),
    ...bundle('package.nls.json').map(([key, text]) => ({ where: `package.nls.json ${key}`, text })),
  ];
  const found = strings.filter((s) => OPTIONAL_PLURAL.test(s.text.replace(/http\(s\)/g, 'http'))).map((s) => `${s.where}: ${s.text.slice(0, 100)}`);
  assert.deepEqual(found, []);
});
