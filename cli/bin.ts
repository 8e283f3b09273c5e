import * as crypto from 'node:crypto';
import { useSha256Provider } from '../core/hash/sha';
import { processIo, quietOnClosedPipes } from './io';
import { main } from './main';

// The process entry point (bundled to dist/cli.js); main() itself never touches process state, so tests can call it.
quietOnClosedPipes();
// Node's native SHA-256 for core's hashes (the run-card seals above all): same bytes as core's plain one, faster;
// one call a hash where Node has it (crypto.hash, Node 20.12), three per card's seals on a board of thousands.
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'buffer') => Buffer }).hash;
useSha256Provider(oneShot ? (input) => oneShot('sha256', input, 'buffer') : (input) => crypto.createHash('sha256').update(input).digest());
const argv = process.argv.slice(2);
const io = { ...processIo, stderrIsTTY: process.stderr.isTTY === true };
if (argv[0] === 'run') {
  // First Ctrl-C: stop sending, keep and write every result received; a second one quits at once.
  const controller = new AbortController();
  io.signal = controller.signal;
  process.on('SIGINT', () => {
    if (controller.signal.aborted) process.exit(130);
    io.stderr('\ncancelling: results received so far are kept (Ctrl-C again to quit now)\n');
    controller.abort();
  });
}
void main(argv, io).then((code) => {
  process.exitCode = code;
  // After a cancel, a call the provider has not yet let go of (a socket, a sleep before a retry) must not keep
  // the process alive: everything received is written, so end now, once the output is flushed.
  if (io.signal?.aborted) writeThen(() => process.exit(code));
});

/** Runs `then` once stdout has flushed (at once when its reader has gone). */
function writeThen(then: () => void): void {
  if (process.stdout.destroyed || !process.stdout.writable) then();
  else process.stdout.write('', then);
}
