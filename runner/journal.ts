import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileNamePart } from '../core/run/fileNames';
import type { RunRecord } from '../core/run/types';
import { setAsideName } from './run/journalNames';

/**
 * The run journal: append-only JSON Lines, one line per finished result written the moment it arrives, so a
 * crash, a cancel or a dead network loses nothing already received and a rerun can resume. The first line
 * describes the run, the last (`end`) says it finished; a journal without it is an unfinished run.
 */
export interface JournalHeader {
  journal: 'ewebench-studio-run';
  version: 1;
  run_id: string;
  /** Hash of what the run was asked to do (files' items, model, origin, repeats, strictness): resume matches on it. */
  plan: string;
  model: string;
  origin: string;
  started_at: string;
}

export interface JournalEnd {
  finished_at: string;
  cancelled: boolean;
  results_file?: string;
  run_card_file?: string;
  suite_results_file?: string;
}

export interface JournalContents {
  header?: JournalHeader;
  records: RunRecord[];
  end?: JournalEnd;
  /** The last line was cut short (a crash mid-write); it is ignored. */
  tornTail: boolean;
  /** That line's number (1-based), when `tornTail`. */
  tornLine?: number;
  /** Lines (1-based) that are not JSON or not a header, record or end as we write them: skipped, the rest kept. */
  damaged: { line: number; reason: string }[];
  /** Bytes up to the end of the last complete line. */
  validBytes: number;
}

/** Journals live beside the results they lead to. */
export function journalDir(outDir: string): string {
  return path.join(outDir, '.journal');
}

export function journalFile(outDir: string, runId: string): string {
  return path.join(journalDir(outDir), `${fileNamePart(runId)}.jsonl`);
}

type Line = { header: JournalHeader } | { record: RunRecord } | { end: JournalEnd };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Why a parsed line is not one we write, or undefined when it is. Only what resuming reads is checked. */
function lineProblem(line: unknown): string | undefined {
  if (!isObj(line)) return 'not a JSON object';
  if ('header' in line) {
    const h = line.header;
    return isObj(h) && typeof h.run_id === 'string' && typeof h.plan === 'string' && typeof h.started_at === 'string'
      ? undefined
      : 'a header without run_id, plan or started_at';
  }
  if ('record' in line) {
    const r = line.record;
    if (!isObj(r)) return 'a record that is not an object';
    const common =
      typeof r.source_file === 'string' && isCount(r.repeat) && typeof r.finished_at === 'string' && (r.error === null || typeof r.error === 'string');
    if (r.kind === 'ewebench-test' && common && typeof r.test_id === 'string' && typeof r.test_hash === 'string' && typeof r.category === 'string')
      return undefined;
    if (r.kind === 'suite-item' && common && typeof r.item_id === 'string' && typeof r.item_hash === 'string' && typeof r.task_id === 'string')
      return undefined;
    if (r.kind === 'corpus-entry' && common && (typeof r.entry_id === 'string' || typeof r.entry_id === 'number') && typeof r.entry_hash === 'string')
      return undefined;
    return 'a record without the fields of a test or entry result';
  }
  if ('end' in line) return isObj(line.end) ? undefined : 'an end that is not an object';
  return 'neither a header, a record nor an end';
}

/**
 * Reads a journal. A torn last line (a crash mid-append) is dropped, not an error; any other damaged line
 * (not JSON, or not a line we write: `{"record":null}`) is skipped and listed in `damaged`, and every other
 * result is kept.
 */
export function readJournal(file: string): JournalContents {
  const bytes = fs.readFileSync(file);
  const out: JournalContents = { records: [], tornTail: false, validBytes: 0, damaged: [] };
  let start = 0;
  let lineNumber = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline + 1;
    const text = bytes.subarray(start, end).toString('utf8').trim();
    lineNumber++;
    if (text) {
      let line: unknown;
      let parsed = true;
      try {
        line = JSON.parse(text);
      } catch {
        parsed = false;
      }
      if (!parsed && bytes.subarray(end).toString('utf8').trim() === '') {
        // Only the last line can be cut short by a crash: cut it, and appends start on a fresh line.
        out.tornTail = true;
        out.tornLine = lineNumber;
        break;
      }
      const problem = parsed ? lineProblem(line) : 'not JSON';
      if (problem) out.damaged.push({ line: lineNumber, reason: problem });
      else {
        const ok = line as Line;
        if ('header' in ok) out.header = ok.header;
        else if ('record' in ok) out.records.push(ok.record);
        else if ('end' in ok) out.end = ok.end;
      }
    }
    start = end;
    out.validBytes = end;
  }
  return out;
}

/** Appends lines with one write each, in order. */
export class JournalWriter {
  private constructor(
    readonly file: string,
    private fd: number | undefined,
  ) {}

  /** A new journal for a new run. */
  static create(file: string, header: JournalHeader): JournalWriter {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const writer = new JournalWriter(file, fs.openSync(file, 'wx'));
    writer.write({ header });
    return writer;
  }

  /**
   * Continues an unfinished journal, first cutting a torn last line so appends start on a fresh line. The bytes
   * cut are not lost: they are appended to `setAsideName(file)` first.
   */
  static resume(file: string, contents: JournalContents): JournalWriter {
    const size = fs.statSync(file).size;
    if (contents.validBytes < size) {
      const cut = fs.readFileSync(file).subarray(contents.validBytes);
      fs.appendFileSync(setAsideName(file), Buffer.concat([cut, Buffer.from('\n')]));
      fs.truncateSync(file, contents.validBytes);
    }
    const fd = fs.openSync(file, 'a');
    // A complete last line may lack its newline (written by hand or by another tool).
    if (contents.validBytes > 0 && fs.readFileSync(file).at(contents.validBytes - 1) !== 0x0a) fs.writeSync(fd, '\n');
    return new JournalWriter(file, fd);
  }

  private write(line: Line): void {
    if (this.fd === undefined) throw new Error(`${this.file}: journal already closed`);
    fs.writeSync(this.fd, JSON.stringify(line) + '\n');
  }

  append(record: RunRecord): void {
    this.write({ record });
  }

  finish(end: JournalEnd): void {
    this.write({ end });
    this.close();
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}

/** The newest unfinished journal in `outDir` for the same plan, if any. */
export function findUnfinishedRun(outDir: string, plan: string): { file: string; contents: JournalContents } | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(journalDir(outDir)).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return undefined;
  }
  let best: { file: string; contents: JournalContents } | undefined;
  for (const name of names) {
    const file = path.join(journalDir(outDir), name);
    let contents: JournalContents;
    try {
      contents = readJournal(file);
    } catch {
      continue;
    }
    if (contents.end || contents.header?.plan !== plan) continue;
    if (!best || contents.header.started_at > (best.contents.header?.started_at ?? '')) best = { file, contents };
  }
  return best;
}
