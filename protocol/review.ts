/**
 * Messages between the human review view (extension host, `client/review/reviewPanel.ts`) and its page
 * (`webview/review/main.ts`, bundled as `dist/reviewView.js`). Types only: the page's browser bundle imports this
 * file too, so it imports neither `vscode` nor Node.
 */

/** The four ratings of Rosetta §7.3, worst first. */
export type ReviewRating = 'reject' | 'gist' | 'acceptable' | 'excellent';

/** One sampled item as the page shows it (texts emptied when `hidden`: a secret segment without consent). */
export interface ReviewPageItem {
  index: number;
  entryId: string | number;
  difficulty: number | string | null;
  segment: string | null;
  source: string;
  reference: string;
  predicted: string;
  /** False when the card has no output for the entry. */
  found: boolean;
  hidden: boolean;
  rating: ReviewRating | null;
  comment: string;
}

/** The page's words, already in the user's language. */
export interface ReviewStrings {
  title: string;
  progress: string;
  source: string;
  reference: string;
  output: string;
  difficulty: string;
  segment: string;
  entry: string;
  comment: string;
  previous: string;
  next: string;
  ratings: Record<ReviewRating, string>;
  hints: Record<ReviewRating, string>;
  keys: string;
  notFound: string;
  hidden: string;
  done: string;
  /** `Ratings: {0}`, {0} the count of each rating. */
  summary: string;
  typingHint: string;
}

/** From the extension host to the page. */
export type ReviewHostMessage =
  | { type: 'show'; items: ReviewPageItem[]; index: number; strings: ReviewStrings; dataset: string; model: string; eweTyping: boolean }
  | { type: 'item'; item: ReviewPageItem };

/** From the page to the extension host. */
export type ReviewPageMessage =
  | { type: 'ready' }
  | { type: 'rate'; index: number; rating: ReviewRating }
  | { type: 'comment'; index: number; comment: string }
  | { type: 'goto'; index: number };
