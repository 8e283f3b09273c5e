import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectingLogger, consoleLogger, loggableUrl, requestLine } from './log';

test('a request line names method, URL with its query values redacted, status, latency and attempts', () => {
  assert.equal(loggableUrl('https://u:p@example.org/v1beta/chat/completions?key=SECRET#x'), 'https://example.org/v1beta/chat/completions?key=***');
  assert.equal(
    requestLine({ method: 'POST', url: 'https://api.deepseek.com/chat/completions?key=s', status: 429, latencyMs: 1234.4, attempts: 3 }),
    'POST https://api.deepseek.com/chat/completions?key=*** 429 · 1234 ms · 3 attempts',
  );
  assert.equal(
    requestLine({ method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', status: 'timeout', latencyMs: 5, attempts: 1 }),
    'POST http://127.0.0.1:9/v1/chat/completions timeout · 5 ms · 1 attempt',
  );
});

test('trace lines appear only when trace is on', () => {
  const quiet = collectingLogger();
  quiet.trace('prompt');
  quiet.info('line');
  assert.deepEqual(quiet.lines, [{ level: 'info', message: 'line' }]);
  let written = '';
  const loud = consoleLogger((t) => (written += t), { trace: true });
  loud.trace('prompt');
  assert.equal(loud.traceEnabled, true);
  assert.equal(written, '[trace] prompt\n');
});
