// The API key lives in VS Code's SecretStorage (the OS keychain), never in settings, logs, the
// webview or saved conversations. SVC_API_KEY in the environment is the fallback. Whether the user
// chose the local emulator anyway is remembered next to it. A stored key is bound to the service
// address it was stored for: before it goes to any other address the user is asked (serviceConnection.ts).
import * as vscode from 'vscode';

const SECRET_KEY = 'svc.apiKey';
const BOUND_ADDRESS_KEY = 'svc.apiKey.baseUrl';
const USE_EMULATOR_KEY = 'svc.useLocalEmulator';
export const ENV_KEY = 'SVC_API_KEY';

export type KeySource = 'secretStorage' | 'environment';

export interface ResolvedKey {
  key: string;
  source: KeySource;
  /** The address a stored key may go to; undefined for keys stored before keys were bound (bound on first use). */
  boundTo?: string;
}

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key === SECRET_KEY) this.changed.fire();
    });
  }

  /** The key to use, or undefined when the local emulator is to be used. */
  async resolve(): Promise<ResolvedKey | undefined> {
    if (this.state.get<boolean>(USE_EMULATOR_KEY, false)) return undefined;
    const stored = await this.secrets.get(SECRET_KEY);
    if (stored) {
      const boundTo = await this.secrets.get(BOUND_ADDRESS_KEY);
      return { key: stored, source: 'secretStorage', ...(boundTo ? { boundTo } : {}) };
    }
    const fromEnv = this.env[ENV_KEY]?.trim();
    return fromEnv ? { key: fromEnv, source: 'environment' } : undefined;
  }

  async hasStoredKey(): Promise<boolean> {
    return (await this.secrets.get(SECRET_KEY)) !== undefined;
  }

  get emulatorChosen(): boolean {
    return this.state.get<boolean>(USE_EMULATOR_KEY, false);
  }

  /** Stores the key for `baseUrl`, the address it may be sent to. */
  async store(key: string, baseUrl: string): Promise<void> {
    await this.secrets.store(BOUND_ADDRESS_KEY, baseUrl);
    await this.secrets.store(SECRET_KEY, key);
    await this.state.update(USE_EMULATOR_KEY, false);
    this.changed.fire();
  }

  /** Lets the stored key go to `baseUrl` from now on (the user agreed). */
  async bind(baseUrl: string): Promise<void> {
    await this.secrets.store(BOUND_ADDRESS_KEY, baseUrl);
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
    await this.secrets.delete(BOUND_ADDRESS_KEY);
    this.changed.fire();
  }

  /** Keeps the stored key but sends requests to the local emulator until a key is set again. */
  async chooseEmulator(): Promise<void> {
    await this.state.update(USE_EMULATOR_KEY, true);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** A key is one line of printable characters; anything else is a paste accident. */
export function apiKeyProblem(value: string): string | undefined {
  const key = value.trim();
  if (key === '') return vscode.l10n.t('The key must not be empty');
  if (/\s/.test(key)) return vscode.l10n.t('The key must not contain spaces or line breaks');
  if (key.length < 8) return vscode.l10n.t('The key is too short (at least 8 characters)');
  return undefined;
}
