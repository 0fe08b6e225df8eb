// When and how long to wait before trying a failed call again. Only failures that say "not now"
// (overload, rate limit, 5xx, a connection that never answered) are retried; a request the service
// judged wrong (400/401/403/404), an exhausted quota, or a stream that already gave the caller output
// is final. The sleep and the random source are injectable so tests run without real waiting.
import { CancelledError, SvcApiError } from './errors';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryPolicyOptions {
  /** Retries after the first attempt (default 2, so at most 3 attempts). */
  maxRetries?: number;
  /** First backoff step (default 500 ms); doubles per retry. */
  baseDelayMs?: number;
  /** Cap of the exponential step (default 8 s). */
  maxDelayMs?: number;
  /** A service asking for a longer wait than this is not retried: the error goes to the caller (default 60 s). */
  maxRetryAfterMs?: number;
  /** Returns [0, 1); default Math.random. */
  random?: () => number;
  sleep?: Sleep;
}

/** Waits `ms`, ending at once with a CancelledError when the signal aborts. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError(signal.reason));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CancelledError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

// A stream cut before its first chunk gave the caller nothing yet, so it is as safe to repeat as a
// connection that failed outright; once a chunk was delivered, `deliveredOutput` stops any retry.
const RETRIED_KINDS = new Set<SvcApiError['kind']>(['engine_overloaded', 'rate_limited', 'server', 'network', 'timeout', 'stream_interrupted']);

export class RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxRetryAfterMs: number;
  private readonly random: () => number;
  readonly sleep: Sleep;

  constructor(options: RetryPolicyOptions = {}) {
    this.maxRetries = options.maxRetries ?? 2;
    if (!Number.isInteger(this.maxRetries) || this.maxRetries < 0) {
      throw new RangeError(`maxRetries: must be a whole number >= 0, got ${String(options.maxRetries)}`);
    }
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 8000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? abortableSleep;
  }

  /**
   * Whether `error`, after `retriesDone` retries, is worth another attempt. `deliveredOutput` is true once
   * a stream has handed a chunk to the caller: repeating it would duplicate what the caller already showed.
   */
  shouldRetry(error: unknown, retriesDone: number, deliveredOutput = false): error is SvcApiError {
    if (retriesDone >= this.maxRetries || deliveredOutput) return false;
    if (!(error instanceof SvcApiError) || !RETRIED_KINDS.has(error.kind)) return false;
    const asked = error.retryAfterSeconds;
    return asked === undefined || asked * 1000 <= this.maxRetryAfterMs;
  }

  /** Exponential backoff with jitter in [50%, 100%] of the step, never shorter than what the service asked for. */
  delayMs(error: SvcApiError, retriesDone: number): number {
    const step = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** retriesDone);
    const jittered = step * (0.5 + this.random() / 2);
    const asked = error.retryAfterSeconds === undefined ? 0 : error.retryAfterSeconds * 1000;
    return Math.max(jittered, asked);
  }

  /** Runs `attempt` until it succeeds or fails for good; the final error is the last typed error itself. */
  async run<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (let retriesDone = 0; ; retriesDone++) {
      try {
        return await attempt();
      } catch (error) {
        if (!this.shouldRetry(error, retriesDone)) throw error;
        await this.sleep(this.delayMs(error, retriesDone), signal);
      }
    }
  }
}
