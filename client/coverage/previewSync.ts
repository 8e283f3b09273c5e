/**
 * When the coverage preview repaints: only when what it shows changes, never on a change of view state.
 *
 * The page's HTML is written once, with the content of that moment. Every later change of content (another
 * file, an edit that changes the report) is posted to the page's script, which updates the DOM in place and
 * keeps the scroll position and the keyboard focus. A change of view state (the panel becoming active, shown or
 * hidden) repaints nothing: clicking into the preview must not replace the page. A page that was hidden is
 * rebuilt by VS Code from the HTML first written; it says `ready` when it loads and is then sent the latest
 * content if that differs from what its HTML holds. Pure: the VS Code adapter is `panel.ts`.
 */
export type PaintAction = 'write-page' | 'post-update' | 'nothing';

/** What the page shows, as a comparable key: the file and the report (a report is plain JSON). */
export function contentKey(uri: string, report: unknown): string {
  return `${uri}\n${JSON.stringify(report ?? null)}`;
}

export class PreviewSync {
  /** The content the page's HTML holds, once written. */
  private inHtml: string | undefined;
  /** The content the page shows now (its HTML's, or the last one posted). */
  private shown: string | undefined;

  /** Content `key` is to be shown: what to do with it (and it is recorded as shown). */
  paint(key: string): PaintAction {
    if (this.inHtml === undefined) {
      this.inHtml = this.shown = key;
      return 'write-page';
    }
    if (key === this.shown) return 'nothing';
    this.shown = key;
    return 'post-update';
  }

  /** The page (re)loaded from its HTML: true when it must be sent the content shown last. */
  pageLoaded(): boolean {
    return this.shown !== undefined && this.shown !== this.inHtml;
  }

  /** The panel was closed: the next content writes a new page. */
  reset(): void {
    this.inHtml = this.shown = undefined;
  }
}
