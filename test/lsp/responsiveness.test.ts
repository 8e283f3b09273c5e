import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionRequest,
  CompletionRequest,
  HoverRequest,
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type Hover,
  type Position,
  type Range,
} from 'vscode-languageserver-protocol/node';
import { generateCorpus } from '../../bench/generate';
import { UTF8_CLIENT } from '../helpers/clientProfiles';
import { TestLspClient } from '../helpers/lspClient';

/**
 * Requests that arrive while a newer version waits for validation: answered from the last analysis where the
 * edits since leave the answer as it was, from the current version where they do not; a burst of edits is
 * validated once. The client counts positions in UTF-8, so every position and range crosses an encoding.
 */

const LOOK_ALIKE = 'ε';
/** The entries the requests read: one far from the edits, one the edits change. */
const FAR = 1500;
const NEAR = 20;

/** A 2,000-entry corpus with a look-alike (a quick fix) in the two entries the requests read. */
function corpus(): string {
  const value = JSON.parse(generateCorpus(2000, 5)) as { entries: Record<string, unknown>[] };
  for (const id of [FAR, NEAR]) value.entries[id - 1].reference = `Ɖevi ${LOOK_ALIKE} yi asi me.`;
  return JSON.stringify(value, null, 2) + '\n';
}

/** The offset just after `marker` in the entry with this id. */
function inEntry(text: string, id: number, marker: string): number {
  const entry = text.indexOf(`"id": ${id},`);
  assert.ok(entry >= 0, `entry ${id}`);
  const found = text.indexOf(marker, entry);
  assert.ok(found >= 0, marker);
  return found + marker.length;
}

/** A position of `doc` as a UTF-8 client counts it. */
function wire(doc: TextDocument, offset: number): Position {
  const { line } = doc.positionAt(offset);
  const lineStart = doc.offsetAt({ line, character: 0 });
  return { line, character: Buffer.byteLength(doc.getText().slice(lineStart, offset), 'utf8') };
}

function wireRange(doc: TextDocument, start: number, end: number): Range {
  return { start: wire(doc, start), end: wire(doc, end) };
}

/** The client's copy of the text, edited as it sends each change. */
class ClientText {
  readonly doc: TextDocument;
  constructor(
    readonly client: TestLspClient,
    readonly uri: string,
    text: string,
  ) {
    this.doc = TextDocument.create(uri, 'json', 1, text);
  }

  get text(): string {
    return this.doc.getText();
  }

  /** Replaces [start, end) of the current text (UTF-16 offsets) and sends the change in UTF-8. */
  edit(start: number, end: number, text: string): number {
    const range = wireRange(this.doc, start, end);
    const version = this.client.edit(this.uri, range, text);
    TextDocument.update(this.doc, [{ range: { start: this.doc.positionAt(start), end: this.doc.positionAt(end) }, text }], version);
    return version;
  }
}

interface Answers {
  hover: Hover | null;
  completion: CompletionItem[] | null;
  actions: CodeAction[] | null;
}

/**
 * A hover on the entry's reference, completion in its register value and the code actions of its look-alike,
 * all at positions of the client's current text. Sent, not awaited: `together` may send them with an edit.
 */
function ask(buffer: ClientText, id: number): Promise<Answers> {
  const { client, uri, text, doc } = buffer;
  const textDocument = { uri };
  const lookAlike = text.indexOf(LOOK_ALIKE, inEntry(text, id, '"reference": "'));
  const diagnostic: Diagnostic = { range: wireRange(doc, lookAlike, lookAlike + 1), code: 'confusable-char', source: 'ewebench', message: '' };
  const hover = client.connection.sendRequest(HoverRequest.type, { textDocument, position: wire(doc, inEntry(text, id, '"reference": "Ɖevi ')) });
  const completion = client.connection.sendRequest(CompletionRequest.type, { textDocument, position: wire(doc, inEntry(text, id, '"register": "')) });
  const actions = client.connection.sendRequest(CodeActionRequest.type, { textDocument, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
  return Promise.all([hover, completion, actions]).then(([h, c, a]) => ({
    hover: h,
    completion: c as CompletionItem[] | null,
    actions: a as CodeAction[] | null,
  }));
}

/**
 * The answers fit the client's current text: the hover covers the entry's reference string where it now stands,
 * and the look-alike's fix lands on the look-alike itself.
 */
function assertFitCurrentText(buffer: ClientText, id: number, answers: Answers): void {
  const reference = inEntry(buffer.text, id, '"reference": ');
  assert.deepEqual(answers.hover?.range, wireRange(buffer.doc, reference, buffer.text.indexOf('",', reference) + 1));
  const edits = answers.actions?.flatMap((a) => a.edit?.changes?.[buffer.uri] ?? []) ?? [];
  const lookAlike = buffer.text.indexOf(LOOK_ALIKE, inEntry(buffer.text, id, '"reference": "'));
  assert.ok(
    edits.some((e) => JSON.stringify(e.range) === JSON.stringify(wireRange(buffer.doc, lookAlike, lookAlike + 1)) && e.newText === 'ɛ'),
    JSON.stringify(edits),
  );
}

/**
 * Sends the edits `edit` makes together with the requests of `ask` on entry `id`, then asks again once the last
 * version is validated: what was answered right after the edits, and what is answered after their validation.
 */
async function askRightAfter(client: TestLspClient, buffer: ClientText, id: number, edit: () => number): Promise<{ answered: Answers; validated: Answers }> {
  const { version, early } = await client.together(() => {
    const version = edit();
    return { version, early: ask(buffer, id) };
  });
  const answered = await early;
  await client.waitForVersion(buffer.uri, version, 30000);
  return { answered, validated: await ask(buffer, id) };
}

/** Runs `run` with a UTF-8 client on a server that has the corpus open and validated; stops the server after. */
async function withCorpus(run: (client: TestLspClient, buffer: ClientText) => Promise<void>): Promise<void> {
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: null, capabilities: UTF8_CLIENT });
    const uri = 'file:///tmp/ewb-responsiveness/corpus.json';
    const buffer = new ClientText(client, uri, corpus());
    client.open(uri, buffer.text);
    await client.waitForVersion(uri, 1, 30000);
    await run(client, buffer);
  } finally {
    await client.shutdown();
  }
}

test('requests far from a structural edit are answered from the last analysis, with ranges moved to the current text', () =>
  withCorpus(async (client, buffer) => {
    const before = (await client.fileInfo(buffer.uri))?.stats;
    assert.deepEqual(before, { analyses: 1, earlierAnswers: 0 });
    // A whole entry inserted before entry 100, on lines of its own: every later line moves down.
    const at = buffer.text.lastIndexOf('{', buffer.text.indexOf('"id": 100,'));
    const { answered, validated } = await askRightAfter(client, buffer, FAR, () =>
      buffer.edit(at, at, '{"id": 999999, "source": "x", "reference": "y"},\n    '),
    );

    assert.ok(answered.hover && answered.completion?.length && answered.actions?.length, JSON.stringify(answered));
    assert.deepEqual(answered, validated);
    assertFitCurrentText(buffer, FAR, answered);
    // The three requests were answered from version 1's analysis; version 2 was analysed once, to validate it.
    assert.deepEqual((await client.fileInfo(buffer.uri))?.stats, { analyses: 2, earlierAnswers: 3 });
  }));

test('requests inside the entry an edit changed are answered from the current version, as after its validation', () =>
  withCorpus(async (client, buffer) => {
    // The entry's register value is replaced, and a letter typed in its reference before the look-alike.
    const register = inEntry(buffer.text, NEAR, '"register": "');
    const { answered, validated } = await askRightAfter(client, buffer, NEAR, () => {
      buffer.edit(register, buffer.text.indexOf('"', register), 'form');
      const typed = inEntry(buffer.text, NEAR, '"reference": "Ɖevi ');
      return buffer.edit(typed, typed, 'ɖ');
    });

    assert.deepEqual(answered, validated);
    assert.ok(
      answered.completion?.some((item) => item.label === '"formal"'),
      'the register values are offered',
    );
    assertFitCurrentText(buffer, NEAR, answered);
    // Nothing was answered from version 1: the requests analysed version 3, which the validation then published.
    assert.deepEqual((await client.fileInfo(buffer.uri))?.stats, { analyses: 2, earlierAnswers: 0 });
  }));

test('a burst of 50 edits sent together is validated once, for its last version, as a fresh open of the final text is', () =>
  withCorpus(async (client, buffer) => {
    const published = client.published.length;
    const version = await client.together(() => {
      let last = 1;
      for (let i = 0; i < 50; i++) {
        const text = buffer.text;
        if (i === 25) {
          // One structural edit in the middle of the burst: entry 300 removed.
          const start = text.lastIndexOf('{', text.indexOf('"id": 300,'));
          const next = text.lastIndexOf('{', text.indexOf('"id": 301,'));
          last = buffer.edit(start, next, '');
        } else {
          // Typing into entry 40's reference, with a look-alike now and then.
          const at = inEntry(text, 40, '"reference": "');
          last = buffer.edit(at, at, i % 10 === 3 ? LOOK_ALIKE : 'a');
        }
      }
      return last;
    });
    assert.equal(version, 51);
    const final = await client.waitForVersion(buffer.uri, version, 30000);
    assert.deepEqual((await client.fileInfo(buffer.uri))?.stats, { analyses: 2, earlierAnswers: 0 }, 'one analysis for the whole burst');
    assert.deepEqual(
      client.published.slice(published).map((p) => [p.uri, p.version]),
      [[buffer.uri, 51]],
      'one publication, for the last version',
    );

    const fresh = 'file:///tmp/ewb-responsiveness/fresh.json';
    client.open(fresh, buffer.text);
    const expected = await client.waitForVersion(fresh, 1, 30000);
    const sorted = (d: { uri: string; diagnostics: unknown[] }) => d.diagnostics.map((x) => JSON.stringify(x).split(d.uri).join('<self>')).sort();
    assert.deepEqual(sorted(final), sorted(expected));
    assert.ok(
      final.diagnostics.some(
        (d) => d.code === 'confusable-char' && d.range.start.line === buffer.doc.positionAt(inEntry(buffer.text, 40, '"reference": ')).line,
      ),
    );
  }));
