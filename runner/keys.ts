import { isPresetName, keyIsAtHome, PROVIDER_PRESETS } from '../core/run/presets';
import type { ModelConfig } from '../core/run/types';

export interface ResolvedKey {
  key?: string;
  source: 'secret' | 'env' | 'none';
  /** The environment variable read (or that would have been read). */
  variable?: string;
}

/**
 * Where a model's key comes from: a stored secret first (VS Code SecretStorage, per origin), then the
 * configured `apiKeyEnv`, then the preset's variable (`DEEPSEEK_API_KEY`, `GEMINI_API_KEY`). Never settings.
 */
export function resolveApiKey(config: ModelConfig, sources: { stored?: string; env: NodeJS.ProcessEnv; presetVariable?: string }): ResolvedKey {
  const variable = config.apiKeyEnv || sources.presetVariable || (isPresetName(config.provider) ? PROVIDER_PRESETS[config.provider].apiKeyEnv : undefined);
  if (sources.stored) return { key: sources.stored, source: 'secret', ...(variable ? { variable } : {}) };
  const fromEnv = variable ? sources.env[variable]?.trim() : undefined;
  if (variable && fromEnv) return { key: fromEnv, source: 'env', variable };
  return { source: 'none', ...(variable ? { variable } : {}) };
}

/**
 * Whether sending this key to `origin` needs the user's explicit say: a key read from an environment variable
 * that is not the variable of the preset living at that origin (`DEEPSEEK_API_KEY` to anywhere but
 * `https://api.deepseek.com`, any custom variable). A key stored for the origin is already bound to it.
 */
export function keyNeedsConsent(key: ResolvedKey, origin: string): boolean {
  return key.key !== undefined && key.source === 'env' && key.variable !== undefined && !keyIsAtHome(key.variable, origin);
}

/** Replaces every occurrence of each secret (and its URL-encoded form) with `***`, for logs and error text. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; real keys are long.
    if (!secret || secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  return out;
}
