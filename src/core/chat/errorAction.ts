// What a failed request means for the user and the one action that fixes it. The chat shows the
// error in the conversation with that action as a button; a countdown (retryAfterSeconds with action
// `retry`) makes the session retry by itself. The message is in the user's language where the words
// are ours (a broken connection, a cut stream, a refused rule, a rate limit); the service's own messages are
// shown as it sent them, but for a rate limit's, which names the account and goes under the details. The client's errors stay English (they are logged), so they are said again here.
import { emptyBodyMessage, InvalidResponseError, RequestValidationError, StreamInterruptedError, SvcApiError, TimeoutError } from '../../api/index';
import { connectionProblem, timeoutProblem } from './connectionProblem';
import { issuesText } from './requestIssueText';
import * as l10n from '../l10n';
import type { ErrorInfo } from '../conversations/conversationParts';
import { InvalidInputError } from '../conversations/conversationErrors';
import { KeyNotSentError } from './keyNotSentError';
import { rateLimitMessage, redactAccountIds } from './rateLimitText';

/** Waits used when the service does not say how long: an overloaded engine clears quickly. */
export const DEFAULT_OVERLOAD_WAIT_SECONDS = 5;
export const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 10;

/** Request fields a refused request's details may name; the one named first is the field at fault. */
const REQUEST_FIELDS = [
  'max_completion_tokens',
  'max_tokens',
  'temperature',
  'top_p',
  'presence_penalty',
  'frequency_penalty',
  'response_format',
  'stream_options',
  'safety_identifier',
  'prompt_cache_key',
  'thinking',
  'tool_call_id',
  'tool_calls',
  'tools',
  'stop',
  'model',
  'messages',
  'n',
];

function fieldNamedIn(message: string): string | undefined {
  let best: { field: string; at: number } | undefined;
  for (const field of REQUEST_FIELDS) {
    const match = new RegExp(`(^|[^a-z_])${field}(?![a-z_])`, 'i').exec(message);
    if (!match) continue;
    const at = match.index + (match[1] ?? '').length;
    if (!best || at < best.at) best = { field, at };
  }
  return best?.field;
}

function isTokenLimit(message: string): boolean {
  return /input token length too long|exceeded model token limit/i.test(message);
}

function info(base: Omit<ErrorInfo, 'status' | 'type'>, error?: SvcApiError): ErrorInfo {
  const result: ErrorInfo = { ...base };
  if (error?.status !== undefined) result.status = error.status;
  if (error?.type) result.type = error.type;
  return result;
}

/** Rate limits per day cannot be waited out in a countdown; the others clear within seconds. */
function rateLimitWait(error: SvcApiError): number | undefined {
  if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds;
  if (/TPD/.test(error.message)) return undefined;
  return DEFAULT_RATE_LIMIT_WAIT_SECONDS;
}

function fromValidation(error: RequestValidationError): ErrorInfo {
  const first = error.issues[0];
  const field = first?.field ?? fieldNamedIn(error.message);
  const tokenLimit = error.issues.some((i) => /context length|token limit|total length/i.test(i.message));
  const message = error.issues.length > 0 ? issuesText(error.issues) : error.message;
  return info(
    tokenLimit
      ? { kind: 'tokenLimit', message, action: 'shortenInput', ...(field ? { field } : {}) }
      : { kind: 'invalidRequest', message, action: 'fixRequest', ...(field ? { field } : {}) },
    error,
  );
}

/** A failed response without a body has the client's own sentence instead of the service's: said in the user's language. */
function ownHttpMessage(error: SvcApiError): string | undefined {
  return error.status !== undefined && error.message === emptyBodyMessage(error.status) ? l10n.t('HTTP {0} with an empty body', error.status) : undefined;
}

function fromApiError(error: SvcApiError): ErrorInfo {
  const message = ownHttpMessage(error) ?? error.message;
  switch (error.kind) {
    case 'authentication':
      return info({ kind: 'authentication', message, action: 'setKey' }, error);
    case 'permission_denied':
      return info({ kind: 'permission', message, action: 'setKey' }, error);
    case 'not_found':
      return info({ kind: 'notFound', message, action: 'fixRequest', field: 'model' }, error);
    case 'quota_exceeded':
      return info({ kind: 'quota', message, action: 'checkBalance' }, error);
    case 'engine_overloaded':
      return info(
        { kind: 'overloaded', message, action: 'retry', retryAfterSeconds: error.retryAfterSeconds ?? DEFAULT_OVERLOAD_WAIT_SECONDS },
        error,
      );
    case 'rate_limited': {
      const wait = rateLimitWait(error);
      const said = { message: rateLimitMessage(error.message), serviceMessage: redactAccountIds(message) };
      return info({ kind: 'rateLimit', ...said, action: 'retry', ...(wait === undefined ? {} : { retryAfterSeconds: wait }) }, error);
    }
    case 'invalid_request': {
      if (isTokenLimit(error.message)) return info({ kind: 'tokenLimit', message, action: 'shortenInput' }, error);
      const field = fieldNamedIn(error.message);
      return info({ kind: 'invalidRequest', message, action: 'fixRequest', ...(field ? { field } : {}) }, error);
    }
    case 'validation':
      return fromValidation(error as RequestValidationError);
    case 'content_filter':
      return info({ kind: 'contentFilter', message, action: 'none' }, error);
    case 'server':
      return info({ kind: 'server', message, action: 'retry' }, error);
    case 'http':
      return info({ kind: 'unknown', message, action: error.status !== undefined && error.status >= 500 ? 'retry' : 'none' }, error);
    case 'network': {
      const problem = connectionProblem(error.message);
      return { ...info({ kind: 'network', message: problem.message, action: 'retry' }, error), ...(problem.code ? { type: problem.code } : {}) };
    }
    case 'timeout':
      return info({ kind: 'timeout', message: error instanceof TimeoutError ? timeoutProblem(Math.round(error.timeoutMs / 1000)) : message, action: 'retry' }, error);
    case 'stream_interrupted':
      return info({ kind: 'interrupted', message: error instanceof StreamInterruptedError ? l10n.t('The stream ended before [DONE] after {0} chunk(s)', error.chunksReceived) : message, action: 'retry' }, error);
    case 'invalid_response':
      return info({ kind: 'invalidResponse', message: error instanceof InvalidResponseError ? l10n.t('Malformed response from the service: {0}: {1}', error.field, error.problem) : message, action: 'retry' }, error);
    case 'cancelled':
      return info({ kind: 'unknown', message: l10n.t('The request was cancelled'), action: 'none' }, error);
  }
}

export function errorToInfo(error: unknown): ErrorInfo {
  if (error instanceof SvcApiError) return fromApiError(error);
  if (error instanceof KeyNotSentError) return { kind: 'authentication', message: error.message, action: 'setKey' };
  if (error instanceof InvalidInputError) {
    return { kind: 'invalidRequest', message: error.message, action: 'fixRequest', field: error.field };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'unknown', message, action: 'retry' };
}

/** The session retries by itself after a countdown only where waiting is the fix. */
export function automaticRetryDelaySeconds(info: ErrorInfo): number | undefined {
  return info.action === 'retry' && (info.kind === 'rateLimit' || info.kind === 'overloaded') ? info.retryAfterSeconds : undefined;
}
