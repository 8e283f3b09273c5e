import * as vscode from 'vscode';
import {
  ModelConfigError,
  PRESET_NAMES,
  PROVIDER_PRESETS,
  type PresetName,
  insecureHttpProblem,
  isPresetName,
  originOf,
  redactUrl,
  resolveModel,
  keyOriginAllowedByUser,
} from '../../core/run/presets';
import { pick, toLocale } from '../../core/i18n/locale';
import type { ModelConfig } from '../../core/run/types';
import { keyNeedsConsent, resolveApiKey } from '../../runner/keys';
import type { RunLogger } from '../../runner/log';
import type { RunModel } from '../../runner/execute';
import type { ChatProvider } from '../../runner/provider';
import type { KeyStore } from './keys';
import type { RunPlatform } from './platform';
import { lmChatProvider, selectLmModel } from './lmProvider';
import { modelLabel, pickCurrentModel, readModelConfigs } from './modelChoice';
import { setting, userSetting } from '../config';

export interface ReadyModel {
  provider: ChatProvider;
  /** What the runner's plan takes: the model name written in requests and results, and where it was sent. */
  resolved: RunModel;
  label: string;
}

/** Why a model cannot be used, and what the user can do about it. */
export class ModelUnavailable extends Error {
  constructor(
    message: string,
    readonly action?: 'storeKey' | 'selectModel',
  ) {
    super(message);
  }
}

function settings() {
  return vscode.workspace.getConfiguration('ewebench');
}

export function configuredModels(): ModelConfig[] {
  return readModelConfigs(setting('models'));
}

export function currentModel(): ModelConfig | undefined {
  return pickCurrentModel(configuredModels(), setting('currentModel'));
}

/** Where to write a model setting: the workspace when it already sets it, else the user's settings. */
function targetFor(key: string): vscode.ConfigurationTarget {
  const inspected = settings().inspect(key);
  return inspected?.workspaceValue !== undefined && vscode.workspace.isTrusted ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
}

async function addModelConfig(config: ModelConfig): Promise<void> {
  const target = targetFor('models');
  const inspected = settings().inspect<unknown[]>('models');
  const existing = (target === vscode.ConfigurationTarget.Workspace ? inspected?.workspaceValue : inspected?.globalValue) ?? [];
  const same = (m: unknown) =>
    readModelConfigs([m]).some((c) => c.provider === config.provider && c.model === config.model && (c.baseUrl ?? '') === (config.baseUrl ?? ''));
  if (!existing.some(same)) await settings().update('models', [...existing, config], target);
  await settings().update('currentModel', modelLabel(config), targetFor('currentModel'));
}

/**
 * The configured models, the current one (status bar), switching and adding models, storing keys, and turning
 * a model configuration into a ChatProvider with its key.
 */
export class ModelService implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('ewebench.model', vscode.StatusBarAlignment.Right, 98);
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the list of models or the current one changes. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly keys: KeyStore,
    private readonly logger: RunLogger,
    private readonly platform: RunPlatform,
  ) {
    this.item.name = vscode.l10n.t('ÈwéBench model');
    this.item.command = 'ewebench.selectModel';
    this.subscriptions.push(
      this.item,
      this.changed,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('ewebench.models') || e.affectsConfiguration('ewebench.currentModel')) {
          this.refresh();
          this.changed.fire();
        }
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
    );
    this.refresh();
  }

  refresh(): void {
    const model = currentModel();
    this.item.text = model ? `$(hubot) ${modelLabel(model)}` : `$(hubot) ${vscode.l10n.t('No model')}`;
    this.item.tooltip = !vscode.workspace.isTrusted
      ? vscode.l10n.t('Restricted mode: nothing is sent to any model until you trust this workspace.')
      : model
        ? vscode.l10n.t('Tests run against {0} ({1}). Click to switch.', modelLabel(model), model.provider)
        : vscode.l10n.t('Choose the model tests run against.');
    this.item.show();
  }

  /** The quick pick behind the status bar: configured models, VS Code chat models, add a model, store a key. */
  async selectModel(): Promise<void> {
    type Item = vscode.QuickPickItem & { run?: () => Promise<void> };
    const current = currentModel();
    const items: Item[] = configuredModels().map((m) => ({
      label: `${m === current || (current && modelLabel(m) === modelLabel(current)) ? '$(check) ' : ''}${modelLabel(m)}`,
      description:
        m.provider === 'vscode-lm'
          ? vscode.l10n.t('VS Code chat model')
          : `${m.provider} · ${redactUrl(m.baseUrl ?? (isPresetName(m.provider) ? (PROVIDER_PRESETS[m.provider].baseUrl ?? '') : ''))}`,
      run: () => Promise.resolve(settings().update('currentModel', modelLabel(m), targetFor('currentModel'))),
    }));
    const lmModels = await Promise.resolve(vscode.lm.selectChatModels()).then(
      (l) => l,
      () => [],
    );
    if (lmModels.length) {
      items.push({ label: vscode.l10n.t('VS Code chat models'), kind: vscode.QuickPickItemKind.Separator });
      for (const m of lmModels) {
        items.push({
          label: `$(copilot) ${m.name}`,
          description: `${m.vendor} · ${m.family}`,
          run: () => addModelConfig({ provider: 'vscode-lm', model: m.id, label: m.name }),
        });
      }
    }
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push({ label: `$(add) ${vscode.l10n.t('Add model…')}`, run: () => this.addModel() });
    items.push({ label: `$(key) ${vscode.l10n.t('Store API key…')}`, run: () => this.storeApiKey() });
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Model to run tests against'),
      placeHolder: current ? modelLabel(current) : vscode.l10n.t('No model configured yet'),
    });
    await picked?.run?.();
  }

  async addModel(): Promise<void> {
    // Every preset of core's provider table (the user's own server, `custom`, is its last).
    const providers: { label: string; provider: PresetName; description: string }[] = PRESET_NAMES.map((provider) =>
      provider === 'custom'
        ? { label: vscode.l10n.t('Other OpenAI-compatible server'), provider, description: vscode.l10n.t('vLLM, LM Studio, llama.cpp…') }
        : { label: PROVIDER_PRESETS[provider].label, provider, description: PROVIDER_PRESETS[provider].baseUrl ?? '' },
    );
    const choice = await vscode.window.showQuickPick(providers, { title: vscode.l10n.t('Provider') });
    if (!choice) return;
    const preset = PROVIDER_PRESETS[choice.provider];
    let baseUrl: string | undefined;
    if (choice.provider === 'custom') {
      baseUrl = await vscode.window.showInputBox({
        title: vscode.l10n.t('Base URL of the OpenAI-compatible server'),
        value: 'http://localhost:8000/v1',
        validateInput: (v) => {
          try {
            originOf(v);
            return undefined;
          } catch (e) {
            return e instanceof ModelConfigError ? pick(e.reason, toLocale(vscode.env.language)) : String(e);
          }
        },
      });
      if (!baseUrl) return;
    }
    const model = await vscode.window.showInputBox({
      title: vscode.l10n.t('Model name'),
      value: preset.defaultModel ?? '',
      validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A model name is needed.')),
    });
    if (!model) return;
    const config: ModelConfig = { provider: choice.provider, model: model.trim(), ...(baseUrl ? { baseUrl } : {}) };
    await addModelConfig(config);
    const origin = resolveModel(config).origin;
    if (preset.needsKey && !(await this.keys.get(origin)) && !(preset.apiKeyEnv && this.platform.env[preset.apiKeyEnv])) {
      const store = vscode.l10n.t('Store API key');
      if ((await vscode.window.showInformationMessage(vscode.l10n.t('{0} needs an API key.', choice.label), store)) === store) await this.storeApiKey(origin);
    }
  }

  /** Origins a key can be stored for: the configured models' and the presets that take a key. */
  private keyOrigins(): string[] {
    const origins = new Set<string>();
    for (const m of configuredModels()) {
      if (m.provider === 'vscode-lm') continue;
      try {
        origins.add(resolveModel(m).origin);
      } catch {
        /* an unusable entry offers no origin */
      }
    }
    for (const p of Object.values(PROVIDER_PRESETS)) if (p.needsKey && p.baseUrl) origins.add(originOf(p.baseUrl));
    return [...origins];
  }

  async storeApiKey(origin?: string): Promise<void> {
    if (!origin) {
      const other = vscode.l10n.t('Other origin…');
      const picked = await vscode.window.showQuickPick([...this.keyOrigins(), other], { title: vscode.l10n.t('Store the API key for which server?') });
      if (!picked) return;
      origin = picked;
      if (picked === other) {
        const typed = await vscode.window.showInputBox({ title: vscode.l10n.t('Server URL'), placeHolder: 'https://api.example.com' });
        if (!typed) return;
        try {
          origin = originOf(typed);
        } catch (e) {
          void vscode.window.showErrorMessage(e instanceof ModelConfigError ? pick(e.reason, toLocale(vscode.env.language)) : String(e));
          return;
        }
      }
    }
    const key = await vscode.window.showInputBox({
      title: vscode.l10n.t('API key for {0}', origin),
      prompt: vscode.l10n.t("Kept in VS Code's secret storage and sent only to {0}.", origin),
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The key is empty.')),
    });
    if (!key) return;
    await this.keys.store(origin, key.trim());
    void vscode.window.showInformationMessage(vscode.l10n.t('API key stored for {0}.', origin));
  }

  async clearApiKey(): Promise<void> {
    const origins = this.keys.origins();
    if (!origins.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No API key is stored.'));
      return;
    }
    const origin = await vscode.window.showQuickPick(origins, { title: vscode.l10n.t('Clear the API key stored for…') });
    if (!origin) return;
    await this.keys.clear(origin);
    void vscode.window.showInformationMessage(vscode.l10n.t('API key for {0} cleared.', origin));
  }

  /** The current model as a ChatProvider with its key; throws ModelUnavailable with what to do. */
  async ready(options: { timeoutMs: number }, config = currentModel()): Promise<ReadyModel> {
    if (!config) throw new ModelUnavailable(vscode.l10n.t('No model is configured. Choose one first.'), 'selectModel');
    if (config.provider === 'vscode-lm') {
      const chat = await selectLmModel(config.model);
      if (!chat) throw new ModelUnavailable(vscode.l10n.t('The VS Code chat model {0} is not available.', modelLabel(config)), 'selectModel');
      const provider = lmChatProvider(chat, this.logger);
      // A VS Code chat model has no HTTP endpoint: results and run cards name its origin, `vscode-lm:<vendor>`.
      const resolved: RunModel = { model: config.model || chat.id, endpoint: provider.origin };
      return { provider, resolved, label: modelLabel(config) };
    }
    let resolved;
    try {
      resolved = resolveModel(config);
    } catch (e) {
      if (e instanceof ModelConfigError) throw new ModelUnavailable(pick(e.reason, toLocale(vscode.env.language)), 'selectModel');
      throw e;
    }
    // A user-level setting only (`"scope": "application"`): a workspace cannot allow plain http for itself.
    const allowInsecureHttp = userSetting('run.allowInsecureHttp') === true;
    const insecure = insecureHttpProblem(resolved.baseUrl, allowInsecureHttp);
    if (insecure) throw new ModelUnavailable(pick(insecure, toLocale(vscode.env.language)), 'selectModel');
    const key = resolveApiKey(config, { stored: await this.keys.get(resolved.origin), env: this.platform.env, presetVariable: resolved.apiKeyEnv });
    // The user's own list of origins a variable's key may go to (user settings only: a workspace cannot add to it).
    const allowedByUser = key.variable !== undefined && keyOriginAllowedByUser(key.variable, resolved.origin, userSetting('run.keyOrigins'));
    if (keyNeedsConsent(key, resolved.origin) && key.variable && !allowedByUser && !(await this.keys.consented(resolved.origin, key.variable))) {
      // The variable is not the key of the provider living at this origin: sent there only once the user says so.
      const send = vscode.l10n.t('Send the key');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Send the API key of the environment variable {0} to {1}?', key.variable, resolved.origin),
        { modal: true, detail: vscode.l10n.t('{0} is not the key of the provider at {1}. Your answer is remembered for {1}.', key.variable, resolved.origin) },
        send,
      );
      if (answer !== send) throw new ModelUnavailable(vscode.l10n.t('The key of {0} was not sent to {1}.', key.variable, resolved.origin), 'selectModel');
      await this.keys.consent(resolved.origin, key.variable);
    }
    if (!key.key && PROVIDER_PRESETS[resolved.provider].needsKey) {
      throw new ModelUnavailable(
        key.variable && !this.platform.browser
          ? vscode.l10n.t('No API key for {0}: store one, or set the environment variable {1}.', resolved.origin, key.variable)
          : this.platform.browser
            ? vscode.l10n.t('No API key for {0}: store one (VS Code for the Web reads no environment variable).', resolved.origin)
            : vscode.l10n.t('No API key for {0}: store one.', resolved.origin),
        'storeKey',
      );
    }
    // Loaded on the first run, not at activation: the OpenAI SDK is the biggest part of the bundle.
    const { openAICompatibleProvider } = await this.platform.runner();
    const provider = openAICompatibleProvider({
      baseUrl: resolved.baseUrl,
      ...(key.key ? { apiKey: key.key } : {}),
      timeoutMs: options.timeoutMs,
      maxRetryWaitMs: Math.max(0, setting('run.maxRetryWaitSeconds')) * 1000,
      maxResponseBytes: Math.round(Math.max(0.001, setting('run.maxResponseMiB')) * 1024 * 1024),
      allowInsecureHttp,
      logger: this.logger,
      label: resolved.label,
      // A browser sends its own user agent; it gets the page's fetch and reports a CORS refusal as one.
      ...(this.platform.browser ? { browser: this.platform.browser } : { userAgent: 'ewebench-studio' }),
    });
    return { provider, resolved, label: resolved.label };
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
