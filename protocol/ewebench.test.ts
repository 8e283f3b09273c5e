import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromRepo } from '../test/helpers/paths';
import { CoverageRequest, FileInfoRequest } from './ewebench';

test('each custom request has one method name, under our prefix, taking one parameter object', () => {
  const requests = [FileInfoRequest, CoverageRequest];
  assert.deepEqual(
    requests.map((r) => r.method),
    ['ewebench/fileInfo', 'ewebench/coverage'],
  );
  assert.ok(requests.every((r) => r.numberOfParams === 1));
});

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

test('the client and the server name no custom request by a string: they import the typed constants', () => {
  const named = /(?:sendRequest|onRequest|sendNotification|onNotification)\s*(?:<[^>]*>)?\(\s*['"`]ewebench\//;
  const offenders = ['client', 'server']
    .flatMap((folder) => sources(fromRepo(folder)))
    .filter((file) => named.test(fs.readFileSync(file, 'utf8')) || /['"]ewebench\/[A-Za-z]/.test(fs.readFileSync(file, 'utf8')));
  assert.deepEqual(
    offenders.map((f) => path.relative(fromRepo(), f)),
    [],
  );
});
