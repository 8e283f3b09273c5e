import * as vscode from 'vscode';
import { SUITE_ITEM_FILE_GLOB } from '../../core/workspace/files';
import { RunCodeLensProvider } from './codeLens';
import { registerRunCommands } from './commands';
import type { DocumentModels } from './documentItems';
import { KeyStore } from './keys';
import { ModelService } from './models';
import type { RunPlatform } from './platform';
import type { RunLogger } from '../../runner/log';
import { RESULT_SCHEME, ResultDocumentProvider } from './resultDocument';
import { ResultsStore } from './resultsStore';
import { channelLogger } from './runLog';
import { RunService } from './runService';
import { TestExplorer } from './testExplorer';

/**
 * Running tests against models, wired into VS Code: models and keys, the run service, results, CodeLens,
 * result details, the Test Explorer and the commands, in either build (`platform`: the desktop's or the browser's). Nothing is read from disk until a lens or the Test
 * Explorer asks for results.
 */
export function registerRunFeatures(
  context: vscode.ExtensionContext,
  platform: RunPlatform,
  items: DocumentModels,
): { models: ModelService; logger: RunLogger } {
  const channel = vscode.window.createOutputChannel(vscode.l10n.t('ÈwéBench Runs'), { log: true });
  const logger = channelLogger(channel);
  const models = new ModelService(new KeyStore(context), logger, platform);
  const results = new ResultsStore();
  const runs = new RunService(context, models, results, logger, channel, platform, items);
  const lenses = new RunCodeLensProvider(items, results, runs);
  const details = new ResultDocumentProvider(results);
  const explorer = new TestExplorer(runs, models, results, items);
  context.subscriptions.push(
    channel,
    models,
    results,
    runs,
    lenses,
    details,
    explorer,
    // Lens and command runs show in the Test Explorer too.
    runs.observe(explorer),
    // JSON documents, and the suites' item files (the provider gives lenses to those a suite names only).
    vscode.languages.registerCodeLensProvider([{ language: 'json' }, { language: 'jsonc' }, { pattern: SUITE_ITEM_FILE_GLOB }], lenses),
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, details),
  );
  registerRunCommands(context, { items, results, runs, models, channel, platform });
  return { models, logger };
}
