// The chat session with the real client against the real emulator (port 0): a thinking model's
// reasoning streams, is saved, and goes back to the service on the next turn.
import assert from 'node:assert/strict';
import type { SvcClient } from '../../../src/api/index';
import { ChatSession, type SessionEvent } from '../../../src/core/chat/chatSession';
import { systemClock } from '../../../src/core/clock';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { startEmulatorTestBed } from '../../support/emulatorTestBed';
import { perSuite } from '../../support/suiteHooks';
import { MemoryConversationFolder } from './support/memoryConversationFolder';

describe('ChatSession on the emulator', () => {
  const bed = perSuite(() => startEmulatorTestBed());

  it('streams reasoning then content, keeps usage, and sends the reasoning back next turn', async () => {
    const { client } = bed;
    const sent: unknown[] = [];
    const recording = {
      chatStream: (request: Parameters<SvcClient['chatStream']>[0], options?: { signal?: AbortSignal }) => {
        sent.push(structuredClone(request));
        return client.chatStream(request, options);
      },
    };
    const storage = new MemoryConversationFolder();
    const { store } = await ConversationStore.open(storage, systemClock);
    const events: SessionEvent[] = [];
    const session = new ChatSession({ client: () => recording, store, clock: systemClock, onEvent: (e) => events.push(e) });
    const conversation = await store.create();
    const settings = { model: 'svc-k2-thinking', thinking: true, jsonMode: false, choiceCount: 1 };

    await session.send(conversation.id, 'Hello there', settings);
    const first = conversation.entries[1] as AssistantEntry;
    assert.equal(first.status, 'complete');
    const alt = first.alternatives[0];
    assert.ok(alt && alt.reasoning.length > 0 && alt.content.length > 0);
    const types = events.map((e) => e.type);
    const lastReasoning = types.lastIndexOf('reasoningDelta');
    assert.ok(lastReasoning >= 0 && lastReasoning < types.indexOf('contentDelta'), 'reasoning comes before content');
    assert.ok(first.usage && first.usage.completionTokens > 0);
    assert.ok((first.reasoningTokens ?? 0) > 0);

    await session.send(conversation.id, 'And again', settings);
    const second = sent[1] as { messages: { role: string; reasoning_content?: string }[] };
    assert.equal(second.messages[0]?.role, 'system', 'the ground rules come first');
    assert.equal(second.messages[2]?.role, 'assistant');
    assert.equal(second.messages[2]?.reasoning_content, alt.reasoning);
    assert.equal((conversation.entries[3] as AssistantEntry).status, 'complete');
    await store.flush();
    const { store: reloaded } = await ConversationStore.open(storage, systemClock);
    assert.deepEqual(reloaded.require(conversation.id).entries, conversation.entries);
  });
});
