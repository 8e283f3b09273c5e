import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { ALL_CODES } from '../core/rules/codes';
import { fromRepo } from './helpers/paths';

test('README documents every diagnostic code under a heading its codeDescription link can reach', () => {
  const readme = fs.readFileSync(fromRepo('README.md'), 'utf8');
  for (const code of ALL_CODES) assert.match(readme, new RegExp('^#### `' + code + '`$', 'm'), code);
});
