import assert from 'node:assert/strict';
import { buildHistory } from '../../../src/core/chat/historyBuilder';
import { zeroUsage, type Conversation } from '../../../src/core/conversations/conversation';

function conversation(entries: Conversation['entries'], systemPrompt?: string): Conversation {
  return { version: 1, id: 'c', title: 't', titleIsCustom: false, createdAt: 0, updatedAt: 0, entries, usageTotals: zeroUsage(), ...(systemPrompt ? { systemPrompt } : {}) };
}

describe('buildHistory', () => {
  it('sends reasoning_content back on earlier replies, next to their content', () => {
    const history = buildHistory(
      conversation(
        [
          { id: 'u1', role: 'user', createdAt: 0, content: 'What is 2+2?' },
          { id: 'a1', role: 'assistant', createdAt: 0, model: 'svc-k2-thinking', selected: 0, status: 'complete', alternatives: [{ content: '4', reasoning: 'Adding two and two.', finishReason: 'stop' }] },
          { id: 'u2', role: 'user', createdAt: 0, content: 'And times 3?' },
        ],
        'You are terse.',
      ),
    );
    assert.deepEqual(history, [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: '4', reasoning_content: 'Adding two and two.' },
      { role: 'user', content: 'And times 3?' },
    ]);
  });

  it('keeps reasoning_content on a tool-call message, with content "" as the service returns it', () => {
    const call = { id: 'date:0', type: 'function' as const, function: { name: 'date', arguments: '{"op":"now"}' } };
    const history = buildHistory(
      conversation([
        { id: 'u1', role: 'user', createdAt: 0, content: 'What day is it?' },
        { id: 'a1', role: 'assistant', createdAt: 0, model: 'svc-k2-thinking', selected: 0, status: 'complete', alternatives: [{ content: '', reasoning: 'I need the date tool.', toolCalls: [call], finishReason: 'tool_calls' }] },
        { id: 't1', role: 'tool', createdAt: 0, toolCallId: 'date:0', name: 'date', content: '2026-11-21' },
      ]),
    );
    assert.deepEqual(history.slice(1), [
      { role: 'assistant', content: '', reasoning_content: 'I need the date tool.', tool_calls: [call] },
      { role: 'tool', tool_call_id: 'date:0', name: 'date', content: '2026-11-21' },
    ]);
  });

  it('leaves out the tool calls no tool message answers (an Ask reply), so the next request stays valid', () => {
    const call = (id: string) => ({ id, type: 'function' as const, function: { name: 'read_file', arguments: '{"path":"a.ts"}' } });
    const history = buildHistory(
      conversation([
        { id: 'u1', role: 'user', createdAt: 0, content: 'What is in a.ts?' },
        { id: 'a1', role: 'assistant', createdAt: 0, model: 'svc-k2.5', selected: 0, status: 'complete', alternatives: [{ content: 'Let me look.', reasoning: '', toolCalls: [call('c1')], finishReason: 'tool_calls' }] },
        { id: 'a2', role: 'assistant', createdAt: 0, model: 'svc-k2.5', selected: 0, status: 'complete', alternatives: [{ content: '', reasoning: '', toolCalls: [call('c2')], finishReason: 'tool_calls' }] },
        { id: 'u2', role: 'user', createdAt: 0, content: 'Switch to Agent then.' },
        { id: 'a3', role: 'assistant', createdAt: 0, model: 'svc-k2.5', selected: 0, status: 'complete', alternatives: [{ content: '', reasoning: '', toolCalls: [call('c3'), call('c4')], finishReason: 'tool_calls' }] },
        { id: 't3', role: 'tool', createdAt: 0, toolCallId: 'c3', content: 'export const a = 1;' },
      ]),
    );
    assert.deepEqual(history, [
      { role: 'user', content: 'What is in a.ts?' },
      { role: 'assistant', content: 'Let me look.' },
      { role: 'user', content: 'Switch to Agent then.' },
      { role: 'assistant', content: '', tool_calls: [call('c3')] },
      { role: 'tool', tool_call_id: 'c3', content: 'export const a = 1;' },
    ]);
  });

  it('uses the selected alternative, keeps a stopped partial answer, and leaves out replies with nothing to show and failed turns', () => {
    const history = buildHistory(
      conversation([
        { id: 'u1', role: 'user', createdAt: 0, content: 'Name a colour' },
        { id: 'a1', role: 'assistant', createdAt: 0, model: 'svc-v1-8k', selected: 1, status: 'complete', alternatives: [{ content: 'Red', reasoning: '', finishReason: 'stop' }, { content: 'Blue', reasoning: '', finishReason: 'stop' }] },
        { id: 'u2', role: 'user', createdAt: 0, content: 'Another' },
        { id: 'a2', role: 'assistant', createdAt: 0, model: 'svc-v1-8k', selected: 0, status: 'failed', alternatives: [{ content: '', reasoning: '', finishReason: null }], error: { kind: 'network', message: 'down', action: 'retry' } },
        { id: 'a3', role: 'assistant', createdAt: 0, model: 'svc-k2-thinking', selected: 0, status: 'stopped', alternatives: [{ content: '', reasoning: 'still thinking', finishReason: null }] },
        { id: 'u3', role: 'user', createdAt: 0, content: 'Go on' },
        { id: 'a4', role: 'assistant', createdAt: 0, model: 'svc-v1-8k', selected: 0, status: 'stopped', alternatives: [{ content: 'Gre', reasoning: '', finishReason: null }] },
      ]),
    );
    assert.deepEqual(history, [
      { role: 'user', content: 'Name a colour' },
      { role: 'assistant', content: 'Blue' },
      { role: 'user', content: 'Go on' },
      { role: 'assistant', content: 'Gre' },
    ]);
  });

  it('leaves out a turn refused for too many tokens, with its attached context, but sends it again when it is the turn being retried', () => {
    const tooLong = 'x'.repeat(50_000);
    const mention = { role: 'system' as const, content: '@big.log: ' + 'y'.repeat(30_000) };
    const refused = { id: 'a1', role: 'assistant' as const, createdAt: 0, model: 'svc-v1-8k', selected: 0, status: 'failed' as const, alternatives: [{ content: '', reasoning: '', finishReason: null }], error: { kind: 'tokenLimit' as const, message: 'too many tokens', action: 'shortenInput' as const } };
    const later = buildHistory(
      conversation([
        { id: 'u1', role: 'user', createdAt: 0, content: tooLong, context: [mention] },
        refused,
        { id: 'u2', role: 'user', createdAt: 0, content: 'A short question' },
      ]),
    );
    assert.deepEqual(later, [{ role: 'user', content: 'A short question' }]);
    const retried = buildHistory(conversation([{ id: 'u1', role: 'user', createdAt: 0, content: tooLong, context: [mention] }]));
    assert.deepEqual(retried, [mention, { role: 'user', content: tooLong }]);
  });

  it('stops before endIndex', () => {
    const c = conversation([
      { id: 'u1', role: 'user', createdAt: 0, content: 'a' },
      { id: 'u2', role: 'user', createdAt: 0, content: 'b' },
    ]);
    assert.deepEqual(buildHistory(c, 1), [{ role: 'user', content: 'a' }]);
  });
});
