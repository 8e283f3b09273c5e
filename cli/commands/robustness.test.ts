import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

/** Hostile files and folders on the command line: each problem is reported by name, the rest still run. */
function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-cli-robust-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const OK = JSON.stringify([{ id: 'tr_01', prompt: 'Ŋdi nyuie', eval_method: 'keywords', expected_keywords: ['ŋdi'] }], null, 2);
const DEEP = '['.repeat(3000);

test('validate reports a deeply nested file by name as invalid-json and still reports the good one', async () => {
  const dir = tempDir({ 'ok.json': OK, 'deep.json': DEEP, 'deep-objects.json': '{"a":'.repeat(10000) });
  const io = captureIo(dir);
  assert.equal(await main(['validate', 'ok.json', 'deep.json', 'deep-objects.json', '--format', 'json'], io), 1, io.err);
  const out = JSON.parse(io.out) as { file: string; kind: string; diagnostics: { code: string; message: string }[] }[];
  assert.deepEqual(
    out.map((r) => r.file),
    ['ok.json', 'deep.json', 'deep-objects.json'],
  );
  assert.equal(out[0].kind, 'ewebench-tests');
  for (const deep of out.slice(1)) {
    assert.deepEqual(
      deep.diagnostics.map((d) => d.code),
      ['invalid-json'],
    );
    assert.match(deep.diagnostics[0].message, /more than 1000 levels/);
  }
});

test('coverage skips a deeply nested file by name and still reports the good one', async () => {
  const dir = tempDir({ 'ok.json': OK, 'deep.json': DEEP });
  const io = captureIo(dir);
  assert.equal(await main(['coverage', 'ok.json', 'deep.json'], io), 0);
  assert.match(io.out, /^ok\.json: Ewe 1\/7/m);
  assert.match(io.err, /deep\.json: skipped \(nested more than 1000 levels deep\)/);
});

test('score reports a deeply nested tests file by name, scores the others and exits 2', async () => {
  const dir = tempDir({ 'translation.json': OK, 'agentic.json': DEEP, 'answers.json': JSON.stringify({ tr_01: 'Ŋdi nyuie' }) });
  const io = captureIo(dir);
  assert.equal(await main(['score', 'translation.json', 'agentic.json', '--responses', 'answers.json'], io), 2);
  assert.match(io.err, /agentic\.json:1:1001: invalid JSON \(nested more than 1000 levels deep\)/);
  assert.match(io.out, /tr_01\s+translation\s+keywords\s+1\.000\s.*pass/);
});

test('score with no response matching any test says so and exits 1 instead of printing a score of 0', async () => {
  const dir = tempDir({ 'translation.json': OK, 'answers.json': JSON.stringify({ other_01: 'x' }) });
  const io = captureIo(dir);
  assert.equal(await main(['score', 'translation.json', '--responses', 'answers.json'], io), 1);
  assert.match(io.err, /no response matched a test id \(1 response, e\.g\. "other_01"\)/);
  assert.doesNotMatch(io.out, /ÈwéScore/);
});

test('score looks an integer id up by its digits, however large, as Python would', async () => {
  const tests = '[{"id": 12345678901234567890123, "prompt": "x", "eval_method": "exact_match", "expected": "a"}]';
  const dir = tempDir({ 'reasoning.json': tests, 'answers.json': JSON.stringify({ '12345678901234567890123': 'a' }) });
  const io = captureIo(dir);
  assert.equal(await main(['score', 'reasoning.json', '--responses', 'answers.json', '--format', 'json'], io), 0, io.err);
  assert.equal((JSON.parse(io.out) as { tests: { id: string }[] }).tests[0].id, '12345678901234567890123');
});

test('chrf notes empty input and says which line-end rule it uses for lone carriage returns', async () => {
  const dir = tempDir({ 'empty-hyp.txt': '', 'empty-ref.txt': '', 'cr-hyp.txt': 'a b\rc d\n', 'cr-ref.txt': 'a b\rc e\n' });
  let io = captureIo(dir);
  assert.equal(await main(['chrf', '--hyp', 'empty-hyp.txt', '--ref', 'empty-ref.txt'], io), 0);
  assert.match(io.err, /empty-hyp\.txt has no lines/);
  io = captureIo(dir);
  // sacrebleu opens files with newline="\n": one segment here, where Python's readlines() would see two.
  assert.equal(await main(['chrf', '--hyp', 'cr-hyp.txt', '--ref', 'cr-ref.txt', '--sentence', '--format', 'json'], io), 0);
  assert.equal((JSON.parse(io.out) as unknown[]).length, 1);
  assert.match(io.err, /only LF ends a segment, as in sacrebleu/);
});

test('text output escapes control characters in ids, keys and methods: no escape sequence, no forged line', async () => {
  const hostile = JSON.stringify([{ id: 'a\u001b[31m', prompt: 'x', eval_method: 'ewe_quality\u001b]0;pwn\u0007', 'k\nother.json:1:1: error forged': 1 }]);
  const dir = tempDir({ 'tests.json': hostile, 'bad\nname.json': OK });
  const io = captureIo(dir);
  await main(['validate', '.'], io);
  assert.ok(!(io.out + io.err).includes('\u001b') && !(io.out + io.err).includes('\u0007'));
  for (const line of io.out.trimEnd().split('\n')) assert.match(line, /^(tests\.json|bad\\nname\.json):\d+:\d+: /, line);
  assert.match(io.out, /k\\nother\.json:1:1: error forged/);
  const score = captureIo(dir);
  await main(['score', 'tests.json', '--responses', 'tests.json'], score);
  fs.writeFileSync(path.join(dir, 'answers.json'), JSON.stringify({ 'a\u001b[31m': 'x', 'evil\u001b[2J': 'y' }));
  const scored = captureIo(dir);
  await main(['score', 'tests.json', '--responses', 'answers.json'], scored);
  assert.ok(!(scored.out + scored.err).includes('\u001b'));
  assert.match(scored.out, /a\\x1b\[31m/);
});

test('sarif artifact locations are URIs: spaces, # and % are encoded', async () => {
  const dir = tempDir({ 'my tests #1 100%.json': '[{"id": "a", "prompt": "x"}]' });
  const io = captureIo(dir);
  await main(['validate', '.', '--format', 'sarif'], io);
  const sarif = JSON.parse(io.out);
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, 'my%20tests%20%231%20100%25.json');
});

test("an unreadable file is that file's error; the others are still validated and the run exits 2", async () => {
  const dir = tempDir({ 'a.json': OK, 'b.json': '[{"id": "x", "prompt": "y"}]' });
  const io = captureIo(dir);
  io.readBytes = (p: string) => {
    if (p.endsWith('a.json')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    return fs.readFileSync(p);
  };
  assert.equal(await main(['validate', '.', '--format', 'json'], io), 2);
  const out = JSON.parse(io.out) as { file: string; error?: string; diagnostics: unknown[] }[];
  assert.deepEqual(
    out.map((r) => [r.file, r.error]),
    [
      ['a.json', 'cannot read (permission denied)'],
      ['b.json', undefined],
    ],
  );
  assert.ok(out[1].diagnostics.length > 0);
  const text = captureIo(dir);
  text.readBytes = io.readBytes;
  assert.equal(await main(['validate', '.'], text), 2);
  assert.match(text.err, /^a\.json: error: cannot read \(permission denied\)$/m);
  assert.match(text.out, /^b\.json:\d+:\d+: error missing-field/m);
  const sarif = captureIo(dir);
  sarif.readBytes = io.readBytes;
  await main(['validate', '.', '--format', 'sarif'], sarif);
  const notes = JSON.parse(sarif.out).runs[0].invocations[0].toolExecutionNotifications;
  assert.equal(notes[0].locations[0].physicalLocation.artifactLocation.uri, 'a.json');
});

test('an unreadable subfolder is reported and the walk goes on', { skip: process.getuid?.() === 0 ? 'root reads any folder' : false }, async () => {
  const dir = tempDir({ 'locked/x.json': OK, 'open/y.json': OK });
  fs.chmodSync(path.join(dir, 'locked'), 0);
  try {
    const io = captureIo(dir);
    assert.equal(await main(['validate', '.'], io), 2);
    assert.match(io.err, /locked: error: cannot read folder \(permission denied\)/);
    assert.match(io.err, /1 file,|2 files,/);
  } finally {
    fs.chmodSync(path.join(dir, 'locked'), 0o755);
  }
});

test('a file named twice, or named and inside a folder named too, is checked once; one folder without links lists each file once', async () => {
  const dir = tempDir({ 'real/tests.json': OK, 'real/more/other.json': OK.replace('tr_01', 'tr_02') });
  for (const args of [['real', 'real/tests.json'], ['real/tests.json', './real/tests.json'], ['real', 'real/more'], ['real']]) {
    const io = captureIo(dir);
    assert.equal(await main(['validate', ...args, '--format', 'json'], io), 0, io.out);
    const files = (JSON.parse(io.out) as { file: string }[]).map((r) => r.file).sort();
    assert.deepEqual(files, args.includes('real') ? ['real/more/other.json', 'real/tests.json'] : ['real/tests.json'], args.join(' '));
  }
});

test('symlinked JSON files are followed, links to folders are named as not followed, and a FIFO is refused', async () => {
  const dir = tempDir({ 'real/tests.json': OK });
  const outside = tempDir({ 'other.json': OK.replace('tr_01', 'tr_02') });
  fs.symlinkSync(path.join(outside, 'other.json'), path.join(dir, 'linked.json'));
  // The same file reached twice is checked once (no false duplicate ids).
  fs.symlinkSync(path.join(dir, 'real', 'tests.json'), path.join(dir, 'same.json'));
  fs.symlinkSync(path.join(dir, 'real'), path.join(dir, 'folder-link'));
  const io = captureIo(dir);
  assert.equal(await main(['validate', '.', '--format', 'json'], io), 0, io.out);
  assert.deepEqual(
    (JSON.parse(io.out) as { file: string }[]).map((r) => r.file),
    ['linked.json', 'real/tests.json'],
  );
  assert.match(io.err, /folder-link: symbolic link to a folder: not followed/);
  execFileSync('mkfifo', [path.join(dir, 'pipe.json')]);
  fs.writeFileSync(path.join(dir, 'answers.json'), '{}');
  for (const command of [
    ['validate', 'pipe.json', 'linked.json'],
    ['coverage', 'pipe.json'],
    ['score', 'pipe.json', '--responses', 'answers.json'],
    ['score', 'linked.json', '--responses', 'pipe.json'],
  ]) {
    const fifo = captureIo(dir);
    assert.equal(await main(command, fifo), 2, command.join(' '));
    assert.match(fifo.err, /pipe\.json: (error: )?not a regular file/);
  }
});

test('a UTF-16 file gets one message naming the encoding; invalid UTF-8 is flagged at its byte offset; 1e400 overflows', async () => {
  const tests = JSON.stringify([{ id: 'a', prompt: 'x', eval_method: 'ewe_quality' }], null, 2);
  const dir = tempDir({});
  fs.writeFileSync(path.join(dir, 'utf16.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tests, 'utf16le')]));
  fs.writeFileSync(path.join(dir, 'utf16be.json'), Buffer.from(tests, 'utf16le').swap16());
  const bad = Buffer.from(tests.replace('"x"', '"xZ"'), 'utf8');
  bad[bad.indexOf('Z')] = 0xe9; // Latin-1 é
  fs.writeFileSync(path.join(dir, 'latin1.json'), bad);
  fs.writeFileSync(path.join(dir, 'huge.json'), '[{"id": "b", "prompt": "x", "eval_method": "ewe_quality", "temperature": 1e400}]');
  const io = captureIo(dir);
  assert.equal(await main(['validate', '.', '--format', 'json'], io), 1);
  const out = JSON.parse(io.out) as { file: string; diagnostics: { code: string; message: string; range: { start: { line: number; character: number } } }[] }[];
  // The weak-test audit's warnings are beside the point here.
  const byFile = Object.fromEntries(out.map((r) => [r.file, r.diagnostics.filter((d) => d.code !== 'weak-test')]));
  assert.deepEqual(
    byFile['utf16.json'].map((d) => d.code),
    ['file-encoding'],
  );
  assert.match(byFile['utf16.json'][0].message, /UTF-16 \(LE, with a byte order mark\)/);
  assert.match(byFile['utf16be.json'][0].message, /UTF-16 \(BE\)/);
  assert.equal(byFile['utf16be.json'].length, 1);
  assert.deepEqual(
    byFile['latin1.json'].map((d) => d.code),
    ['file-encoding'],
  );
  assert.match(byFile['latin1.json'][0].message, new RegExp(`^Invalid UTF-8 at byte ${bad.indexOf(0xe9)}:`));
  assert.deepEqual(byFile['latin1.json'][0].range.start, { line: 3, character: 16 });
  assert.match(byFile['huge.json'][0].message, /`temperature` overflows/);
  fs.writeFileSync(path.join(dir, 'answers.json'), '{"a": "x"}');
  const score = captureIo(dir);
  assert.equal(await main(['score', 'utf16.json', '--responses', 'answers.json'], score), 2);
  assert.match(score.err, /utf16\.json: the file is UTF-16 \(LE, with a byte order mark\)/);
});

test('a folder with no JSON file says so', async () => {
  const dir = tempDir({ 'empty/readme.txt': 'nothing here' });
  const io = captureIo(dir);
  assert.equal(await main(['validate', 'empty'], io), 0);
  assert.match(io.err, /^empty: no \*\.json file in this folder$/m);
});
