// Stream framing: CRLF, comments, `data:` without a space, events split at every byte (inside multi-byte
// characters too), [DONE], an error event mid-stream, and a body that ends early.
import assert from 'node:assert/strict';
import {
  ChatStreamAccumulator,
  type ChatCompletionChunk,
  EngineOverloadedError,
  InvalidResponseError,
  RateLimitError,
  RequestValidationError,
  StreamInterruptedError,
  SvcApiError,
  SvcClient,
} from '../../../src/api';
import { chunk, sseBody } from './testServer';
import { clientServing, fixtureSse, STREAM_REQUEST } from './streamFixtures';

const utf8 = new TextEncoder();

async function collect(pieces: readonly Uint8Array[]): Promise<{ chunks: ChatCompletionChunk[]; error?: unknown; accumulator: ChatStreamAccumulator }> {
  const accumulator = new ChatStreamAccumulator();
  const chunks: ChatCompletionChunk[] = [];
  try {
    for await (const c of clientServing(pieces).chatStream(STREAM_REQUEST)) {
      chunks.push(c);
      accumulator.push(c);
    }
    return { chunks, accumulator };
  } catch (error) {
    return { chunks, error, accumulator };
  }
}

const contentChunk = (content: string) => chunk([{ index: 0, delta: { content }, finish_reason: null }]);

/** A stream with everything at once: reasoning, CJK and emoji text, CRLF lines, comments, `data:` without space, tool calls. */
function mixedStream(): string {
  const events = [
    `: keep-alive comment\r\n\r\n`,
    `data: ${JSON.stringify(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]))}\r\n\r\n`,
    `data:${JSON.stringify(chunk([{ index: 0, delta: { reasoning_content: '思考中… 🤔' }, finish_reason: null }]))}\n\n`,
    `:another comment\n`,
    `data: ${JSON.stringify(contentChunk('Grüße, 世界 👋🏽'))}\r\n\r\n`,
    `data: ${JSON.stringify(chunk([{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } }] }, finish_reason: null }]))}\n\n`,
    `data: ${JSON.stringify(chunk([{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"q":"çà"}' } }] }, finish_reason: null }]))}\r\n\r\n`,
    `data: ${JSON.stringify(chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls', usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } }]))}\n\n`,
    `data: ${JSON.stringify(chunk([], { usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } }))}\n\n`,
    `data: [DONE]\r\n\r\n`,
  ];
  return events.join('');
}

describe('api streaming: framing and failures', () => {
  it('parses CRLF, comments, data: with and without a space, multi-byte text and tool calls', async () => {
    const { chunks, error, accumulator } = await collect([utf8.encode(mixedStream())]);
    assert.equal(error, undefined);
    assert.equal(chunks.length, 7);
    assert.deepEqual(accumulator.result(), {
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Grüße, 世界 👋🏽',
            reasoning_content: '思考中… 🤔',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"çà"}' } }],
          },
          finishReason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
    });
  });

  it('gives the same result when the body is split at every byte offset, and one byte at a time', async () => {
    for (const text of [mixedStream(), fixtureSse('tool-call-live.chunks.txt')]) {
      const bytes = utf8.encode(text);
      const whole = await collect([bytes]);
      assert.equal(whole.error, undefined);
      const expected = whole.accumulator.result();
      for (let offset = 1; offset < bytes.length; offset++) {
        const split = await collect([bytes.subarray(0, offset), bytes.subarray(offset)]);
        assert.equal(split.error, undefined, `split at byte ${offset}`);
        assert.deepEqual(split.chunks, whole.chunks, `split at byte ${offset}`);
        assert.deepEqual(split.accumulator.result(), expected, `split at byte ${offset}`);
      }
      const single = await collect(Array.from(bytes, (b) => Uint8Array.of(b)));
      assert.deepEqual(single.accumulator.result(), expected);
    }
  });

  it('stops at [DONE] and ignores anything after it', async () => {
    const body = sseBody([contentChunk('a')]) + `data: ${JSON.stringify(contentChunk('b'))}\n\n`;
    const { chunks, error } = await collect([utf8.encode(body)]);
    assert.equal(error, undefined);
    assert.equal(chunks.length, 1);
  });

  it('accepts a final [DONE] line without the closing blank line', async () => {
    const { chunks, error } = await collect([utf8.encode(`data: ${JSON.stringify(contentChunk('a'))}\n\ndata: [DONE]`)]);
    assert.equal(error, undefined);
    assert.equal(chunks.length, 1);
  });

  it('a body that ends without [DONE] is a StreamInterruptedError; the accumulator keeps what arrived', async () => {
    const body = sseBody([contentChunk('Hello'), contentChunk(', wor')], false);
    const { chunks, error, accumulator } = await collect([utf8.encode(body)]);
    assert.equal(chunks.length, 2);
    assert.ok(error instanceof StreamInterruptedError);
    assert.ok(error instanceof SvcApiError);
    assert.equal(error.kind, 'stream_interrupted');
    assert.equal(error.chunksReceived, 2);
    assert.equal(accumulator.result().choices[0]?.message.content, 'Hello, wor');
    assert.equal(accumulator.result().choices[0]?.finishReason, null);
  });

  it('a body cut inside an event is interrupted too, not malformed', async () => {
    const body = sseBody([contentChunk('Hello')], false) + 'data: {"id":"chatcmpl-1","obj';
    const { chunks, error } = await collect([utf8.encode(body)]);
    assert.equal(chunks.length, 1);
    assert.ok(error instanceof StreamInterruptedError);
  });

  it('an empty body is interrupted with no chunks', async () => {
    const { chunks, error } = await collect([]);
    assert.equal(chunks.length, 0);
    assert.ok(error instanceof StreamInterruptedError);
    assert.equal(error.chunksReceived, 0);
  });

  it('an error object sent mid-stream becomes its typed error after the chunks before it', async () => {
    const overloaded = { error: { type: 'engine_overloaded_error', message: 'The engine is currently overloaded, please try again later' } };
    const body = `data: ${JSON.stringify(contentChunk('partial'))}\n\ndata: ${JSON.stringify(overloaded)}\n\ndata: [DONE]\n\n`;
    const { chunks, error, accumulator } = await collect([utf8.encode(body)]);
    assert.equal(chunks.length, 1);
    assert.ok(error instanceof EngineOverloadedError);
    assert.equal(error.type, 'engine_overloaded_error');
    assert.equal(error.message, overloaded.error.message);
    assert.equal(accumulator.result().choices[0]?.message.content, 'partial');

    const named = `event: error\ndata: {"type":"rate_limit_reached_error","message":"max RPM: 3, please try again after 9 seconds"}\n\n`;
    const second = await collect([utf8.encode(named)]);
    assert.ok(second.error instanceof RateLimitError);
    assert.equal(second.error.retryAfterSeconds, 9);

    const plain = await collect([utf8.encode('event: error\ndata: upstream went away\n\n')]);
    assert.ok(plain.error instanceof SvcApiError);
    assert.equal(plain.error.kind, 'http');
    assert.equal(plain.error.message, 'upstream went away');
  });

  it('a malformed chunk is an InvalidResponseError naming the field', async () => {
    const bad = chunk([{ index: 0, delta: { content: 42 }, finish_reason: null }]);
    const { error } = await collect([utf8.encode(sseBody([bad]))]);
    assert.ok(error instanceof InvalidResponseError);
    assert.equal(error.field, 'choices[0].delta.content');
    const notJson = await collect([utf8.encode('data: {oops}\n\ndata: [DONE]\n\n')]);
    assert.ok(notJson.error instanceof InvalidResponseError);
    assert.match(notJson.error.message, /not JSON/);
  });

  it('an invalid request rejects on the first read, before anything is sent', async () => {
    let fetched = 0;
    const client = new SvcClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', fetch: async () => (fetched++, new Response('')) });
    const stream = client.chatStream({ model: 'svc-k2.5', messages: [{ role: 'user', content: '' }] });
    await assert.rejects(stream[Symbol.asyncIterator]().next(), (e: unknown) => e instanceof RequestValidationError && e.issues[0]?.field === 'messages[0].content');
    assert.equal(fetched, 0);
  });

  it('keeps unknown fields of chunks', async () => {
    const extra = chunk([{ index: 0, delta: { content: 'x', extra_delta: 1 }, finish_reason: null, logprobs: null }], { system_fingerprint: 'fp' });
    const { chunks } = await collect([utf8.encode(sseBody([extra]))]);
    assert.deepEqual(chunks[0], extra);
  });
});
