// Bearer-key authentication. Each accepted key is one account; ids derive from the key so that a
// restart with the same keys finds the same files, memory and balance in the data dir.
import { createHash } from 'node:crypto';
import { ServiceError } from './errors';

export interface Account {
  /** Stable id of the account, used as the owner of files and in error messages (organization id). */
  id: string;
  /** Printable key id that never reveals the key (the `ak-id` of the spec's quota messages). */
  keyId: string;
}

function accountFor(key: string): Account {
  const digest = createHash('sha256').update(key).digest('hex');
  return { id: `org-${digest.slice(0, 16)}`, keyId: `ak-${digest.slice(16, 28)}` };
}

export class Authenticator {
  private readonly accounts = new Map<string, Account>();

  constructor(keys: readonly string[]) {
    for (const key of keys) this.accounts.set(key, accountFor(key));
  }

  /**
   * Missing header or a non-Bearer scheme: 401 invalid_authentication_error (nothing to check);
   * a Bearer key that is not known: 401 incorrect_api_key_error.
   */
  authenticate(authorization: string | undefined): Account {
    const match = /^Bearer\s+(\S.*)$/i.exec(authorization?.trim() ?? '');
    if (!match) throw new ServiceError(401, 'invalid_authentication_error', 'Invalid Authentication');
    const account = this.accounts.get(match[1]!.trim());
    if (!account) throw new ServiceError(401, 'incorrect_api_key_error', 'Incorrect API key provided');
    return account;
  }
}
