import assert from 'node:assert/strict';
import { ConversationViewSchema } from '../../../src/shared/protocol';
import { conversationView } from '../../../src/extension/chat/conversationView';
import type { Conversation } from '../../../src/core/conversations/conversation';

/** A saved conversation holding `entries`, with `usageTotals` as given. */
function conversation(entries: Conversation['entries'], usageTotals: Conversation['usageTotals']): Conversation {
  return { version: 1, id: 'c1', title: 'T', titleIsCustom: false, createdAt: 1, updatedAt: 2, usageTotals, entries };
}

describe('conversationView', () => {
  it('maps every entry kind to a protocol-valid view', () => {
    const c = conversation(
      [
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
      { promptTokens: 5, completionTokens: 6, cachedTokens: 1, reasoningTokens: 2 },
    );
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
  it('a card saved before tools declared how they show gets the display its tool has; a card that has one keeps it, an unknown tool gets none', () => {
    const card = { step: 1, arguments: '{"path":"a.ts"}', status: 'done' as const };
    const declared = { kind: 'external' as const, running: 'Calling x', done: 'Called x' };
    const c = conversation(
      [
        { id: 'u', role: 'user', createdAt: 1, content: 'hi' },
        { id: 't1', role: 'tool', createdAt: 1, toolCallId: 'c1', name: 'read_file', content: 'ok', card },
        { id: 't2', role: 'tool', createdAt: 1, toolCallId: 'c2', name: 'update_plan', content: 'ok', card },
        { id: 't3', role: 'tool', createdAt: 1, toolCallId: 'c3', name: 'read_file', content: 'ok', card: { ...card, display: declared } },
        { id: 't4', role: 'tool', createdAt: 1, toolCallId: 'c4', name: 'constructor', content: 'ok', card },
      ],
      { promptTokens: 0, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 },
    );
    const view = conversationView(c);
    assert.ok(ConversationViewSchema.safeParse(view).success);
    const displays = view.messages.map((m) => (m.role === 'tool' ? m.card?.display : undefined));
    assert.deepEqual(displays.slice(1), [{ kind: 'read', subject: 'path', running: 'Reading {0}', done: 'Read {0}' }, { kind: 'plan', running: 'Updating the plan', done: 'Updated the plan' }, declared, undefined]);
  });
});
