// Which failures are retried, how long the client waits (recorded, not slept), and what it throws when
// retries run out.
import assert from 'node:assert/strict';
import {
  AuthenticationError,
  ContentFilterError,
  EngineOverloadedError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  RetryPolicy,
  ServerError,
  StreamInterruptedError,
  type ChatCompletionChunk,
} from '../../../src/api';
import { perSuite } from '../../support/suiteHooks';
import { apiError, chunk, dropConnection, json, sse, sseBody, sseThenDrop, TestServer } from './testServer';
import { testClient } from './testClient';
import { STREAM_REQUEST } from './streamFixtures';

const MODELS_OK = json(200, { object: 'list', data: [{ id: 'svc-k2.5' }] });
const OVERLOADED = apiError(429, 'engine_overloaded_error', 'The engine is currently overloaded, please try again later');
const contentChunk = (content: string) => chunk([{ index: 0, delta: { content }, finish_reason: null }]);

async function drain(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const out: ChatCompletionChunk[] = [];
  for await (const c of stream) out.push(c);
  return out;
}

describe('api retries', () => {
  const server = perSuite(() => TestServer.start());
  beforeEach(() => server.reset());

  const retried: [string, ReturnType<typeof apiError>][] = [
    ['engine_overloaded_error', OVERLOADED],
    ['rate_limit_reached_error', apiError(429, 'rate_limit_reached_error', 'reached organization TPM rate limit, current:2, limit:1')],
    ['500 server_error', apiError(500, 'server_error', 'Failed to extract file: x')],
    ['500 unexpected_output', apiError(500, 'unexpected_output', 'invalid state transition')],
    ['503 without a body', (res) => { res.writeHead(503); res.end(); }],
    ['a connection closed before any byte', dropConnection],
  ];
  for (const [name, failure] of retried) {
    it(`retries ${name}, then succeeds`, async () => {
      server.route('GET /models', failure, MODELS_OK);
      const { client, sleeps } = testClient(server);
      assert.deepEqual(await client.listModels(), [{ id: 'svc-k2.5' }]);
      assert.equal(server.callsTo('GET /models'), 2);
      assert.deepEqual(sleeps, [375]);
    });
  }

  const final: [string, ReturnType<typeof apiError>, new (...args: never[]) => Error][] = [
    ['400 invalid_request_error', apiError(400, 'invalid_request_error', 'Invalid request: x'), InvalidRequestError],
    ['400 content_filter', apiError(400, 'content_filter', 'The request was rejected because it was considered high risk'), ContentFilterError],
    ['401', apiError(401, 'incorrect_api_key_error', 'Incorrect API key provided'), AuthenticationError],
    ['403', apiError(403, 'permission_denied_error', 'The API you are accessing is not open'), PermissionDeniedError],
    ['404', apiError(404, 'resource_not_found_error', 'Not found the model x or Permission denied'), NotFoundError],
    ['exceeded_current_quota_error', apiError(429, 'exceeded_current_quota_error', 'You exceeded your current token quota: <o> 0, please check your account balance'), QuotaExceededError],
  ];
  for (const [name, failure, ErrorClass] of final) {
    it(`never retries ${name}`, async () => {
      server.route('GET /models', failure, MODELS_OK);
      const { client, sleeps } = testClient(server);
      await assert.rejects(client.listModels(), ErrorClass);
      assert.equal(server.callsTo('GET /models'), 1);
      assert.deepEqual(sleeps, []);
    });
  }

  it('backs off exponentially with jitter, and rethrows the last typed error itself when retries run out', async () => {
    server.route('GET /models', OVERLOADED);
    const { client, sleeps } = testClient(server, { maxRetries: 3 });
    await assert.rejects(client.listModels(), (e: unknown) => {
      assert.ok(e instanceof EngineOverloadedError);
      assert.equal(e.status, 429);
      assert.equal(e.type, 'engine_overloaded_error');
      return true;
    });
    assert.equal(server.callsTo('GET /models'), 4);
    assert.deepEqual(sleeps, [375, 750, 1500]);
  });

  it('waits at least as long as "try again after N seconds" and a Retry-After header ask', async () => {
    server.route('GET /models', apiError(429, 'rate_limit_reached_error', 'reached organization max RPM: 3, please try again after 3 seconds'), OVERLOADED, MODELS_OK);
    server.route('GET /files', apiError(503, 'server_error', 'busy', { 'retry-after': '2' }), json(200, { data: [] }));
    const { client, sleeps } = testClient(server);
    await client.listModels();
    assert.deepEqual(sleeps, [3000, 750]);
    await client.files.list();
    assert.deepEqual(sleeps, [3000, 750, 2000]);
  });

  it('does not retry when the service asks for a longer wait than maxRetryAfterMs', async () => {
    server.route('GET /models', apiError(429, 'rate_limit_reached_error', 'max concurrency: 1, please try again after 600 seconds'), MODELS_OK);
    const { client, sleeps } = testClient(server);
    await assert.rejects(client.listModels(), (e: unknown) => e instanceof RateLimitError && e.retryAfterSeconds === 600);
    assert.deepEqual(sleeps, []);
  });

  it('maxRetries: 0 makes one attempt only', async () => {
    server.route('GET /models', OVERLOADED, MODELS_OK);
    const { client } = testClient(server, { maxRetries: 0 });
    await assert.rejects(client.listModels(), EngineOverloadedError);
    assert.equal(server.callsTo('GET /models'), 1);
  });

  it('retries a stream that failed before any output (HTTP error, dropped connection, error event first)', async () => {
    const overloadedEvent = sse(`data: ${JSON.stringify({ error: { type: 'engine_overloaded_error', message: 'The engine is currently overloaded, please try again later' } })}\n\n`);
    server.route('POST /chat/completions', OVERLOADED, sseThenDrop(''), overloadedEvent, sse(sseBody([contentChunk('ok')])));
    const { client, sleeps } = testClient(server, { maxRetries: 3 });
    const chunks = await drain(client.chatStream(STREAM_REQUEST));
    assert.deepEqual(chunks.map((c) => c.choices[0]?.delta.content), ['ok']);
    assert.equal(server.callsTo('POST /chat/completions'), 4);
    assert.equal(sleeps.length, 3);
  });

  it('never retries a stream that already delivered output', async () => {
    server.route('POST /chat/completions', sseThenDrop(`data: ${JSON.stringify(contentChunk('partial'))}\n\n`), sse(sseBody([contentChunk('again')])));
    const { client, sleeps } = testClient(server);
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const c of client.chatStream(STREAM_REQUEST)) seen.push(String(c.choices[0]?.delta.content));
      })(),
      StreamInterruptedError,
    );
    assert.deepEqual(seen, ['partial']);
    assert.equal(server.callsTo('POST /chat/completions'), 1);
    assert.deepEqual(sleeps, []);
  });

  it('a refused connection is a NetworkError, retried and then rethrown', async () => {
    const closed = await TestServer.start();
    const url = closed.baseUrl;
    await closed.close();
    const sleeps: number[] = [];
    const { client } = testClient(server, { baseUrl: url, retry: { sleep: async (ms) => void sleeps.push(ms), random: () => 0 } });
    await assert.rejects(client.listModels(), (e: unknown) => e instanceof NetworkError && e.type === 'network_error' && /fetch failed/.test(e.message));
    assert.deepEqual(sleeps, [250, 500]);
  });

  it('RetryPolicy: jitter stays within [50%, 100%] of the capped step', () => {
    const low = new RetryPolicy({ random: () => 0, baseDelayMs: 100, maxDelayMs: 1000 });
    const high = new RetryPolicy({ random: () => 0.999999, baseDelayMs: 100, maxDelayMs: 1000 });
    const error = new ServerError({ status: 500, type: 'server_error', message: 'x' });
    assert.deepEqual([0, 1, 2, 3, 4, 5].map((n) => low.delayMs(error, n)), [50, 100, 200, 400, 500, 500]);
    assert.ok(Math.abs(high.delayMs(error, 5) - 1000) < 0.01);
    assert.throws(() => new RetryPolicy({ maxRetries: 1.5 }), /maxRetries/);
  });
});
