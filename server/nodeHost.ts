import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { useSha256Provider } from '../core/hash/sha';
import { setServerHost } from './host';
import { exposedGc } from './idleCollector';
import { nodeFiles } from './nodeFiles';

/** The diagnostics page shipped beside the server (dist/../docs/diagnostics.md, in the repository and the .vsix). */
function diagnosticsPage(): string {
  return pathToFileURL(path.join(__dirname, '..', 'docs', 'diagnostics.md')).toString();
}

// Node's native SHA-256 for core's hashes: same bytes as core's plain one, faster (the browser server keeps the plain one).
useSha256Provider((input) => createHash('sha256').update(input).digest());

setServerHost({
  connect: (options) => createConnection(ProposedFeatures.all, options),
  files: nodeFiles,
  nextTurn(callback) {
    const immediate = setImmediate(callback);
    return { dispose: () => clearImmediate(immediate) };
  },
  onUncaught(report) {
    process.on('unhandledRejection', report);
    process.on('uncaughtException', report);
  },
  gc: exposedGc(),
  readmeUri: diagnosticsPage(),
});
