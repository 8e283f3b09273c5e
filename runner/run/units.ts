import { classify, itemsPath, type FileKind } from '../../core/document/classify';
import { JsonDocument } from '../../core/document/jsonDocument';
import { corpusRequest, DEFAULT_BATCH_SIZE, effectiveBatchSize, type CorpusRequestSetup } from '../../core/run/batch';
import type { NormalisedEntry } from '../../core/run/corpus';
import { entryRecord, testRecord } from '../../core/run/records';
import { CorpusError, corpusRunInfo, isSecretEntry, RequestError, testRequest, type CorpusRunInfo } from '../../core/run/request';
import { duplicateItemIds, runnableItems } from '../../core/run/items';
import type { ChatOutcome, ChatRequest, RunnableItem, RunRecord } from '../../core/run/types';
import { itemProblems, numberProblems } from './planChecks';
import { baseName } from './storage';
import { RunPlanError, type RunFile, type RunPlan, type SkippedItem } from './plan';
import { renderRunText, runText, type RunMessageId, type RunText } from '../../core/i18n/runMessages';
import { readTaskItems } from '../../core/suite/load';
import { labelsOf, suiteItemRecord, suiteItemRequest, suiteRunnableItems } from '../../core/suite/runResults';
import type { SuiteTaskSpec } from '../../core/suite/suite';
import { appendAll } from '../../core/arrays';

/** A skipped item's reason: its code and parameters, and its English. */
const because = (text: RunText) => ({ reason: renderRunText(text, 'en'), text });

/** One item and repeat: what becomes one record. */
export interface Unit {
  key: string;
  file: string;
  id: string;
  fileIndex: number;
  itemIndex: number;
  repeat: number;
  /** The item's request on its own (a corpus entry in a batch is sent inside its batch's request). */
  request: ChatRequest;
  /** `sent`: the request the item went in (its batch's for a corpus entry). */
  record(outcome: ChatOutcome, finishedAt: string, runId: string, sent: ChatRequest): RunRecord;
  /** Corpus entries: the batch group (file and repeat) and how a chunk of the group becomes one request. */
  batch?: { group: string; size: number; entry: NormalisedEntry; build(entries: readonly NormalisedEntry[]): ChatRequest };
}

export interface PreparedCorpus {
  fileIndex: number;
  file: RunFile;
  info: CorpusRunInfo;
}

export interface Prepared {
  /** Every unit of the plan, in file, item and repeat order. */
  units: Unit[];
  skipped: SkippedItem[];
  corpora: PreparedCorpus[];
  /** Current hash per record key, to tell a journal's record for this exact item from a stale one. */
  hashes: Map<string, string>;
}

/** Why a file of this kind cannot run: it is neither a tests file nor a corpus, and what it reads as. */
const NOT_RUNNABLE: Record<FileKind, RunMessageId> = {
  'ewebench-results': 'notRunnableResults',
  'rosetta-run-card': 'notRunnableCard',
  'rosetta-review': 'notRunnableReview',
  'benchmark-matrix': 'notRunnableBenchmark',
  'task-suite': 'notRunnableSuite',
  unknown: 'notRunnable',
  'ewebench-tests': 'notRunnable',
  'rosetta-corpus': 'notRunnable',
};

export const idText = (id: unknown) => (typeof id === 'string' ? id : (JSON.stringify(id) ?? 'null'));
export const recordKey = (file: string, id: string, repeat: number) => `${file}\u0000${id}\u0000${repeat}`;

/**
 * Builds every request of the plan with core, one unit per item and repeat, and says what cannot run and why.
 * Throws `RunPlanError` with every problem of the plan (`planChecks.ts`) before anything is sent.
 */
export function prepareUnits(plan: RunPlan, origin: string): Prepared {
  const repeat = Math.max(1, Math.floor(plan.repeat ?? 1));
  const model = plan.model.model;
  const out: Prepared = { units: [], skipped: [], corpora: [], hashes: new Map() };
  const numbers = numberProblems(plan);
  if (numbers.length) throw new RunPlanError(numbers);
  const problems: RunText[] = [];
  plan.files.forEach((file, fileIndex) => {
    const shown = file.displayPath;
    if (file.suite) {
      appendAll(problems, prepareSuiteItems(plan, file, file.suite, fileIndex, origin, repeat, out));
      return;
    }
    const doc = new JsonDocument(file.text);
    if (!doc.isValidJson) {
      out.skipped.push({ file: shown, kind: 'not-runnable', ...because(runText('notJson', { file: shown })) });
      return;
    }
    const classification = classify(doc.value);
    const kind = file.kind ?? classification.kind;
    const category = baseName(file.path).replace(/\.json$/i, '');
    if (kind !== 'ewebench-tests' && kind !== 'rosetta-corpus') {
      out.skipped.push({ file: shown, kind: 'not-runnable', ...because(runText(NOT_RUNNABLE[kind], { file: shown })) });
      return;
    }
    const items = runnableItems(doc, category, { ...classification, kind });
    if (items.length === 0) {
      out.skipped.push({
        file: shown,
        kind: 'not-runnable',
        ...because(runText(kind === 'ewebench-tests' ? 'noTests' : 'noEntries', { file: shown })),
      });
      return;
    }
    let selected: RunnableItem[] = items;
    if (file.ids) {
      const wanted = new Set(file.ids);
      selected = items.filter((i) => wanted.has(i.id));
      const found = new Set(selected.map((i) => i.id));
      for (const id of file.ids)
        if (!found.has(id)) out.skipped.push({ file: shown, id, kind: 'not-found', ...because(runText('noSuchItem', { file: shown, id })) });
    }
    appendAll(problems, itemProblems(doc, kind, itemsPath({ ...classification, kind }) ?? [], selected, shown));
    // One unit per repeat of an item; `record(r)` scores the answer of repeat r.
    const addUnits = (item: RunnableItem, request: ChatRequest, record: (r: number) => Unit['record'], batch?: (r: number) => Unit['batch']): void => {
      for (let r = 0; r < repeat; r++) {
        const key = recordKey(shown, item.id, r);
        out.hashes.set(key, item.hash);
        const b = batch?.(r);
        out.units.push({ key, file: shown, id: item.id, fileIndex, itemIndex: item.index, repeat: r, request, record: record(r), ...(b ? { batch: b } : {}) });
      }
    };
    if (kind === 'ewebench-tests') {
      const tests = doc.value as unknown[];
      for (const item of selected) {
        const test = tests[item.index];
        let request: ChatRequest;
        try {
          request = testRequest(test, model);
        } catch (error) {
          if (!(error instanceof RequestError)) throw error;
          out.skipped.push({
            file: shown,
            id: item.id,
            kind: 'no-request',
            ...because(runText('noRequest', { file: shown, id: item.id, detail: error.message })),
          });
          continue;
        }
        addUnits(
          item,
          request,
          (r) => (outcome, finishedAt, runId) =>
            testRecord({
              test,
              category,
              sourceFile: shown,
              testHash: item.hash,
              repeat: r,
              model,
              origin,
              request,
              outcome,
              finishedAt,
              strict: plan.strict === true,
              index: item.index,
              runId,
            }),
        );
      }
      return;
    }
    let info: CorpusRunInfo;
    try {
      info = corpusRunInfo(doc.value, category);
    } catch (error) {
      if (!(error instanceof CorpusError)) throw error;
      out.skipped.push({ file: shown, kind: 'not-runnable', ...because(runText('notCorpus', { file: shown, detail: error.message })) });
      return;
    }
    out.corpora.push({ fileIndex, file, info });
    const setup = corpusSetup(plan);
    const size = effectiveBatchSize(setup);
    const byIndex = new Map(info.entries.map((e) => [e.index, e]));
    for (const item of selected) {
      const entry = byIndex.get(item.index);
      if (!entry) continue;
      if (isSecretEntry(entry) && !plan.allowSecretSegments) {
        out.skipped.push({
          file: shown,
          id: item.id,
          kind: 'secret-segment',
          ...because(runText('secretSkipped', { file: shown, id: item.id, segment: String(entry.segment) })),
        });
        continue;
      }
      const request = corpusRequest([entry], info, setup);
      // Each record keeps the request its entry went in (its batch's).
      addUnits(
        item,
        request,
        (r) => (outcome, finishedAt, runId, sent) =>
          entryRecord({ entry, sourceFile: shown, entryHash: item.hash, repeat: r, model, origin, request: sent, outcome, finishedAt, runId }),
        (r) => ({ group: `${fileIndex}\u0000${r}`, size, entry, build: (entries) => corpusRequest(entries, info, setup) }),
      );
    }
  });
  if (problems.length) throw new RunPlanError(problems);
  return out;
}

/** The corpus request settings of a plan (the harness's defaults where the plan says nothing). */
export function corpusSetup(plan: RunPlan): CorpusRequestSetup {
  const provider = plan.model.provider ?? '';
  const openrouter = provider === 'openrouter' || (provider === '' && /^https:\/\/openrouter\.ai(\/|$)/.test(plan.model.baseUrl ?? ''));
  return {
    model: plan.model.model,
    temperature: plan.corpusTemperature ?? 0,
    promptVersion: plan.promptVersion ?? 'naive',
    batchSize: plan.batchSize ?? DEFAULT_BATCH_SIZE,
    style: openrouter ? 'openrouter' : 'plain',
  };
}

/**
 * A task suite's item file: one unit per item and repeat, each the framework's prompt for the item (as `suite run`
 * sends it), its record the answer read and scored as `suite score` reads it. Items whose row does not read (the
 * editor's diagnostics say why) are not runnable; two items sharing an id are refused as in a tests file.
 */
function prepareSuiteItems(plan: RunPlan, file: RunFile, spec: SuiteTaskSpec, fileIndex: number, origin: string, repeat: number, out: Prepared): RunText[] {
  const shown = file.displayPath;
  const { items } = readTaskItems(spec, file.path, file.text);
  if (items.length === 0) {
    out.skipped.push({ file: shown, kind: 'not-runnable', ...because(runText('noSuiteItems', { file: shown })) });
    return [];
  }
  const task = { spec, items };
  const labels = labelsOf(task);
  const runnable = suiteRunnableItems(items);
  const wanted = file.ids ? new Set(file.ids) : undefined;
  if (file.ids) {
    const found = new Set(items.map((i) => i.id));
    for (const id of file.ids)
      if (!found.has(id)) out.skipped.push({ file: shown, id, kind: 'not-found', ...because(runText('noSuchItem', { file: shown, id })) });
  }
  const selected = runnable.filter((r) => !wanted || wanted.has(r.id));
  const problems: RunText[] = [];
  for (const [id, copies] of duplicateItemIds(selected))
    problems.push(
      runText('duplicateItemIds', {
        count: copies.length,
        id: JSON.stringify(id),
        places: copies.map((c) => `${shown}:${lineOf(file.text, c.start)}`).join(', '),
      }),
    );
  if (problems.length) return problems;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const runnableItem = runnable[i];
    if (wanted && !wanted.has(item.id)) continue;
    const request = suiteItemRequest(task, item, plan.model.model, labels);
    const hash = runnableItem.hash;
    for (let r = 0; r < repeat; r++) {
      const key = recordKey(shown, item.id, r);
      out.hashes.set(key, hash);
      out.units.push({
        key,
        file: shown,
        id: item.id,
        fileIndex,
        itemIndex: item.ordinal,
        repeat: r,
        request,
        record: (outcome, finishedAt, runId) =>
          suiteItemRecord({
            task: spec,
            item,
            labels,
            sourceFile: shown,
            itemHash: hash,
            repeat: r,
            model: plan.model.model,
            origin,
            request,
            outcome,
            finishedAt,
            runId,
          }),
      });
    }
  }
  return [];
}

/** The 1-based line of an offset. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
