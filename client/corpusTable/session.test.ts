import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import { applyTextEdits } from '../../core/corpus/jsonEdits';
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
  const message = session.dataMessage([], REASONS);
  assert.equal(message.type, 'data');
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

test("after the table's own cell edits only those rows are sent; a new column sends everything", () => {
  const text = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');
  const doc = new FakeDocument(text);
  const session = new TableSession(doc);
  const columns = session.columns();
  const edit = session.handle({ type: 'edit', version: 1, index: 2, field: 'reference', text: 'Ɖe' });
  assert.ok(edit && 'edits' in edit);
  doc.set(applyTextEdits(text, edit.edits));
  const rows = session.rowsMessage(new Set([2]), columns, [], REASONS);
  assert.ok(rows.type === 'rows');
  assert.deepEqual(
    rows.rows.map((r) => r.index),
    [2],
  );
  assert.equal(rows.version, 2);
  const added = session.handle({ type: 'edit', version: 2, index: 2, field: 'a_new_field', text: 'x' });
  assert.ok(added && 'edits' in added);
  doc.set(applyTextEdits(doc.getText(), added.edits));
  assert.equal(session.rowsMessage(new Set([2]), columns, [], REASONS).type, 'data');
});

test('diagnostics land on the entry and field their range starts in', () => {
  const text = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');
  const session = new TableSession(new FakeDocument(text));
  const start = text.indexOf('"difficulty"', text.indexOf('"id": 2'));
  const problems = session.problems([
    { start, severity: 'warning', message: 'odd' },
    { start: 0, severity: 'error', message: 'file' },
  ]);
  assert.deepEqual(problems, { 1: [{ severity: 'warning', message: 'odd', field: 'difficulty' }] });
});

test('documents that are not corpora, or not valid JSON, are explained instead of shown', () => {
  assert.deepEqual(new TableSession(new FakeDocument('{"a": 1}')).dataMessage([], REASONS), { type: 'unavailable', version: 1, reason: 'not a corpus' });
  assert.deepEqual(new TableSession(new FakeDocument('[{"source": "a",')).dataMessage([], REASONS), {
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
