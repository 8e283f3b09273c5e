import { after } from 'node:test';
import { startFakeOpenAI, type FakeOpenAI } from './fakeOpenAI';

/** A starter of fake OpenAI servers for one test file: every server it started is stopped after the file's tests. */
export function fakeServersForThisFile(): (...args: Parameters<typeof startFakeOpenAI>) => Promise<FakeOpenAI> {
  const servers: FakeOpenAI[] = [];
  after(() => Promise.all(servers.map((s) => s.stop())));
  return async (...args) => {
    const s = await startFakeOpenAI(...args);
    servers.push(s);
    return s;
  };
}
