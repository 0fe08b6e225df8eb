// AbortSignal ends a request, a stream or a backoff at once, reported as a cancellation (never as a
// failure); silence past timeoutMs is a TimeoutError.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type http from 'node:http';
import { CancelledError, isCancellation, NetworkError, TimeoutError, SvcApiError, type ChatCompletionChunk } from '../../../src/api';
import { abortableSleep } from '../../../src/api/retryPolicy';
import { perSuite } from '../../support/suiteHooks';
import { apiError, chunk, hang, sseThenHang, TestServer, type Handler } from './testServer';
import { testClient } from './testClient';
import { STREAM_REQUEST } from './streamFixtures';

const firstChunk = `data: ${JSON.stringify(chunk([{ index: 0, delta: { content: 'Hel' }, finish_reason: null }]))}\n\n`;

describe('api cancellation and timeouts', () => {
  const server = perSuite(() => TestServer.start());
  let responses: http.ServerResponse[];
  beforeEach(() => {
    server.reset();
    responses = [];
  });

  /** Handler wrapper that remembers the response, so a test can see the client close it. */
  const tracked =
    (handler: Handler): Handler =>
    (res, req) => {
      responses.push(res);
      handler(res, req);
    };

  it('an already aborted signal sends nothing', async () => {
    const { client } = testClient(server);
    await assert.rejects(client.listModels({ signal: AbortSignal.abort() }), CancelledError);
    await assert.rejects(client.chat(STREAM_REQUEST, { signal: AbortSignal.abort() }), CancelledError);
    assert.equal(server.requests.length, 0);
  });

  it('aborting a pending request rejects it at once with a CancelledError, not a failure, and does not retry', async () => {
    server.route('GET /models', tracked(hang));
    const { client, sleeps } = testClient(server);
    const controller = new AbortController();
    const pending = client.listModels({ signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    assert.ok(error instanceof CancelledError);
    assert.ok(error instanceof SvcApiError);
    assert.equal(error.kind, 'cancelled');
    assert.ok(isCancellation(error));
    assert.ok(!isCancellation(new NetworkError('x')));
    assert.deepEqual(sleeps, []);
    assert.equal(server.requests.length, 1);
  });

  it('aborting a stream mid-way ends it with a CancelledError after the chunks already received', async () => {
    server.route('POST /chat/completions', tracked(sseThenHang(firstChunk)));
    const { client } = testClient(server);
    const controller = new AbortController();
    const seen: ChatCompletionChunk[] = [];
    const error = await (async () => {
      for await (const c of client.chatStream(STREAM_REQUEST, { signal: controller.signal })) {
        seen.push(c);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    assert.equal(seen.length, 1);
    assert.ok(error instanceof CancelledError, String(error));
    const res = responses[0];
    if (res && !res.closed) await once(res, 'close');
  });

  it('leaving a stream early (break) closes the connection', async () => {
    server.route('POST /chat/completions', tracked(sseThenHang(firstChunk)));
    const { client } = testClient(server);
    for await (const c of client.chatStream(STREAM_REQUEST)) {
      assert.equal(c.choices[0]?.delta.content, 'Hel');
      break;
    }
    const res = responses[0];
    assert.ok(res);
    if (!res.closed) await once(res, 'close');
    assert.ok(res.closed);
  });

  it('aborting during a retry backoff ends the wait at once', async () => {
    server.route('GET /models', apiError(429, 'engine_overloaded_error', 'The engine is currently overloaded, please try again later'));
    const controller = new AbortController();
    const { client } = testClient(server, {
      retry: {
        baseDelayMs: 3_600_000,
        sleep: (ms, signal) => {
          const waiting = abortableSleep(ms, signal);
          controller.abort();
          return waiting;
        },
      },
    });
    await assert.rejects(client.listModels({ signal: controller.signal }), CancelledError);
    assert.equal(server.requests.length, 1);
  });

  it('a silent service is a TimeoutError (retried, then rethrown)', async () => {
    server.route('GET /models', hang);
    const { client, sleeps } = testClient(server, { timeoutMs: 50, maxRetries: 1 });
    await assert.rejects(client.listModels(), (e: unknown) => e instanceof TimeoutError && e.kind === 'timeout' && e.timeoutMs === 50);
    assert.equal(server.requests.length, 2);
    assert.equal(sleeps.length, 1);
  });

  it('a stream that goes silent after output times out without a retry', async () => {
    server.route('POST /chat/completions', sseThenHang(firstChunk));
    // Long enough that the first chunk arrives on a loaded machine: only the silence after it may time out.
    const { client, sleeps } = testClient(server, { timeoutMs: 1000 });
    const seen: ChatCompletionChunk[] = [];
    const error = await (async () => {
      for await (const c of client.chatStream(STREAM_REQUEST)) seen.push(c);
    })().catch((e: unknown) => e);
    assert.equal(seen.length, 1);
    assert.ok(error instanceof TimeoutError);
    assert.deepEqual(sleeps, []);
    assert.equal(server.requests.length, 1);
  });
});
