/**
 * A full garbage collection once the server has sat idle after big documents were opened or closed, or after
 * passes over whole documents added up.
 *
 * Opening a 37 MB corpus reads its didOpen message (the bytes, the decoded JSON text, the parse that yields the
 * document's text) and closing one drops its text, its model and its parsed value: one-time garbage several times
 * the text. V8 lets such garbage sit until its heap grows further, which leaves the process holding hundreds of
 * megabytes for nothing. A collection during a pause returns them without ever delaying a keystroke's diagnostics
 * (a new open or close re-arms the timer). An edit checked incrementally needs none: an open document is a
 * text model (`documents.ts`), whose edit copies no text, so typing in a corpus leaves only small garbage that
 * V8's young generation takes. A tests file's rules run on the whole file at each keystroke (through the known
 * items, cheaply, but each pass still builds what spans the file), so those passes count too: 200 keystrokes in
 * the 2,000-test file left the server at 152 MB two seconds later, above the 150 MB the corpora come back under.
 * Needs node's `--expose-gc` (server/nodeFlags.json); without it this does nothing.
 */
export class IdleCollector {
  private releasedBytes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly collect: (() => void) | undefined,
    /** Quiet time after the last open or close; below `minBytes` of released text nothing is scheduled. */
    private readonly idleMs = 500,
    private readonly minBytes = 32 * 1024 * 1024,
  ) {}

  /** A text of `length` UTF-16 units was opened, closed or checked whole. */
  released(length: number): void {
    const collect = this.collect;
    if (!collect) return;
    this.releasedBytes += 2 * length;
    if (this.releasedBytes < this.minBytes) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.releasedBytes = 0;
      collect();
    }, this.idleMs);
    // A pending collection never keeps the process alive.
    this.timer.unref?.();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** node's `gc` when the process was started with `--expose-gc`. */
export function exposedGc(): (() => void) | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? () => (gc as () => void)() : undefined;
}
