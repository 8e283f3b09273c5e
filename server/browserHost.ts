import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures, type Connection } from 'vscode-languageserver/browser';
import { clientFiles } from './browserFiles';
import { setServerHost } from './host';

/** The parts of a dedicated worker's global scope the host uses (the Node types this project compiles with have no DOM). */
interface WorkerScope {
  addEventListener(type: 'error', listener: (event: { error?: unknown; message?: string }) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: { reason?: unknown }) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
let connection: Connection | undefined;

setServerHost({
  connect(options) {
    const port = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
    connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(port), new BrowserMessageWriter(port), options);
    return connection;
  },
  files: clientFiles(() => {
    if (!connection) throw new Error('no connection yet');
    return connection;
  }),
  nextTurn(callback) {
    // A macrotask, like the message events the connection reads: what waits for "no message handled" sees them.
    const timer = setTimeout(callback, 0);
    return { dispose: () => clearTimeout(timer) };
  },
  onUncaught(report) {
    scope.addEventListener('error', (event) => report(event.error ?? event.message));
    scope.addEventListener('unhandledrejection', (event) => report(event.reason));
  },
  gc: undefined,
  // Started from a blob URL, the worker has no location of its own: the client names the diagnostics page.
  readmeUri: undefined,
});
