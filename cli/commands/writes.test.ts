import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { spawnCli } from '../../test/helpers/cliProcess';
import { fromRepo } from '../../test/helpers/paths';
import { propertyRuns } from '../../test/helpers/property';

/**
 * Every CLI command that writes a file refuses to write over one of its inputs (named as it is, another way, or
 * through a link), writes through a symbolic link to its target, keeps the target's mode, and refuses a
 * read-only target: the one home is runner/outputs.ts's writeFileAtomic; these check each command's call.
 */

const corpus = () => fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');
const card = () => fs.readFileSync(fromRepo('test-fixtures/runcards/valid/sample-run-card.json'), 'utf8');
const sheet = 'source,reference,difficulty,segment,provenance,register,context\r\nThank you.,Akpe.,1,diagnostic,elicited,conversational,greeting\r\n';

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-writes-'));
  fs.writeFileSync(path.join(dir, 'c.json'), corpus());
  fs.writeFileSync(path.join(dir, 'card.json'), card());
  fs.writeFileSync(path.join(dir, 'sheet.csv'), sheet);
  return dir;
}

/** A writing command, with `OUT` where its output goes and the input that `OUT` must never replace. */
interface Writer {
  name: string;
  args: (out: string) => string[];
  input: string;
  /** What it says when it refuses. */
  refusal: RegExp;
  /** Files the command reads that the folder does not hold yet (made with the CLI). */
  prepare?: (dir: string) => Promise<void>;
}

/** A review of card.json, drawn as `review sample` draws it: what `review packet` packs. */
async function sampleReview(dir: string): Promise<void> {
  assert.equal(await main(['review', 'sample', 'card.json', '--size', '2', '--seed', '1', '--out', 'card.review.json'], captureIo(dir)), 0);
}

const WRITERS: Writer[] = [
  {
    name: 'corpus export',
    args: (out) => ['corpus', 'export', 'c.json', '--out', out],
    input: 'c.json',
    refusal: /refused to write .*: it is the same file as .*c\.json/,
  },
  { name: 'corpus import', args: (out) => ['corpus', 'import', 'sheet.csv', '--into', out], input: 'sheet.csv', refusal: /sheet\.csv/ },
  {
    name: 'leaderboard --format html',
    args: (out) => ['leaderboard', 'card.json', '--format', 'html', '--out', out],
    input: 'card.json',
    refusal: /refused to write .*: it is the same file as .*card\.json/,
  },
  {
    name: 'leaderboard (a folder)',
    args: (out) => ['leaderboard', '.', '--format', 'json', '--out', out],
    input: 'card.json',
    refusal: /refused to write .*: it is the same file as .*card\.json/,
  },
  {
    name: 'review sample',
    args: (out) => ['review', 'sample', 'card.json', '--size', '2', '--seed', '1', '--out', out],
    input: 'card.json',
    refusal: /a review is already there|refused to write/,
  },
  {
    name: 'review packet (the card)',
    args: (out) => ['review', 'packet', 'card.review.json', '--out', out],
    input: 'card.json',
    refusal: /refused to write .*: it is the same file as .*card\.json/,
    prepare: sampleReview,
  },
  {
    name: 'review packet (the review)',
    args: (out) => ['review', 'packet', 'card.review.json', '--out', out],
    input: 'card.review.json',
    refusal: /refused to write .*: it is the same file as .*card\.review\.json/,
    prepare: sampleReview,
  },
];

/** Ways of naming the input `name` of `dir` as an output: each makes a new name where needed. */
const NAMINGS: { how: string; name: (dir: string, input: string) => string }[] = [
  { how: 'the same path', name: (_dir, input) => input },
  { how: 'another spelling', name: (_dir, input) => `./sub/../${input}` },
  { how: 'an absolute path', name: (dir, input) => path.join(dir, input) },
  {
    how: 'a symbolic link to it',
    name: (dir, input) => {
      fs.symlinkSync(input, path.join(dir, `link-${input}`));
      return `link-${input}`;
    },
  },
  {
    how: 'a chain of symbolic links',
    name: (dir, input) => {
      fs.symlinkSync(input, path.join(dir, `l1-${input}`));
      fs.symlinkSync(`l1-${input}`, path.join(dir, `l2-${input}`));
      return `l2-${input}`;
    },
  },
  {
    how: 'a hard link to it',
    name: (dir, input) => {
      fs.linkSync(path.join(dir, input), path.join(dir, `hard-${input}`));
      return `hard-${input}`;
    },
  },
  {
    how: 'a path through a linked folder',
    name: (dir, input) => {
      fs.symlinkSync('.', path.join(dir, 'here'));
      return `here/${input}`;
    },
  },
];

test('every command that writes refuses an input named as its output, however it is named, and leaves the input byte for byte', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...WRITERS), fc.constantFrom(...NAMINGS), async (writer, naming) => {
      const dir = folder();
      fs.mkdirSync(path.join(dir, 'sub'));
      await writer.prepare?.(dir);
      const before = fs.readFileSync(path.join(dir, writer.input));
      const out = naming.name(dir, writer.input);
      const io = captureIo(dir);
      const code = await main(writer.args(out), io);
      assert.notEqual(code, 0, `${writer.name} --out ${out} (${naming.how}) exited 0: ${io.out}`);
      assert.match(io.err, writer.refusal, `${writer.name} --out ${out} (${naming.how})`);
      assert.deepEqual(fs.readFileSync(path.join(dir, writer.input)), before, `${writer.name}: ${writer.input} changed`);
      assert.equal(fs.lstatSync(path.join(dir, writer.input)).isFile(), true);
      assert.deepEqual(
        fs.readdirSync(dir).filter((n) => n.endsWith('.tmp')),
        [],
      );
      fs.rmSync(dir, { recursive: true, force: true });
    }),
    propertyRuns(40),
  );
});

test('corpus export --out its own corpus is refused with a sentence naming both, exit 2', async () => {
  const dir = folder();
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'c.json'], io), 2);
  assert.match(
    io.err,
    /^ewebench-studio corpus: refused to write c\.json: it is the same file as c\.json, an input of this command; name another output file\n$/,
  );
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), corpus());
});

test('leaderboard card.json --format html --out card.json is refused, in French under LANG=fr', async () => {
  const dir = folder();
  const io = Object.assign(captureIo(dir), { env: { LANG: 'fr_FR.UTF-8' } });
  const code = await main(['leaderboard', 'card.json', '--format', 'html', '--out', 'card.json'], io);
  assert.equal(code, 2);
  assert.match(io.err, /écriture de .*card\.json refusée\u00a0: c’est le même fichier que .*card\.json, une entrée de cette commande/);
  assert.equal(fs.readFileSync(path.join(dir, 'card.json'), 'utf8'), card());
});

test('an output that is a symbolic link is written through to its target: the link stays, the target gets the rows', async () => {
  const dir = folder();
  fs.mkdirSync(path.join(dir, 'real'));
  fs.writeFileSync(path.join(dir, 'real', 'sheet.csv'), 'old\n', { mode: 0o640 });
  fs.chmodSync(path.join(dir, 'real', 'sheet.csv'), 0o640);
  fs.symlinkSync(path.join('real', 'sheet.csv'), path.join(dir, 'out.csv'));
  // A dangling link: its target is created.
  fs.symlinkSync(path.join('real', 'new.csv'), path.join(dir, 'dangling.csv'));
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'out.csv'], io), 0, io.err);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'dangling.csv'], io), 0, io.err);
  for (const [link, target] of [
    ['out.csv', 'sheet.csv'],
    ['dangling.csv', 'new.csv'],
  ]) {
    assert.equal(fs.lstatSync(path.join(dir, link)).isSymbolicLink(), true, `${link} is still a link`);
    assert.match(fs.readFileSync(path.join(dir, 'real', target), 'utf8'), /^\uFEFFid,source,reference/);
  }
  assert.equal(fs.statSync(path.join(dir, 'real', 'sheet.csv')).mode & 0o777, 0o640, 'the target keeps its mode');
});

test('a loop of symbolic links is refused, not followed forever', async () => {
  const dir = folder();
  fs.symlinkSync('b.csv', path.join(dir, 'a.csv'));
  fs.symlinkSync('a.csv', path.join(dir, 'b.csv'));
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'a.csv'], io), 2);
  assert.match(io.err, /refused to write a\.csv: more than 40 symbolic links \(or a loop\) on the way to its target/);
});

test('an output keeps its mode: a 0600 or 0640 file is never made world-readable by the write', async () => {
  for (const mode of [0o600, 0o640, 0o604]) {
    const dir = folder();
    const out = path.join(dir, 'board.html');
    fs.writeFileSync(out, 'old');
    fs.chmodSync(out, mode);
    const io = captureIo(dir);
    assert.equal(await main(['leaderboard', 'card.json', '--format', 'html', '--out', 'board.html'], io), 0, io.err);
    assert.match(fs.readFileSync(out, 'utf8'), /<html/i);
    assert.equal(fs.statSync(out).mode & 0o7777, mode, `mode 0${mode.toString(8)} kept`);
  }
});

test('a read-only output (0444, 0400: no owner-write bit) is refused as read-only, also for root, and left as it was', async () => {
  for (const mode of [0o444, 0o400]) {
    const dir = folder();
    const out = path.join(dir, 'c.json');
    fs.chmodSync(out, mode);
    const io = captureIo(dir);
    // The corpus import writes into the corpus: the most likely place for a file made read-only on purpose.
    assert.equal(await main(['corpus', 'import', 'sheet.csv', '--into', 'c.json'], io), 2);
    assert.match(
      io.err,
      new RegExp(
        `refused to write .*c\\.json: it is read-only \\(mode 0${mode.toString(8)}\\); make it writable \\(chmod u\\+w\\) or name another output file`,
      ),
    );
    fs.chmodSync(out, 0o600);
    assert.equal(fs.readFileSync(out, 'utf8'), corpus());
    assert.deepEqual(
      fs.readdirSync(dir).filter((n) => n.endsWith('.tmp')),
      [],
    );
  }
});

test('a folder named as the output is refused', async () => {
  const dir = folder();
  fs.mkdirSync(path.join(dir, 'out.csv'));
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'out.csv'], io), 2);
  assert.match(io.err, /refused to write .*out\.csv: it is a folder or a special file, not a regular file/);
});

test('through the real entry (bin/ewebench-studio.js): corpus export c.json --out c.json exits 2 and the corpus is unchanged', async () => {
  const dir = folder();
  const cli = spawnCli(['corpus', 'export', 'c.json', '--out', 'c.json'], { cwd: dir });
  const { code } = await cli.exited;
  assert.equal(code, 2, cli.stdout);
  assert.match(cli.stderr, /refused to write c\.json: it is the same file as c\.json, an input of this command/);
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), corpus());
});
