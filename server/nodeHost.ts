import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { setServerHost } from './host';
import { exposedGc } from './idleCollector';
import { nodeFiles } from './nodeFiles';

/** The diagnostics page shipped beside the server (dist/../docs/diagnostics.md, in the repository and the .vsix). */
function diagnosticsPage(): string {
  return pathToFileURL(path.join(__dirname, '..', 'docs', 'diagnostics.md')).toString();
}

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
