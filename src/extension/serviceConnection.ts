// Where requests go: the real service with the user's key, or the local emulator when there is none.
// The client is built on the extension host's global fetch, which VS Code patches to honour
// `http.proxy` and the system proxy, so requests take VS Code's proxy-aware network stack.
import * as vscode from 'vscode';
import { SvcClient } from '../api/index';
import { KeyNotSentError } from '../core/chat/keyNotSentError';
import type { Connection } from '../shared/protocol';
import type { ApiKeyStore } from './apiKeyStore';
import { ENV_KEY } from './apiKeyStore';
import type { LocalEmulator } from './localEmulator';
import { onDidChangeSettings, readSettings } from './settings/settingsReader';
import { baseUrlProblem } from './settings/settingsProblems';

/** The service address is refused (not https, or not the one the key was stored for); the message names svc.baseUrl. */
export class ServiceAddressError extends Error {
  override readonly name = 'ServiceAddressError';
}

export interface ActiveConnection {
  client: SvcClient;
  connection: Connection;
  /** Needed by features that key their caches per account; never shown or logged. */
  apiKey: string;
}

/**
 * The client retries short waits silently; a service asking for a longer wait than this reaches the
 * chat, which shows a countdown and retries by itself.
 */
const SILENT_RETRY_AFTER_MS = 2_000;

export class ServiceConnection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Connection>();
  readonly onDidChange = this.changed.event;
  private current: Promise<ActiveConnection> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly emulator: LocalEmulator,
  ) {
    this.subscriptions.push(
      keys.onDidChange(() => this.reset()),
      onDidChangeSettings((changed) => {
        if (changed('baseUrl') || changed('requestTimeoutSeconds')) this.reset();
        if (changed('emulator.speed') && this.emulator.setSpeed(readSettings().emulatorSpeed)) this.reset();
      }),
    );
  }

  /** The client to use now; starts the emulator on first use when no key is set. */
  get(): Promise<ActiveConnection> {
    if (!this.current) {
      this.current = this.connect();
      this.current.catch(() => (this.current = undefined));
    }
    return this.current;
  }

  /**
   * The client when having it starts nothing local: with a key, or once the emulator runs. Undefined
   * when only the emulator could answer, which then starts with the first request that needs it.
   */
  async getWithoutStartingEmulator(): Promise<ActiveConnection | undefined> {
    if (this.current) return this.get();
    return (await this.keys.resolve()) ? this.get() : undefined;
  }

  /** What the banner and status bar show, without starting anything. */
  async describe(): Promise<Connection> {
    if (this.current) {
      try {
        return (await this.current).connection;
      } catch {
        // Fall through to the description of what would be used.
      }
    }
    const key = await this.keys.resolve();
    return key ? { mode: 'apiKey', baseUrl: readSettings().baseUrl } : emulatorDescription(this.keys.emulatorChosen, vscode.l10n.t('starts on first use'));
  }

  private async connect(): Promise<ActiveConnection> {
    const settings = readSettings();
    const key = await this.keys.resolve();
    let baseUrl: string;
    let apiKey: string;
    let connection: Connection;
    if (key) {
      baseUrl = settings.baseUrl;
      const problem = baseUrlProblem(baseUrl);
      if (problem) throw new ServiceAddressError(problem);
      if (key.source === 'secretStorage') await this.confirmAddress(key.boundTo, baseUrl);
      apiKey = key.key;
      connection = { mode: 'apiKey', baseUrl, ...(key.source === 'environment' ? { detail: vscode.l10n.t('Key from the {0} environment variable', ENV_KEY) } : {}) };
    } else {
      const running = await this.emulator.start();
      baseUrl = running.url;
      apiKey = running.apiKey;
      connection = emulatorDescription(this.keys.emulatorChosen, running.url);
    }
    const client = new SvcClient({
      baseUrl,
      apiKey,
      fetch: globalThis.fetch,
      timeoutMs: settings.requestTimeoutSeconds * 1000,
      userAgent: `svc-vscode/${vscode.extensions.getExtension('svc-labs.svc-vscode')?.packageJSON?.version ?? 'dev'} vscode/${vscode.version}`,
      retry: { maxRetryAfterMs: SILENT_RETRY_AFTER_MS },
    });
    this.changed.fire(connection);
    return { client, connection, apiKey };
  }

  /**
   * A stored key goes only to the address it was stored for. Keys stored before keys were bound are
   * bound to the user's own address on first use (a workspace cannot set svc.baseUrl).
   */
  private async confirmAddress(boundTo: string | undefined, baseUrl: string): Promise<void> {
    if (boundTo === undefined) return this.keys.bind(baseUrl);
    if (boundTo === baseUrl) return;
    const send = vscode.l10n.t('Send the Key There');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Send your svc API key to {0}?', baseUrl),
      { modal: true, detail: vscode.l10n.t('Your key was stored for {0}. svc.baseUrl now says {1}. Only continue if you changed it yourself and trust that address: the key goes with every request.', boundTo, baseUrl) },
      send,
    );
    if (choice !== send) throw new KeyNotSentError(vscode.l10n.t('svc.baseUrl: your API key was stored for {0} and was not sent to {1}. Set svc.baseUrl back, or run "svc: Set API Key" to store a key for the new address.', boundTo, baseUrl));
    await this.keys.bind(baseUrl);
  }

  private reset(): void {
    this.current = undefined;
    void this.describe().then((connection) => this.changed.fire(connection));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
    void this.emulator.stop();
  }
}

function emulatorDescription(chosen: boolean, where: string): Connection {
  return {
    mode: 'emulator',
    baseUrl: where.startsWith('http') ? where : '',
    // The banner reads "Using the local emulator — <detail>".
    detail: chosen
      ? vscode.l10n.t('chosen with "svc: Use Local Emulator". Run "svc: Set API Key" to use the service.')
      : vscode.l10n.t('no API key is set. Run "svc: Set API Key" to use the service.'),
  };
}
