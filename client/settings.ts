import * as vscode from 'vscode';
import type { ConfigurationParams, LanguageClientOptions } from 'vscode-languageclient/node';
import { SETTINGS_SECTION } from '../protocol/ewebench';
import { setting } from './config';

/**
 * The `ewebench.*` settings the server needs, for one resource (a workspace folder, a file) or the whole
 * workspace, plus whether the built-in JSON support already reports syntax errors there. Plain data:
 * configuration values are proxies, which a web worker's postMessage cannot clone.
 */
export function readServerSettings(scope?: vscode.Uri) {
  const builtinJsonValidates = vscode.workspace.getConfiguration('json', scope).get<boolean>('validate.enable', true);
  return {
    enable: setting('enable', scope),
    fileKinds: JSON.parse(JSON.stringify(setting('fileKinds', scope))) as Record<string, string[]>,
    reportSyntaxErrors: !builtinJsonValidates,
    noSeparation: setting('noSeparation.enable', scope),
    // The §7.2 gate's team thresholds, checked by the server against core's limits (`gateSettings`).
    review: { minReviewers: setting('review.minReviewers', scope), minAlpha: setting('review.minAlpha', scope) },
  };
}

/**
 * Answers the server's `workspace/configuration` requests for its section with `readServerSettings` of the
 * folder it names (`scopeUri`), so each workspace folder has its own settings; other sections as VS Code has them.
 */
export const settingsMiddleware: NonNullable<LanguageClientOptions['middleware']>['workspace'] = {
  configuration: async (params: ConfigurationParams, token, next) => {
    const answers = await next(params, token);
    if (!Array.isArray(answers)) return answers;
    return params.items.map((item, i) =>
      item.section === SETTINGS_SECTION ? readServerSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined) : (answers[i] as unknown),
    );
  },
};
