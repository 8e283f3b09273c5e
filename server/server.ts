import {
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type DidChangeConfigurationParams,
  type DidChangeWatchedFilesParams,
  type InitializeParams,
  type InitializeResult,
  type TextDocumentChangeEvent,
  type Diagnostic,
  type WorkspaceFoldersChangeEvent,
} from 'vscode-languageserver';
import { toLocale, type Locale } from '../core/i18n/locale';
import { isJsonDocument } from '../core/workspace/files';
import type { Position } from '../core/text/lineIndex';
import { AnalysisCache, type Analysis, type AnalysisView } from './analysis';
import { MAX_SUITE_ITEM_FILES_LISTED, SuiteItemFilesChangedNotification, SuiteItemFilesRequest, type AnalysisStats } from '../protocol/ewebench';
import { CODE_ACTION_KINDS, codeActionsFeature } from './features/codeActions';
import { completionFeature } from './features/completion';
import { coverageFeature } from './features/coverage';
import { baselinesLimitDiagnostic, Debouncer, itemFileDiagnostics, toLspDiagnostics } from './features/diagnostics';
import { prefersMarkdown, registerFeatures, type ClientSupport, type Feature } from './features/feature';
import { fileInfoFeature } from './features/fileInfo';
import { hoverFeature } from './features/hover';
import { symbolsFeature } from './features/symbols';
import { Guard } from './guard';
import { negotiatePositionEncoding, PositionCodec } from './positionEncoding';
import { SettingsStore } from './settings';
import { isBaselinesFile, loadWorkspaceBaselines, type WorkspaceBaselines } from './workspaceBaselines';
import { WorkspaceIndex } from './workspaceIndex';
import { WorkspaceRuns } from './workspaceRuns';
import { WorkspaceWalk } from './workspaceWalk';
import { WorkspaceSuites } from './workspaceSuites';
import { readTaskItems } from '../core/suite/load';
import type { ItemFinding } from '../core/suite/items';
import { msg } from '../core/rules/messages';
import { NeighbourFiles } from './neighbourFiles';
import { TeamFileNames } from './teamFileNames';
import { IdleCollector } from './idleCollector';
import { serverHost } from './host';
import { documentsConfiguration, type ModelDocument } from './documents';
import type { TextEdit } from '../core/document/edit';

/**
 * The wiring both entries share (`nodeMain.ts` for the desktop, `browserMain.ts` for a browser's web worker): the
 * entry sets the host first, and everything below reaches Node or the browser only through it.
 */
const host = serverHost();

/** Messages the connection has handled: validations wait for a turn that handles none (see `Debouncer`). */
let handledMessages = 0;
const connection = host.connect({
  messageStrategy: {
    handleMessage: (message, next) => {
      handledMessages++;
      return next(message);
    },
  },
});
/** Every handler below, every feature's and every timer's work runs behind it: a bad document never takes the server down. */
const guard = new Guard((text) => connection.console.error(text));
/** The client's position encoding: incoming edits and request positions are converted to UTF-16, results back. */
const codec = new PositionCodec();
// Open documents are text models (documents.ts); the cache sees each change's edits (converted to UTF-16) as the
// documents apply them, so an analysis can follow them incrementally.
const documents = new TextDocuments<ModelDocument>(
  documentsConfiguration(
    codec,
    (uri, from, to, edits) => noteEdits(uri, from, to, edits),
    (error) => guard.report(error),
  ),
);
const isOpen = (uri: string) => documents.get(uri) !== undefined;
const index = new WorkspaceIndex(host.files, isOpen);
index.rangeOf = (doc, span) => codec.rangeToWire(doc.lineIndex, doc.lineIndex.rangeOf(span));
/** The workspace's runs (results files, run cards), for the `no-separation` findings on tests files and corpora. */
const runs = new WorkspaceRuns(
  host.files,
  () => index.rootUris(),
  (uri) => index.onDisk(uri),
  (text) => connection.console.warn(text),
);
/** The team review files' names on disk, by folder: a card's §7.2 gate reads its team's files among them. */
const teamFiles = new TeamFileNames();
/** The task suites of the workspace and the item files they name: the TSV, CSV and JSONL documents checked as you type. */
const suites = new WorkspaceSuites(isOpen);
/** The one walk of the workspace and the one read of each file on disk, whose text the index, the runs, the team names and the suites take. */
const walk = new WorkspaceWalk(
  host.files,
  (uri) => index.onDisk(uri),
  [index, runs, teamFiles, suites],
  () => new Promise((resolve) => host.nextTurn(() => resolve())),
);
const debouncer = new Debouncer(() => handledMessages, host.nextTurn);
/** Returns what opening or closing a big document leaves behind (its message, its text), once the server is idle. */
const collector = new IdleCollector(host.gc);
/** Each document's settings (its workspace folder's), asked of the client per folder when it answers `workspace/configuration`. */
let settings = new SettingsStore();
/** Where the diagnostics' code links point: the page the client names, else docs/diagnostics.md beside the server. */
let readmeUri = host.readmeUri;
let locale: Locale = 'en';
let canRegisterConfiguration = false;
let canRegisterWatchedFiles = false;
let clientSendsFolderChanges = false;
/** What the client handles (LSP 3.17 capabilities): without them, items are plain text and fixes stay on the server. */
let client: ClientSupport = { snippetSupport: false, dataSupport: false, codeActionResolveEdit: false, hoverMarkdown: true };

/** The workspace's extra audit baselines (`ewebench-baselines.json` at a folder's top), read at start and on change. */
let baselines: WorkspaceBaselines = { problems: [], limits: [] };

/** The files beside open cards and reviews that their rules read (the §7.2 gate), read when first asked and when they change on disk. */
const neighbours = new NeighbourFiles(
  host.files,
  (work) => guard.later(work),
  (uris) => revalidateReaders(uris),
  (uri) => teamFiles.siblingsOf(uri),
);

/** Team review files came or went: the open documents of their folders (the cards) are checked again. */
function revalidateTeamFolders(): void {
  const folders = teamFiles.takeChangedFolders();
  if (folders.length === 0) return;
  revalidateReaders(cache.uris().filter((uri) => folders.includes(uri.slice(0, uri.lastIndexOf('/') + 1))));
}

const cache = new AnalysisCache(
  (uri) => settings.forUri(uri),
  () => locale,
  (uri) => index.elsewhere(uri),
  () => baselines.options,
  (length) => collector.released(length),
  (uri) => neighbours.of(uri),
);

/** An open JSON document, the only kind the features read. */
function openJson(uri: string): ModelDocument | undefined {
  const doc = documents.get(uri);
  return doc && isJsonDocument(doc) ? doc : undefined;
}

/** The current analysis of an open document (re-parsed only if its version moved on), for the features. */
function analysisOf(uri: string): Analysis | undefined {
  const doc = openJson(uri);
  return doc && cache.current(doc);
}

/** A request answered from the last analysis when the edits since leave its answer as it was (see `AnalysisCache.read`). */
function view<R>(uri: string, at: readonly Position[], read: (view: AnalysisView) => R): R | undefined {
  const doc = openJson(uri);
  return doc && cache.read(doc, codec, at, read);
}

function stats(uri: string): AnalysisStats | undefined {
  return openJson(uri) && cache.stats(uri);
}

/** The edits a change made, guarded: if recording them fails, the next analysis of that document is a full one. */
function noteEdits(uri: string, from: number, to: number, edits: TextEdit[] | undefined): void {
  try {
    cache.noteEdits(uri, from, to, edits);
  } catch (error) {
    guard.report(error);
    cache.delete(uri);
  }
}

// Last line of defence: whatever slipped through is logged and the server keeps serving.
host.onUncaught((error) => guard.report(error));

function publish(analysis: Analysis): void {
  const own = settings.forUri(analysis.uri);
  const separation =
    own.enable && own.noSeparation ? guard.run([], () => runs.findings(analysis.uri, analysis.doc.value, analysis.result.classification, locale)) : [];
  const diagnostics = own.enable ? toLspDiagnostics(analysis, own, { codec, dataSupport: client.dataSupport, readmeUri }, separation) : [];
  void connection.sendDiagnostics({ uri: analysis.uri, version: analysis.version, diagnostics: [...diagnostics, ...baselinesLimitDiagnostics(analysis.uri)] });
}

/** The `baselines-limit` diagnostics of a workspace baselines file (none for any other file). */
function baselinesLimitDiagnostics(uri: string): Diagnostic[] {
  if (!settings.forUri(uri).enable) return [];
  return baselines.limits.filter((l) => l.uri === uri).map((l) => baselinesLimitDiagnostic(l.message, readmeUri));
}

/** Baselines files past a limit get their diagnostic, open or not; a file no longer past one gets it cleared. */
function publishBaselinesLimits(previous: WorkspaceBaselines): void {
  const uris = new Set([...previous.limits, ...baselines.limits].map((l) => l.uri));
  for (const uri of uris) {
    // An open baselines file is published with its analysis (revalidateAll); the others here.
    if (documents.get(uri)) continue;
    void connection.sendDiagnostics({ uri, diagnostics: baselinesLimitDiagnostics(uri) });
  }
}

function validateNow(uri: string): void {
  guard.run(undefined, () => {
    const doc = documents.get(uri);
    if (!doc || !isJsonDocument(doc)) return;
    const analysis = cache.get(uri, doc.version, () => doc.model);
    // A newer edit may have arrived while this one was queued: publish only the current version.
    if (documents.get(uri)?.version !== analysis.version) return;
    const idsChanged = analysis.result.classification.kind === 'ewebench-tests' ? index.update(uri, analysis.doc, analysis.result.ids) : index.remove(uri);
    const suiteChanged = suites.update(uri, analysis.result.classification.kind === 'task-suite' ? analysis.doc.value : undefined);
    publish(analysis);
    if (idsChanged) revalidateOthers(uri);
    if (suiteChanged) revalidateItemFiles();
  });
}

/**
 * An open TSV, CSV or JSONL document that a suite names, checked as that suite's task reads it (`core/suite`):
 * the whole text read again per version, bounded by `ewebench.maxAnalysedChars` (a delimited file has no items a
 * keystroke could be confined to before it is read). A document no suite names gets no diagnostics.
 */
function validateItemFile(uri: string): void {
  guard.run(undefined, () => {
    const doc = documents.get(uri);
    if (!doc || isJsonDocument(doc)) return;
    const own = settings.forUri(uri);
    const ref = own.enable ? suites.refOf(uri) : undefined;
    let findings: ItemFinding[] = [];
    if (ref && doc.model.length > own.maxAnalysedChars) {
      // Longer than the editor analyses: the one finding JSON files get, naming the bound and the command that reads it whole.
      const message = msg(locale, 'fileTooLarge', {
        size: (doc.model.length / 1_048_576).toFixed(1),
        limit: Number((own.maxAnalysedChars / 1_048_576).toPrecision(3)),
      });
      findings = [{ code: 'file-too-large', message, span: { start: 0, end: Math.min(1, doc.model.length) } }];
    } else if (ref) findings = readTaskItems(ref.task, ref.file, doc.getText(), locale).findings;
    void connection.sendDiagnostics({
      uri,
      version: doc.version,
      diagnostics: itemFileDiagnostics(findings, doc.model, uri, { codec, dataSupport: client.dataSupport, readmeUri }),
    });
  });
}

/** The suites' item files changed (a suite typed, saved, found): every open item document is checked again. */
function revalidateItemFiles(): void {
  void connection.sendNotification(SuiteItemFilesChangedNotification);
  for (const doc of documents.all()) if (!isJsonDocument(doc)) debouncer.schedule(doc.uri, () => validateItemFile(doc.uri));
}

/** Another file's ids changed: duplicate-id findings of the other open tests files may change too. */
function revalidateOthers(changedUri: string): void {
  guard.run(undefined, () => {
    for (const uri of cache.uris()) {
      if (uri === changedUri) continue;
      // One file's failure costs that file, not the others'.
      guard.run(undefined, () => {
        const previous = cache.peek(uri);
        if (previous?.result.classification.kind !== 'ewebench-tests') return;
        const analysis = cache.revalidate(uri);
        if (analysis) publish(analysis);
      });
    }
  });
}

/** A file beside these documents (a card's review, a review's card) was read or changed on disk: their rules run again. */
function revalidateReaders(uris: readonly string[]): void {
  for (const uri of uris) {
    guard.run(undefined, () => {
      const previous = cache.peek(uri);
      // A newer version is waiting for its validation, which reads the neighbour as it now is.
      if (!previous || documents.get(uri)?.version !== previous.version) return;
      const analysis = cache.revalidate(uri);
      if (analysis) publish(analysis);
    });
  }
}

/** The workspace's runs changed: open tests files and corpora publish their `no-separation` findings again (no re-analysis). */
function republishRunFindings(): void {
  for (const uri of cache.uris()) {
    guard.run(undefined, () => {
      const analysis = cache.peek(uri);
      const kind = analysis?.result.classification.kind;
      if (!analysis || (kind !== 'ewebench-tests' && kind !== 'rosetta-corpus')) return;
      // A newer version is waiting for its validation, which publishes it.
      if (documents.get(uri)?.version !== analysis.version) return;
      publish(analysis);
    });
  }
}

/** Every open document analysed again (settings or baselines changed), each behind its own guard. */
function revalidateAll(): void {
  for (const doc of documents.all()) {
    if (!isJsonDocument(doc)) {
      validateItemFile(doc.uri);
      continue;
    }
    guard.run(undefined, () => cache.delete(doc.uri));
    validateNow(doc.uri);
  }
}

/** What the client sent, read piece by piece: a bad piece falls back to its default, the rest still counts. */
function readInitializeParams(params: InitializeParams): void {
  locale = guard.run<Locale>('en', () => toLocale(params.locale));
  codec.locale = locale;
  guard.run(undefined, () => {
    const given = (params.initializationOptions as { readmeUri?: unknown } | null | undefined)?.readmeUri;
    if (typeof given === 'string' && given.length <= 4096) readmeUri = given;
  });
  guard.run(undefined, () => {
    const caps = params.capabilities;
    settings = new SettingsStore(!!caps?.workspace?.configuration);
    clientSendsFolderChanges = !!caps?.workspace?.workspaceFolders;
    canRegisterConfiguration = !!caps?.workspace?.didChangeConfiguration?.dynamicRegistration;
    canRegisterWatchedFiles = !!caps?.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    client = {
      snippetSupport: !!caps?.textDocument?.completion?.completionItem?.snippetSupport,
      dataSupport: !!caps?.textDocument?.publishDiagnostics?.dataSupport,
      codeActionResolveEdit: !!caps?.textDocument?.codeAction?.resolveSupport?.properties?.includes('edit'),
      hoverMarkdown: prefersMarkdown(caps?.textDocument?.hover?.contentFormat),
    };
    codec.encoding = guard.run('utf-16', () => negotiatePositionEncoding(caps?.general?.positionEncodings));
  });
  guard.run(undefined, () => settings.push(params.initializationOptions));
  guard.run(undefined, () => {
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    index.setRoots(folders.filter((u): u is string => typeof u === 'string'));
    settings.setFolders(index.folders());
  });
}

// Whatever the client sends, initialize answers: bad settings fall back to the defaults, odd roots are not walked.
connection.onInitialize((params: InitializeParams): InitializeResult => {
  guard.run(undefined, () => readInitializeParams(params));
  return {
    capabilities: {
      positionEncoding: codec.encoding,
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      completionProvider: { triggerCharacters: ['"', ':', ' '] },
      codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS, resolveProvider: true },
      documentSymbolProvider: true,
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'ewebench-studio' },
  };
});

connection.onInitialized(
  guard.handler(undefined, () => {
    if (canRegisterConfiguration) guard.later(() => connection.client.register(DidChangeConfigurationNotification.type, undefined));
    // Tests files changed on disk update cross-file duplicates; any client that allows it is asked to watch them.
    if (canRegisterWatchedFiles)
      guard.later(() => connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.json' }] }));
    if (clientSendsFolderChanges)
      connection.workspace.onDidChangeWorkspaceFolders(guard.handler(undefined, (event) => guard.later(() => changeFolders(event))));
    // One walk reads each file once for both: once the files on disk are indexed, open tests files may have new
    // cross-file duplicates; with the runs beside them, open tests files and corpora get their no-separation findings.
    guard.later(() =>
      walk.scan(index.rootUris()).then(({ changed: [, runsChanged, , suitesChanged] }) => {
        teamFiles.markScanned();
        teamFiles.takeChangedFolders();
        // Open cards waited for their team's names: their gate is checked now.
        revalidateReaders(cache.uris().filter((uri) => cache.peek(uri)?.result.classification.kind === 'rosetta-run-card'));
        revalidateOthers('');
        if (runsChanged) republishRunFindings();
        if (suitesChanged) revalidateItemFiles();
      }),
    );
    // Each folder's settings (asked of a client that answers) and the baselines; open documents are then checked
    // again once, with both (reloadBaselines).
    guard.later(async () => {
      await settings.refresh(askSettings).catch((error: unknown) => guard.report(error));
      await reloadBaselines();
    });
  }),
);

/** `workspace/configuration`, the settings of the folders asked for. */
const askSettings: Parameters<SettingsStore['refresh']>[0] = (items) => connection.workspace.getConfiguration(items);

/**
 * Folders added or removed after start: their settings are asked for, an added folder's files are indexed (its
 * ids count for duplicates), a removed one's leave the index; its baselines count or stop counting.
 */
async function changeFolders(event: WorkspaceFoldersChangeEvent): Promise<void> {
  const { addedRoots } = index.changeFolders(
    event.added.map((f) => f.uri),
    event.removed.map((f) => f.uri),
  );
  settings.setFolders(index.folders());
  // A client that cannot answer still gets its new folder indexed, with the settings it pushed.
  await settings.refresh(askSettings).catch((error: unknown) => guard.report(error));
  // The runs of removed folders go; the added folders are walked once, for their ids and their runs (reloadBaselines
  // then checks every open document again).
  runs.prune();
  const suitesPruned = suites.prune((uri) => isOpen(uri) || index.onDisk(uri));
  const { changed: scanned } = await walk.scan(addedRoots);
  if (suitesPruned || scanned[2]) revalidateItemFiles();
  // The baselines of the folders now in the workspace; every open document is then checked again (revalidateAll).
  await reloadBaselines();
}

/** Reads the workspace baselines again and re-checks every open document with them (problems go to the log). */
async function reloadBaselines(): Promise<void> {
  const previous = baselines;
  baselines = await loadWorkspaceBaselines(host.files, index.rootUris(), locale);
  for (const problem of baselines.problems) connection.console.warn(`ewebench: ${problem}`);
  publishBaselinesLimits(previous);
  revalidateAll();
}

connection.onDidChangeConfiguration(
  guard.handler(undefined, (change: DidChangeConfigurationParams) => {
    // A client that answers `workspace/configuration` is asked again (what it pushed may not be per folder).
    if (settings.pull) guard.later(() => settings.refresh(askSettings).then(revalidateAll));
    else {
      guard.run(undefined, () => settings.push(change.settings));
      revalidateAll();
    }
  }),
);

documents.onDidChangeContent(
  guard.handler(undefined, (event: TextDocumentChangeEvent<ModelDocument>) => {
    const uri = event.document.uri;
    debouncer.schedule(uri, isJsonDocument(event.document) ? () => validateNow(uri) : () => validateItemFile(uri));
  }),
);

// Reading a didOpen leaves its message behind (the bytes, the JSON text, the parse): returned once the server is idle.
documents.onDidOpen(guard.handler(undefined, (event: TextDocumentChangeEvent<ModelDocument>) => collector.released(event.document.model.length)));

documents.onDidClose(
  guard.handler(undefined, (event: TextDocumentChangeEvent<ModelDocument>) => {
    const uri = event.document.uri;
    collector.released(event.document.model.length);
    debouncer.cancel(uri);
    if (!isJsonDocument(event.document)) {
      void connection.sendDiagnostics({ uri, diagnostics: [] });
      return;
    }
    cache.forget(uri);
    neighbours.forget(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
    // The file on disk may differ from the closed buffer: index what is saved (files the walk skips leave the index).
    guard.later(() =>
      walk.read(uri, [index, suites]).then(([changed, suitesChanged]) => {
        if (changed) revalidateOthers(uri);
        if (suitesChanged) revalidateItemFiles();
      }),
    );
  }),
);

// Watcher events: every file the walk reaches is read again, once for both the index and the runs (the others are
// dropped, as the walk skips them).
connection.onDidChangeWatchedFiles(
  guard.handler(undefined, (change: DidChangeWatchedFilesParams) => {
    guard.later(async () => {
      let changed = false;
      let runsChanged = false;
      let suitesChanged = false;
      if (change.changes.some((event) => isBaselinesFile(event.uri))) await reloadBaselines();
      for (const event of change.changes) {
        neighbours.fileChanged(event.uri);
        // Runs are read from disk, open or not (an unsaved results file is not a run yet); the index leaves open
        // documents to their analysis (`WorkspaceIndex.wants`).
        const [idsChanged, runsChangedHere, , suitesChangedHere] = await walk.read(event.uri);
        changed ||= idsChanged;
        runsChanged ||= runsChangedHere;
        suitesChanged ||= suitesChangedHere;
      }
      if (changed) revalidateOthers('');
      revalidateTeamFolders();
      if (runsChanged) republishRunFindings();
      if (suitesChanged) revalidateItemFiles();
    });
  }),
);

connection.onRequest(
  SuiteItemFilesRequest,
  guard.handler([], () => suites.list(MAX_SUITE_ITEM_FILES_LISTED)),
);

/** Every request the server answers: each feature registers its handlers through the one guarded helper. */
const FEATURES: readonly Feature[] = [hoverFeature, completionFeature, codeActionsFeature, symbolsFeature, fileInfoFeature, coverageFeature];
registerFeatures(
  connection,
  guard,
  { analysisOf, view, stats, codec, locale: () => locale, client: () => client, settings: (uri) => settings.forUri(uri) },
  FEATURES,
);

documents.listen(connection);
connection.listen();
