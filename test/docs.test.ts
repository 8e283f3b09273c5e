import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ALL_CODES } from '../core/rules/codes';
import { fromRepo, repoRoot } from './helpers/paths';

/** Every page the docs tests read: the README, the architecture, the changelog and docs/. */
const PAGES = [
  'README.md',
  'ARCHITECTURE.md',
  'CHANGELOG.md',
  ...fs
    .readdirSync(fromRepo('docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

const read = (page: string): string => fs.readFileSync(fromRepo(page), 'utf8');

/** The page's text without its fenced code blocks (their lines blanked, so line numbers stay). */
function prose(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor for a heading: the rendered text lower-cased, punctuation dropped, spaces as hyphens; repeats get -1, -2… */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of prose(text).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const rendered = match[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = rendered
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}_ -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    result.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return result;
}

/** Markdown links and images outside code: `[text](target)`, with the line they are on. */
function links(text: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  prose(text)
    .split('\n')
    .forEach((line, i) => {
      const code = line.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
      for (const m of code.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) out.push({ target: m[1], line: i + 1 });
    });
  return out;
}

test('every relative link and anchor in the README, ARCHITECTURE, CHANGELOG and docs/ resolves', () => {
  const problems: string[] = [];
  for (const page of PAGES) {
    for (const { target, line } of links(read(page))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
      const [file, anchor] = target.split('#', 2);
      const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(file)));
      if (!fs.existsSync(fromRepo(resolved))) {
        problems.push(`${page}:${line}: ${target}: no file ${resolved}`);
        continue;
      }
      if (anchor !== undefined) {
        if (!resolved.endsWith('.md')) problems.push(`${page}:${line}: ${target}: an anchor into a file that is not Markdown`);
        else if (!anchors(read(resolved)).has(decodeURIComponent(anchor)))
          problems.push(`${page}:${line}: ${target}: no heading with anchor #${anchor} in ${resolved}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('the anchors follow GitHub: backticks and punctuation dropped, repeated headings numbered', () => {
  const got = anchors('# A `code` title\n## The leaderboard (CLI)\n## Items × models: one\n```\n# not a heading\n```\n## Items × models: one\n');
  assert.deepEqual([...got], ['a-code-title', 'the-leaderboard-cli', 'items--models-one', 'items--models-one-1']);
});

test('the README stays under 15 KB and ARCHITECTURE.md under 25 KB', () => {
  const readme = fs.statSync(fromRepo('README.md')).size;
  const architecture = fs.statSync(fromRepo('ARCHITECTURE.md')).size;
  assert.ok(readme < 15_000, `README.md is ${readme} bytes`);
  assert.ok(architecture < 25_000, `ARCHITECTURE.md is ${architecture} bytes`);
});

test('docs/diagnostics.md has one heading per diagnostic code, the anchor its codeDescription link points at', () => {
  const page = read('docs/diagnostics.md');
  const headings = [...page.matchAll(/^## `([a-z-]+)`$/gm)].map((m) => m[1]);
  assert.deepEqual([...headings].sort(), [...ALL_CODES].sort());
});

test('every `npm run` script and `ewebench.*` setting the docs name exists', () => {
  const manifest = JSON.parse(read('package.json')) as {
    scripts: Record<string, string>;
    contributes: { configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[] };
  };
  const settings = new Set([manifest.contributes.configuration].flat().flatMap((c) => Object.keys(c.properties)));
  const problems: string[] = [];
  for (const page of PAGES.filter((p) => p !== 'CHANGELOG.md')) {
    const text = read(page);
    for (const m of text.matchAll(/\bnpm run ([a-z][\w:-]*)/g)) if (!(m[1] in manifest.scripts)) problems.push(`${page}: npm run ${m[1]}`);
    // A setting, or a group of them (`ewebench.run`); a file name such as `ewebench.ts` is not a setting.
    const known = (name: string) => /\.(ts|js|json|md)$/.test(name) || [...settings].some((s) => s === name || s.startsWith(`${name}.`));
    for (const m of text.matchAll(/`(ewebench\.[A-Za-z.]+)`/g)) if (!known(m[1])) problems.push(`${page}: setting ${m[1]}`);
  }
  assert.deepEqual(problems, []);
});

test('docs/editors.md names every setting the extension contributes', () => {
  const manifest = JSON.parse(read('package.json')) as {
    contributes: { configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[] };
  };
  const page = read('docs/editors.md');
  const settings = [manifest.contributes.configuration].flat().flatMap((c) => Object.keys(c.properties));
  assert.deepEqual(
    settings.filter((name) => !page.includes(`\`${name}\``)),
    [],
  );
});

/** The CLI as the docs' examples call it (`npx ewebench-studio`), the built one in this checkout. */
function runExample(command: string): { status: number | null; lines: string[] } {
  const cli = `"${process.execPath}" "${fromRepo('bin', 'ewebench-studio.js')}"`;
  const result = spawnSync('/bin/sh', ['-c', command.replace(/\bnpx ewebench-studio\b/g, cli)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH },
    encoding: 'utf8',
  });
  return { status: result.status, lines: `${result.stdout}${result.stderr}`.split('\n').map((l) => l.trimEnd()) };
}

test('every CLI example in the docs is run: its exit code and the lines it shows', () => {
  let ran = 0;
  const problems: string[] = [];
  for (const page of PAGES) {
    const text = read(page);
    for (const block of text.matchAll(/(?:<!-- example: ([^>]*?) -->\n)?```console\n([\s\S]*?)```/g)) {
      const [first, ...shown] = block[2].trimEnd().split('\n');
      if (!first.startsWith('$ ') || !first.includes('ewebench-studio')) continue;
      const marker = block[1];
      const where = `${page}: ${first}`;
      if (marker === undefined) {
        problems.push(`${where}: no <!-- example: exit N --> (or a reason it cannot run) before it`);
        continue;
      }
      const exit = /^exit (\d+)$/.exec(marker);
      if (!exit) continue; // e.g. "needs a model": said why it is not run
      ran++;
      const { status, lines } = runExample(first.slice(2));
      if (status !== Number(exit[1])) problems.push(`${where}: exit ${status}, the page says ${exit[1]}`);
      let at = 0;
      for (const want of shown.map((l) => l.trimEnd())) {
        if (want === '…') continue;
        const found = lines.indexOf(want, at);
        if (found < 0) {
          problems.push(`${where}: does not print, in this order: ${want}`);
          break;
        }
        at = found + 1;
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(ran >= 4, `only ${ran} examples ran`);
});

/** What `ewebench-studio --help` prints. */
function cliHelp(): string {
  const result = spawnSync(process.execPath, [fromRepo('bin', 'ewebench-studio.js'), '--help'], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

test('docs/cli.md has a section for every command the CLI lists', () => {
  const commands = new Set([...cliHelp().matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]));
  assert.ok(commands.size >= 10, `commands: ${[...commands].join(', ')}`);
  const sections = new Set([...read('docs/cli.md').matchAll(/^## ([a-z]+)/gm)].map((m) => m[1]));
  assert.deepEqual(
    [...commands].filter((c) => !sections.has(c)),
    [],
  );
});

test("each command's synopsis in docs/cli.md is the CLI's own usage text", () => {
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  const help = squash(cliHelp());
  const problems: string[] = [];
  let checked = 0;
  // The first code block of each `## command` section: one usage per line.
  for (const section of read('docs/cli.md').split(/^## /m).slice(1)) {
    const synopsis = /^```\n([\s\S]*?)```/m.exec(section)?.[1];
    for (const line of synopsis?.split('\n').filter((l) => l.trim()) ?? []) {
      checked++;
      if (!help.includes(squash(line))) problems.push(line);
    }
  }
  assert.deepEqual(problems, [], 'synopses that --help does not print');
  assert.ok(checked >= 15, `only ${checked} synopses`);
});

/** Each `outfile` of scripts/build.mjs with its entry point and platform (`browser` when the call says so, else Node). */
function builtBundles(): Map<string, string> {
  const bundles = new Map<string, string>();
  for (const call of read('scripts/build.mjs').split('build({').slice(1)) {
    const m = /entryPoints: \['([^']+)'\],?\s*outfile: '([^']+)'/.exec(call);
    if (m) bundles.set(m[2], `${m[1]} ${/\.\.\.browser\b|platform: 'browser'/.test(call) ? 'browser' : 'Node'}`);
  }
  return bundles;
}

test("ARCHITECTURE.md's bundle table is scripts/build.mjs's entry points", () => {
  const built = builtBundles();
  assert.ok(built.size >= 10, `found ${built.size} bundles in scripts/build.mjs`);
  const documented = new Map<string, string>();
  for (const m of read('ARCHITECTURE.md').matchAll(/^\| `(dist\/[\w.]+)` \| `([^`]+)` \| (\w+) \|/gm)) documented.set(m[1], `${m[2]} ${m[3]}`);
  assert.deepEqual([...documented].sort(), [...built].sort());
});

/** Whether `.vscodeignore` (everything ignored, then `!` lines: paths, `*` within a folder, `**` across) puts a file in the package. */
function packaged(file: string): boolean {
  const keep = read('.vscodeignore')
    .split('\n')
    .filter((l) => l.startsWith('!'))
    .map((l) => l.slice(1).trim());
  const escape = (part: string) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const pattern = (glob: string) =>
    new RegExp(
      `^${glob
        .split('**')
        .map((part) => part.split('*').map(escape).join('[^/]*'))
        .join('.*')}$`,
    );
  return keep.some((k) => pattern(k).test(file));
}

test('the package carries every bundle but the CLI, the icon, the README’s images and docs pages, and the page the code links open', () => {
  const manifest = JSON.parse(read('package.json')) as { icon?: string; main: string; browser: string };
  assert.ok(manifest.icon && fs.existsSync(fromRepo(manifest.icon)), `icon: ${manifest.icon}`);
  const wanted = [
    ...[...builtBundles().keys()].filter((b) => b !== 'dist/cli.js'),
    manifest.icon,
    'docs/diagnostics.md',
    ...links(read('README.md'))
      .map((l) => l.target)
      .filter((t) => /\.(png|svg|gif|jpe?g)$/i.test(t) || t.startsWith('docs/'))
      .map((t) => t.split('#')[0]),
  ];
  assert.deepEqual(
    wanted.filter((f) => !packaged(f)),
    [],
  );
});
