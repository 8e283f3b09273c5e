import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';
import { fromRepo } from '../helpers/paths';

/**
 * #31 item 7 in the editor: a results file whose declared `ewe_score` its categories do not give gets a
 * score-inconsistent diagnostic on `ewe_score`, with the declared and the recomputed figures, in the user's language.
 */
const NAME = 'ewebench_gemini-2.0-flash_20260315_142233.json';
const original = fs.readFileSync(fromRepo('test-fixtures', 'leaderboard', 'ewebench', NAME), 'utf8');
const edited = original.replace(/"ewe_score": [0-9.]+/, '"ewe_score": 99.9');

const inconsistent = (p: PublishDiagnosticsParams): Diagnostic[] => p.diagnostics.filter((d) => d.code === 'score-inconsistent');

for (const [locale, expected] of [
  ['en', /^`ewe_score` is 99\.9 but Σ \(category score × weight\) \/ Σ active weights gives 55\.7\.$/],
  // French writes decimal commas, in the figure read from the file and in the recomputed one.
  ['fr', /^`ewe_score` vaut 99,9 mais Σ \(score de catégorie × poids\) \/ Σ poids actifs donne 55,7\.$/],
] as const) {
  test(`an edited ÈwéScore is flagged in the editor with both figures (${locale})`, async () => {
    assert.notEqual(edited, original, 'the fixture declares an ewe_score to edit');
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-results-score-')));
    const uri = pathToFileURL(path.join(root, NAME)).toString();
    const client = new TestLspClient();
    try {
      await client.initialize({ rootUri: pathToFileURL(root).toString(), locale });
      client.open(uri, edited);
      const [found] = inconsistent(await client.waitForDiagnostics(uri, (p) => inconsistent(p).length > 0));
      assert.match(String(found.message), expected);
      const line = edited.split('\n')[found.range.start.line];
      assert.equal(line.slice(found.range.start.character, found.range.end.character), '99.9');
      // The file as the harness wrote it: no such finding.
      const version = client.replace(uri, original);
      assert.deepEqual(inconsistent(await client.waitForVersion(uri, version)), []);
    } finally {
      await client.shutdown();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}
