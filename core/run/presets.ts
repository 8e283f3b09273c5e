import type { ModelConfig, ProviderName } from './types';

/**
 * The providers a model can be reached through, as one table. Base URLs are what an OpenAI-compatible client
 * takes: it appends `/chat/completions`, which gives exactly the endpoints the ÈwéBench harness posts to
 * (`https://api.deepseek.com/chat/completions`, …). No key ever lives here: only the name of the environment
 * variable the harness reads it from.
 */
export interface ProviderPreset {
  /** Undefined for `custom`, whose base URL the user gives. */
  baseUrl?: string;
  defaultModel?: string;
  /** The environment variable holding the key; undefined when the provider needs none (a local Ollama). */
  apiKeyEnv?: string;
  needsKey: boolean;
}

export type PresetName = Exclude<ProviderName, 'vscode-lm'>;

export const PROVIDER_PRESETS: Readonly<Record<PresetName, ProviderPreset>> = {
  deepseek: { baseUrl: 'https://api.deepseek.com', defaultModel: 'deepseek-chat', apiKeyEnv: 'DEEPSEEK_API_KEY', needsKey: true },
  gemini: { baseUrl: 'https://generativelanguage.googleapis.com/v1beta', defaultModel: 'gemini-2.0-flash', apiKeyEnv: 'GEMINI_API_KEY', needsKey: true },
  ollama: { baseUrl: 'http://localhost:11434/v1', defaultModel: 'llama3.1', needsKey: false },
  openrouter: { baseUrl: 'https://openrouter.ai/api/v1', defaultModel: 'google/gemini-2.0-flash-001', apiKeyEnv: 'OPENROUTER_API_KEY', needsKey: true },
  // A self-hosted server (vLLM, LM Studio, llama.cpp): key optional, variable named by the user.
  custom: { needsKey: false },
};

export const PRESET_NAMES = Object.keys(PROVIDER_PRESETS) as PresetName[];

export function isPresetName(name: string): name is PresetName {
  return Object.hasOwn(PROVIDER_PRESETS, name);
}

export interface ResolvedModel {
  provider: PresetName;
  model: string;
  /** Without a trailing slash. */
  baseUrl: string;
  /** `scheme://host[:port]`: what keys and cache entries are bound to. */
  origin: string;
  apiKeyEnv?: string;
  label: string;
}

/** Raised when a model configuration cannot be used; the message says what to change. */
export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModelConfigError(`invalid base URL '${url}': expected an absolute http(s) URL such as http://localhost:8000/v1`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ModelConfigError(`invalid base URL '${url}': only http and https are supported`);
  }
  if (parsed.username || parsed.password) {
    // Credentials in a URL end up in settings, logs and error messages.
    throw new ModelConfigError(`invalid base URL: it carries credentials; store the key with the "set key" command instead`);
  }
  return parsed;
}

/** `scheme://host[:port]` of a URL, lower-cased, default ports dropped (`https://api.deepseek.com`). */
export function originOf(url: string): string {
  return parseHttpUrl(url).origin;
}

/**
 * The endpoint, model and key variable of a configured model. Throws ModelConfigError for `custom` without a
 * base URL, an invalid URL, a missing model name, or `vscode-lm` (VS Code resolves its own models).
 */
export function resolveModel(config: ModelConfig): ResolvedModel {
  if (config.provider === 'vscode-lm') {
    throw new ModelConfigError('vscode-lm models are resolved by the VS Code client, not from a base URL');
  }
  if (!isPresetName(config.provider)) throw new ModelConfigError(`unknown provider '${String(config.provider)}' (known: ${PRESET_NAMES.join(', ')}, vscode-lm)`);
  const preset = PROVIDER_PRESETS[config.provider];
  const base = config.baseUrl ?? preset.baseUrl;
  if (!base) throw new ModelConfigError(`provider '${config.provider}' needs a baseUrl, e.g. http://localhost:8000/v1`);
  const parsed = parseHttpUrl(base);
  const model = config.model || preset.defaultModel;
  if (!model) throw new ModelConfigError(`provider '${config.provider}' needs a model name`);
  const apiKeyEnv = config.apiKeyEnv ?? preset.apiKeyEnv;
  return {
    provider: config.provider,
    model,
    baseUrl: base.replace(/\/+$/, ''),
    origin: parsed.origin,
    ...(apiKeyEnv ? { apiKeyEnv } : {}),
    label: config.label ?? model,
  };
}
