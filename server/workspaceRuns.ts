import type { Classification } from '../core/document/classify';
import type { Locale } from '../core/i18n/locale';
import { analyseItems, type ItemAnalysis } from '../core/compare/items';
import { corpusRunInfo } from '../core/run/corpus';
import { readRuns } from '../core/runs/read';
import type { Run } from '../core/runs/types';
import type { Finding } from '../core/rules/finding';
import { separationFindings } from '../core/compare/separation';
import type { WorkspaceFiles } from './host';
import type { FileConsumer } from './workspaceWalk';

/**
 * The largest results file or run card read for the `no-separation` diagnostic: a run of a 20,000-entry corpus
 * with its responses is a few tens of MB; past it the file is not read (its size only is asked).
 */
export const MAX_RUN_FILE_BYTES = 64 * 1024 * 1024;

/** The most run files kept per server: past it, new ones are not kept (the log says so once) until one goes. */
export const MAX_RUN_FILES = 500;

/**
 * A key every run format we read has at its top (`benchmark`: ÈwéBench results and leaderboards; `overall`:
 * mt_eval_harness's report; `run_card_hash` / `fingerprint`: run cards). A file with none is not parsed:
 * tests files and corpora, most of a walk, cost one substring search instead of a second `JSON.parse`.
 */
const RUN_MARKERS = ['"benchmark"', '"overall"', '"run_card_hash"', '"fingerprint"'];

/** A URI's last part, decoded (a malformed escape is kept as written). */
function fileNameOf(uri: string): string {
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

const stemOf = (uri: string): string => fileNameOf(uri).replace(/\.json$/i, '');

/**
 * The server's I/O around core's item analysis: the runs (results files, run cards, reports) found in the
 * workspace folders, handed over by the one walk (`WorkspaceWalk`, which reads each file once for the id index and
 * for these) at start and again on watcher events, so a tests file or corpus gets `no-separation`
 * findings from the runs of its own workspace folder. ÈwéBench runs name a test by its category (the tests file's
 * stem, as the harness does) and id; Rosetta runs name their corpus by dataset id (or path), matched against the
 * corpus's own (`corpusRunInfo`). Which items separate is core's (`analyseItems`, `separationFindings`).
 */
export class WorkspaceRuns implements FileConsumer {
  private readonly byFile = new Map<string, Run[]>();
  /** Bumped on every change of the runs: cached analyses of an older generation are recomputed. */
  private generation = 0;
  private readonly analyses = new Map<string, { generation: number; analysis: ItemAnalysis }>();
  private warnedFull = false;
  /** The largest run file read from disk. */
  readonly maxBytes = MAX_RUN_FILE_BYTES;

  constructor(
    private readonly files: WorkspaceFiles,
    /** The workspace folders' URIs (the index's). */
    private readonly roots: () => readonly string[],
    /** Whether the walk reaches a file (below a folder, not in a skipped folder): only those are kept. */
    private readonly onDisk: (uri: string) => boolean,
    /** Where a limit reached is said (the server log). */
    private readonly warn: (text: string) => void = () => undefined,
  ) {}

  /** How many run files are kept. */
  get size(): number {
    return this.byFile.size;
  }

  /**
   * A file's text as read from disk by the walk (`workspaceWalk.ts`: at start, for folders added, on watcher events),
   * or undefined (gone, unreadable, larger than `maxBytes`, not reached by the walk); returns true when the runs kept changed.
   */
  take(uri: string, text: string | undefined): boolean {
    return text === undefined ? this.remove(uri) : this.setText(uri, text);
  }

  /** Keeps the runs a file's text holds (none: the file is forgotten); returns true when the runs kept changed. */
  setText(uri: string, text: string): boolean {
    let runs: Run[] = [];
    if (RUN_MARKERS.some((marker) => text.includes(marker))) {
      try {
        const read = readRuns(JSON.parse(text), this.files.displayName(uri));
        // A leaderboard's rows list no items: nothing to analyse.
        if (read.ok) runs = read.runs.filter((run) => run.items.length > 0);
      } catch {
        // Not JSON (being written, or broken): not a run.
      }
    }
    if (!runs.length) return this.remove(uri);
    if (!this.byFile.has(uri) && this.byFile.size >= MAX_RUN_FILES) {
      if (!this.warnedFull) this.warn(`ewebench: more than ${MAX_RUN_FILES} run files in the workspace; no-separation reads the first ${MAX_RUN_FILES}`);
      this.warnedFull = true;
      return false;
    }
    this.byFile.set(uri, runs);
    this.changed();
    return true;
  }

  remove(uri: string): boolean {
    if (!this.byFile.delete(uri)) return false;
    this.changed();
    return true;
  }

  /** Folders removed: the runs below them go. Returns true when any went. */
  prune(): boolean {
    let changed = false;
    for (const uri of [...this.byFile.keys()]) if (!this.onDisk(uri)) changed = this.remove(uri) || changed;
    return changed;
  }

  /**
   * The `no-separation` findings of a tests file or corpus (`value` as parsed, classified as `classification`):
   * none for other kinds, for a file outside every workspace folder, or when fewer than two runs of its folder
   * cover an item. The item analysis is cached per folder and file until the runs change.
   */
  findings(uri: string, value: unknown, classification: Classification, locale: Locale): Finding[] {
    if (classification.kind !== 'ewebench-tests' && classification.kind !== 'rosetta-corpus') return [];
    const folder = this.folderOf(uri);
    if (folder === undefined) return [];
    const stem = stemOf(uri);
    let key: string;
    let select: (run: Run) => boolean;
    if (classification.kind === 'ewebench-tests') {
      key = `ewebench\u0000${folder}\u0000${stem}`;
      select = (run) => run.kind === 'ewebench' && run.items.some((item) => item.group === stem);
    } else {
      let dataset: string;
      try {
        dataset = corpusRunInfo(value, stem).datasetId;
      } catch {
        return [];
      }
      const name = fileNameOf(uri);
      key = `rosetta\u0000${folder}\u0000${dataset}\u0000${name}`;
      select = (run) => run.kind === 'rosetta' && namesCorpus(run.provenance.datasetId, dataset, name);
    }
    const cached = this.analyses.get(key);
    let analysis = cached?.generation === this.generation ? cached.analysis : undefined;
    if (!analysis) {
      const runs: Run[] = [];
      for (const [file, list] of this.byFile) if (this.folderOf(file) === folder) for (const run of list) if (select(run)) runs.push(run);
      analysis = analyseItems(runs);
      this.analyses.set(key, { generation: this.generation, analysis });
    }
    return separationFindings(value, classification, stem, analysis, locale);
  }

  private changed(): void {
    this.generation++;
    this.analyses.clear();
  }

  private folderOf(uri: string): string | undefined {
    return this.roots().find((root) => this.files.relative(root, uri) !== undefined);
  }
}

/** A run's dataset (an id, or the corpus path the harness was given) names this corpus. */
function namesCorpus(runDataset: string | null, dataset: string, fileName: string): boolean {
  if (runDataset === null || runDataset === '') return false;
  if (runDataset === dataset) return true;
  const last = runDataset.replace(/\\/g, '/').split('/').pop() ?? '';
  return last === fileName;
}
