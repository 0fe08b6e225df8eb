import assert from 'node:assert/strict';
import { ConversationViewSchema } from '../../../src/shared/protocol';
import { conversationView } from '../../../src/extension/chat/conversationView';
import type { Conversation } from '../../../src/core/conversations/conversation';

describe('conversationView', () => {
  it('maps every entry kind to a protocol-valid view', () => {
    const c: Conversation = {
      version: 1,
      id: 'c1',
      title: 'T',
      titleIsCustom: false,
      createdAt: 1,
      updatedAt: 2,
      usageTotals: { promptTokens: 5, completionTokens: 6, cachedTokens: 1, reasoningTokens: 2 },
      entries: [
        { id: 'u', role: 'user', createdAt: 1, content: 'hi' },
        {
          id: 'a',
          role: 'assistant',
          createdAt: 1,
          model: 'svc-k2-thinking',
          selected: 0,
          status: 'failed',
          reasoningTokens: 2,
          usage: { promptTokens: 5, completionTokens: 6, cachedTokens: 1, reasoningTokens: 2 },
          error: { kind: 'network', message: 'down', action: 'retry' },
          alternatives: [{ content: '', reasoning: 'hm', toolCalls: [{ id: 'x', type: 'function', function: { name: 'date', arguments: '{}' } }], finishReason: null }],
        },
        { id: 't', role: 'tool', createdAt: 1, toolCallId: 'x', content: 'ok' },
      ],
    };
    const view = conversationView(c);
    assert.ok(ConversationViewSchema.safeParse(view).success);
    const assistant = view.messages[1];
    assert.equal(assistant?.role, 'assistant');
    if (assistant?.role === 'assistant') {
      assert.equal(assistant.reasoningTokens, 2);
      assert.deepEqual(assistant.choices[0]?.toolCalls, [{ id: 'x', name: 'date', arguments: '{}' }]);
      assert.equal(assistant.error?.action, 'retry');
    }
    assert.deepEqual(view.totals, c.usageTotals);
    assert.equal(JSON.stringify(view).includes('sk-'), false);
  });
});
