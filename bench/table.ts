/**
 * The corpus table on a generated 20,000-entry corpus, measured without VS Code through the same code the
 * extension host runs (`client/corpusTable/session.ts`, core's table model and view), each message passed
 * through JSON as `postMessage` serialises it:
 *   - open: the document parsed, the model built, the view computed and the first message (figures and the
 *     first window of rows) serialised and read by the page (budget 1 s). Beside it, the same before rows were
 *     streamed: every row in one message, which the page ordered and counted itself;
 *   - sort by source + search: the page's query answered with a new view and its window;
 *   - edit → JSON: a cell edit message from the page to the text edit applied to the text (budget 50 ms), then
 *     the new version's model derived from the edit (only that entry parsed again) and the view the page gets
 *     (its window of rows), beside a model built from the whole text, as every version was before;
 *   - memory: heap held by the host's session (document, model, view) and by the page's message.
 * Medians of BENCH_RUNS (5) runs, JSON.parse of the text as the baseline measured in the same run.
 * Run: `npm run bench:table`.
 */
import { applyTextEdits } from '../core/document/jsonEdits';
import { JsonDocument } from '../core/document/jsonDocument';
import { CorpusTableModel } from '../core/corpus/tableModel';
import { filterOptions, summarize, viewRows, type TableData } from '../core/corpus/tableView';
import type { HostMessage, WebviewMessage } from '../protocol/corpusTable';
import { TableSession, type TableSource } from '../client/corpusTable/session';
import { generateCorpus, rng } from './generate';
import { fmt, median, ratio, timeRuns } from './stats';

const REASONS = { notCorpus: 'not a corpus', invalidJson: 'invalid JSON' };
const runs = Number(process.env.BENCH_RUNS ?? 5);
const text = generateCorpus(20_000);

class Source implements TableSource {
  version = 1;
  constructor(public text: string) {}
  getText(): string {
    return this.text;
  }
}

/** What `postMessage` costs: the message serialised and read back. */
const wire = <T>(message: T): T => JSON.parse(JSON.stringify(message)) as T;

const parse = median(timeRuns(runs, () => JSON.parse(text)));

let firstMessageBytes = 0;
const open = median(
  timeRuns(runs, () => {
    const session = new TableSession(new Source(text));
    const json = JSON.stringify(session.viewMessage(REASONS));
    firstMessageBytes = json.length;
    JSON.parse(json);
  }),
);

// Before: the page got every row in its first message, then ordered them and counted the summary and the
// filter menus itself.
let allRowsBytes = 0;
const allRows = median(
  timeRuns(runs, () => {
    const model = new CorpusTableModel(new JsonDocument(text));
    const json = JSON.stringify({ type: 'data', version: 1, data: model.data, problems: {} });
    allRowsBytes = json.length;
    const { data } = JSON.parse(json) as { data: TableData };
    viewRows(data, {});
    summarize(data);
    filterOptions(data);
  }),
);

const querySession = new TableSession(new Source(text));
querySession.viewMessage(REASONS);
const sortSearch = median(
  timeRuns(runs, () => {
    querySession.setQuery({ sort: { column: 1, descending: false }, search: 'ɖe' });
    wire(querySession.viewMessage(REASONS));
    querySession.setQuery({});
  }),
);

// Edits: each on the version the one before made, as a user types cell after cell. The model of the first
// version is built and its entries' positions found beforehand, as the provider does while the page loads.
const random = rng(5);
const source = new Source(text);
const session = new TableSession(source);
const first = session.model();
if (!('prepare' in first)) throw new Error('not a corpus');
first.prepare();
session.viewMessage(REASONS);
const edits: number[] = [];
const handles: number[] = [];
const derives: number[] = [];
const repaints: number[] = [];
const rebuilds: number[] = [];
let derived = 0;
for (let i = 0; i < Math.max(runs, 5) * 4; i++) {
  const index = Math.floor(random() * 20_000);
  const t0 = performance.now();
  const message = wire<WebviewMessage>({ type: 'edit', version: source.version, index, field: 'reference', text: `Ɖe ${i} ;d` });
  const result = session.handle(message);
  if (!result || !('edits' in result)) throw new Error('no edit');
  handles.push(performance.now() - t0);
  source.text = applyTextEdits(source.text, result.edits);
  source.version++;
  edits.push(performance.now() - t0);
  const t1 = performance.now();
  session.changed(source.version, true, result.edits);
  session.model();
  derives.push(performance.now() - t1);
  if (session.lastBuild === 'derived') derived++;
  const t2 = performance.now();
  wire<HostMessage>(session.viewMessage(REASONS));
  repaints.push(performance.now() - t2);
  if (i < runs) {
    const t3 = performance.now();
    new CorpusTableModel(new JsonDocument(source.text)).prepare();
    rebuilds.push(performance.now() - t3);
  }
}
const edit = median(edits);
const worstEdit = Math.max(...edits);
const derive = median(derives);
const repaint = median(repaints);
const rebuild = median(rebuilds);

// Memory: what a table holds once open (the document, model and view in the host, the first message in the page).
const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const before = heap();
const held = new TableSession(new Source(text));
const page = wire(held.viewMessage(REASONS));
const hostAndPage = (heap() - before) / 1e6;
const beforeAll = heap();
const pageAll = wire({ data: new CorpusTableModel(new JsonDocument(text)).data });
const allRowsMb = (heap() - beforeAll) / 1e6;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(`corpus table, 20,000-entry corpus (${(text.length / 1e6).toFixed(1)} MB), median of ${runs}`);
console.log(`  JSON.parse (baseline)                 ${fmt(parse)}`);
console.log(`  open: model + view + first message    ${fmt(open)} = ${ratio(open, parse)} JSON.parse (budget 1000 ms); message ${kb(firstMessageBytes)}`);
console.log(`    before: every row in one message    ${fmt(allRows)} = ${ratio(allRows, parse)} JSON.parse; message ${kb(allRowsBytes)}`);
console.log(`  sort by source + search (host)        ${fmt(sortSearch)} = ${ratio(sortSearch, parse)} JSON.parse, view and window sent`);
console.log(
  `  cell edit → JSON text                 ${fmt(edit)} median = ${ratio(edit, parse)} JSON.parse, ${fmt(worstEdit)} worst of ${edits.length} (budget 50 ms)`,
);
console.log(`    of which message → text edit         ${fmt(median(handles))} median (the rest: the edit applied to the text, the editor's part)`);
console.log(`  model after the edit, derived         ${fmt(derive)} = ${ratio(derive, parse)} JSON.parse (${derived} of ${edits.length} derived)`);
console.log(`    before: model from the whole text   ${fmt(rebuild)} = ${ratio(rebuild, parse)} JSON.parse`);
console.log(`  repaint after the edit (view+window)  ${fmt(repaint)} = ${ratio(repaint, parse)} JSON.parse`);
console.log(
  `  memory held (host session + page)     ${hostAndPage.toFixed(0)} MB; before, the page's copy of every row alone ${allRowsMb.toFixed(0)} MB${gc ? '' : ' (run with --expose-gc for a steadier figure)'}`,
);
void page;
void pageAll;
void held;
