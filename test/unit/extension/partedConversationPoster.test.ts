import assert from 'node:assert/strict';
import { PART_MESSAGES, PartedConversationPoster } from '../../../src/extension/chat/partedConversationPoster';
import type { ConversationView, HostMessage, MessageView } from '../../../src/shared/protocol';

function view(count: number, id = 'c1'): ConversationView {
  const messages: MessageView[] = Array.from({ length: count }, (_, i) => ({ id: `m${i}`, role: 'user', content: `message ${i}`, createdAt: i }));
  return { id, title: 't', messages, totals: { promptTokens: 0, completionTokens: 0, cachedTokens: 0 }, createdAt: 0, updatedAt: 0 };
}

function poster(): { posted: HostMessage[]; post: (message: HostMessage) => void } {
  const posted: HostMessage[] = [];
  const parted = new PartedConversationPoster((message) => posted.push(message));
  return { posted, post: (message) => parted.post(message) };
}

/** The whole conversation as the view rebuilds it: the newest part, then each earlier part in front. */
function rebuilt(posted: readonly HostMessage[]): string[] {
  let ids: string[] = [];
  let first = 0;
  for (const message of posted) {
    if (message.type === 'conversation') {
      ids = message.conversation.messages.map((m) => m.id);
      first = message.conversation.firstIndex ?? 0;
    } else if (message.type === 'earlierMessages') {
      assert.equal(message.firstIndex + message.messages.length, first, 'each part ends where the held messages start');
      ids = [...message.messages.map((m) => m.id), ...ids];
      first = message.firstIndex;
    }
  }
  assert.equal(first, 0, 'the parts reach the first message');
  return ids;
}

describe('PartedConversationPoster', () => {
  it('posts a short conversation whole', () => {
    const { posted, post } = poster();
    post({ type: 'conversation', conversation: view(2 * PART_MESSAGES) });
    assert.equal(posted.length, 1);
    assert.equal(posted[0]?.type === 'conversation' && posted[0].conversation.messages.length, 2 * PART_MESSAGES);
  });

  it('posts a long conversation as its newest messages, then earlier parts newest first, none larger than two parts', () => {
    const { posted, post } = poster();
    const whole = view(5_000);
    post({ type: 'conversation', conversation: whole });
    assert.equal(posted[0]?.type, 'conversation');
    assert.ok(posted.every((m) => (m.type === 'conversation' ? m.conversation.messages.length : m.type === 'earlierMessages' ? m.messages.length : 0) < 2 * PART_MESSAGES));
    assert.deepEqual(rebuilt(posted), whole.messages.map((m) => m.id));
    const starts = posted.flatMap((m) => (m.type === 'earlierMessages' ? [m.firstIndex] : []));
    assert.deepEqual(starts, [...starts].sort((a, b) => b - a), 'newest part first');
  });

  it('after a turn posts only the newest part, unless an earlier message changed', () => {
    const { posted, post } = poster();
    const whole = view(1_000);
    post({ type: 'conversation', conversation: whole });
    posted.length = 0;
    const next = view(1_002);
    post({ type: 'conversation', conversation: next });
    assert.deepEqual(posted.map((m) => m.type), ['conversation'], 'the earlier parts are held by the view already');

    posted.length = 0;
    const edited = view(1_002);
    edited.messages[3] = { id: 'm3', role: 'user', content: 'edited', createdAt: 3 };
    post({ type: 'conversation', conversation: edited });
    assert.ok(posted.some((m) => m.type === 'earlierMessages'), 'a changed earlier message posts the parts again');
    assert.deepEqual(rebuilt(posted), edited.messages.map((m) => m.id));
  });

  it('posts every part again to a new page (init) and for another conversation', () => {
    const { posted, post } = poster();
    post({ type: 'conversation', conversation: view(1_000) });
    posted.length = 0;
    post({ type: 'conversation', conversation: view(1_000, 'c2') });
    assert.ok(posted.some((m) => m.type === 'earlierMessages'), 'another conversation');
    posted.length = 0;
    const init: HostMessage = {
      type: 'init',
      conversations: [],
      active: view(1_000, 'c2'),
      settings: { model: 'svc-k2.5', thinking: true, jsonMode: false, showReasoning: 'collapsed', choiceCount: 1 },
      connection: { mode: 'emulator', baseUrl: 'http://127.0.0.1:9/v1' },
      models: [],
    };
    post(init);
    assert.equal(posted[0]?.type === 'init' && posted[0].active?.firstIndex, 1_000 - PART_MESSAGES);
    assert.equal(posted.filter((m) => m.type === 'earlierMessages').length, 1_000 / PART_MESSAGES - 1, 'a new page holds nothing');
    posted.length = 0;
    post({ type: 'settings', settings: init.settings });
    assert.deepEqual(posted, [{ type: 'settings', settings: init.settings }], 'other messages pass as they are');
  });
});
