import * as vscode from 'vscode';

const SECRET_PREFIX = 'ewebench.apiKey:';
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
    await this.context.globalState.update(ORIGINS_STATE, this.origins().filter((o) => o !== origin));
  }

  origins(): string[] {
    return this.context.globalState.get<string[]>(ORIGINS_STATE, []);
  }
}
