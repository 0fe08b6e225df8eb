// The stored format belongs to core: a conversation file as the extension wrote it before core owned
// its own schemas (a chat reply that failed with a countdown, an agent task with a tool card and a
// summary) still reads, field for field, and is written back unchanged.
import assert from 'node:assert/strict';
import { ConversationSchema } from '../../../src/core/conversations/conversation';

const WRITTEN_BEFORE = {
  version: 1,
  id: 'c1',
  title: 'fix the leap-year bug',
  titleIsCustom: false,
  createdAt: 1,
  updatedAt: 9,
  entries: [
    { id: 'u1', role: 'user', createdAt: 1, content: 'fix the leap-year bug' },
    {
      id: 'a1',
      role: 'assistant',
      createdAt: 2,
      model: 'svc-k2.5',
      alternatives: [{ content: '', reasoning: 'read it first', toolCalls: [{ id: 'call-1', type: 'function', function: { name: 'read_file', arguments: '{"path":"src/date.ts"}' } }], finishReason: 'tool_calls' }],
      selected: 0,
      status: 'complete',
      usage: { promptTokens: 900, completionTokens: 20, cachedTokens: 512, reasoningTokens: 4 },
    },
    { id: 't1', role: 'tool', createdAt: 3, toolCallId: 'call-1', name: 'read_file', content: 'src/date.ts lines 1-3 of 3:\n…', card: { step: 1, arguments: '{"path":"src/date.ts"}', status: 'done', durationMs: 4 } },
    {
      id: 'a2',
      role: 'assistant',
      createdAt: 4,
      model: 'svc-k2.5',
      alternatives: [{ content: 'Fixed.', reasoning: '', finishReason: 'stop' }],
      selected: 0,
      status: 'complete',
      agentSummary: { taskId: 'task-1', stopReason: 'stop', steps: 2, toolCalls: { read_file: 1 }, filesChanged: [], usage: { promptTokens: 1800, completionTokens: 30, cachedTokens: 1024 }, durationMs: 2300 },
    },
    { id: 'u2', role: 'user', createdAt: 5, content: 'and explain it' },
    {
      id: 'a3',
      role: 'assistant',
      createdAt: 6,
      model: 'svc-k2.5',
      alternatives: [{ content: 'Part', reasoning: '', finishReason: null }],
      selected: 0,
      status: 'interrupted',
      error: { kind: 'rateLimit', status: 429, type: 'rate_limit_reached_error', message: 'slow down', retryAfterSeconds: 3, action: 'retry' },
    },
  ],
  usageTotals: { promptTokens: 2700, completionTokens: 50, cachedTokens: 1536, reasoningTokens: 4 },
};

describe('core/conversation stored format', () => {
  it('reads a conversation written before core owned its schemas, and writes it back unchanged', () => {
    const parsed = ConversationSchema.parse(JSON.parse(JSON.stringify(WRITTEN_BEFORE)));
    assert.deepEqual(JSON.parse(JSON.stringify(parsed)), WRITTEN_BEFORE);
  });

  it('names the field at fault in a damaged file', () => {
    const damaged = structuredClone(WRITTEN_BEFORE) as { entries: { card?: { status: string } }[] };
    damaged.entries[2]!.card!.status = 'exploded';
    const result = ConversationSchema.safeParse(damaged);
    assert.equal(result.success, false);
    assert.deepEqual(result.error?.issues[0]?.path, ['entries', 2, 'card', 'status']);
  });
});
