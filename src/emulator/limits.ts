// Account-level limits (concurrency, RPM, TPM, TPD) producing the spec's 429 messages. Windows slide
// over the last minute/day of this key's requests.
import type { Account } from './auth';
import { ServiceError } from './errors';
import type { RateLimitOptions } from './options';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface AccountUsage {
  inFlight: number;
  requests: number[];
  tokens: { at: number; count: number }[];
}

function prefix(account: Account): string {
  return `Your account ${account.id}<${account.keyId}> request reached organization`;
}

function limited(message: string, retryAfterSeconds: number): ServiceError {
  return new ServiceError(429, 'rate_limit_reached_error', message, { 'retry-after': String(retryAfterSeconds) });
}

export class RateLimiter {
  private readonly usage = new Map<string, AccountUsage>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    for (const [name, value] of Object.entries(options)) {
      if (value !== undefined && !(Number.isInteger(value) && value >= 0)) throw new RangeError(`limits.${name} must be a whole number >= 0 (0 = unlimited), got ${value}`);
    }
  }

  private of(account: Account): AccountUsage {
    let u = this.usage.get(account.id);
    if (!u) {
      u = { inFlight: 0, requests: [], tokens: [] };
      this.usage.set(account.id, u);
    }
    return u;
  }

  /** Admits one chat request of `promptTokens` or throws the matching 429; returns its release. */
  admit(account: Account, promptTokens: number): () => void {
    const u = this.of(account);
    const now = this.now();
    u.requests = u.requests.filter((t) => t > now - MINUTE);
    u.tokens = u.tokens.filter((t) => t.at > now - DAY);
    const { concurrency = 0, rpm = 0, tpm = 0, tpd = 0 } = this.options;
    if (concurrency > 0 && u.inFlight >= concurrency) {
      throw limited(`${prefix(account)} max concurrency: ${concurrency}, please try again after 1 seconds`, 1);
    }
    if (rpm > 0 && u.requests.length >= rpm) {
      const wait = Math.max(1, Math.ceil((u.requests[0]! + MINUTE - now) / 1000));
      throw limited(`${prefix(account)} max RPM: ${rpm}, please try again after ${wait} seconds`, wait);
    }
    const lastMinute = u.tokens.filter((t) => t.at > now - MINUTE);
    const tpmCurrent = lastMinute.reduce((s, t) => s + t.count, 0);
    if (tpm > 0 && tpmCurrent + promptTokens > tpm) {
      const wait = Math.max(1, Math.ceil(((lastMinute[0]?.at ?? now) + MINUTE - now) / 1000));
      throw limited(`${prefix(account)} TPM rate limit, current:${tpmCurrent}, limit:${tpm}`, wait);
    }
    const tpdCurrent = u.tokens.reduce((s, t) => s + t.count, 0);
    if (tpd > 0 && tpdCurrent + promptTokens > tpd) {
      const wait = Math.max(1, Math.ceil(((u.tokens[0]?.at ?? now) + DAY - now) / 1000));
      throw limited(`${prefix(account)} TPD rate limit,current:${tpdCurrent}, limit:${tpd}`, wait);
    }
    u.requests.push(now);
    u.inFlight++;
    let released = false;
    return () => {
      if (!released) u.inFlight--;
      released = true;
    };
  }

  recordTokens(account: Account, count: number): void {
    this.of(account).tokens.push({ at: this.now(), count });
  }
}
