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
  // Google serves its OpenAI-compatible API under `/v1beta/openai`; the harness posts to `/v1beta/chat/completions`,
  // which that API does not answer, so the preset takes Google's documented base (model and key as the harness's).
  gemini: { baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai', defaultModel: 'gemini-2.0-flash', apiKeyEnv: 'GEMINI_API_KEY', needsKey: true },
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

/** Raised when a model configuration cannot be used; `reason` says what to change, in English and French. */
export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
  constructor(readonly reason: { en: string; fr: string }) {
    super(reason.en);
  }
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ModelConfigError({
      en: `invalid base URL '${url}': expected an absolute http(s) URL such as http://localhost:8000/v1`,
      fr: `URL de base invalide « ${url} » : une URL http(s) absolue est attendue, p. ex. http://localhost:8000/v1`,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ModelConfigError({ en: `invalid base URL '${url}': only http and https are supported`, fr: `URL de base invalide « ${url} » : seuls http et https sont pris en charge` });
  }
  if (parsed.username || parsed.password) {
    // Credentials in a URL end up in settings, logs and error messages.
    throw new ModelConfigError({
      en: 'invalid base URL: it carries credentials; store the key with the "set key" command instead',
      fr: 'URL de base invalide : elle contient des identifiants ; enregistrez plutôt la clé avec la commande « définir la clé »',
    });
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
    throw new ModelConfigError({ en: 'vscode-lm models are resolved by the VS Code client, not from a base URL', fr: 'les modèles vscode-lm sont résolus par le client VS Code, pas par une URL de base' });
  }
  if (!isPresetName(config.provider)) {
    const known = `${PRESET_NAMES.join(', ')}, vscode-lm`;
    throw new ModelConfigError({ en: `unknown provider '${String(config.provider)}' (known: ${known})`, fr: `fournisseur inconnu « ${String(config.provider)} » (connus : ${known})` });
  }
  const preset = PROVIDER_PRESETS[config.provider];
  const base = config.baseUrl ?? preset.baseUrl;
  if (!base) {
    throw new ModelConfigError({ en: `provider '${config.provider}' needs a baseUrl, e.g. http://localhost:8000/v1`, fr: `le fournisseur « ${config.provider} » demande une baseUrl, p. ex. http://localhost:8000/v1` });
  }
  const parsed = parseHttpUrl(base);
  const model = config.model || preset.defaultModel;
  if (!model) throw new ModelConfigError({ en: `provider '${config.provider}' needs a model name`, fr: `le fournisseur « ${config.provider} » demande un nom de modèle` });
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
