import { plural } from '../../core/i18n/plural';
import { categoryOf } from '../../core/scoring/ewebench/categories';
import * as vscode from 'vscode';
import { isListedWorkspaceFile, SKIPPED_FOLDERS_GLOB } from '../../core/workspace/files';
import type { DocumentModels } from './documentItems';
import { itemsOfText } from './documentItems';
import { RUN_REPEATS, type ItemArgs } from './lensModel';
import type { ModelService } from './models';
import type { RunPlatform } from './platform';
import { resultUri } from './resultDocument';
import { eweScoresByModel } from './resultsIndex';
import { resultsFolderSetting, sourceFileOf, type ResultsStore } from './resultsStore';
import type { RunService } from './runService';
import { formatFixed } from './format';
import { userL10n } from './userL10n';

export interface RunCommandDeps {
  items: DocumentModels;
  results: ResultsStore;
  runs: RunService;
  models: ModelService;
  channel: vscode.LogOutputChannel;
  platform: RunPlatform;
}

/** The item at the cursor of the active editor, as the lens would pass it. */
function itemAtCursor(items: DocumentModels): ItemArgs | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const parsed = items.get(editor.document);
  const offset = editor.document.offsetAt(editor.selection.active);
  const item = parsed?.items.find((i) => i.start <= offset && offset <= i.end);
  return item ? { uri: editor.document.uri.toString(), id: item.id, index: item.index } : undefined;
}

function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'object' && arg !== null && typeof (arg as { uri?: unknown }).uri === 'string') return vscode.Uri.parse((arg as { uri: string }).uri);
  return vscode.window.activeTextEditor?.document.uri;
}

function isItemArgs(arg: unknown): arg is ItemArgs {
  return typeof arg === 'object' && arg !== null && typeof (arg as ItemArgs).uri === 'string' && typeof (arg as ItemArgs).id === 'string';
}

/** A test to start from, in our own words (keywords scoring), for a workspace that has none yet. */
const STARTER_TESTS = `[
  {
    "id": "translation_001",
    "prompt": "Translate into Ewe: Good morning, did you sleep well?",
    "eval_method": "keywords",
    "expected_keywords": ["ŋdi", "nyuie"]
  }
]
`;

async function openTestsFile(): Promise<void> {
  const candidates = await vscode.workspace.findFiles('**/*.json', SKIPPED_FOLDERS_GLOB, 500);
  const tests: vscode.Uri[] = [];
  for (const uri of candidates) {
    if (tests.length >= 50) break;
    if (!isListedWorkspaceFile(vscode.workspace.asRelativePath(uri, false), resultsFolderSetting())) continue;
    try {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      if (text.length < 5_000_000 && itemsOfText(uri, text).kind === 'ewebench-tests') tests.push(uri);
    } catch {
      /* unreadable: not offered */
    }
  }
  if (tests.length === 1) {
    await vscode.window.showTextDocument(tests[0]);
    return;
  }
  if (tests.length > 1) {
    const picked = await vscode.window.showQuickPick(
      tests.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })),
      { title: vscode.l10n.t('Open a tests file') },
    );
    if (picked) await vscode.window.showTextDocument(picked.uri);
    return;
  }
  const create = vscode.l10n.t('Create tests/translation.json');
  const folder = vscode.workspace.workspaceFolders?.[0];
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t('This workspace has no ÈwéBench tests file yet.'), create);
  if (choice !== create) return;
  if (!folder) {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'json', content: STARTER_TESTS }));
    return;
  }
  const uri = vscode.Uri.joinPath(folder.uri, 'tests', 'translation.json');
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(STARTER_TESTS));
  await vscode.window.showTextDocument(uri);
}

export function registerRunCommands(context: vscode.ExtensionContext, deps: RunCommandDeps): void {
  const { items, results, runs, models, channel, platform } = deps;
  const runItem = async (arg: unknown, repeat: number, allModels = false) => {
    const target = isItemArgs(arg) ? arg : itemAtCursor(items);
    if (!target) {
      const open = vscode.l10n.t('Open a tests file');
      const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Put the cursor inside a test or a corpus entry to run it.'), open);
      if (choice === open) await openTestsFile();
      return;
    }
    const request = { uri: vscode.Uri.parse(target.uri), ids: [target.id], repeat };
    await (allModels ? runs.runOnAllModels(request) : runs.run(request));
  };
  const showResult = async (arg: unknown) => {
    const target = isItemArgs(arg) ? arg : itemAtCursor(items);
    if (!target) return;
    await results.ready();
    const doc = await vscode.workspace.openTextDocument(resultUri(sourceFileOf(vscode.Uri.parse(target.uri)), target.id));
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
  };
  const showEweScore = async () => {
    await results.ready();
    const scores = eweScoresByModel(results.index.allRecords());
    if (scores.length === 0) {
      // Results of files outside the ten categories have no ÈwéScore: say so rather than "no results".
      const outside = [
        ...new Set(results.index.allRecords().flatMap((r) => (r.kind === 'ewebench-test' && r.score !== null && !categoryOf(r.category) ? [r.category] : []))),
      ];
      void vscode.window.showInformationMessage(
        outside.length
          ? vscode.l10n.t(
              'No ÈwéScore yet: the tests with results are in files outside the ten categories ({0}). Name a tests file after a category (tests/<category>.json, e.g. tests/reasoning.json) to count its tests.',
              outside.join(', '),
            )
          : vscode.l10n.t('No test results yet: run a tests file first.'),
      );
      return;
    }
    const picks: vscode.QuickPickItem[] = [];
    for (const s of scores) {
      picks.push({ label: vscode.l10n.t('{0}: ÈwéScore {1}', s.model, formatFixed(s.eweScore, 1, userL10n)), kind: vscode.QuickPickItemKind.Separator });
      picks.push({
        label: `$(graph) ${vscode.l10n.t('ÈwéScore {0}', formatFixed(s.eweScore, 1, userL10n))}`,
        description: plural(s.categories.length, vscode.env.language, {
          one: vscode.l10n.t('{0} over {1} category with results', s.model, s.categories.length),
          other: vscode.l10n.t('{0} over {1} categories with results', s.model, s.categories.length),
        }),
      });
      for (const c of s.categories) {
        picks.push({
          label: `   ${c.category}`,
          description: `${formatFixed(c.score, 1, userL10n)}/100`,
          detail: c.errored ? vscode.l10n.t('{0} scored, {1} errored (not scored)', c.scored, c.errored) : vscode.l10n.t('{0} scored', c.scored),
        });
      }
    }
    await vscode.window.showQuickPick(picks, { title: vscode.l10n.t('ÈwéScore over the categories that have results'), matchOnDescription: true });
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.runTest', (arg?: unknown) => runItem(arg, 1)),
    vscode.commands.registerCommand('ewebench.runTestRepeated', (arg?: unknown) => runItem(arg, RUN_REPEATS)),
    vscode.commands.registerCommand('ewebench.runFile', async (arg?: unknown) => {
      const uri = uriOf(arg);
      if (!uri) return runItem(undefined, 1);
      await runs.run({ uri });
    }),
    // An item (lens arguments or the cursor) against every configured model; a file from its top lens or the Explorer.
    vscode.commands.registerCommand('ewebench.runOnAllModels', async (arg?: unknown) => {
      if (isItemArgs(arg) || (arg === undefined && itemAtCursor(items))) return runItem(arg, 1, true);
      const uri = uriOf(arg);
      if (!uri) return runItem(undefined, 1, true);
      await runs.runOnAllModels({ uri });
    }),
    vscode.commands.registerCommand('ewebench.cancelRun', (arg?: unknown) => runs.cancel(typeof arg === 'object' && arg !== null ? uriOf(arg) : undefined)),
    vscode.commands.registerCommand('ewebench.selectModel', () => models.selectModel()),
    vscode.commands.registerCommand('ewebench.storeApiKey', (origin?: unknown) => models.storeApiKey(typeof origin === 'string' ? origin : undefined)),
    vscode.commands.registerCommand('ewebench.clearApiKey', () => models.clearApiKey()),
    vscode.commands.registerCommand('ewebench.clearCache', async () => {
      if (await platform.clearCache()) void vscode.window.showInformationMessage(vscode.l10n.t('Response cache cleared.'));
      else void vscode.window.showInformationMessage(vscode.l10n.t('VS Code for the Web keeps no response cache: every run sends its requests.'));
    }),
    vscode.commands.registerCommand('ewebench.showEweScore', showEweScore),
    vscode.commands.registerCommand('ewebench.showResult', showResult),
    vscode.commands.registerCommand('ewebench.showRunLog', () => channel.show()),
    vscode.commands.registerCommand('ewebench.openTestsFile', openTestsFile),
  );
}
