import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveCell, summarize, viewRows, fetchWindow, filterOptions, type TableData } from './tableView';

const data: TableData = {
  shape: 'envelope',
  idField: 'id',
  sourceField: 'source',
  referenceField: 'reference',
  count: 4,
  columns: [
    { field: 'id', kind: 'number' },
    { field: 'source', kind: 'string' },
    { field: 'difficulty', kind: 'number' },
    { field: 'register', kind: 'string' },
  ],
  rows: [
    { index: 0, segment: 'development', secret: false, hidden: false, cells: ['1', 'Good morning', '10', 'formal'] },
    { index: 1, segment: 'gold_standard', secret: true, hidden: false, cells: ['2', 'Ɖevi la', '2', 'conversational'] },
    { index: 2, segment: 'development', secret: false, hidden: false, cells: ['3', 'évi', null, 'formal'] },
    { index: 3, segment: 'held_out', secret: true, hidden: true, cells: ['4', null, '2', null] },
  ],
};

test('sorting is numeric for number columns, keeps ties in file order and puts absent cells last', () => {
  assert.deepEqual(viewRows(data, { sort: { column: 2, descending: false } }), [1, 3, 0, 2]);
  assert.deepEqual(viewRows(data, { sort: { column: 2, descending: true } }), [0, 1, 3, 2]);
  assert.deepEqual(viewRows(data, { sort: { column: 1, descending: false } }), [1, 2, 0, 3], 'Ɖ sorts with d, é with e');
});

test('filters, "has problems" and search combine', () => {
  assert.deepEqual(viewRows(data, { filters: { segment: 'development' } }), [0, 2]);
  assert.deepEqual(viewRows(data, { filters: { register: 'formal', difficulty: '10' } }), [0]);
  assert.deepEqual(viewRows(data, { problemsOnly: true }, new Set([3, 1])), [1, 3]);
  assert.deepEqual(viewRows(data, { search: 'ɖEVI' }), [1], 'case-insensitive, Ewe letters included');
  assert.deepEqual(viewRows(data, { search: 'e\u0301vi' }), [2], 'a decomposed accent finds the composed one');
  assert.deepEqual(filterOptions(data), {
    segment: ['development', 'gold_standard', 'held_out'],
    difficulty: ['2', '10'],
    register: ['conversational', 'formal'],
  });
});

test('the window to fetch holds the shown rows, overscan either side, inside the rows and the size bound', () => {
  assert.deepEqual(fetchWindow(0, 40, 20_000, 50, 500), { first: 0, end: 90 });
  assert.deepEqual(fetchWindow(1000, 1040, 20_000, 50, 500), { first: 950, end: 1090 });
  assert.deepEqual(fetchWindow(19_980, 20_000, 20_000, 50, 500), { first: 19_930, end: 20_000 });
  assert.deepEqual(fetchWindow(0, 900, 20_000, 50, 500), { first: 0, end: 500 }, 'never more than the bound');
  assert.deepEqual(fetchWindow(100, 560, 20_000, 50, 500), { first: 80, end: 580 });
  assert.deepEqual(fetchWindow(0, 40, 0, 50, 500), { first: 0, end: 0 });
  assert.deepEqual(fetchWindow(30, 40, 10, 5, 500), { first: 5, end: 10 }, 'past the end: clamped');
});

test('keyboard moves stay inside the grid and Tab wraps to the next row', () => {
  assert.deepEqual(moveCell({ row: 0, column: 0 }, 'ArrowUp', 5, 3), { row: 0, column: 0 });
  assert.deepEqual(moveCell({ row: 0, column: 2 }, 'Tab', 5, 3), { row: 1, column: 0 });
  assert.deepEqual(moveCell({ row: 1, column: 0 }, 'ShiftTab', 5, 3), { row: 0, column: 2 });
  assert.deepEqual(moveCell({ row: 4, column: 2 }, 'Tab', 5, 3), { row: 4, column: 2 });
  assert.deepEqual(moveCell({ row: 2, column: 1 }, 'PageDown', 5, 3, 10), { row: 4, column: 1 });
  assert.deepEqual(moveCell({ row: 2, column: 1 }, 'CtrlEnd', 5, 3), { row: 4, column: 2 });
});

test('the summary counts segments against the spec minimums, difficulty tiers and registers', () => {
  const s = summarize(data);
  assert.equal(s.entries, 4);
  assert.deepEqual(s.segments, [
    { value: 'development', count: 2, minimum: 30 },
    { value: 'gold_standard', count: 1, minimum: 50 },
    { value: 'held_out', count: 1, minimum: 10 },
  ]);
  assert.deepEqual(s.tiers, { count: 2, minimum: 3 });
  assert.deepEqual(s.registerCount, { count: 2, minimum: 2 });
  assert.equal(s.secret, 2);
});
