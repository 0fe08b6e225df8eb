// SvcClient: the typed client for every endpoint of the service. Requests are validated before they are
// sent, responses are validated when they arrive, and failures come out as SvcApiError kinds.
import { RequestValidationError, serviceError, ServerError } from './errors';
import { type CallOptions, FilesApi } from './filesEndpoints';
import { FormulasApi } from './formulasEndpoints';
import { HttpTransport } from './httpTransport';
import { RetryPolicy, type RetryPolicyOptions } from './retryPolicy';
import {
  type Balance,
  BalanceSchema,
  type ChatCompletion,
  type ChatCompletionChunk,
  type ChatRequest,
  ChatCompletionSchema,
  type Model,
  ModelListSchema,
  type TokenEstimateRequest,
  TokenEstimateSchema,
  ErrorEnvelopeSchema,
} from './schemas';
import { validateChatRequest } from './validateChatRequest';
import { validateEstimateRequest } from './validateEstimateRequest';
import { validateResponse } from './validateResponse';

export interface SvcClientOptions {
  /** The service address including `/v1`, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Defaults to the platform's fetch. */
  fetch?: typeof fetch;
  /** Longest silence per attempt: until the whole body of a JSON call, between reads of a stream (default 10 min). */
  timeoutMs?: number;
  /** Retries after the first attempt for retryable failures (default 2). */
  maxRetries?: number;
  userAgent?: string;
  /** Backoff tuning and the injectable sleep/random (tests). */
  retry?: Omit<RetryPolicyOptions, 'maxRetries'>;
}

export type { CallOptions };

const DEFAULT_TIMEOUT_MS = 600_000;
const DEFAULT_USER_AGENT = 'svc-vscode/0.1.0';

function checkOptions(options: SvcClientOptions): void {
  const issues = [];
  let validUrl = false;
  try {
    validUrl = typeof options.baseUrl === 'string' && /^https?:$/.test(new URL(options.baseUrl).protocol);
  } catch {
    validUrl = false;
  }
  if (!validUrl) issues.push({ field: 'baseUrl', message: `must be an http(s) URL ending in /v1 (got ${JSON.stringify(options.baseUrl)})` });
  if (typeof options.apiKey !== 'string' || options.apiKey === '') issues.push({ field: 'apiKey', message: 'required, the API key' });
  const timeout = options.timeoutMs;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
    issues.push({ field: 'timeoutMs', message: `must be a positive number of milliseconds (got ${String(timeout)})` });
  }
  const retries = options.maxRetries;
  if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0)) {
    issues.push({ field: 'maxRetries', message: `must be a whole number >= 0 (got ${String(retries)})` });
  }
  if (issues.length > 0) throw new RequestValidationError(issues);
}

export class SvcClient {
  readonly files: FilesApi;
  readonly formulas: FormulasApi;
  private readonly transport: HttpTransport;

  constructor(options: SvcClientOptions) {
    checkOptions(options);
    this.transport = new HttpTransport({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      retry: new RetryPolicy({ ...options.retry, maxRetries: options.maxRetries ?? 2 }),
    });
    this.files = new FilesApi(this.transport);
    this.formulas = new FormulasApi(this.transport);
  }

  /** POST /chat/completions without streaming. */
  async chat(request: ChatRequest, options: CallOptions = {}): Promise<ChatCompletion> {
    const { stream: _stream, stream_options: _streamOptions, ...body } = validateChatRequest(request);
    return this.transport.json({ method: 'POST', path: '/chat/completions', json: body, signal: options.signal }, ChatCompletionSchema);
  }

  /** POST /chat/completions with `stream: true`; the chunks as they arrive. Feed them to a ChatStreamAccumulator. */
  chatStream(request: ChatRequest, options: CallOptions = {}): AsyncIterable<ChatCompletionChunk> {
    return this.transport.stream(() => ({
      method: 'POST',
      path: '/chat/completions',
      json: { ...validateChatRequest(request), stream: true },
      signal: options.signal,
    }));
  }

  /** POST /tokenizers/estimate-token-count: input tokens of `messages` for `model`. */
  async estimateTokens(request: TokenEstimateRequest, options: CallOptions = {}): Promise<number> {
    const { model, messages } = validateEstimateRequest(request);
    const { status, body } = await this.transport.rawJson({
      method: 'POST',
      path: '/tokenizers/estimate-token-count',
      json: { model, messages },
      signal: options.signal,
    });
    // "When the response has no error field, data.total_tokens is the result."
    const failed = typeof body === 'object' && body !== null && (body as { error?: unknown }).error != null;
    if (failed) {
      const { error } = validateResponse(ErrorEnvelopeSchema, body, status);
      throw serviceError({ status, type: error.type, message: error.message });
    }
    return validateResponse(TokenEstimateSchema, body, status).data.total_tokens;
  }

  /** GET /models. */
  async listModels(options: CallOptions = {}): Promise<Model[]> {
    const list = await this.transport.json({ method: 'GET', path: '/models', signal: options.signal }, ModelListSchema);
    return list.data;
  }

  /** GET /users/me/balance: the `data` fields (USD). */
  async balance(options: CallOptions = {}): Promise<Balance> {
    const result = await this.transport.json({ method: 'GET', path: '/users/me/balance', signal: options.signal }, BalanceSchema);
    if (result.code !== 0 || !result.status) {
      throw new ServerError({
        status: 200,
        type: 'balance_unavailable',
        message: `The service could not report the balance (code ${result.code}, scode ${result.scode})`,
      });
    }
    return result.data;
  }
}
