import { isInvalidParams } from './positionEncoding';

/**
 * The one guard around everything the server runs for a client: requests, notifications, timers and disk work.
 * A throw or a rejection is logged once, through the connection's console, and the caller gets the neutral answer
 * it named; the server goes on serving. ARCHITECTURE.md's invariant "every handler is guarded" is this class.
 */
export class Guard {
  constructor(private readonly log: (text: string) => void) {}

  /** Runs `work` now; a throw is logged and `fallback` returned. */
  run<T>(fallback: T, work: () => T): T {
    try {
      return work();
    } catch (error) {
      this.report(error);
      return fallback;
    }
  }

  /** A request or notification handler that answers `neutral` (nothing, for a notification) when it throws. */
  handler<P, R>(neutral: R, handle: (params: P) => R): (params: P) => R {
    return (params) => this.run(neutral, () => handle(params));
  }

  /**
   * A request handler: as `handler`, except that a deliberate InvalidParams error (a malformed position or range,
   * `positionEncoding.ts`) is the answer itself: it goes back to the client as a JSON-RPC error, unlogged.
   */
  request<P, R>(neutral: R, handle: (params: P) => R): (params: P) => R {
    return (params) => {
      try {
        return handle(params);
      } catch (error) {
        if (isInvalidParams(error)) throw error;
        this.report(error);
        return neutral;
      }
    };
  }

  /** Work that ends later (disk reads, re-validation after a scan): a throw or a rejection is logged, never left unhandled. */
  later(work: () => Promise<unknown>): void {
    try {
      work().catch((error: unknown) => this.report(error));
    } catch (error) {
      this.report(error);
    }
  }

  /** Logs one failure (the stack when there is one). */
  report(error: unknown): void {
    try {
      this.log(`ewebench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    } catch {
      // A closed connection cannot log: nothing is left to tell.
    }
  }
}
