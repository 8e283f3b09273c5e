import type { Bilingual } from '../i18n/locale';
import type { ModelConfig, ProviderName } from './types';

/**
 * The providers a model can be reached through, as one table. Base URLs are what an OpenAI-compatible client
 * takes: it appends `/chat/completions`, which gives exactly the endpoints the ÈwéBench harness posts to
 * (`https://api.deepseek.com/chat/completions`, …). No key ever lives here: only the name of the environment
 * variable the harness reads it from. This table is the one home of a provider: the settings schema's enum and
 * descriptions (`package.json`, `package.nls*.json`) and docs/running.md's provider table are checked against it
 * (`test/providers.test.ts`), the CLI's `--preset` and the editor's *Add model…* list read it.
 */
export interface ProviderPreset {
  /** The provider's name as people know it (`DeepSeek`). */
  label: string;
  /** Undefined for `custom`, whose base URL the user gives. */
  baseUrl?: string;
  defaultModel?: string;
  /** The environment variable holding the key; undefined when the provider needs none (a local Ollama). */
  apiKeyEnv?: string;
  needsKey: boolean;
  /** What the settings say of it (Markdown), in English and French: `package.nls*.json` holds these texts. */
  description: Bilingual;
}

export type PresetName = Exclude<ProviderName, 'vscode-lm'>;

export const PROVIDER_PRESETS: Readonly<Record<PresetName, ProviderPreset>> = {
  deepseek: {
    label: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com',
    defaultModel: 'deepseek-chat',
    apiKeyEnv: 'DEEPSEEK_API_KEY',
    needsKey: true,
    description: {
      en: 'DeepSeek (`https://api.deepseek.com`, key in `DEEPSEEK_API_KEY`).',
      fr: 'DeepSeek (`https://api.deepseek.com`, clé dans `DEEPSEEK_API_KEY`).',
    },
  },
  // Google serves its OpenAI-compatible API under `/v1beta/openai`; the harness posts to `/v1beta/chat/completions`,
  // which that API does not answer, so the preset takes Google's documented base (model and key as the harness's).
  gemini: {
    label: 'Google Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    defaultModel: 'gemini-2.0-flash',
    apiKeyEnv: 'GEMINI_API_KEY',
    needsKey: true,
    description: {
      en: 'Google Gemini through its OpenAI-compatible endpoint (key in `GEMINI_API_KEY`).',
      fr: 'Google Gemini par son point d’accès compatible OpenAI (clé dans `GEMINI_API_KEY`).',
    },
  },
  ollama: {
    label: 'Ollama',
    baseUrl: 'http://localhost:11434/v1',
    defaultModel: 'llama3.1',
    needsKey: false,
    description: { en: 'A local Ollama on `http://localhost:11434` (no key).', fr: 'Un Ollama local sur `http://localhost:11434` (sans clé).' },
  },
  openrouter: {
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    defaultModel: 'google/gemini-2.0-flash-001',
    apiKeyEnv: 'OPENROUTER_API_KEY',
    needsKey: true,
    description: {
      en: 'OpenRouter (`https://openrouter.ai/api/v1`, key in `OPENROUTER_API_KEY`); reports cost.',
      fr: 'OpenRouter (`https://openrouter.ai/api/v1`, clé dans `OPENROUTER_API_KEY`)\u202f; indique le coût.',
    },
  },
  // A self-hosted server (vLLM, LM Studio, llama.cpp): key optional, variable named by the user.
  custom: {
    label: 'OpenAI-compatible server',
    needsKey: false,
    description: { en: 'Any OpenAI-compatible endpoint given by `baseUrl`.', fr: 'Tout point d’accès compatible OpenAI donné par `baseUrl`.' },
  },
};

export const PRESET_NAMES = Object.keys(PROVIDER_PRESETS) as PresetName[];

/** VS Code's chat models (Language Model API): a provider the editor resolves itself, with no base URL or key. */
export const VSCODE_LM_PROVIDER: { label: string; description: Bilingual } = {
  label: 'VS Code chat model',
  description: {
    en: 'A chat model available in VS Code (Language Model API): no key needed.',
    fr: 'Un modèle de conversation disponible dans VS Code (API Language Model)\u00a0: aucune clé nécessaire.',
  },
};

/** Every provider a model setting may name, in the settings schema's order: the presets, then VS Code's chat models. */
export const PROVIDERS: readonly { name: ProviderName; label: string; description: Bilingual }[] = [
  ...PRESET_NAMES.map((name) => ({ name, label: PROVIDER_PRESETS[name].label, description: PROVIDER_PRESETS[name].description })),
  { name: 'vscode-lm', ...VSCODE_LM_PROVIDER },
];

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

function parseHttpUrl(given: string): URL {
  // Messages name the URL as it may be written: a query value may be a credential.
  const url = redactUrl(given);
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    throw new ModelConfigError({
      en: `invalid base URL '${url}': expected an absolute http(s) URL such as http://localhost:8000/v1`,
      fr: `URL de base invalide « ${url} »\u00a0: une URL http(s) absolue est attendue, p. ex. http://localhost:8000/v1`,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ModelConfigError({
      en: `invalid base URL '${url}': only http and https are supported`,
      fr: `URL de base invalide « ${url} »\u00a0: seuls http et https sont pris en charge`,
    });
  }
  if (parsed.username || parsed.password) {
    // Credentials in a URL end up in settings, logs and error messages.
    throw new ModelConfigError({
      en: 'invalid base URL: it carries credentials; store the key with the "set key" command instead',
      fr: 'URL de base invalide\u00a0: elle contient des identifiants\u202f; enregistrez plutôt la clé avec la commande « définir la clé »',
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
    throw new ModelConfigError({
      en: 'vscode-lm models are resolved by the VS Code client, not from a base URL',
      fr: 'les modèles vscode-lm sont résolus par le client VS Code, pas par une URL de base',
    });
  }
  if (!isPresetName(config.provider)) {
    const known = `${PRESET_NAMES.join(', ')}, vscode-lm`;
    throw new ModelConfigError({
      en: `unknown provider '${String(config.provider)}' (known: ${known})`,
      fr: `fournisseur inconnu « ${String(config.provider)} » (connus\u00a0: ${known})`,
    });
  }
  const preset = PROVIDER_PRESETS[config.provider];
  const base = config.baseUrl ?? preset.baseUrl;
  if (!base) {
    throw new ModelConfigError({
      en: `provider '${config.provider}' needs a baseUrl, e.g. http://localhost:8000/v1`,
      fr: `le fournisseur « ${config.provider} » demande une baseUrl, p. ex. http://localhost:8000/v1`,
    });
  }
  const parsed = parseHttpUrl(base);
  const model = config.model || preset.defaultModel;
  if (!model)
    throw new ModelConfigError({
      en: `provider '${config.provider}' needs a model name`,
      fr: `le fournisseur « ${config.provider} » demande un nom de modèle`,
    });
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

/**
 * The chat-completions URL of a base URL: `/chat/completions` joined to the base's path, its query kept where it
 * belongs (`http://h/v1?key=abc` → `http://h/v1/chat/completions?key=abc`), no fragment.
 */
export function chatCompletionsUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.hash = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.href;
}

/** Hides one query string's values: `a=1&key` → `a=***&key=***` (a bare word may be a token). */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((part) => (part === '' ? part : `${part.includes('=') ? part.slice(0, part.indexOf('=')) : part}=***`))
    .join('&');
}

/**
 * A URL as it may be written anywhere (logs, results files, run cards, the journal, error messages): every query
 * value replaced by `***` (some providers take `?key=`, `?sig=`), no user info, no fragment. The one redaction
 * every writer uses; text that is not a URL is redacted the same way as far as it looks like one.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url
      .replace(/\/\/[^/?#@\s]*@/g, '//')
      .replace(/#.*$/s, '')
      .replace(/\?([^\s]*)/, (_m, q: string) => `?${redactQuery(q)}`);
  }
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  const query = parsed.search.slice(1);
  return query ? `${parsed.href.slice(0, parsed.href.indexOf('?'))}?${redactQuery(query)}` : parsed.href;
}

/** Every value of a URL's query, as written and decoded: what a redaction of free text must hide. */
export function queryValues(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const out = new Set<string>();
  for (const part of parsed.search.slice(1).split('&')) {
    const raw = part.includes('=') ? part.slice(part.indexOf('=') + 1) : part;
    if (!raw) continue;
    out.add(raw);
    try {
      out.add(decodeURIComponent(raw.replace(/\+/g, ' ')));
    } catch {
      /* not percent-encoded text: the raw form is enough */
    }
  }
  return [...out];
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 and `::1`: hosts whose traffic never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Plain `http://` to a host other than loopback sends prompts, answers and any key in clear: refused unless the
 * user allowed it (a user-level setting, `--allow-insecure-http`). Undefined when the URL may be used.
 */
export function insecureHttpProblem(baseUrl: string, allowInsecureHttp: boolean): { en: string; fr: string } | undefined {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || allowInsecureHttp || isLoopbackHost(url.hostname)) return undefined;
  return {
    en: `refused to send requests in clear to ${url.origin}: plain http is only used for this machine (localhost, 127.0.0.1, ::1); use https, or allow it with --allow-insecure-http (CLI) or the user setting ewebench.run.allowInsecureHttp`,
    fr: `envoi en clair vers ${url.origin} refusé\u00a0: http sans chiffrement n’est utilisé que pour cette machine (localhost, 127.0.0.1, ::1)\u202f; utilisez https, ou autorisez-le avec --allow-insecure-http (CLI) ou le réglage utilisateur ewebench.run.allowInsecureHttp`,
  };
}

/** The origins a preset's key variable belongs to (`DEEPSEEK_API_KEY` → `https://api.deepseek.com`). */
export function homeOriginsOf(variable: string): string[] {
  return Object.values(PROVIDER_PRESETS)
    .filter((p) => p.apiKeyEnv === variable && p.baseUrl)
    .map((p) => new URL(p.baseUrl as string).origin);
}

/**
 * Whether a key read from `variable` may go to `origin` without the user saying so: only a preset's own variable
 * to that preset's own origin. Any other pairing (a preset's key to another base URL, a workspace's `apiKeyEnv`
 * with any `baseUrl`) needs an explicit choice: `--api-key-env` on the command line, a confirmation in VS Code.
 */
export function keyIsAtHome(variable: string, origin: string): boolean {
  return homeOriginsOf(variable).includes(origin);
}

/**
 * Whether the user's own settings (never a workspace's) name `origin` as a place the key of `variable` may go:
 * `{ "MY_VLLM_KEY": ["http://127.0.0.1:8000"] }`. Origins are compared as `new URL(…).origin` writes them.
 */
export function keyOriginAllowedByUser(variable: string, origin: string, allowed: unknown): boolean {
  if (typeof allowed !== 'object' || allowed === null || Array.isArray(allowed)) return false;
  const list: unknown = (allowed as Record<string, unknown>)[variable];
  if (!Array.isArray(list)) return false;
  return list.some((entry) => {
    if (typeof entry !== 'string') return false;
    try {
      return new URL(entry).origin === origin;
    } catch {
      return false;
    }
  });
}
