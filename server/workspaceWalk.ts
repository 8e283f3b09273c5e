import { fitsUtf8 } from '../core/text/utf8';
import type { WorkspaceFiles } from './host';

/** One reader of the workspace files on disk (the id index, the runs): what it reads and what it keeps of a file. */
export interface FileConsumer {
  /** The largest file it reads, in bytes: a file past it is offered as undefined. */
  readonly maxBytes: number;
  /** Whether it reads `uri` now (the id index leaves open documents to their analysis); none asks: every file. */
  wants?(uri: string): boolean;
  /**
   * What `uri` holds now: its text, or undefined (no such file, unreadable, larger than `maxBytes`, or a file the
   * walk does not reach). Returns true when what it keeps changed.
   */
  take(uri: string, text: string | undefined): boolean;
}

/**
 * The one walk of the workspace folders and the one read of each file on disk, at start, for folders added later
 * and on watcher events: a file is read once, under the largest bound of the consumers that want it, and its text
 * handed to each whose own bound it fits (core's UTF-8 count, `fitsUtf8`); only one file's text is held at a time.
 * In the browser every read is a request to the client, so a second walk would have doubled them.
 */
export class WorkspaceWalk {
  constructor(
    private readonly files: WorkspaceFiles,
    /** Whether the walk reaches a file (below a workspace folder, not in a skipped folder): only those are read. */
    private readonly onDisk: (uri: string) => boolean,
    private readonly consumers: readonly FileConsumer[],
    /** Lets requests in between files of a walk. */
    private readonly nextTurn: () => Promise<void>,
  ) {}

  /**
   * Reads `uri` once for every consumer (or those given) that wants it; a file the walk does not reach is not read,
   * and those consumers forget it. Returns, per consumer, whether what it keeps changed.
   */
  async read(uri: string, consumers: readonly FileConsumer[] = this.consumers): Promise<boolean[]> {
    const wanting = consumers.map((consumer) => consumer.wants?.(uri) ?? true);
    const changed = consumers.map(() => false);
    if (!wanting.includes(true)) return changed;
    let text: string | undefined;
    const bound = Math.max(...consumers.filter((_, i) => wanting[i]).map((consumer) => consumer.maxBytes));
    if (this.onDisk(uri)) {
      try {
        const read = await this.files.read(uri, bound);
        if (read && 'text' in read) text = read.text;
      } catch {
        // Unreadable: as good as gone.
      }
    }
    consumers.forEach((consumer, i) => {
      if (!wanting[i]) return;
      const fits = text !== undefined && (consumer.maxBytes >= bound || fitsUtf8(text, consumer.maxBytes));
      changed[i] = consumer.take(uri, fits ? text : undefined);
    });
    return changed;
  }

  /**
   * Walks the workspace folders given once, reading each file once (`read`) and yielding to the event loop between
   * files so requests stay responsive. Returns the files read and, per consumer, whether what it keeps changed.
   */
  async scan(roots: readonly string[]): Promise<{ files: number; changed: boolean[] }> {
    let files = 0;
    const changed = this.consumers.map(() => false);
    for (const root of roots) {
      for await (const uri of this.files.walk(root)) {
        const each = await this.read(uri);
        each.forEach((c, i) => (changed[i] ||= c));
        files++;
        await this.nextTurn();
      }
    }
    return { files, changed };
  }
}
