import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import { compileGlob } from './glob';
import { kindFromGlobs } from './classify';

/** The regular expression the settings globs used to be translated to: the reference for what a glob means. */
function referenceRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      if (glob[i + 2] === '/') {
        re += '(?:.*/)?';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp('(?:^|/)' + re + '$');
}

test('globs: **, *, ? and literals match as before, on a tail of the path after a /', () => {
  const cases: [string, string, boolean][] = [
    ['**/tests/*.json', '/w/tests/a.json', true],
    ['**/tests/*.json', '/w/tests/x/a.json', false],
    ['tests/*.json', '/w/tests/a.json', true],
    ['a.json', '/w/ba.json', false],
    ['data/**', '/w/data/a/b.json', true],
    ['**', '/anything', true],
    ['?.json', '/w/a.json', true],
    ['?.json', '/w/ab.json', false],
    ['*.json', 'a/b.txt', false],
    ['[x].json', '/w/[x].json', true],
  ];
  for (const [glob, path, expected] of cases) assert.equal(compileGlob(glob)(path), expected, `${glob} on ${path}`);
});

test('globs agree with the regular-expression reference on 20,000 random globs and paths', () => {
  const random = rng(7);
  const pieces = ['*', '**', '**/', '?', 'a', 'b', '/', '.json', 'tests'];
  const pathPieces = ['a', 'b', '/', '.json', 'tests', 'ab'];
  const pick = (list: string[]) => list[Math.floor(random() * list.length)];
  for (let k = 0; k < 20000; k++) {
    const glob = Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(pieces)).join('');
    const path = Array.from({ length: Math.floor(random() * 8) }, () => pick(pathPieces)).join('');
    assert.equal(compileGlob(glob)(path), referenceRegExp(glob).test(path), `${JSON.stringify(glob)} on ${JSON.stringify(path)}`);
  }
});

test('a glob that makes a backtracking matcher explode answers at once', { timeout: 30000 }, () => {
  const hostile = '*a'.repeat(30) + '*b';
  const path = '/w/' + 'a'.repeat(5000) + '.json';
  assert.equal(compileGlob(hostile)(path), false);
  assert.equal(kindFromGlobs(path, { 'ewebench-tests': [hostile, '**/' + '*'.repeat(500) + '?'.repeat(10) + '.json'] }), 'ewebench-tests');
  assert.equal(compileGlob('**/'.repeat(200) + 'x')('/'.repeat(1000) + 'y'), false);
});
