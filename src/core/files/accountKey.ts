// Uploads belong to an account, and the same key against another base URL (the emulator, a proxy) is
// another account. State is filed under a hash of both so no API key is ever written to storage.
import { createHash } from 'node:crypto';

export function accountKey(baseUrl: string, apiKey: string): string {
  return createHash('sha256').update(`${baseUrl.replace(/\/+$/, '')}\n${apiKey}`).digest('hex').slice(0, 32);
}

export function contentHash(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
