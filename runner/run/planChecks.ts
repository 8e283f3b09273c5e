import type { FileKind } from '../../core/document/classify';
import type { JsonDocument } from '../../core/document/jsonDocument';
import { duplicateItemIds, loneSurrogatePath } from '../../core/run/items';
import { describeLimit, RUN_LIMITS, withinLimit } from '../../core/spec/limits';
import type { RunnableItem } from '../../core/run/types';
import type { RunPlan } from './plan';
import { runText, type RunText } from '../../core/i18n/runMessages';

/**
 * The checks made before anything is sent, each returning the problems it found (the caller refuses the plan
 * with all of them): every one would fail, or lose results, the same way on every rerun.
 */

/** The plan's numbers against the run limits. The adapters check their flags and settings; this keeps any other caller inside the same bounds. */
export function numberProblems(plan: RunPlan): RunText[] {
  const problems: RunText[] = [];
  for (const [name, value, limit] of [
    ['repeat', plan.repeat, RUN_LIMITS.repeat],
    ['concurrency', plan.concurrency, RUN_LIMITS.concurrency],
  ] as const) {
    if (value !== undefined && !withinLimit(value, limit)) problems.push(runText('outOfRange', { name, value, range: describeLimit(limit) }));
  }
  return problems;
}

/** One file's selected items: ids shared by two items, and text that cannot be sent as UTF-8 (a lone surrogate). */
export function itemProblems(
  doc: JsonDocument,
  kind: Extract<FileKind, 'ewebench-tests' | 'rosetta-corpus'>,
  base: readonly (string | number)[],
  selected: readonly RunnableItem[],
  shown: string,
): RunText[] {
  const problems: RunText[] = [];
  const lineOf = (offset: number) => doc.lineIndex.positionAt(offset).line + 1;
  for (const [id, copies] of duplicateItemIds(selected)) {
    problems.push(
      runText(kind === 'ewebench-tests' ? 'duplicateTestIds' : 'duplicateEntryIds', {
        count: copies.length,
        id: JSON.stringify(id),
        places: copies.map((c) => `${shown}:${lineOf(c.start)}`).join(', '),
      }),
    );
  }
  const values = kind === 'ewebench-tests' ? (doc.value as unknown[]) : undefined;
  for (const item of selected) {
    const value = values ? values[item.index] : doc.value === null ? undefined : entryValue(doc.value, base, item.index);
    const bad = loneSurrogatePath(value);
    if (!bad) continue;
    const span = doc.locate([...base, item.index, ...bad], typeof bad[bad.length - 1] === 'string' && isKeyPath(value, bad) ? 'key' : 'value');
    problems.push(
      runText(kind === 'ewebench-tests' ? 'loneSurrogateTest' : 'loneSurrogateEntry', {
        place: `${shown}:${lineOf(span?.start ?? item.start)}`,
        id: item.id,
        field: fieldText(bad),
      }),
    );
  }
  return problems;
}

/** `prompt`, `messages[1].content`: a path inside an item as a reader writes it. */
function fieldText(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') || '(the item itself)';
}

/** The item at `index` of the array at `base` in a parsed document. */
function entryValue(root: unknown, base: readonly (string | number)[], index: number): unknown {
  let value: unknown = root;
  for (const p of base) value = (value as Record<string | number, unknown> | null | undefined)?.[p];
  return Array.isArray(value) ? value[index] : undefined;
}

/** Whether the path's last step is a key that is itself the bad text (the value under it is clean). */
function isKeyPath(value: unknown, path: readonly (string | number)[]): boolean {
  let v: unknown = value;
  for (const p of path) v = (v as Record<string | number, unknown>)[p];
  return !loneSurrogatePath(v);
}
