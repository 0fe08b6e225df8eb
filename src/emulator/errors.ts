// The service's error envelope as a typed exception: handlers throw it, the router turns it into
// `{error: {type, message}}` with its HTTP status.
import type { ErrorType } from '../api/schemas';

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    /** Extra response headers (e.g. retry-after on 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  body(): { error: { type: ErrorType; message: string } } {
    return { error: { type: this.type, message: this.message } };
  }
}

export function invalidRequest(details: string): ServiceError {
  return new ServiceError(400, 'invalid_request_error', `Invalid request: ${details}`);
}

export function notFound(what: string): ServiceError {
  return new ServiceError(404, 'resource_not_found_error', what);
}
