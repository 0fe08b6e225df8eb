// The core objects behind the file features, for the account in use. A new key or base URL (or the
// switch to the emulator) is another account with its own uploads, so everything is rebuilt then.
import { accountKey } from '../../core/files/accountKey';
import { AttachmentSession } from '../../core/files/attachmentSession';
import { BalanceTracker, DEFAULT_BALANCE_WARNING_THRESHOLD } from '../../core/billing/balanceView';
import { ContextBuilder } from '../../core/files/contextBuilder';
import type { FilesClient } from '../../core/files/filesClient';
import { UploadCache } from '../../core/files/uploadCache';
import type { SharedKeyValueStorage } from '../../core/keyValueStorage';

export interface FilesConnection {
  client: FilesClient;
  /**
   * With the key, identifies the account; only a hash of the two is stored. The local emulator runs on
   * a new port each time, so for it pass a stable name (e.g. `local-emulator:<its data dir>`), or its
   * uploads would look like another account's after every restart.
   */
  baseUrl: string;
  apiKey: string;
}

export interface AccountServices {
  account: string;
  client: FilesClient;
  cache: UploadCache;
  builder: ContextBuilder;
  attachments: AttachmentSession;
  balance: BalanceTracker;
}

/**
 * Calls whichever client the connection gave last: the client may be rebuilt for the same account
 * (new timeout, new retry settings) without losing the chips being uploaded or the balance reading.
 */
function latestClient(latest: () => FilesClient): FilesClient {
  return {
    files: {
      upload: (input) => latest().files.upload(input),
      list: () => latest().files.list(),
      get: (id) => latest().files.get(id),
      delete: (id) => latest().files.delete(id),
      content: (id) => latest().files.content(id),
    },
    balance: () => latest().balance(),
  };
}

export class FileServices {
  private current: AccountServices | undefined;
  private client: FilesClient | undefined;
  private readonly created = new Set<(services: AccountServices) => void>();

  constructor(
    private readonly records: SharedKeyValueStorage,
    private readonly connection: () => Promise<FilesConnection>,
    private readonly warningThreshold: () => number = () => DEFAULT_BALANCE_WARNING_THRESHOLD,
  ) {}

  /** Called for every new set of services (to subscribe to its chips and balance). */
  onDidCreate(listener: (services: AccountServices) => void): void {
    this.created.add(listener);
  }

  /** The services made so far, without connecting (which, with no key, would start the local emulator). */
  peek(): AccountServices | undefined {
    return this.current;
  }

  async get(): Promise<AccountServices> {
    const connection = await this.connection();
    this.client = connection.client;
    const account = accountKey(connection.baseUrl, connection.apiKey);
    if (this.current?.account === account) return this.current;
    const client = latestClient(() => this.client ?? connection.client);
    const cache = new UploadCache(client, this.records, account);
    const builder = new ContextBuilder(client, cache);
    const services: AccountServices = {
      account,
      client,
      cache,
      builder,
      attachments: new AttachmentSession(builder),
      balance: new BalanceTracker(client, { warningThreshold: this.warningThreshold }),
    };
    this.current = services;
    for (const listener of this.created) listener(services);
    return services;
  }
}
