import {
  createConnection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { toLocale, type Locale } from '../core/i18n/locale';
import { AnalysisCache, type Analysis } from './analysis';
import { codeActions } from './features/codeActions';
import { complete } from './features/completion';
import { coverageHover, coverageReport } from './features/coverage';
import { Debouncer, toLspDiagnostics } from './features/diagnostics';
import { hover } from './features/hover';
import { documentSymbols } from './features/symbols';
import { negotiatePositionEncoding, PositionCodec } from './positionEncoding';
import { FILE_INFO_REQUEST, COVERAGE_REQUEST, type FileInfo } from './protocol';
import { DEFAULT_SETTINGS, mergeSettings, settingsSection, type ServerSettings } from './settings';
import { isBaselinesFile, loadWorkspaceBaselines, type WorkspaceBaselines } from './workspaceBaselines';
import { WorkspaceIndex } from './workspaceIndex';

const connection = createConnection(ProposedFeatures.all);
/** The client's position encoding: incoming edits and request positions are converted to UTF-16, results back. */
const codec = new PositionCodec();
// The cache sees each change's edits (converted to UTF-16) as the documents apply them, so an analysis can follow them incrementally.
const documents = new TextDocuments<TextDocument>(codec.documents((doc, changes, version) => cache.update(doc, changes, version)));
const index = new WorkspaceIndex();
index.rangeOf = (doc, span) => codec.rangeToWire(doc.text, doc.lineIndex, doc.lineIndex.rangeOf(span));
const debouncer = new Debouncer();
let settings: ServerSettings = DEFAULT_SETTINGS;
let locale: Locale = 'en';
let canRegisterConfiguration = false;
let canRegisterWatchedFiles = false;
/** What the client handles (LSP 3.17 capabilities): without them, items are plain text and fixes stay on the server. */
let snippetSupport = false;
let dataSupport = false;

/** The workspace's extra audit baselines (`ewebench-baselines.json` at a folder's top), read at start and on change. */
let baselines: WorkspaceBaselines = { problems: [] };

const cache = new AnalysisCache(() => settings, () => locale, (uri) => index.elsewhere(uri), () => baselines.options);

function isJson(doc: TextDocument): boolean {
  return doc.languageId === 'json' || doc.languageId === 'jsonc' || doc.uri.endsWith('.json');
}

/**
 * The current analysis of an open document (re-parsed only if its version moved on), for the features. A text
 * nested too deep has its one diagnostic and nothing else: the features read positions with recursive parsers.
 */
function analysisOf(uri: string): Analysis | undefined {
  const doc = documents.get(uri);
  if (!doc || !isJson(doc)) return undefined;
  const analysis = cache.get(uri, doc.version, () => doc.getText());
  return analysis.doc.tooDeep ? undefined : analysis;
}

function logError(error: unknown): void {
  connection.console.error(`ewebench: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
}

/** Guards every handler: a bad document must never take the server down. */
function safely<T>(fallback: T, run: () => T): T {
  try {
    return run();
  } catch (error) {
    logError(error);
    return fallback;
  }
}

/** The same guard for work that ends later (disk reads): a rejection is logged, never left unhandled. */
function safelyLater(work: () => Promise<unknown>): void {
  try {
    work().catch(logError);
  } catch (error) {
    logError(error);
  }
}

// Last line of defence: whatever slipped through is logged and the server keeps serving.
process.on('unhandledRejection', logError);
process.on('uncaughtException', logError);

function publish(analysis: Analysis): void {
  const diagnostics = settings.enable ? toLspDiagnostics(analysis, settings, { codec, dataSupport }) : [];
  void connection.sendDiagnostics({ uri: analysis.uri, version: analysis.version, diagnostics });
}

function validateNow(uri: string): void {
  safely(undefined, () => {
    const doc = documents.get(uri);
    if (!doc || !isJson(doc)) return;
    const analysis = cache.get(uri, doc.version, () => doc.getText());
    // A newer edit may have arrived while this one was queued: publish only the current version.
    if (documents.get(uri)?.version !== analysis.version) return;
    const idsChanged = analysis.result.classification.kind === 'ewebench-tests'
      ? index.update(uri, analysis.doc, analysis.result.ids)
      : index.remove(uri);
    publish(analysis);
    if (idsChanged) revalidateOthers(uri);
  });
}

/** Another file's ids changed: duplicate-id findings of the other open tests files may change too. */
function revalidateOthers(changedUri: string): void {
  for (const uri of cache.uris()) {
    if (uri === changedUri) continue;
    safely(undefined, () => {
      const previous = cache.peek(uri);
      if (previous?.result.classification.kind !== 'ewebench-tests') return;
      const analysis = cache.revalidate(uri);
      if (analysis) publish(analysis);
    });
  }
}

connection.onInitialize((params: InitializeParams): InitializeResult => {
  // Whatever the client sends, initialize answers: bad settings fall back to the defaults, odd roots are not walked.
  locale = safely<Locale>('en', () => toLocale(params.locale));
  settings = safely(DEFAULT_SETTINGS, () => mergeSettings(settingsSection(params.initializationOptions)));
  const caps = params.capabilities;
  canRegisterConfiguration = !!caps?.workspace?.didChangeConfiguration?.dynamicRegistration;
  canRegisterWatchedFiles = !!caps?.workspace?.didChangeWatchedFiles?.dynamicRegistration;
  snippetSupport = !!caps?.textDocument?.completion?.completionItem?.snippetSupport;
  dataSupport = !!caps?.textDocument?.publishDiagnostics?.dataSupport;
  codec.encoding = safely('utf-16', () => negotiatePositionEncoding(caps?.general?.positionEncodings));
  safely(undefined, () => {
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    index.setRoots(folders.filter((u): u is string => typeof u === 'string'));
  });
  return {
    capabilities: {
      positionEncoding: codec.encoding,
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      completionProvider: { triggerCharacters: ['"', ':', ' '] },
      codeActionProvider: { codeActionKinds: ['quickfix'] },
      documentSymbolProvider: true,
    },
    serverInfo: { name: 'ewebench-studio' },
  };
});

connection.onInitialized(() => {
  if (canRegisterConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, undefined);
  // Tests files changed on disk update cross-file duplicates; any client that allows it is asked to watch them.
  if (canRegisterWatchedFiles) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.json' }] });
  // Once the files on disk are indexed, open tests files may have new cross-file duplicates.
  safelyLater(() => index.scan((uri) => documents.get(uri) !== undefined).then(() => revalidateOthers('')));
  safelyLater(reloadBaselines);
});

/** Reads the workspace baselines again and re-checks every open document with them (problems go to the log). */
async function reloadBaselines(): Promise<void> {
  baselines = await loadWorkspaceBaselines(index.rootPaths());
  for (const problem of baselines.problems) connection.console.warn(`ewebench: ${problem}`);
  for (const doc of documents.all()) {
    cache.delete(doc.uri);
    validateNow(doc.uri);
  }
}

connection.onDidChangeConfiguration((change) => {
  settings = safely(settings, () => mergeSettings(settingsSection(change.settings), settings));
  for (const doc of documents.all()) {
    cache.delete(doc.uri);
    validateNow(doc.uri);
  }
});

documents.onDidChangeContent((event) => safely(undefined, () => {
  if (!isJson(event.document)) return;
  debouncer.schedule(event.document.uri, () => validateNow(event.document.uri));
}));

documents.onDidClose((event) => {
  const uri = event.document.uri;
  debouncer.cancel(uri);
  cache.delete(uri);
  void connection.sendDiagnostics({ uri, diagnostics: [] });
  // The file on disk may differ from the closed buffer: index what is saved (files outside the workspace leave the index).
  safelyLater(() => index.indexFile(uri).then((changed) => changed && revalidateOthers(uri)));
});

connection.onDidChangeWatchedFiles((change) => {
  safelyLater(async () => {
    let changed = false;
    if (change.changes.some((event) => isBaselinesFile(event.uri))) await reloadBaselines();
    for (const event of change.changes) {
      if (documents.get(event.uri)) continue;
      changed = (await index.indexFile(event.uri)) || changed;
    }
    if (changed) revalidateOthers('');
  });
});

connection.onHover((params) => safely(null, () => {
  const analysis = analysisOf(params.textDocument.uri);
  if (!analysis) return null;
  const { text, lineIndex } = analysis.doc;
  const result = hover(analysis, codec.fromWire(text, lineIndex, params.position), locale, (a, offset) => coverageHover(a, offset, locale));
  return result?.range ? { ...result, range: codec.rangeToWire(text, lineIndex, result.range) } : result;
}));

connection.onCompletion((params) => safely([], () => {
  const analysis = analysisOf(params.textDocument.uri);
  return analysis ? complete(analysis, codec.fromWire(analysis.doc.text, analysis.doc.lineIndex, params.position), locale, snippetSupport) : [];
}));

connection.onCodeAction((params) => safely([], () => {
  const analysis = analysisOf(params.textDocument.uri);
  return analysis ? codeActions(analysis, params, locale, codec) : [];
}));

connection.onDocumentSymbol((params) => safely([], () => {
  const analysis = analysisOf(params.textDocument.uri);
  return analysis ? documentSymbols(analysis, codec) : [];
}));

connection.onRequest(FILE_INFO_REQUEST, (params: { uri: string }): FileInfo | null => safely(null, () => {
  const analysis = analysisOf(params.uri);
  if (!analysis) return null;
  const { classification, findings } = analysis.result;
  return { kind: classification.kind, shape: classification.shape, problems: findings.length };
}));

connection.onRequest(COVERAGE_REQUEST, (params: { uri: string }) => safely(null, () => {
  const analysis = analysisOf(params.uri);
  return analysis ? coverageReport(analysis) ?? null : null;
}));

documents.listen(connection);
connection.listen();
