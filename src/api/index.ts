// The public surface of the client layer. Other layers import from here only.
export { SvcClient, type SvcClientOptions, type CallOptions } from './client';
export { isLoopbackHost } from './loopback';
export { ChatStreamAccumulator, type AccumulatedChoice, type AccumulatedResult } from './chatStreamAccumulator';
export {
  SvcApiError,
  type SvcErrorKind,
  type ValidationIssue,
  ContentFilterError,
  InvalidRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  QuotaExceededError,
  EngineOverloadedError,
  RateLimitError,
  ServerError,
  HttpError,
  NetworkError,
  TimeoutError,
  CancelledError,
  StreamInterruptedError,
  InvalidResponseError,
  RequestValidationError,
  isCancellation,
  emptyBodyMessage,
} from './errors';
export { type IssueRule } from './issueRule';
export { validateChatRequest, type ValidateChatRequestOptions } from './validateChatRequest';
export { fiberOutput, type FiberOutput } from './fiberOutput';
export { normalizeFormulaUri } from './formulasEndpoints';
export { type UploadFileRequest } from './filesEndpoints';
export { RetryPolicy, type RetryPolicyOptions, type Sleep } from './retryPolicy';
export * from './schemas';
export * from './models';
