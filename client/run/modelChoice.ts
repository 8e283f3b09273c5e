import type { ModelConfig, ProviderName } from '../../core/run/types';

const PROVIDERS: readonly ProviderName[] = ['deepseek', 'gemini', 'ollama', 'openrouter', 'custom', 'vscode-lm'];

/** What a model is called in the status bar, lenses and run profiles. */
export function modelLabel(config: ModelConfig): string {
  return config.label || config.model;
}

/**
 * The usable entries of the `ewebench.models` setting. Entries VS Code's schema check would flag (no provider
 * known, no model name) are left out rather than failing every run; keys in an entry are never read.
 */
export function readModelConfigs(raw: unknown): ModelConfig[] {
  if (!Array.isArray(raw)) return [];
  const out: ModelConfig[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const { label, provider, model, baseUrl, apiKeyEnv } = item as Record<string, unknown>;
    if (typeof provider !== 'string' || !PROVIDERS.includes(provider as ProviderName)) continue;
    if (typeof model !== 'string' || (!model && provider !== 'vscode-lm')) continue;
    out.push({
      provider: provider as ProviderName,
      model,
      ...(typeof label === 'string' && label ? { label } : {}),
      ...(typeof baseUrl === 'string' && baseUrl ? { baseUrl } : {}),
      ...(typeof apiKeyEnv === 'string' && apiKeyEnv ? { apiKeyEnv } : {}),
    });
  }
  return out;
}

/** The model `current` names (by label, then by model name); the first configured one when it names none. */
export function pickCurrentModel(models: readonly ModelConfig[], current: string): ModelConfig | undefined {
  if (current) {
    const found = models.find((m) => modelLabel(m) === current) ?? models.find((m) => m.model === current);
    if (found) return found;
  }
  return models[0];
}
