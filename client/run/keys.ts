import * as vscode from 'vscode';

const SECRET_PREFIX = 'ewebench.apiKey:';
/** Per origin: the environment variables whose key the user agreed to send there (a JSON list). */
const CONSENT_PREFIX = 'ewebench.keyConsent:';
/** Origins that have a stored key (SecretStorage cannot list its entries). Origins are not secret. */
const ORIGINS_STATE = 'ewebench.keyOrigins';

/**
 * API keys in VS Code's SecretStorage, one per provider origin (`https://api.deepseek.com`), so a key is only
 * ever sent where it was stored for. Nothing here writes to settings, logs or files.
 */
export class KeyStore {
  constructor(private readonly context: vscode.ExtensionContext) {}

  get(origin: string): Thenable<string | undefined> {
    return this.context.secrets.get(SECRET_PREFIX + origin);
  }

  async store(origin: string, key: string): Promise<void> {
    await this.context.secrets.store(SECRET_PREFIX + origin, key);
    const origins = new Set(this.origins());
    origins.add(origin);
    await this.context.globalState.update(ORIGINS_STATE, [...origins].sort());
  }

  async clear(origin: string): Promise<void> {
    await this.context.secrets.delete(SECRET_PREFIX + origin);
    await this.context.globalState.update(
      ORIGINS_STATE,
      this.origins().filter((o) => o !== origin),
    );
  }

  /** Whether the user agreed to send the key of environment variable `variable` to `origin`. */
  async consented(origin: string, variable: string): Promise<boolean> {
    return (await this.consents(origin)).includes(variable);
  }

  /** Remembers that the key of `variable` may go to `origin` (kept in SecretStorage, where a workspace cannot write). */
  async consent(origin: string, variable: string): Promise<void> {
    const variables = new Set(await this.consents(origin));
    variables.add(variable);
    await this.context.secrets.store(CONSENT_PREFIX + origin, JSON.stringify([...variables].sort()));
  }

  private async consents(origin: string): Promise<string[]> {
    try {
      const value: unknown = JSON.parse((await this.context.secrets.get(CONSENT_PREFIX + origin)) ?? '[]');
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  }

  origins(): string[] {
    return this.context.globalState.get<string[]>(ORIGINS_STATE, []);
  }
}
