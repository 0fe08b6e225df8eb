// Bearer-key authentication. Each accepted key is one account; ids derive from the account's identity
// (the key itself unless the starter names one) so that a restart finds the same files, memory and
// balance in the data dir. Keys are compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { ServiceError } from './errors';

export interface Account {
  /** Stable id of the account, used as the owner of files and in error messages (organization id). */
  id: string;
  /** Printable key id that never reveals the key (the `ak-id` of the spec's quota messages). */
  keyId: string;
}

function accountFor(identity: string): Account {
  const digest = createHash('sha256').update(identity).digest('hex');
  return { id: `org-${digest.slice(0, 16)}`, keyId: `ak-${digest.slice(16, 28)}` };
}

export interface AccountKey {
  key: string;
  identity: string;
}

function sameKey(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export class Authenticator {
  private readonly accounts: { key: Buffer; account: Account }[];

  constructor(keys: readonly AccountKey[]) {
    this.accounts = keys.map(({ key, identity }) => ({ key: Buffer.from(key), account: accountFor(identity) }));
  }

  /**
   * Missing header or a non-Bearer scheme: 401 invalid_authentication_error (nothing to check);
   * a Bearer key that is not known: 401 incorrect_api_key_error.
   */
  authenticate(authorization: string | undefined): Account {
    const match = /^Bearer\s+(\S.*)$/i.exec(authorization?.trim() ?? '');
    if (!match) throw new ServiceError(401, 'invalid_authentication_error', 'Invalid Authentication');
    const given = Buffer.from(match[1]!.trim());
    const account = this.accounts.find((entry) => sameKey(entry.key, given))?.account;
    if (!account) throw new ServiceError(401, 'incorrect_api_key_error', 'Incorrect API key provided');
    return account;
  }
}
