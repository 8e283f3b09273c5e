/**
 * The corpus table on a generated 20,000-entry corpus, measured without VS Code through the same code the
 * extension host and the page run: the session (`client/corpusTable/session.ts`, core's table model) and the
 * page's view (`core/corpus/tableView.ts`), with each message passed through JSON, as `postMessage` serialises it.
 *   - open: the document parsed, the model built, the data message serialised and read by the page, the rows
 *     sorted and filtered and the first window chosen (budget 1 s);
 *   - edit → JSON: a cell edit message from the page to the text edit applied to the text (budget 50 ms), on a
 *     fresh version whose entry positions were found while the rows were painted, as the provider does;
 *   - repaint after a cell edit: the new version's model and the message with the changed row only (what
 *     follows the edit, off its path; any other change sends the whole data, as at open);
 *   - memory: heap held by the document, the model and the page's copy of the data.
 * Medians of BENCH_RUNS (5) runs, JSON.parse of the text as the baseline measured in the same run.
 * Run: `npm run bench:table`.
 */
import { applyTextEdits } from '../core/corpus/jsonEdits';
import { viewRows, visibleWindow, type TableData } from '../core/corpus/tableView';
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

const open = median(
  timeRuns(runs, () => {
    const session = new TableSession(new Source(text));
    const message = wire(session.dataMessage([], REASONS)) as Extract<HostMessage, { type: 'data' }>;
    const view = viewRows(message.data, {});
    visibleWindow(0, 800, 24, view.length);
  }),
);

const sortSearch = median(
  timeRuns(runs, () => {
    const session = new TableSession(new Source(text));
    const data: TableData = (session.dataMessage([], REASONS) as Extract<HostMessage, { type: 'data' }>).data;
    viewRows(data, { sort: { column: 1, descending: false }, search: 'ɖe' });
  }),
);

// Edits: each on a new version of the text, as after the previous edit, with the model built and prepared
// outside the timing (the provider does both when it repaints, before the next edit can be typed).
const random = rng(5);
const source = new Source(text);
const session = new TableSession(source);
const edits: number[] = [];
const repaints: number[] = [];
const columns = session.columns();
for (let i = 0; i < Math.max(runs, 5) * 4; i++) {
  const model = session.model();
  if (!('prepare' in model)) throw new Error('not a corpus');
  model.prepare();
  const index = Math.floor(random() * 20_000);
  const t0 = performance.now();
  const message = wire<WebviewMessage>({ type: 'edit', version: source.version, index, field: 'reference', text: `Ɖe ${i} ;d` });
  const result = session.handle(message);
  if (!result || !('edits' in result)) throw new Error('no edit');
  source.text = applyTextEdits(source.text, result.edits);
  source.version++;
  edits.push(performance.now() - t0);
  const t1 = performance.now();
  wire(session.rowsMessage(new Set([index]), columns, [], REASONS));
  repaints.push(performance.now() - t1);
}
const edit = median(edits);
const worstEdit = Math.max(...edits);
const repaint = median(repaints);

// Memory: what a table holds once open (the document and model in the host, the data in the page).
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage().heapUsed;
const held = new TableSession(new Source(text));
const page = wire(held.dataMessage([], REASONS));
gc?.();
const heldMb = (process.memoryUsage().heapUsed - before) / 1e6;

console.log(`corpus table, 20,000-entry corpus (${(text.length / 1e6).toFixed(1)} MB), median of ${runs}`);
console.log(`  JSON.parse (baseline)              ${fmt(parse)}`);
console.log(`  open: model + data message + view  ${fmt(open)} = ${ratio(open, parse)} JSON.parse (budget 1000 ms)`);
console.log(`  sort by source + search            ${fmt(sortSearch)} (model included)`);
console.log(`  cell edit → JSON text              ${fmt(edit)} median, ${fmt(worstEdit)} worst of ${edits.length} (budget 50 ms)`);
console.log(`  repaint after a cell edit          ${fmt(repaint)} = ${ratio(repaint, parse)} JSON.parse (new model, changed row sent)`);
console.log(`  memory held (doc + model + page)   ${heldMb.toFixed(0)} MB${gc ? '' : ' (run with --expose-gc for a steadier figure)'}`);
void page;
