import { Worker } from 'node:worker_threads';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  createProtocolConnection,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageReader,
  type MessageWriter,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';

/**
 * A web worker's global scope, as far as the browser bundle of the language server uses it (`postMessage`,
 * `onmessage`, `addEventListener`), over a Node worker thread: the bundle runs as VS Code for the Web runs it.
 */
const WORKER_SCOPE = `
const { parentPort, workerData } = require('node:worker_threads');
globalThis.postMessage = (message) => parentPort.postMessage(message);
globalThis.addEventListener = () => {};
Object.defineProperty(globalThis, 'onmessage', { set(listener) { parentPort.on('message', (data) => listener({ data })); } });
require(workerData.bundle);
`;

class WorkerReader extends AbstractMessageReader implements MessageReader {
  constructor(private readonly worker: Worker) {
    super();
  }
  listen(callback: DataCallback): Disposable {
    const listener = (data: Message) => callback(data);
    this.worker.on('message', listener);
    return { dispose: () => this.worker.off('message', listener) };
  }
}

class WorkerWriter extends AbstractMessageWriter implements MessageWriter {
  constructor(private readonly worker: Worker) {
    super();
  }
  write(message: Message): Promise<void> {
    this.worker.postMessage(message);
    return Promise.resolve();
  }
  end(): void {}
}

/** Starts `bundle` (a browser build of the server) in a worker and returns the worker and a protocol connection to it. */
export function startWorkerServer(bundle: string): { worker: Worker; connection: ProtocolConnection } {
  const worker = new Worker(WORKER_SCOPE, { eval: true, workerData: { bundle } });
  return { worker, connection: createProtocolConnection(new WorkerReader(worker), new WorkerWriter(worker)) };
}
