import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import { applyTextEdits } from '../../core/document/jsonEdits';
import { generateCorpus, rng } from '../../bench/generate';
import type { HostMessage } from '../../protocol/corpusTable';
import { renderTableHtml } from './html';
import { TableSession, type TableSource } from './session';

const REASONS = { notCorpus: 'not a corpus', invalidJson: 'invalid JSON' };

/** A text document as the session reads it: text and a version that grows with each change. */
class FakeDocument implements TableSource {
  version = 1;
  constructor(private text: string) {}
  getText(): string {
    return this.text;
  }
  set(text: string): void {
    this.text = text;
    this.version++;
  }
}

test('a page edit becomes one text edit of the current version; a stale version is refused', () => {
  const text = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');
  const doc = new FakeDocument(text);
  const session = new TableSession(doc);
  const message = session.viewMessage(REASONS);
  assert.equal(message.type, 'view');
  const result = session.handle({ type: 'edit', version: 1, index: 0, field: 'reference', text: 'Ŋdi ;d' });
  assert.ok(result && 'edits' in result && result.edits.length === 1);
  doc.set(applyTextEdits(text, result.edits));
  assert.equal((JSON.parse(doc.getText()) as { entries: { reference: string }[] }).entries[0].reference, 'Ŋdi ;d');
  // The table's own cell edit keeps every entry where it was: the page's next cell, sent before its rows came
  // back, still lands on the right entry.
  session.changed(2, true);
  const next = session.handle({ type: 'edit', version: 1, index: 1, field: 'reference', text: 'x' });
  assert.ok(next && 'edits' in next && next.edits.length === 1);
  // Any other change (a deletion, an edit in the JSON view) moves entries: older rows are refused.
  doc.set(applyTextEdits(doc.getText(), next.edits));
  session.changed(3, false);
  assert.deepEqual(session.handle({ type: 'edit', version: 2, index: 0, field: 'reference', text: 'y' }), { error: 'stale' });
  const added = session.handle({ type: 'add', version: 3 });
  assert.ok(added && 'edits' in added && added.focus !== undefined);
});

type ViewMessage = Extract<HostMessage, { type: 'view' }>;
const asView = (message: HostMessage): ViewMessage => {
  assert.equal(message.type, 'view');
  return message as ViewMessage;
};

test('the page gets the figures and one window of rows, never every row; windows answer the current view only', () => {
  const text = generateCorpus(5_000);
  const session = new TableSession(new FakeDocument(text));
  const view = asView(session.viewMessage(REASONS));
  assert.equal(view.shown, 5_000);
  assert.equal(view.meta.total, 5_000);
  assert.equal(view.meta.summary.entries, 5_000);
  assert.equal(view.first, 0);
  assert.deepEqual(
    view.rows.map((r) => r.index),
    Array.from({ length: 100 }, (_, i) => i),
  );
  assert.ok(JSON.stringify(view).length < text.length / 20, 'the first message is a small part of the corpus');
  const window = session.windowMessage(view.view, 2_000, 2_060);
  assert.ok(window && window.type === 'window');
  assert.equal(window.first, 2_000);
  assert.deepEqual(
    window.rows.map((r) => r.index),
    Array.from({ length: 60 }, (_, i) => 2_000 + i),
  );
  const large = session.windowMessage(view.view, 0, 5_000);
  assert.equal(large?.type === 'window' && large.rows.length, 500, 'a window is bounded');
  // Sorted and searched in the host: a new view, in its order, the active entry followed to its new position.
  session.setQuery({ sort: { column: 0, descending: true } }, 2_010);
  const sorted = asView(session.viewMessage(REASONS));
  assert.notEqual(sorted.view, view.view);
  assert.equal(session.windowMessage(view.view, 0, 10), undefined, 'a window of an old view is not answered');
  assert.equal(sorted.rows[(sorted.focus ?? -1) - sorted.first]?.index, 2_010);
  assert.equal(sorted.focus, 5_000 - 1 - 2_010, 'ids descending: entry 2010 moved');
  session.setQuery({ search: 'zzz-not-there' });
  const none = asView(session.viewMessage(REASONS));
  assert.equal(none.shown, 0);
  assert.deepEqual(none.rows, []);
});

test("a cell edit derives the next version's model from the edit; the page's next view holds the row as written", () => {
  const text = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');
  const doc = new FakeDocument(text);
  const session = new TableSession(doc);
  asView(session.viewMessage(REASONS));
  const edit = session.handle({ type: 'edit', version: 1, index: 2, field: 'reference', text: 'Ɖe' });
  assert.ok(edit && 'edits' in edit);
  doc.set(applyTextEdits(text, edit.edits));
  session.changed(2, true, edit.edits);
  assert.equal(session.lastBuild, 'derived');
  const view = asView(session.viewMessage(REASONS));
  assert.equal(view.version, 2);
  const column = view.meta.columns.findIndex((c) => c.field === 'reference');
  assert.equal(view.rows.find((r) => r.index === 2)?.cells[column], 'Ɖe');
  const fresh = asView(new TableSession(new FakeDocument(doc.getText())).viewMessage(REASONS));
  assert.deepEqual({ ...view, view: 0 }, { ...fresh, version: 2, view: 0 }, 'the same view as from the whole text');
  // A difficulty typed in changes the summary's tiers: the figures are counted again, as from the whole text.
  const tier = session.handle({ type: 'edit', version: 2, index: 0, field: 'difficulty', text: '77' });
  assert.ok(tier && 'edits' in tier);
  doc.set(applyTextEdits(doc.getText(), tier.edits));
  session.changed(3, true, tier.edits);
  assert.equal(session.lastBuild, 'derived');
  const tiers = asView(session.viewMessage(REASONS));
  assert.ok(tiers.meta.summary.difficulties.some((d) => d.value === '77'));
  assert.deepEqual(tiers.meta, asView(new TableSession(new FakeDocument(doc.getText())).viewMessage(REASONS)).meta);
  // A field added to an entry changes the columns: the model is built from the whole text.
  const added = session.handle({ type: 'edit', version: 3, index: 2, field: 'a_new_field', text: 'x' });
  assert.ok(added && 'edits' in added);
  doc.set(applyTextEdits(doc.getText(), added.edits));
  session.changed(4, true, added.edits);
  assert.ok(asView(session.viewMessage(REASONS)).meta.columns.some((c) => c.field === 'a_new_field'));
  assert.equal(session.lastBuild, 'parsed');
  // A duplicate renumbers the entries after it: the page is told so (its selection no longer names them).
  const dup = session.handle({ type: 'duplicate', version: 4, indices: [0] });
  assert.ok(dup && 'edits' in dup && dup.focus === 1);
  session.focus(dup.focus);
  doc.set(applyTextEdits(doc.getText(), dup.edits));
  session.changed(5, false, dup.edits);
  const after = asView(session.viewMessage(REASONS));
  assert.equal(after.renumbered, true);
  assert.equal(after.focus, 1);
});

test('after cell edits, every view (sorted, filtered, searched) is the one the whole text gives', () => {
  const doc = new FakeDocument(generateCorpus(2_000));
  const session = new TableSession(doc);
  const first = asView(session.viewMessage(REASONS));
  const columns = first.meta.columns;
  const at = (field: string) => columns.findIndex((c) => c.field === field);
  const random = rng(11);
  const queries = [
    {},
    { sort: { column: at('reference'), descending: false } },
    { sort: { column: at('source'), descending: true }, filters: { difficulty: '2' } },
    { search: 'ɖe', sort: { column: at('id'), descending: true } },
  ];
  const values: Record<string, string[]> = { reference: ['ɖe', 'Aa', 'zz ɖe'], source: ['B', 'ɖe x'], difficulty: ['2', '3'], domain: ['news', 'health'] };
  for (let n = 0; n < 40; n++) {
    const query = queries[n % queries.length];
    session.setQuery(query);
    session.viewMessage(REASONS);
    const fields = Object.keys(values).filter((f) => at(f) >= 0);
    const field = fields[Math.floor(random() * fields.length)];
    const text = values[field][Math.floor(random() * values[field].length)];
    const edit = session.handle({ type: 'edit', version: doc.version, index: Math.floor(random() * 2_000), field, text });
    assert.ok(edit && 'edits' in edit);
    if (edit.edits.length === 0) continue;
    doc.set(applyTextEdits(doc.getText(), edit.edits));
    session.changed(doc.version, true, edit.edits);
    const view = asView(session.viewMessage(REASONS));
    const fresh = new TableSession(new FakeDocument(doc.getText()));
    fresh.setQuery(query);
    const expected = asView(fresh.viewMessage(REASONS));
    assert.deepEqual({ ...view, view: 0, version: 0 }, { ...expected, view: 0, version: 0 }, `edit ${n}: ${field} = ${text} under ${JSON.stringify(query)}`);
  }
});

test('diagnostics land on the entry and field their range starts in', () => {
  const text = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');
  const session = new TableSession(new FakeDocument(text));
  const start = text.indexOf('"difficulty"', text.indexOf('"id": 2'));
  const problems = session.problems([
    { start, severity: 'warning', message: 'odd' },
    { start: 0, severity: 'error', message: 'file' },
  ]);
  assert.deepEqual([...problems], [[1, [{ severity: 'warning', message: 'odd', field: 'difficulty' }]]]);
});

test('documents that are not corpora, or not valid JSON, are explained instead of shown', () => {
  assert.deepEqual(new TableSession(new FakeDocument('{"a": 1}')).viewMessage(REASONS), { type: 'unavailable', version: 1, reason: 'not a corpus' });
  assert.deepEqual(new TableSession(new FakeDocument('[{"source": "a",')).viewMessage(REASONS), {
    type: 'unavailable',
    version: 1,
    reason: 'invalid JSON',
  });
});

test("the page allows only its own nonce'd script and styles, nothing from the network", () => {
  const html = renderTableHtml({
    nonce: 'abc',
    cspSource: 'vscode-resource:',
    scriptUri: 'vscode-resource:/dist/corpusTable.js',
    lang: 'fr',
    title: 'Tableau',
  });
  const csp = (/Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '').replace(/&#39;/g, "'");
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-abc'/);
  assert.doesNotMatch(html, /https?:/);
  assert.match(html, /<html lang="fr">/);
  assert.match(html, /role="grid"/);
  assert.equal([...html.matchAll(/<script /g)].length, 1);
});

test('the first view prepared while the page loads is the one a session that prepared nothing sends', async () => {
  const text = generateCorpus(300);
  const fresh = new TableSession(new FakeDocument(text)).viewMessage(REASONS);
  const prepared = new TableSession(new FakeDocument(text));
  let pauses = 0;
  await prepared.prepare(async () => void pauses++);
  // The work is cut into steps with a pause between each: the host's thread answers VS Code meanwhile.
  assert.ok(pauses >= 5, `${pauses} pauses`);
  assert.equal(prepared.lastBuild, 'parsed');
  assert.deepEqual(prepared.viewMessage(REASONS), fresh);
  // Not a corpus: nothing to prepare, and the page is told why.
  const other = new TableSession(new FakeDocument('[1, 2]'));
  await other.prepare();
  assert.equal(other.viewMessage(REASONS).type, 'unavailable');
});

test('a change or a page message during the preparation: the view is of the text as it is, the text read at most once more', async () => {
  const text = generateCorpus(120);
  let steps = 0;
  await new TableSession(new FakeDocument(text)).prepare(async () => void steps++);
  for (let at = 1; at <= steps; at++) {
    // The document changes at pause `at`: the preparation stops, and the view shows the new text.
    const doc = new FakeDocument(text);
    const session = new TableSession(doc);
    let pauses = 0;
    await session.prepare(async () => {
      if (++pauses === at) doc.set(text.replace('"entries"', '"entries" '));
    });
    const same = new FakeDocument(text);
    same.set(doc.getText());
    // The same rows and figures (the view's number counts the views made, one more when the first came before the change).
    const { view: _made, ...shown } = session.viewMessage(REASONS) as Extract<HostMessage, { type: 'view' }>;
    const { view: _fresh, ...expected } = new TableSession(same).viewMessage(REASONS) as Extract<HostMessage, { type: 'view' }>;
    assert.deepEqual(shown, expected, `changed at pause ${at}`);
    // The page asks for its view at pause `at`: it gets the view of the text, and the preparation stops short of
    // building what the page's question built (the text is read at most once more).
    const fresh = new TableSession(new FakeDocument(text)).viewMessage(REASONS);
    const counted = new FakeDocument(text);
    let reads = 0;
    const read = counted.getText.bind(counted);
    counted.getText = () => (reads++, read());
    const asked = new TableSession(counted);
    let seen: unknown;
    pauses = 0;
    await asked.prepare(async () => {
      if (++pauses === at) seen = asked.viewMessage(REASONS);
    });
    assert.deepEqual(seen, fresh, `asked at pause ${at}`);
    assert.ok(reads <= 2, `${reads} reads`);
  }
});

test("an edit's ranges from the session's text model are the positions the text has (LF and CRLF, tone marks)", async () => {
  for (const eol of ['\n', '\r\n']) {
    const text = generateCorpus(200).replace(/\n/g, eol);
    const session = new TableSession(new FakeDocument(text));
    await session.prepare();
    const result = session.handle({ type: 'edit', version: 1, index: 137, field: 'reference', text: 'Ɖé nyuie' });
    assert.ok(result && 'edits' in result && result.edits.length === 1);
    const ranges = session.rangesOf(result.edits);
    assert.ok(ranges);
    const positionOf = (offset: number) => {
      const before = text.slice(0, offset).split(/\r\n|\r|\n/);
      return { line: before.length - 1, character: before[before.length - 1].length };
    };
    assert.deepEqual(
      ranges,
      result.edits.map((e) => ({ start: positionOf(e.start), end: positionOf(e.end) })),
    );
  }
  // Another version than the model's: no ranges (the provider asks the document then).
  const doc = new FakeDocument(generateCorpus(5));
  const session = new TableSession(doc);
  await session.prepare();
  doc.set(doc.getText() + ' ');
  assert.equal(session.rangesOf([{ start: 0, end: 1, text: '' }]), undefined);
});

test('issue #30: Add entry and Duplicate past 2^53 return at once with ids counted by their digits, and cells show the digits', () => {
  const diagnostic = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');
  const idsOf = (text: string) => [...text.matchAll(/"id": ([^,\n]+)/g)].map((m) => m[1]);
  for (const [last, added, copies] of [
    ['9007199254740992', '9007199254740993', ['9007199254740993', '9007199254740994']],
    ['9007199254740991', '9007199254740992', ['9007199254740992', '9007199254740993']],
    ['1e308', '10', ['10', '11']],
  ] as const) {
    const text = diagnostic.replace('"id": 10,', `"id": ${last},`);
    const session = new TableSession(new FakeDocument(text));
    const view = asView(session.viewMessage(REASONS));
    const idColumn = view.meta.columns.findIndex((c) => c.field === 'id');
    assert.equal(view.rows.find((r) => r.index === 9)?.cells[idColumn], last, 'the id as the file writes it');
    const add = session.handle({ type: 'add', version: 1 });
    assert.ok(add && 'edits' in add, JSON.stringify(add));
    assert.equal(idsOf(applyTextEdits(text, add.edits)).at(-1), added);
    const dup = session.handle({ type: 'duplicate', version: 1, indices: [0, 1] });
    assert.ok(dup && 'edits' in dup, JSON.stringify(dup));
    const after = idsOf(applyTextEdits(text, dup.edits));
    // Each copy right after its original, with its own id.
    assert.deepEqual([after[after.indexOf('1') + 1], after[after.indexOf('2') + 1]], [...copies]);
  }
  // String ids past 2^53 keep their prefix.
  const strings = diagnostic.replace(/"id": (\d+),/g, (_, n: string) => `"id": "ewe_${(9007199254740990n + BigInt(n)).toString()}",`);
  const session = new TableSession(new FakeDocument(strings));
  asView(session.viewMessage(REASONS));
  const add = session.handle({ type: 'add', version: 1 });
  assert.ok(add && 'edits' in add);
  assert.equal(idsOf(applyTextEdits(strings, add.edits)).at(-1), '"ewe_9007199254741001"');
});

test('Add entry through the page: the new row is made active on its first empty cell, its required fields filled', () => {
  const text = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');
  const doc = new FakeDocument(text);
  const session = new TableSession(doc);
  asView(session.viewMessage(REASONS));
  const added = session.handle({ type: 'add', version: 1 });
  assert.ok(added && 'edits' in added && added.focus !== undefined);
  assert.equal(added.focusField, 'source');
  session.focus(added.focus, added.focusField);
  doc.set(applyTextEdits(text, added.edits));
  session.changed(2, true);
  const view = asView(session.viewMessage(REASONS));
  const source = view.meta.columns.findIndex((c) => c.field === 'source');
  assert.equal(view.focusField, 'source');
  assert.equal(view.focus, view.shown - 1, 'the new row, last in file order');
  const row = view.rows.find((r) => r.index === view.shown - 1)!;
  assert.equal(row.cells[source], '');
  for (const field of ['segment', 'difficulty', 'provenance', 'register', 'context']) {
    const column = view.meta.columns.findIndex((c) => c.field === field);
    assert.notEqual(row.cells[column], null, `${field} is filled`);
  }
  // The next view (any query) makes nothing active by itself: the page keeps its own active cell.
  session.setQuery({ search: 'x' });
  assert.equal(asView(session.viewMessage(REASONS)).focusField, undefined);
});

test('the page learns which columns are chosen from a list, and the values the corpus uses besides the spec’s', () => {
  const value = JSON.parse(fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8')) as { entries: { register: string }[] };
  value.entries[0].register = 'conversationl';
  const view = asView(new TableSession(new FakeDocument(JSON.stringify(value, null, 2))).viewMessage(REASONS));
  const register = view.meta.columns.find((c) => c.field === 'register')!;
  assert.ok(register.choices?.includes('conversational'));
  assert.ok(!register.choices?.includes('conversationl'));
  assert.deepEqual(view.meta.others.register, ['conversationl']);
  assert.deepEqual(view.meta.columns.find((c) => c.field === 'difficulty')!.choices, ['1', '2', '3', '4', '5']);
});
