import type { Connection, RequestHandler, RequestType } from 'vscode-languageserver';
import type { Locale } from '../../core/i18n/locale';
import type { Position } from '../../core/text/lineIndex';
import type { Analysis, AnalysisView } from '../analysis';
import type { AnalysisStats } from '../../protocol/ewebench';
import type { Guard } from '../guard';
import type { PositionCodec } from '../positionEncoding';
import type { ServerSettings } from '../settings';

/** What the client said it handles (LSP 3.17 capabilities): without them, items are plain text and fixes stay on the server. */
export interface ClientSupport {
  snippetSupport: boolean;
  dataSupport: boolean;
  /** The client fills in a code action's `edit` with `codeAction/resolve` (file-wide fixes are then computed only when picked). */
  codeActionResolveEdit: boolean;
  /** Hovers in Markdown; false when the client asked for plain text first (`hover.contentFormat`). */
  hoverMarkdown: boolean;
}

/** Markdown unless the client lists plain text before it (the list is in order of preference); Markdown when it says nothing. */
export function prefersMarkdown(formats: readonly string[] | undefined): boolean {
  const known = (formats ?? []).find((f) => f === 'markdown' || f === 'plaintext');
  return known !== 'plaintext';
}

/** What every feature reads: the server's state, never the connection itself. */
export interface FeatureContext {
  /** The current analysis of an open JSON document; undefined when closed, not JSON, or nested too deep. */
  analysisOf(uri: string): Analysis | undefined;
  /**
   * Answers a request at positions `at` (as the client sent them) from the last analysis when the edits since it
   * leave the answer as it was, without waiting for the current version's; otherwise from the current version's.
   * `read` converts every position and range through the view it gets. Undefined as for `analysisOf`.
   */
  view<R>(uri: string, at: readonly Position[], read: (view: AnalysisView) => R): R | undefined;
  /** How the server served an open document since it was opened. */
  stats(uri: string): AnalysisStats | undefined;
  /** The client's position encoding: request positions arrive through it and every range leaves through it. */
  readonly codec: PositionCodec;
  locale(): Locale;
  client(): ClientSupport;
  /** The server settings in force for a document, its workspace folder's (the outline's bound). */
  settings(uri: string): ServerSettings;
  /**
   * The one way a feature answers a request: `handler` runs guarded, and a throw is logged once and answered with
   * `neutral` (null, an empty list), the answer for "nothing here"; a malformed position or range is answered
   * with InvalidParams (see `Guard.request`).
   */
  onRequest<P, R, E>(type: RequestType<P, R, E>, neutral: R, handler: (params: P) => R): void;
}

/** Every LSP feature (`server/features/*.ts`) has this shape: it registers its request handlers through the context. */
export type Feature = (context: FeatureContext) => void;

/** Registers the features on the connection, each handler behind the guard. */
export function registerFeatures(connection: Connection, guard: Guard, state: Omit<FeatureContext, 'onRequest'>, features: readonly Feature[]): void {
  const context: FeatureContext = {
    analysisOf: (uri) => state.analysisOf(uri),
    view: (uri, at, read) => state.view(uri, at, read),
    stats: (uri) => state.stats(uri),
    codec: state.codec,
    locale: () => state.locale(),
    client: () => state.client(),
    settings: (uri) => state.settings(uri),
    onRequest: <P, R, E>(type: RequestType<P, R, E>, neutral: R, handler: (params: P) => R) => {
      // A plain R is a HandlerResult<R, E>; TypeScript cannot resolve that conditional type for a generic R.
      const guarded = guard.request(neutral, handler) as RequestHandler<P, R, E>;
      connection.onRequest(type, guarded);
    },
  };
  for (const feature of features) feature(context);
}
