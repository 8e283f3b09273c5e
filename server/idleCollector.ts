/**
 * A full garbage collection once the server has sat idle after big documents changed.
 *
 * Every edit of an open document leaves its previous text behind: `TextDocument` rebuilds the text as one new
 * string, as any flat-string buffer must, so a keystroke in a 7.5 MB corpus releases a 15 MB string. V8 lets
 * such garbage pile up to several times the live heap before it collects, which costs nothing while typing but
 * leaves the process holding hundreds of megabytes afterwards. A collection during a pause in typing returns
 * them without ever delaying a keystroke's diagnostics (a change re-arms the timer). Needs node's
 * `--expose-gc` (server/nodeFlags.json); without it this does nothing.
 */
export class IdleCollector {
  private releasedBytes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly collect: (() => void) | undefined,
    /** Quiet time after the last change; below `minBytes` of released text nothing is scheduled. */
    private readonly idleMs = 500,
    private readonly minBytes = 32 * 1024 * 1024,
  ) {}

  /** A text of `length` UTF-16 units was replaced or closed. */
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
