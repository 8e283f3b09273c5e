/** Runs the fake OpenAI server in its own thread for `bench/run`, so its work does not share the runner's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { startFakeOpenAI, type FakeServerOptions } from '../test/helpers/fakeOpenAI';

void startFakeOpenAI(workerData as FakeServerOptions).then((fake) => {
  parentPort?.postMessage({ baseUrl: fake.baseUrl });
  parentPort?.on('message', (message: string) => {
    if (message === 'count') parentPort?.postMessage({ count: fake.requests.length });
    if (message === 'stop') void fake.stop().then(() => parentPort?.close());
  });
});
