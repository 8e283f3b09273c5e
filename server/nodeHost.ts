import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { setServerHost } from './host';
import { exposedGc } from './idleCollector';
import { nodeFiles } from './nodeFiles';

/** The README shipped beside the server (dist/../README.md; a packaged .vsix names it readme.md). */
function readme(): string {
  const candidates = ['README.md', 'readme.md'].map((name) => path.join(__dirname, '..', name));
  return pathToFileURL(candidates.find((p) => fs.existsSync(p)) ?? candidates[0]).toString();
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
  readmeUri: readme(),
});
