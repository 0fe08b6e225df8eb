// Merging of deltas: tool calls by index (position when it is missing), interleaved parallel calls,
// n > 1 choices kept apart, usage from either place.
import assert from 'node:assert/strict';
import { ChatStreamAccumulator, type ChatCompletionChunk, InvalidResponseError } from '../../../src/api';
import { chunk } from './testServer';

const c = (choices: unknown[], extra: Record<string, unknown> = {}) => chunk(choices, extra) as ChatCompletionChunk;

describe('ChatStreamAccumulator', () => {
  it('merges interleaved parallel tool calls by index', () => {
    const acc = new ChatStreamAccumulator();
    acc.push(c([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
    acc.push(c([{ index: 0, delta: { tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'time', arguments: '' } }] }, finish_reason: null }]));
    acc.push(c([{ index: 0, delta: { tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'weather', arguments: '{"ci' } }] }, finish_reason: null }]));
    acc.push(c([{ index: 0, delta: { tool_calls: [{ index: 1, function: { arguments: '{"zone":' } }, { index: 0, function: { arguments: 'ty":"Oslo"}' } }] }, finish_reason: null }]));
    acc.push(c([{ index: 0, delta: { tool_calls: [{ index: 1, function: { arguments: '"UTC"}' } }] }, finish_reason: null }]));
    acc.push(c([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]));
    assert.deepEqual(acc.result().choices[0]?.message.tool_calls, [
      { id: 'a', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
      { id: 'b', type: 'function', function: { name: 'time', arguments: '{"zone":"UTC"}' } },
    ]);
  });

  it('uses the position in the array when a tool-call delta has no index', () => {
    const acc = new ChatStreamAccumulator();
    acc.push(c([{ index: 0, delta: { tool_calls: [{ id: 'x', type: 'function', function: { name: 'f', arguments: '' } }, { id: 'y', type: 'function', function: { name: 'g', arguments: '' } }] }, finish_reason: null }]));
    acc.push(c([{ index: 0, delta: { tool_calls: [{ function: { arguments: '{}' } }, { function: { arguments: '[]' } }] }, finish_reason: null }]));
    assert.deepEqual(acc.result().choices[0]?.message.tool_calls?.map((t) => [t.id, t.function.arguments]), [
      ['x', '{}'],
      ['y', '[]'],
    ]);
  });

  it('keeps n > 1 choices apart by choices[].index, in index order', () => {
    const acc = new ChatStreamAccumulator();
    acc.push(c([{ index: 1, delta: { role: 'assistant', content: 'B' }, finish_reason: null }, { index: 0, delta: { role: 'assistant', content: 'A' }, finish_reason: null }]));
    acc.push(c([{ index: 0, delta: { content: '1' }, finish_reason: 'stop' }]));
    acc.push(c([{ index: 1, delta: { content: '2' }, finish_reason: 'length' }]));
    assert.deepEqual(acc.result().choices, [
      { index: 0, message: { role: 'assistant', content: 'A1' }, finishReason: 'stop' },
      { index: 1, message: { role: 'assistant', content: 'B2' }, finishReason: 'length' },
    ]);
  });

  it('takes usage from the final choice, and prefers the include_usage chunk', () => {
    const choiceUsage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 };
    const requestUsage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3, cached_tokens: 1 };
    const acc = new ChatStreamAccumulator();
    acc.push(c([{ index: 0, delta: { content: 'x' }, finish_reason: 'stop', usage: choiceUsage }], { usage: null }));
    assert.deepEqual(acc.result().usage, choiceUsage);
    acc.push(c([], { usage: requestUsage }));
    assert.deepEqual(acc.result().usage, requestUsage);
    assert.equal(new ChatStreamAccumulator().result().usage, null);
  });

  it('keeps reasoning_content (also an empty piece) next to content, and leaves it out when none came', () => {
    const acc = new ChatStreamAccumulator();
    acc.push(c([{ index: 0, delta: { reasoning_content: '' }, finish_reason: null }]));
    acc.push(c([{ index: 0, delta: { content: 'Hi', reasoning_content: null }, finish_reason: 'stop' }]));
    assert.deepEqual(acc.result().choices[0]?.message, { role: 'assistant', content: 'Hi', reasoning_content: '' });
    const plain = new ChatStreamAccumulator();
    plain.push(c([{ index: 0, delta: { content: 'Hi' }, finish_reason: 'stop' }]));
    assert.deepEqual(plain.result().choices[0]?.message, { role: 'assistant', content: 'Hi' });
  });

  it('refuses a new tool call whose first delta has no id, naming the delta', () => {
    const acc = new ChatStreamAccumulator();
    assert.throws(
      () => acc.push(c([{ index: 0, delta: { tool_calls: [{ index: 3, function: { arguments: '{}' } }] }, finish_reason: null }])),
      (e: unknown) => e instanceof InvalidResponseError && e.field === 'choices[0].delta.tool_calls[0].id',
    );
  });
});
