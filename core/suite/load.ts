import type { Locale } from '../i18n/locale';
import { defaultSeverity } from '../rules/codes';
import { TextModel } from '../text/textModel';
import type { ResolvedDiagnostic } from '../rules/finding';
import type { Finding } from '../rules/finding';
import { itemFormatFor, readAlignedLines, readItemFile, type ItemFileResult, type ItemFinding, type SuiteItem } from './items';
import type { Span, TextRange } from '../text/lineIndex';
import { suiteMsg } from './messages';
import { suiteSpec, type SuiteSpec, type SuiteTaskSpec } from './suite';

/**
 * A suite with its items: every task's item files read (through the caller's reader: the CLI's disk, the
 * server's documents), their findings by file, and a finding on the suite file for each file that cannot be
 * read. Pure.
 */

/** Reads a file named as the suite writes it (relative to the suite file). */
export type ReadItemFile = (file: string) => { text: string } | { error: string };

export interface LoadedTask {
  spec: SuiteTaskSpec;
  items: SuiteItem[];
}

export interface LoadedSuite {
  spec: SuiteSpec;
  tasks: LoadedTask[];
  /** Findings in each item file, by the name the suite gives it; a file read by several tasks is checked once. */
  itemFindings: Map<string, ItemFinding[]>;
  /** Findings on the suite file itself (an item file that cannot be read). */
  suiteFindings: Finding[];
}

export function loadSuite(value: unknown, read: ReadItemFile, locale: Locale = 'en'): LoadedSuite {
  const spec = suiteSpec(value);
  const itemFindings = new Map<string, ItemFinding[]>();
  const suiteFindings: Finding[] = [];
  const texts = new Map<string, string | null>();
  const textOf = (task: SuiteTaskSpec, file: string, key: string): string | null => {
    let text = texts.get(file);
    if (text !== undefined) return text;
    const got = read(file);
    text = 'text' in got ? got.text : null;
    texts.set(file, text);
    if ('error' in got)
      suiteFindings.push({
        code: 'item-file-missing',
        message: suiteMsg(locale, 'itemFileMissing', { file, reason: got.error }),
        at: { path: ['tasks', task.index, key] },
      });
    return text;
  };
  const report = (file: string, findings: ItemFinding[]) => {
    if (!itemFindings.has(file)) itemFindings.set(file, findings);
  };
  const tasks: LoadedTask[] = [];
  for (const task of spec.tasks) {
    if (task.files.kind === 'aligned') {
      const { source, target } = task.files;
      const sourceText = textOf(task, source, 'source');
      const targetText = textOf(task, target, 'target');
      if (sourceText === null || targetText === null) continue;
      const read = readAlignedLines(sourceText, targetText, locale);
      report(source, read.sourceFindings);
      report(target, read.targetFindings);
      tasks.push({ spec: task, items: read.items });
      continue;
    }
    const file = task.files.items;
    const text = textOf(task, file, 'items');
    if (text === null) continue;
    const read = readTaskItems(task, file, text, locale);
    report(file, read.findings);
    tasks.push({ spec: task, items: read.items });
  }
  return { spec, tasks, itemFindings, suiteFindings };
}

/**
 * One task's item file (TSV, CSV, JSONL; a name of another kind is read as TSV) read as the task reads it: its
 * columns mapped, its topics checked. The one reading `suite run`, `validate` and the editor share.
 */
export function readTaskItems(task: SuiteTaskSpec, file: string, text: string, locale: Locale = 'en'): ItemFileResult {
  const format = itemFormatFor(file);
  return readItemFile(text, format === 'lines' ? 'tsv' : format, { task: task.task, map: task.map, topics: task.topics, locale });
}

/** The item files of a suite that are read one at a time (TSV, CSV, JSONL: not translation's aligned pairs), with the task that reads each first. */
export function singleItemFiles(spec: SuiteSpec): { file: string; task: SuiteTaskSpec }[] {
  const out: { file: string; task: SuiteTaskSpec }[] = [];
  const seen = new Set<string>();
  for (const task of spec.tasks) {
    if (task.files.kind !== 'items' || seen.has(task.files.items)) continue;
    seen.add(task.files.items);
    out.push({ file: task.files.items, task });
  }
  return out;
}

/** Places offsets in a text: the text itself, or a model of it the caller already has (the server's open document). */
export interface SpanRanges {
  rangeOf(span: Span): TextRange;
}

/** An item file's findings placed in its text, as `validate` and the editor show them. */
export function resolveItemFindings(text: string | SpanRanges, findings: readonly ItemFinding[]): ResolvedDiagnostic[] {
  if (findings.length === 0) return [];
  const lines = typeof text === 'string' ? TextModel.from(text) : text;
  return findings.map((f) => ({
    code: f.code,
    severity: f.severity ?? defaultSeverity(f.code),
    message: f.message,
    range: lines.rangeOf(f.span),
    related: (f.related ?? []).map((r) => ({ range: lines.rangeOf(r.span), message: r.message })),
    fixes: [],
  }));
}
