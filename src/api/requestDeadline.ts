// One attempt's abort signal: fires when the caller aborts or when the attempt stays silent longer than
// the timeout. Remembers which of the two happened so a failed fetch or read becomes the right typed
// error (a cancellation is never reported as a network failure).
import { CancelledError, NetworkError, type SvcApiError, TimeoutError } from './errors';

const TIMED_OUT = Symbol('timed out');

export class RequestDeadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timedOut = false;
  private readonly onCallerAbort = (): void => this.controller.abort(this.callerSignal?.reason);

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    if (callerSignal?.aborted) this.controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.restart();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get cancelled(): boolean {
    return this.callerSignal?.aborted === true;
  }

  /** Starts the silence window again: a stream that keeps sending is not timed out. */
  restart(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(TIMED_OUT);
    }, this.timeoutMs);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  /** Throws a CancelledError at once when the caller has already aborted. */
  throwIfCancelled(): void {
    if (this.cancelled) throw new CancelledError(this.callerSignal?.reason);
  }

  /** Turns whatever a fetch or body read threw into a typed error; `otherwise` decides for plain failures. */
  classify(error: unknown, otherwise: (cause: unknown) => SvcApiError = (cause) => networkError(cause)): SvcApiError {
    if (this.cancelled) return new CancelledError(this.callerSignal?.reason);
    if (this.timedOut) return new TimeoutError(this.timeoutMs);
    return otherwise(error);
  }
}

function networkError(cause: unknown): NetworkError {
  const detail = cause instanceof Error ? describeCause(cause) : String(cause);
  return new NetworkError(`Could not reach the service: ${detail}`, cause);
}

/** Node's fetch says only "fetch failed"; the useful part (ECONNREFUSED, ...) is in its cause. */
function describeCause(error: Error): string {
  const inner = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${inner}`;
}
