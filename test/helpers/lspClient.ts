import { spawn, type ChildProcess } from 'node:child_process';
import {
  createProtocolConnection,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  ExitNotification,
  StreamMessageReader,
  StreamMessageWriter,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type ClientCapabilities,
  type Message,
  type FileSystemWatcher,
  type RegistrationParams,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Diagnostic,
  type InitializeResult,
  type ConfigurationItem,
  type ConfigurationParams,
  type WorkspaceFolder,
  DidChangeConfigurationNotification,
  DidChangeWorkspaceFoldersNotification,
} from 'vscode-languageserver-protocol/node';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { FileInfoRequest, type FileInfo } from '../../protocol/ewebench';
import { fromRepo } from './paths';
import { SERVER_NODE_FLAGS } from '../../server/nodeFlags';

/** What the test client told the server it supports before these capability options existed (the default). */
const DEFAULT_CAPABILITIES: ClientCapabilities = {
  textDocument: {
    completion: { completionItem: { snippetSupport: true } },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
  },
  workspace: { didChangeConfiguration: { dynamicRegistration: false } },
};

/** A watcher glob (`**`, `*`, `?`, `{a,b}`) as a regular expression over a `/`-separated path. */
function globRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`(?:^|/)${re}$`);
}

/**
 * The stream writer, able to hold messages and send them in one write: the server then reads them together, as it
 * does when an editor's messages pile up while it is busy (a burst of keystrokes, a hover right after an edit).
 */
class HoldingWriter extends StreamMessageWriter {
  private held: Message[] | undefined;
  /** The last write of the plain writer, which writes a message's header and body separately. */
  private lastWrite: Promise<void> = Promise.resolve();

  constructor(private readonly stream: Writable) {
    super(stream);
  }

  override write(message: Message): Promise<void> {
    if (this.held) {
      this.held.push(message);
      return Promise.resolve();
    }
    this.lastWrite = super.write(message);
    return this.lastWrite;
  }

  hold(): void {
    this.held ??= [];
  }

  /** Sends what was held as one chunk, once the writes before it are done (nothing can land inside it). */
  async release(): Promise<void> {
    const held = this.held ?? [];
    this.held = undefined;
    await this.lastWrite.catch(() => undefined);
    const frames = held.map((message) => {
      const body = Buffer.from(JSON.stringify(message), 'utf8');
      return Buffer.concat([Buffer.from(`Content-Length: ${body.byteLength}\r\n\r\n`, 'ascii'), body]);
    });
    await new Promise<void>((resolve, reject) => this.stream.write(Buffer.concat(frames), (error) => (error ? reject(error) : resolve())));
  }
}

/**
 * A real LSP client over stdio for tests: spawns the bundled server (dist/server.js) as users' editors do,
 * speaks JSON-RPC to it, and records every diagnostics notification.
 */
export class TestLspClient {
  readonly connection: ProtocolConnection;
  private readonly child: ChildProcess;
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: { uri: string; test: (d: PublishDiagnosticsParams) => boolean; resolve: (d: PublishDiagnosticsParams) => void }[] = [];
  private readonly versions = new Map<string, number>();
  private readonly writer: HoldingWriter;
  /** Every diagnostics notification received, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  stderr = '';
  /** Set when the server process ends (null while it runs): a server must never exit on its own. */
  exitCode: number | null = null;
  /** Error-level `window/logMessage` texts: the server logs every exception a handler caught. */
  readonly errors: string[] = [];
  /** File watchers the server registered with `client/registerCapability` (as Neovim and VS Code record them). */
  readonly watchers: FileSystemWatcher[] = [];
  private watchersRegistered: () => void = () => undefined;
  /** How this client answers each `workspace/configuration` item (unset: an empty list, as before per-folder settings). */
  configuration: ((item: ConfigurationItem) => unknown) | undefined;
  /** Resolves once the server has registered a file watcher. */
  readonly watching = new Promise<void>((resolve) => (this.watchersRegistered = resolve));

  /** `nodeFlags`: what the launcher passes to node, by default what every editor's launcher passes (EWB_SERVER_ARGS adds more). */
  constructor(serverPath = fromRepo('dist', 'server.js'), nodeFlags: readonly string[] = SERVER_NODE_FLAGS, serverArgs: readonly string[] = ['--stdio']) {
    const extra = (process.env.EWB_SERVER_ARGS ?? '').split(' ').filter(Boolean);
    this.child = spawn(process.execPath, [...nodeFlags, ...extra, serverPath, ...serverArgs], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.on('exit', (code, signal) => (this.exitCode = code ?? (signal ? -1 : 0)));
    this.writer = new HoldingWriter(this.child.stdin!);
    this.connection = createProtocolConnection(new StreamMessageReader(this.child.stdout!), this.writer);
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push(params);
      this.diagnostics.set(params.uri, params);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i];
        if (w.uri === params.uri && w.test(params)) {
          this.waiters.splice(i, 1);
          w.resolve(params);
        }
      }
    });
    this.connection.onNotification('window/logMessage', (params: { type: number; message: string }) => {
      if (params.type === 1) this.errors.push(params.message);
    });
    this.connection.onRequest('client/registerCapability', (params: RegistrationParams) => {
      for (const registration of params.registrations) {
        if (registration.method === DidChangeWatchedFilesNotification.method)
          this.watchers.push(...(registration.registerOptions as { watchers: FileSystemWatcher[] }).watchers);
      }
      if (this.watchers.length) this.watchersRegistered();
      return null;
    });
    this.connection.onRequest('workspace/configuration', (params: ConfigurationParams) =>
      this.configuration ? params.items.map((item) => this.configuration!(item)) : [],
    );
    this.connection.listen();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * `capabilities` replaces the default client capabilities (a capability profile); `initializationOptions`
   * replaces the default `{settings}` wrapping, as editors that send their own shape do.
   */
  async initialize(
    options: {
      rootUri?: string | null;
      /** Several workspace folders (the first is also the root); otherwise the one `rootUri`. */
      workspaceFolders?: WorkspaceFolder[];
      locale?: string;
      settings?: unknown;
      capabilities?: ClientCapabilities;
      initializationOptions?: unknown;
    } = {},
  ): Promise<InitializeResult> {
    const result = await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: options.rootUri ?? options.workspaceFolders?.[0]?.uri ?? null,
      workspaceFolders: options.workspaceFolders ?? (options.rootUri ? [{ uri: options.rootUri, name: 'workspace' }] : null),
      locale: options.locale,
      capabilities: options.capabilities ?? DEFAULT_CAPABILITIES,
      initializationOptions: 'initializationOptions' in options ? options.initializationOptions : { settings: options.settings },
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
    return result;
  }

  open(uri: string, text: string, languageId = 'json'): void {
    this.versions.set(uri, 1);
    void this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the whole text (full sync is allowed by the protocol even with incremental sync announced). */
  replace(uri: string, text: string): number {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    void this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
    return version;
  }

  /** An incremental edit: replace the text between two positions. */
  edit(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }, text: string): number {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    void this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text }] });
    return version;
  }

  /**
   * Sends every message `send` writes (notifications, requests) in one write, so the server reads them together;
   * returns what `send` returned (the requests' answers arrive as usual).
   */
  async together<T>(send: () => T): Promise<T> {
    this.writer.hold();
    let result: T;
    try {
      result = send();
    } finally {
      // The connection encodes a message before it writes it: let every message sent reach the writer first.
      await new Promise((resolve) => setImmediate(resolve));
      await this.writer.release();
    }
    return result;
  }

  /** The server's file info (kind, problems, how it served the file). */
  fileInfo(uri: string): Promise<FileInfo | null> {
    return this.connection.sendRequest(FileInfoRequest, { uri });
  }

  /**
   * A file changed on disk: sends `workspace/didChangeWatchedFiles` when a watcher the server registered matches
   * it, as a client that watches for the server does; returns whether one did.
   */
  fileChangedOnDisk(uri: string, type: FileChangeType = FileChangeType.Changed): boolean {
    const file = fileURLToPath(uri).split('\\').join('/');
    const watched = this.watchers.some((w) => typeof w.globPattern === 'string' && globRegExp(w.globPattern).test(file));
    if (watched) void this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri, type }] });
    return watched;
  }

  /** Workspace folders added and removed after start (`workspace/didChangeWorkspaceFolders`). */
  changeFolders(added: WorkspaceFolder[], removed: WorkspaceFolder[] = []): void {
    void this.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added, removed } });
  }

  /** Settings changed: `settings` is what a pushing client sends (a client that is asked sends null). */
  configurationChanged(settings: unknown = null): void {
    void this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings });
  }

  close(uri: string): void {
    void this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  latest(uri: string): Diagnostic[] | undefined {
    return this.diagnostics.get(uri)?.diagnostics;
  }

  /** Resolves with the first diagnostics notification for `uri` (already received or future) that passes `test`. */
  waitForDiagnostics(uri: string, test: (d: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 10000): Promise<PublishDiagnosticsParams> {
    const current = this.diagnostics.get(uri);
    if (current && test(current)) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms; last: ${JSON.stringify(this.diagnostics.get(uri))}\n${this.stderr}`)),
        timeoutMs,
      );
      this.waiters.push({
        uri,
        test,
        resolve: (d) => {
          clearTimeout(timer);
          resolve(d);
        },
      });
    });
  }

  /** Waits for the diagnostics of a given document version. */
  waitForVersion(uri: string, version: number, timeoutMs = 10000): Promise<PublishDiagnosticsParams> {
    return this.waitForDiagnostics(uri, (d) => d.version === version, timeoutMs);
  }

  async shutdown(): Promise<void> {
    try {
      await this.connection.sendRequest(ShutdownRequest.type);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // the process may already be gone
    }
    this.connection.dispose();
    this.child.kill();
  }
}
