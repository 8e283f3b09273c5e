import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromRepo } from '../helpers/paths';
import { editorProject } from './project';

/**
 * docs/editors.md's Emacs 28 snippet, as written, in `emacs --batch` with Debian's eglot (`elpa-eglot`; `.ci/run`
 * installs both): `scripts/emacs/check.el` opens a tests file and waits for eglot to connect and flymake to show
 * the server's diagnostics. Skipped, saying so, where Emacs or its eglot is missing, except in CI.
 */
const SNIPPET = /<!-- emacs28-snippet:start -->\n```elisp\n([\s\S]*?)```\n<!-- emacs28-snippet:end -->/;
const SAMPLE =
  '[\n  { "prompt": "Ŋutɔ e\u0301 ɖɛ 😀", "id": "dup_01", "eval_method": "ewe_quality" },\n  { "prompt": "Ɣe ʋ ƒ", "id": "dup_01", "eval_method": "ewe_quality" }\n]\n';

function emacsWithEglot(): string | undefined {
  const probe = spawnSync('emacs', ['--batch', '--eval', "(progn (require 'eglot) (princ emacs-version))"], { encoding: 'utf8', timeout: 30_000 });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

test('the docs’ Emacs 28 snippet: eglot connects and flymake shows the server’s diagnostics', (t) => {
  const version = emacsWithEglot();
  if (!version) {
    assert.ok(!process.env.CI, 'CI must run the Emacs test: install Debian’s emacs-nox and elpa-eglot (.ci/run does)');
    t.skip('emacs with eglot is not installed: the batch Emacs test did not run (apt-get install emacs-nox elpa-eglot)');
    return;
  }
  const snippet = SNIPPET.exec(fs.readFileSync(fromRepo('docs', 'editors.md'), 'utf8'))?.[1];
  assert.ok(snippet, 'docs/editors.md has no Emacs 28 snippet between its markers');
  // eglot needs a project: the folder with `.git` is one for project.el.
  const project = editorProject('ewb-emacs-');
  const { dir, root } = project;
  try {
    const file = project.addTest('sample.json', SAMPLE);
    const init = path.join(dir, 'init.el');
    fs.writeFileSync(init, snippet);
    const run = spawnSync('emacs', ['--batch', '-l', init, '-l', fromRepo('scripts', 'emacs', 'check.el')], {
      cwd: root,
      env: { ...process.env, PATH: project.pathEnv, EWB_EMACS_FILE: file, HOME: dir },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const output = `emacs ${version}\n${run.stdout}\n${run.stderr}`;
    assert.equal(run.error, undefined, output);
    assert.equal(run.status, 0, output);
    t.diagnostic(/^emacs .*$/m.exec(run.stderr)?.[0] ?? '');
  } finally {
    project.dispose();
  }
});
