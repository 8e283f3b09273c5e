import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatAgreeing, type Locale } from '../core/i18n/locale';
import { fromRepo } from './helpers/paths';

/**
 * #32: a count of 1 reads "1 entry", never "1 entries" (and in French 0 and 1 take the singular: "1 entrée").
 * Two scans catch the class of bug wherever a message is written: every `en:`/`fr:` template of core's and the
 * server's message tables, rendered through the real agreement (`formatAgreeing`) with each placeholder set to 1,
 * holds no "1 <plural noun>"; and every client string (l10n key) that counts with `{N} <plural noun>` has a
 * singular sibling, `{N} <singular noun>`, that the code also uses (through core/i18n/plural's `plural`).
 */

function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : [],
    );
}

const unescape = (literal: string) =>
  literal
    .slice(1, -1)
    .replace(/\$\{[^}]*\}/g, 'X')
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\n/g, '\n')
    .replace(/\\(.)/g, '$1');

/** The `en:` or `fr:` string literals of core's and the server's sources, each with where it is. */
function templates(side: Locale): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const pattern = new RegExp(`\\b${side}:\\s*('(?:[^'\\\\\\n]|\\\\.)*'|"(?:[^"\\\\\\n]|\\\\.)*"|\`(?:[^\`\\\\]|\\\\.)*\`)`, 'g');
  for (const file of ['core', 'server', 'cli'].flatMap((d) => tsFiles(fromRepo(d)))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const m of source.matchAll(pattern))
      out.push({ where: `${path.relative(fromRepo(), file)}:${source.slice(0, m.index).split('\n').length}`, text: unescape(m[1]) });
  }
  return out;
}

/** The strings the client passes to `l10n.t`, as the bundle keys them. */
function clientKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of tsFiles(fromRepo('client')))
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/l10n\.t\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g))
      keys.add((m[1] ?? m[2]).replace(/\\(['"])/g, '$1'));
  return keys;
}

/**
 * Singular and plural nouns, per language: a base list, grown with every pair the code itself writes (the two forms
 * of a `{count|one|other}` agreement in a template), so a noun that agrees somewhere is checked everywhere.
 */
const BASE: Record<Locale, [string, string][]> = {
  en: [
    ['entry', 'entries'],
    ['item', 'items'],
    ['test', 'tests'],
    ['file', 'files'],
    ['run', 'runs'],
    ['card', 'cards'],
    ['row', 'rows'],
    ['cell', 'cells'],
    ['error', 'errors'],
    ['warning', 'warnings'],
    ['problem', 'problems'],
    ['model', 'models'],
    ['pair', 'pairs'],
    ['segment', 'segments'],
    ['result', 'results'],
    ['answer', 'answers'],
    ['line', 'lines'],
    ['output', 'outputs'],
    ['call', 'calls'],
    ['key', 'keys'],
    ['rating', 'ratings'],
    ['reviewer', 'reviewers'],
    ['category', 'categories'],
    ['request', 'requests'],
    ['token', 'tokens'],
    ['edit', 'edits'],
    ['attempt', 'attempts'],
    ['finding', 'findings'],
    ['text', 'texts'],
    ['sample', 'samples'],
    ['column', 'columns'],
    ['resample', 'resamples'],
  ],
  fr: [
    ['entrée', 'entrées'],
    ['élément', 'éléments'],
    ['item', 'items'],
    ['test', 'tests'],
    ['fichier', 'fichiers'],
    ['exécution', 'exécutions'],
    ['fiche', 'fiches'],
    ['ligne', 'lignes'],
    ['cellule', 'cellules'],
    ['erreur', 'erreurs'],
    ['avertissement', 'avertissements'],
    ['problème', 'problèmes'],
    ['modèle', 'modèles'],
    ['paire', 'paires'],
    ['résultat', 'résultats'],
    ['réponse', 'réponses'],
    ['sortie', 'sorties'],
    ['appel', 'appels'],
    ['clé', 'clés'],
    ['note', 'notes'],
    ['relecteur', 'relecteurs'],
    ['catégorie', 'catégories'],
    ['requête', 'requêtes'],
    ['jeton', 'jetons'],
    ['modification', 'modifications'],
    ['tentative', 'tentatives'],
    ['constat', 'constats'],
    ['texte', 'textes'],
    ['échantillon', 'échantillons'],
    ['colonne', 'colonnes'],
    ['rééchantillonnage', 'rééchantillonnages'],
  ],
};

function nounPairs(side: Locale): Map<string, string> {
  const pairs = new Map<string, string>(BASE[side].map(([one, other]) => [other, one]));
  for (const { text } of templates(side))
    for (const m of text.matchAll(/\{\w+\|([^|{}]*)\|([^|{}]*)\}/g)) {
      const [one, other] = [m[1].split(' ')[0], m[2].split(' ')[0]];
      // A noun pair: the plural is the singular grown at its end (entry/entries, élément/éléments); verbs (is/are) are not.
      if (one && other.length > one.length && other.startsWith(one.slice(0, -1)) && /^\p{L}+$/u.test(other) && /[sx]$/.test(other)) pairs.set(other, one);
    }
  return pairs;
}

const word = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words between a number and a noun that show the noun is not what the number counts: "1 of the outputs", "{0} has errors". */
const LINKS = 'of|with|has|have|and|des|de|sur|to|à|avec|a|ont|et';

/**
 * "1 entries", "1 paired items", "1 autres non-réponses": the count 1 before a plural noun, with at most one word
 * between, which is not a partitive ("1 of the outputs", "1 des sorties" are right).
 */
function singularMistake(text: string, plurals: Iterable<string>): string | undefined {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}.,/])1 (?:(?!(?:${LINKS}) )[\\p{L}-]+ )?(?:${[...plurals].map(word).join('|')})(?![\\p{L}-])`, 'u');
  return pattern.exec(text)?.[0];
}

/**
 * Templates whose count cannot be 1 (nor 0 in French), by construction; checked in the code, with why.
 * Keyed by the start of the English or French template.
 */
const NEVER_ONE = [
  // compare/separation.ts: an item that separates no models is reported only when two models or more ran it.
  'Does not separate models: all {count} runs',
  'Ne départage pas les modèles',
  // benchmarkSize.ts: said only of more cells than MAX_BENCH_CELLS (10 000).
  'This benchmark plans {count} cells',
  'Ce banc d’essai prévoit {count} cellules',
  // assignment.ts: {max} is MAX_REVIEWERS (50).
  '--reviewers: from 1 to {max} reviewers',
  '--reviewers\u00a0: de 1 à {max} relecteurs',
  // agreement.ts: the report is made from two review files or more (fewer is the too-few problem).
  '{count} reviewers ({names})',
  '{count} relecteurs ({names})',
  // runMessages.ts: an id is shared by two entries or more.
  '{count} tests share the id',
  '{count} entries share the id',
  '{count} items share the id',
  '{count} tests partagent',
  '{count} entrées partagent',
  '{count} items partagent',
  // runMessages.ts: the "Many" form is chosen when there are two problems or more.
  'nothing was sent: {count} problems',
  'rien n’a été envoyé',
  // runner/provider.ts: the attempts are told only after a retry (attempts > 1).
  ' (after {attempts} attempts)',
  ' (après {attempts} tentatives)',
  'timed out: {attempts} attempts of',
  'délai dépassé\u00a0: {attempts} tentatives',
  // runMessages.ts: two runs or more with the same id.
  '{count} runs named {id}',
  '{count} exécutions nommées {id}',
];

const neverOne = (text: string) => NEVER_ONE.some((start) => text.startsWith(start));

/** A template with every placeholder set to 1, through the real agreement of core/i18n/locale. */
function renderedWithOnes(template: string, locale: Locale): string {
  const params: Record<string, number> = {};
  for (const m of template.matchAll(/\{(\w+)(?:\|[^{}]*)?\}/g)) params[m[1]] = 1;
  return formatAgreeing(template, params, locale);
}

for (const side of ['en', 'fr'] as const)
  test(`core's ${side === 'en' ? 'English' : 'French'} messages read "1 <singular>" when a count is 1`, () => {
    const plurals = [...nounPairs(side).keys()];
    const found = templates(side)
      .filter((t) => /\{\w+/.test(t.text) && !neverOne(t.text))
      .map((t) => ({ ...t, mistake: singularMistake(renderedWithOnes(t.text, side), plurals) }))
      .filter((t) => t.mistake)
      .map((t) => `${t.where}: "${t.mistake}" in ${t.text.slice(0, 90)}`);
    assert.deepEqual(found, []);
  });

test('the singular check catches "1 entries" and lets "1 entry", "11 entries" and "1.5 items" be', () => {
  const plurals = [...nounPairs('en').keys()];
  assert.equal(singularMistake('1 entries exported', plurals), '1 entries');
  assert.equal(singularMistake('(1 more problems: see)', plurals), '1 more problems');
  assert.equal(renderedWithOnes('{count} {count|entry|entries} kept', 'en'), '1 entry kept');
  assert.equal(singularMistake(renderedWithOnes('{count} {count|entry|entries} kept', 'en'), plurals), undefined);
  assert.equal(singularMistake('11 entries, 21 items, 1.5 items, 2/1 items, 1 of the items', plurals), undefined);
  assert.equal(singularMistake('jugé utilisables 1 des sorties notées', [...nounPairs('fr').keys()]), undefined);
  assert.equal(singularMistake('1 entrées', [...nounPairs('fr').keys()]), '1 entrées');
  // French counts 0 as singular too: the agreement renders it so.
  assert.equal(formatAgreeing('{n} {n|entrée|entrées}', { n: 0 }, 'fr'), '0 entrée');
});

/** Client strings whose count cannot be 1 (nor 0 in French), checked in the code. */
const CLIENT_NEVER_ONE = new Set([
  // lensModel.ts: shown only when two models or more are configured.
  '$(run-all) All {0} models',
  'Run against each of the {0} configured models',
  // testExplorer.ts, resultDetails.ts: repeats are summarised only when there are two runs or more.
  '{0} runs: mean {1}, {2} errored',
  '{0} runs: mean {1} (standard error over the runs), {2} errored',
  'newest of {0} runs',
  // itemsModel.ts, compareModel.ts: the list is cut only when it is longer than its maximum.
  'The first {0} of {1} items are listed.',
  // comparePanel.ts: the singular form names the one run; the plural only shows for 2 and more (and 0 in English).
  '{0} holds {1} runs (a leaderboard): compare two results files or run cards.',
  // benchmarkCommand.ts: the plural only shows for a benchmark of two cells or more.
  'Run {0} of the {1} cells of {2}?',
  // importRatingsCommand.ts: one more problem has its own sentence.
  '({0} more problems: ewebench-studio review import lists them all.)',
]);

test('every client string that counts with "{N} <plural>" has a singular sibling the code uses', () => {
  const keys = clientKeys();
  const pairs = nounPairs('en');
  const plurals = [...pairs.keys()].map(word).join('|');
  const missing: string[] = [];
  for (const key of keys) {
    if (CLIENT_NEVER_ONE.has(key)) continue;
    for (const m of key.matchAll(new RegExp(`\\{(\\d)\\} ((?:(?!(?:${LINKS}) )[\\p{L}-]+ )?)(${plurals})(?![\\p{L}-])`, 'gu'))) {
      // The sibling says the same up to the count, then the singular: "Import {0} entries" / "Import {0} entry".
      const singular = `${key.slice(0, m.index)}{${m[1]}} ${m[2]}${pairs.get(m[3]) ?? ''}`;
      if (![...keys].some((k) => k !== key && k.startsWith(singular) && !/^[\p{L}-]/u.test(k.slice(singular.length))))
        missing.push(`${key} (no key starting "${singular}")`);
    }
  }
  assert.ok(keys.size > 300, `${keys.size} client strings found`);
  assert.deepEqual(missing, []);
});

/**
 * The text of every string literal of a TypeScript source, a template's text pieces each on its own (its `${…}`
 * parts read as code, so strings inside them count too); comments and regular expressions are skipped.
 */
function stringTexts(source: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lineAt = (i: number) => source.slice(0, i).split('\n').length;
  // Each open template's depth of `{` inside its `${…}`; empty at the top level.
  const templates: number[] = [];
  let i = 0;
  let current = '';
  let start = 0;
  const readTemplate = () => {
    // Inside a template's text, up to its end or its next `${`.
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') {
        current += source.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        out.push({ line: lineAt(start), text: current });
        current = '';
        i++;
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        out.push({ line: lineAt(start), text: current });
        current = '';
        templates.push(0);
        i += 2;
        return;
      } else current += source[i++];
    }
  };
  for (let guard = 0; i < source.length && guard < source.length * 2; guard++) {
    const c = source[i];
    const rest = source.slice(i, i + 2);
    if (rest === '//') i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
    else if (rest === '/*') i = source.indexOf('*/', i + 2) === -1 ? source.length : source.indexOf('*/', i + 2) + 2;
    else if (c === "'" || c === '"') {
      const end = new RegExp(`${c}(?:[^${c}\\\\\\n]|\\\\.)*${c}`, 'y');
      end.lastIndex = i;
      const m = end.exec(source);
      if (m) {
        out.push({ line: lineAt(i), text: m[0].slice(1, -1) });
        i += m[0].length;
      } else i++;
    } else if (c === '`') {
      start = i;
      i++;
      readTemplate();
    } else if (c === '{' && templates.length) {
      templates[templates.length - 1]++;
      i++;
    } else if (c === '}' && templates.length) {
      if (templates[templates.length - 1] === 0) {
        templates.pop();
        i++;
        readTemplate();
      } else {
        templates[templates.length - 1]--;
        i++;
      }
    } else if (c === '/' && /[=(,:;!&|?{}[\]]\s*$/.test(source.slice(Math.max(0, i - 20), i))) {
      // A regular expression literal: skipped to its closing slash (character classes may hold one).
      const regex = /\/(?:\[(?:[^\]\\\n]|\\.)*\]|[^/[\\\n]|\\.)+\/[a-z]*/y;
      regex.lastIndex = i;
      const m = regex.exec(source);
      i += m ? m[0].length : 1;
    } else i++;
  }
  return out;
}

/** "(s)" after a word: `call(s)`, `entrée(s)`; http(s) names two schemes, not a count. */
const OPTIONAL_PLURAL = /\p{L}\((?:e?s|x)\)/u;

test('no string of the extension, server, CLI or runner counts with "(s)": each count takes its real form', () => {
  const found: string[] = [];
  let read = 0;
  for (const file of ['core', 'server', 'client', 'cli', 'runner', 'webview', 'protocol'].flatMap((d) => tsFiles(fromRepo(d))))
    for (const { line, text } of stringTexts(fs.readFileSync(file, 'utf8')))
      if (++read && OPTIONAL_PLURAL.test(text.replace(/http\(s\)/g, 'http'))) found.push(`${path.relative(fromRepo(), file)}:${line}: ${text.slice(0, 90)}`);
  assert.ok(read > 5000, `${read} strings read: the scan reads every source file`);
  assert.deepEqual(found, []);
});

test('the string scan reads plain strings, templates and the strings inside their ${…}, and skips code, comments and regular expressions', () => {
  const texts = stringTexts(
    "const a = Math.abs(x); // call(s)\nconst b = 'one(s)';\nconst c = `n ${f(`inner(s)`)} call(s)`;\nconst d = /y(es)?/.test(s);\n",
  ).map((t) => t.text);
  assert.deepEqual(texts, ['one(s)', 'n ', 'inner(s)', ' call(s)']);
});

test('a French translation counts a plural noun only where its English key does (so the code picks the form)', () => {
  const bundle = JSON.parse(fs.readFileSync(fromRepo('l10n', 'bundle.l10n.fr.json'), 'utf8')) as Record<string, string>;
  const english = [...nounPairs('en').keys()].map(word).join('|');
  const french = [...nounPairs('fr').keys()].map(word).join('|');
  const counts = (plurals: string) => new RegExp(`\\{(\\d)\\} (?:(?!(?:${LINKS}) )[\\p{L}-]+ )?(?:${plurals})(?![\\p{L}-])`, 'u');
  const unchosen = Object.entries(bundle)
    .filter(([key, value]) => counts(french).test(value) && !counts(english).test(key) && !CLIENT_NEVER_ONE.has(key))
    .map(([key, value]) => `${key} => ${value}`);
  assert.deepEqual(unchosen, []);
});
