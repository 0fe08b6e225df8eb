// The one place that talks HTTP: builds each request (auth, user agent, JSON or multipart body), runs
// it under a per-attempt deadline, turns failures into typed errors, and retries by the RetryPolicy.
import type * as z from 'zod';
import { errorFromResponseBody, InvalidResponseError } from './errors';
import { readChatStream } from './chatStream';
import { RequestDeadline } from './requestDeadline';
import type { RetryPolicy } from './retryPolicy';
import type { ChatCompletionChunk } from './schemas';
import { validateResponse } from './validateResponse';

export interface HttpTransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
  userAgent: string;
  retry: RetryPolicy;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal | undefined;
}

export interface RawResponse {
  status: number;
  body: unknown;
}

export class HttpTransport {
  private readonly baseUrl: string;

  constructor(private readonly options: HttpTransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** The parsed JSON body of a successful response, checked against `schema`. */
  async json<S extends z.ZodType>(spec: RequestSpec, schema: S): Promise<z.infer<S>> {
    const { status, body } = await this.rawJson(spec);
    return validateResponse(schema, body, status);
  }

  /** The parsed JSON body of a successful response, unchecked (for bodies with more than one shape). */
  rawJson(spec: RequestSpec): Promise<RawResponse> {
    return this.options.retry.run(async () => {
      const { status, text } = await this.once(spec, 'application/json');
      try {
        return { status, body: JSON.parse(text) as unknown };
      } catch {
        throw new InvalidResponseError('(body)', `not JSON: ${text.slice(0, 120)}`, status);
      }
    }, spec.signal);
  }

  /** The text body of a successful response. */
  text(spec: RequestSpec): Promise<string> {
    return this.options.retry.run(async () => (await this.once(spec, '*/*')).text, spec.signal);
  }

  /**
   * The chunks of a streamed response. `prepare` runs on the first read, so a request that fails
   * validation rejects there like any other failure of the stream. A failure is retried only while no
   * chunk has reached the caller; after that, repeating the call would duplicate output it already has.
   */
  async *stream(prepare: () => RequestSpec): AsyncGenerator<ChatCompletionChunk, void, undefined> {
    const spec = prepare();
    const retry = this.options.retry;
    for (let retriesDone = 0; ; retriesDone++) {
      let delivered = false;
      try {
        const deadline = new RequestDeadline(this.options.timeoutMs, spec.signal);
        try {
          const response = await this.send(spec, 'text/event-stream', deadline);
          if (response.body === null) throw new InvalidResponseError('(body)', 'the stream response has no body', response.status);
          for await (const batch of readChatStream(response.body, deadline)) {
            for (const chunk of batch) {
              delivered = true;
              yield chunk;
            }
          }
          return;
        } finally {
          deadline.dispose();
        }
      } catch (error) {
        if (!retry.shouldRetry(error, retriesDone, delivered)) throw error;
        await retry.sleep(retry.delayMs(error, retriesDone), spec.signal);
      }
    }
  }

  private async once(spec: RequestSpec, accept: string): Promise<{ status: number; text: string }> {
    const deadline = new RequestDeadline(this.options.timeoutMs, spec.signal);
    try {
      const response = await this.send(spec, accept, deadline);
      try {
        return { status: response.status, text: await response.text() };
      } catch (error) {
        throw deadline.classify(error);
      }
    } finally {
      deadline.dispose();
    }
  }

  /** Sends one attempt; resolves with a 2xx response (body unread) or throws the typed error. */
  private async send(spec: RequestSpec, accept: string, deadline: RequestDeadline): Promise<Response> {
    deadline.throwIfCancelled();
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: accept,
      'User-Agent': this.options.userAgent,
    };
    let body: string | FormData | undefined;
    if (spec.form !== undefined) {
      body = spec.form;
    } else if (spec.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(spec.json);
    }
    let response: Response;
    try {
      response = await this.options.fetch(`${this.baseUrl}${spec.path}`, { method: spec.method, headers, body, signal: deadline.signal });
    } catch (error) {
      throw deadline.classify(error);
    }
    if (response.ok) return response;
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw deadline.classify(error);
    }
    throw errorFromResponseBody(response.status, text, response.headers.get('retry-after'));
  }
}
