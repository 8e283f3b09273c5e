import * as vscode from 'vscode';
import { SETTINGS_SECTION } from '../protocol/ewebench';

/**
 * The one home of the `ewebench.*` settings the client reads: each one's type and default, as package.json's
 * `contributes.configuration` declares them (test/config.test.ts holds the two equal, both ways). Every read goes
 * through `setting` or `userSetting`, so a default is written once.
 */
export const SETTINGS = {
  enable: { type: 'boolean', default: true },
  'noSeparation.enable': { type: 'boolean', default: true },
  'eweInput.enable': { type: 'boolean', default: true },
  fileKinds: { type: 'object', default: {} as Record<string, string[]> },
  // Read by vscode-languageclient itself (the client's id is the section): listed for the check, never read here.
  'trace.server': { type: 'string', default: 'off' as 'off' | 'messages' | 'verbose' },
  // Checked by core/run/models.ts's readModelConfigs: read as it is.
  models: { type: 'array', default: [] as unknown },
  currentModel: { type: 'string', default: '' },
  // Checked against core/spec/limits.ts by readRunSettings (a hand-edited settings.json is not held to the schema).
  'run.concurrency': { type: 'integer', default: 4 as unknown },
  'run.batchSize': { type: 'integer', default: 25 },
  'run.promptVersion': { type: 'string', default: 'naive' as string },
  'run.timeoutSeconds': { type: 'number', default: 60 as unknown },
  // User settings only (`userSetting`): a workspace cannot widen where keys go.
  'run.keyOrigins': { type: 'object', default: {} as unknown },
  'run.maxRetryWaitSeconds': { type: 'number', default: 60 },
  'run.maxResponseMiB': { type: 'number', default: 16 },
  // User settings only (`userSetting`): a workspace cannot allow plain http for itself.
  'run.allowInsecureHttp': { type: 'boolean', default: false },
  'run.cache': { type: 'boolean', default: true },
  'run.secretSegments': { type: 'string', default: 'ask' as string },
  'results.folder': { type: 'string', default: 'results' },
  'corpusTable.hideSecretText': { type: 'boolean', default: false },
  // Checked against core/review/team.ts's REVIEW_GATE_LIMITS by the server (gateSettings).
  'review.minReviewers': { type: 'integer', default: 2 as unknown },
  'review.minAlpha': { type: 'number', default: 0.667 as unknown },
} as const satisfies Record<string, { type: 'boolean' | 'string' | 'number' | 'integer' | 'object' | 'array'; default: unknown }>;

export type SettingKey = keyof typeof SETTINGS;
type Widen<T> = T extends boolean ? boolean : T extends number ? number : T extends string ? (string extends T ? string : T) : T;
export type SettingValue<K extends SettingKey> = Widen<(typeof SETTINGS)[K]['default']>;

/** The full name of a setting (`ewebench.run.cache`), as `affectsConfiguration` and messages name it. */
export function settingName(key: SettingKey): string {
  return `${SETTINGS_SECTION}.${key}`;
}

/** A setting's value for `scope` (a resource or workspace folder; the window when absent), its default if unset. */
export function setting<K extends SettingKey>(key: K, scope?: vscode.ConfigurationScope): SettingValue<K> {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).get<SettingValue<K>>(key, SETTINGS[key].default as SettingValue<K>);
}

/** A setting's value from the user's own settings only (never a workspace's), undefined when the user set none. */
export function userSetting<K extends SettingKey>(key: K): SettingValue<K> | undefined {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<SettingValue<K>>(key)?.globalValue;
}

/** Changes a setting in the user's settings. */
export function updateUserSetting<K extends SettingKey>(key: K, value: SettingValue<K>): Thenable<void> {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, value, vscode.ConfigurationTarget.Global);
}
