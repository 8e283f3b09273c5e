import { classify } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import { singleItemFiles } from '../core/suite/load';
import { suiteSpec, type SuiteTaskSpec } from '../core/suite/suite';
import { normalise, resolve } from './neighbourFiles';
import type { FileConsumer } from './workspaceWalk';

/** The largest suite file read from disk (a suite names files; a larger JSON file is data, not a suite). */
export const MAX_SUITE_BYTES = 1024 * 1024;
/** Item files registered per suite file: a suite naming more has the first ones checked as you type. */
export const MAX_ITEM_FILES_PER_SUITE = 1000;
/** Suite files registered in a workspace: past it, further suites' item files are not checked as you type (`validate` still checks them). */
export const MAX_SUITES = 1000;

/** An item file as the editor checks it: the task that reads it and the suite that names it. */
export interface ItemFileRef {
  suiteUri: string;
  /** The name as the suite writes it (relative to the suite file). */
  file: string;
  task: SuiteTaskSpec;
}

/**
 * Which TSV, CSV and JSONL files of the workspace are task suites' item files, and how each is read: the suite
 * files (found by the one walk of the workspace, and open suites as they are typed) register the item files they
 * name, resolved against the suite's URI. The server checks an open TSV, CSV or JSONL document only when a suite
 * names it, with that suite's task (its column map and topics); a file several suites name is read by the first
 * suite in URI order. Bounded: suite files of at most MAX_SUITE_BYTES, MAX_SUITES suites, MAX_ITEM_FILES_PER_SUITE
 * item files each; a lookup is one map read (the reverse map is rebuilt after a change, in the registered refs).
 */
export class WorkspaceSuites implements FileConsumer {
  readonly maxBytes = MAX_SUITE_BYTES;
  private readonly bySuite = new Map<string, ItemFileRef[]>();
  private byItem: Map<string, ItemFileRef> | undefined;

  constructor(
    /** Open documents: their analysis feeds the registry (`update`), so the disk is not read for them. */
    private readonly isOpen: (uri: string) => boolean = () => false,
  ) {}

  /** Whether the walk reads `uri` for the registry: a JSON file that is not open. */
  wants(uri: string): boolean {
    return uri.endsWith('.json') && !this.isOpen(uri);
  }

  /** A file on disk read by the walk (undefined: gone, unreadable or too large). */
  take(uri: string, text: string | undefined): boolean {
    // Most JSON files are not suites: only a text naming the format's version key is parsed.
    if (text === undefined || !text.includes('"suite_version"')) return this.update(uri, undefined);
    const doc = new JsonDocument(text);
    return this.update(uri, doc.isValidJson && classify(doc.value).kind === 'task-suite' ? doc.value : undefined);
  }

  /** A suite's parsed value (undefined: the file is not, or no longer, a suite); true when its item files changed. */
  update(suiteUri: string, value: unknown): boolean {
    const key = normalise(suiteUri);
    const before = this.bySuite.get(key);
    if (value === undefined) {
      if (!before) return false;
      this.bySuite.delete(key);
      this.byItem = undefined;
      return true;
    }
    if (!before && this.bySuite.size >= MAX_SUITES) return false;
    const refs: ItemFileRef[] = [];
    for (const { file, task } of singleItemFiles(suiteSpec(value)).slice(0, MAX_ITEM_FILES_PER_SUITE)) {
      if (resolve(key, file) !== undefined) refs.push({ suiteUri: key, file, task });
    }
    if (before && JSON.stringify(before) === JSON.stringify(refs)) return false;
    this.bySuite.set(key, refs);
    this.byItem = undefined;
    return true;
  }

  /** The task that reads `itemUri`, when a registered suite names it. */
  refOf(itemUri: string): ItemFileRef | undefined {
    if (!this.byItem) {
      this.byItem = new Map();
      for (const suite of [...this.bySuite.keys()].sort()) {
        for (const ref of this.bySuite.get(suite)!) {
          const uri = resolve(suite, ref.file)!;
          if (!this.byItem.has(uri)) this.byItem.set(uri, ref);
        }
      }
    }
    return this.byItem.get(normalise(itemUri));
  }

  /** Every registered item file (the first suite's task for a file several name), at most `max`. */
  list(max: number): (ItemFileRef & { uri: string })[] {
    this.refOf('');
    const out: (ItemFileRef & { uri: string })[] = [];
    for (const [uri, ref] of this.byItem ?? []) {
      if (out.length >= max) break;
      out.push({ ...ref, uri });
    }
    return out;
  }

  /** Suites below folders no longer in the workspace leave (`keep` answers for each suite). */
  prune(keep: (uri: string) => boolean): boolean {
    let changed = false;
    for (const uri of [...this.bySuite.keys()]) if (!keep(uri)) changed = this.update(uri, undefined) || changed;
    return changed;
  }
}
