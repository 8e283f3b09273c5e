import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateFiles } from '../../cli/commands/validate';
import { processIo } from '../../cli/io';
import { fromRepo } from '../helpers/paths';

/**
 * Fixture-driven rule tests: every `X.json` under test-fixtures/ is validated with the other files of its folder
 * (so cross-file duplicate ids show). When `X.expected.json` sits beside it, the findings (code, severity, range)
 * must equal it exactly; files under a `valid` folder must have no error or warning.
 * `UPDATE_EXPECT=1` rewrites the expected files; review the diff before committing it.
 */
const root = fromRepo('test-fixtures');

interface Expected {
  code: string;
  severity: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

function folders(dir: string): string[] {
  const out = [dir];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) out.push(...folders(path.join(dir, entry.name)));
  return out;
}

const isFixture = (name: string) =>
  name.endsWith('.json') && !name.endsWith('.expected.json') && !name.endsWith('.responses.json') && !name.endsWith('.vectors.json');

for (const folder of folders(root)) {
  const files = fs
    .readdirSync(folder)
    .filter(isFixture)
    .map((f) => path.join(folder, f))
    .sort();
  if (files.length === 0) continue;
  // A task suite's report is followed by its item files' reports: each fixture finds its own by its path.
  const reports = new Map(validateFiles(files, { ...processIo, cwd: root }, 'en').map((r) => [path.resolve(root, r.file), r]));
  files.forEach((file) => {
    const report = reports.get(file);
    if (!report) throw new Error(`${file}: no report`);
    const expectedFile = file.replace(/\.json$/, '.expected.json');
    const rel = path.relative(root, file);
    const actual: Expected[] = report.diagnostics
      .map((d) => ({ code: d.code, severity: d.severity, range: d.range }))
      .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.code.localeCompare(b.code));
    if (process.env.UPDATE_EXPECT && !rel.split(path.sep).includes('valid')) {
      fs.writeFileSync(expectedFile, JSON.stringify(actual, null, 2) + '\n');
    }
    if (fs.existsSync(expectedFile)) {
      test(`${rel} gives exactly the expected findings`, () => {
        const expected = JSON.parse(fs.readFileSync(expectedFile, 'utf8')) as Expected[];
        assert.deepEqual(actual, expected);
      });
    } else {
      test(`${rel} is valid: no error or warning`, () => {
        assert.ok(rel.split(path.sep).includes('valid'), `${rel} has no ${path.basename(expectedFile)} beside it`);
        const problems = report.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
        assert.deepEqual(
          problems.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`),
          [],
        );
      });
    }
  });
}
