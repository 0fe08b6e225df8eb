// A chat session on a scripted client, a manual clock and an in-memory conversation folder, for the
// chat session's tests.
import { ChatSession, type SessionEvent } from '../../../../src/core/chat/chatSession';
import type { RequestSettings } from '../../../../src/core/requests/requestSettings';
import type { AssistantEntry } from '../../../../src/core/conversations/conversation';
import { ConversationStore } from '../../../../src/core/conversations/conversationStore';
import { ManualClock } from './manualClock';
import { MemoryConversationFolder } from './memoryConversationFolder';
import { ScriptedChatClient, chunk, delta, usageChunk, type ScriptStep } from './scriptedChatClient';

export const thinking: RequestSettings = { model: 'svc-k2-thinking', thinking: true, jsonMode: false, choiceCount: 1 };
export const tick = () => new Promise((r) => setImmediate(r));

export async function setup(scripts: ScriptStep[][], storage = new MemoryConversationFolder()) {
  const clock = new ManualClock();
  const { store } = await ConversationStore.open(storage, clock);
  const client = new ScriptedChatClient(scripts);
  const events: SessionEvent[] = [];
  const session = new ChatSession({ client: () => client, store, clock, onEvent: (e) => events.push(e), saveIntervalMs: 200 });
  const conversation = await store.create();
  return { clock, store, client, events, session, conversation, storage };
}

export const reasoningThenAnswer: ScriptStep[] = [
  delta({ role: 'assistant', content: '' }),
  delta({ reasoning_content: 'The user greets. ' }),
  delta({ reasoning_content: 'Reply politely.' }),
  delta({ content: 'Hello' }),
  delta({ content: ' there!' }),
  chunk([{ index: 0, delta: {}, finish_reason: 'stop', usage: { prompt_tokens: 9, completion_tokens: 12, total_tokens: 21 } }]),
  usageChunk(9, 12, 4),
];

export function reply(conversation: { entries: unknown[] }, at = -1): AssistantEntry {
  return conversation.entries.at(at) as AssistantEntry;
}
