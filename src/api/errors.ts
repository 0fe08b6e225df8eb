// Every way a call to the service can fail, as typed errors. Each error table row of the spec maps to
// one class by its `type` (falling back to the HTTP status for types the table does not name); the
// client-side failures (network, timeout, cancellation, broken stream, malformed response, invalid
// request) have their own classes. All extend SvcApiError, so `catch (e) { if (e instanceof SvcApiError) }`
// and `switch (e.kind)` both work.
import type { IssueRule } from './issueRule';

export type SvcErrorKind =
  | 'content_filter'
  | 'invalid_request'
  | 'authentication'
  | 'permission_denied'
  | 'not_found'
  | 'quota_exceeded'
  | 'engine_overloaded'
  | 'rate_limited'
  | 'server'
  | 'http'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'stream_interrupted'
  | 'invalid_response'
  | 'validation';

export interface SvcApiErrorInit {
  status?: number | undefined;
  type: string;
  message: string;
  retryAfterSeconds?: number | undefined;
  cause?: unknown;
}

export abstract class SvcApiError extends Error {
  abstract readonly kind: SvcErrorKind;
  /** HTTP status of the failed response; undefined when no response (or an in-stream error event) carried one. */
  readonly status: number | undefined;
  /** The service's `error.type`, or a client-side type such as `network_error` for failures without one. */
  readonly type: string;
  /** Seconds the service asked the caller to wait ("try again after N seconds" or a Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: SvcApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.type = init.type;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export class ContentFilterError extends SvcApiError {
  readonly kind = 'content_filter';
}
export class InvalidRequestError extends SvcApiError {
  readonly kind = 'invalid_request';
}
export class AuthenticationError extends SvcApiError {
  readonly kind = 'authentication';
}
export class PermissionDeniedError extends SvcApiError {
  readonly kind = 'permission_denied';
}
export class NotFoundError extends SvcApiError {
  readonly kind = 'not_found';
}
export class QuotaExceededError extends SvcApiError {
  readonly kind = 'quota_exceeded';
}
export class EngineOverloadedError extends SvcApiError {
  readonly kind = 'engine_overloaded';
}
export class RateLimitError extends SvcApiError {
  readonly kind = 'rate_limited';
}
/** 5xx: `server_error` (file extraction failed), `unexpected_output` (invalid state transition) and any other. */
export class ServerError extends SvcApiError {
  readonly kind = 'server';
}
/** An HTTP failure whose status and type the spec's table does not cover (e.g. 409 or 422). */
export class HttpError extends SvcApiError {
  readonly kind = 'http';
}

/** The connection failed or broke before a complete response arrived. */
export class NetworkError extends SvcApiError {
  readonly kind = 'network';
  constructor(message: string, cause?: unknown) {
    super({ type: 'network_error', message, cause });
  }
}

export class TimeoutError extends SvcApiError {
  readonly kind = 'timeout';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super({ type: 'timeout', message: `No response from the service within ${timeoutMs} ms` });
    this.timeoutMs = timeoutMs;
  }
}

/** The caller aborted the request or stream. This is not a failure; see isCancellation. */
export class CancelledError extends SvcApiError {
  readonly kind = 'cancelled';
  constructor(cause?: unknown) {
    super({ type: 'cancelled', message: 'The request was cancelled', cause });
  }
}

/** The stream body ended (or broke) before `data: [DONE]`; chunks already yielded remain valid. */
export class StreamInterruptedError extends SvcApiError {
  readonly kind = 'stream_interrupted';
  readonly chunksReceived: number;
  constructor(chunksReceived: number, cause?: unknown) {
    super({
      type: 'stream_interrupted',
      message: `The stream ended before [DONE] after ${chunksReceived} chunk(s)`,
      cause,
    });
    this.chunksReceived = chunksReceived;
  }
}

/** The service answered with a body that does not match the contract; `field` is the path of the first bad field. */
export class InvalidResponseError extends SvcApiError {
  readonly kind = 'invalid_response';
  readonly field: string;
  /** What is wrong with the field, in the contract's (English) terms. */
  readonly problem: string;
  constructor(field: string, problem: string, status?: number) {
    super({ status, type: 'invalid_response', message: `Malformed response from the service: ${field}: ${problem}` });
    this.field = field;
    this.problem = problem;
  }
}

export interface ValidationIssue {
  /** Path of the offending field, e.g. `messages[2].tool_call_id`. */
  field: string;
  /** The rule it breaks, e.g. `required on tool messages`. */
  message: string;
  /** The rule as data, for the rules a user can break (see IssueRule). */
  rule?: IssueRule;
}

/** A request that breaks the service's rules, caught before it was sent. */
export class RequestValidationError extends SvcApiError {
  readonly kind = 'validation';
  readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssue[]) {
    super({ type: 'invalid_request_error', message: issues.map((i) => `${i.field}: ${i.message}`).join('; ') });
    this.issues = issues;
  }
}

/** True when the error means the caller stopped the work, which a UI should not show as a failure. */
export function isCancellation(error: unknown): error is CancelledError {
  return error instanceof CancelledError;
}

const RETRY_AFTER_IN_MESSAGE = /try again after\s+(\d+(?:\.\d+)?)\s*seconds?/i;

/** "… please try again after 7 seconds" → 7. */
export function retryAfterFromMessage(message: string): number | undefined {
  const match = RETRY_AFTER_IN_MESSAGE.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** A Retry-After header is either delta-seconds or an HTTP date. */
export function retryAfterFromHeader(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

type ApiErrorClass = new (init: SvcApiErrorInit) => SvcApiError;

const CLASS_BY_TYPE: Record<string, ApiErrorClass> = {
  content_filter: ContentFilterError,
  invalid_request_error: InvalidRequestError,
  invalid_authentication_error: AuthenticationError,
  incorrect_api_key_error: AuthenticationError,
  permission_denied_error: PermissionDeniedError,
  resource_not_found_error: NotFoundError,
  exceeded_current_quota_error: QuotaExceededError,
  engine_overloaded_error: EngineOverloadedError,
  rate_limit_reached_error: RateLimitError,
  server_error: ServerError,
  unexpected_output: ServerError,
};

function classByStatus(status: number | undefined): ApiErrorClass {
  if (status === 400) return InvalidRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 429) return RateLimitError;
  if (status !== undefined && status >= 500) return ServerError;
  return HttpError;
}

export interface ServiceErrorParts {
  status: number | undefined;
  type: string | undefined;
  message: string;
  retryAfterHeader?: string | null;
}

/** Builds the typed error for an error envelope (from an HTTP failure, an estimate result or a stream event). */
export function serviceError(parts: ServiceErrorParts): SvcApiError {
  const known = parts.type === undefined ? undefined : CLASS_BY_TYPE[parts.type];
  const ErrorClass = known ?? classByStatus(parts.status);
  const fromMessage = retryAfterFromMessage(parts.message);
  const fromHeader = retryAfterFromHeader(parts.retryAfterHeader ?? null);
  const retryAfterSeconds =
    fromMessage === undefined ? fromHeader : fromHeader === undefined ? fromMessage : Math.max(fromMessage, fromHeader);
  return new ErrorClass({
    status: parts.status,
    type: parts.type ?? (parts.status === undefined ? 'unknown_error' : `http_${parts.status}`),
    message: parts.message,
    retryAfterSeconds,
  });
}

/** The message of a failed response that had no body: ours, not the service's. */
export function emptyBodyMessage(status: number): string {
  return `HTTP ${status} with an empty body`;
}

/** Reads the `{error: {type, message}}` envelope from a failed response body (JSON or not). */
export function errorFromResponseBody(status: number, bodyText: string, retryAfterHeader: string | null): SvcApiError {
  let type: string | undefined;
  let message = bodyText.trim() === '' ? emptyBodyMessage(status) : bodyText.slice(0, 500);
  try {
    const parsed: unknown = JSON.parse(bodyText);
    const error = (parsed as { error?: unknown } | null)?.error;
    if (typeof error === 'object' && error !== null) {
      const e = error as { type?: unknown; message?: unknown };
      if (typeof e.type === 'string') type = e.type;
      if (typeof e.message === 'string') message = e.message;
    } else if (typeof error === 'string') {
      message = error;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the raw text is the best message there is.
  }
  return serviceError({ status, type, message, retryAfterHeader });
}
