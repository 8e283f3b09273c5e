import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromRepo } from '../helpers/paths';
import { editorProject } from './project';

/**
 * docs/editors.md's Neovim snippet, as written, in a headless Neovim (Debian's package; `.ci/run` installs it) against
 * the built server: `scripts/nvim/check.lua` opens a tests file, checks the diagnostics' codes and byte columns,
 * applies a quick fix and checks the text after it, and checks one server per root. Skipped, saying so, where
 * `nvim` is missing, except in CI, which must run it.
 */
const SNIPPET = /<!-- nvim-snippet:start -->\n```lua\n([\s\S]*?)```\n<!-- nvim-snippet:end -->/;

// Ewe letters (2 UTF-8 bytes), a combining tone mark and emoji (4 bytes) before the ids: byte and UTF-16 columns differ.
const SAMPLE = [
  '[',
  '  { "prompt": "Ŋutɔ e\u0301 ɖɛ 😀", "id": "dup_01", "eval_method": "ewe_quality" },',
  '  { "prompt": "Ɣe ʋ ƒ 😀😀", "id": "dup_01", "eval_method": "ewe_quality" },',
  '  { "prompt": "ŋusẽ 😀", "id": "em_01", "eval_method": "exact_match" }',
  ']',
  '',
].join('\n');
const OTHER = '[\n  { "prompt": "Woezɔ", "id": "other_01", "eval_method": "ewe_quality" }\n]\n';

function nvimVersion(): string | undefined {
  const probe = spawnSync('nvim', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return probe.status === 0 ? probe.stdout.split('\n')[0] : undefined;
}

test('the docs’ Neovim snippet: diagnostics at the right columns, a quick fix applied, one server per root', (t) => {
  const version = nvimVersion();
  if (!version) {
    assert.ok(!process.env.CI, 'CI must run the Neovim test: install Debian’s neovim package (.ci/run does)');
    t.skip('nvim is not installed: the headless Neovim test did not run (apt-get install neovim)');
    return;
  }
  const snippet = SNIPPET.exec(fs.readFileSync(fromRepo('docs', 'editors.md'), 'utf8'))?.[1];
  assert.ok(snippet, 'docs/editors.md has no Neovim snippet between its markers');

  const project = editorProject('ewb-nvim-');
  const { dir, root } = project;
  try {
    project.addTest('sample.json', SAMPLE);
    project.addTest('other.json', OTHER);
    const init = path.join(dir, 'init.lua');
    fs.writeFileSync(init, `vim.cmd('filetype on')\n${snippet}`);

    const run = spawnSync('nvim', ['--headless', '-u', init, '-i', 'NONE', '-n', '-c', `luafile ${fromRepo('scripts', 'nvim', 'check.lua')}`], {
      cwd: path.join(dir, 'bin'),
      env: { ...process.env, PATH: project.pathEnv, EWB_NVIM_ROOT: root, XDG_STATE_HOME: dir, XDG_DATA_HOME: dir },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const output = `${version}\n${run.stdout}\n${run.stderr}`;
    assert.equal(run.error, undefined, output);
    assert.equal(run.status, 0, output);
    assert.match(run.stderr, /renumber applied/, output);
    t.diagnostic(run.stderr.trim());
  } finally {
    project.dispose();
  }
});
