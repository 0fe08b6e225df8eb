import assert from 'node:assert/strict';
import { ChatSession } from '../../../src/core/chat/chatSession';
import { systemClock } from '../../../src/core/clock';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { LanguageModelChat } from '../../../src/core/languageModels/languageModelChat';
import { ReasoningStore } from '../../../src/core/languageModels/reasoningStore';
import { TEST_CACHE_KEY, TEST_SAFETY_IDENTIFIER } from '../../support/testRequestIdentity';
import { startWireBed, type WireBed } from '../../support/wireBed';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { MemoryStorage } from './support/memoryStorage';

const hello = [{ role: 'user' as const, parts: [{ kind: 'text' as const, text: 'Say hello.' }] }];

async function providerAsks(bed: WireBed): Promise<void> {
  const chat = new LanguageModelChat({ client: async () => bed.client, reasoning: await ReasoningStore.open(new MemoryStorage()), identity: bed.identity, log: { info: () => undefined } });
  await chat.respond({ model: 'svc-v1-8k', messages: hello, toolMode: 'auto' }, () => undefined, new AbortController().signal);
}

describe('request identity on the wire', () => {
  let bed: WireBed | undefined;
  afterEach(async () => bed?.close());

  it("the language-model provider sends the safety identifier the user opted into, with the workspace's cache key", async () => {
    bed = await startWireBed({ safetyIdentifier: true });
    await providerAsks(bed);
    const sent = await bed.lastChatRequest();
    assert.equal(sent.safety_identifier, TEST_SAFETY_IDENTIFIER);
    assert.equal(sent.prompt_cache_key, TEST_CACHE_KEY);
  });

  it('the language-model provider sends no safety identifier when the user did not opt in', async () => {
    bed = await startWireBed();
    await providerAsks(bed);
    assert.equal((await bed.lastChatRequest()).safety_identifier, undefined);
  });

  it("a chat reply sends the user's settings, the composer's choice and the identity", async () => {
    const wire = (bed = await startWireBed({ safetyIdentifier: true, temperature: 0.3, maxCompletionTokens: 500 }));
    const { store } = await ConversationStore.open(new MemoryConversationFolder(), systemClock);
    const session = new ChatSession({ client: () => wire.client, store, clock: systemClock, promptCacheKey: () => wire.identity.promptCacheKey(), onEvent: () => undefined });
    await session.send((await store.create()).id, 'Hello there', wire.identity.settings({ model: 'svc-v1-8k' }));
    const sent = await wire.lastChatRequest();
    assert.deepEqual([sent.model, sent.temperature, sent.max_completion_tokens, sent.safety_identifier, sent.prompt_cache_key], ['svc-v1-8k', 0.3, 500, TEST_SAFETY_IDENTIFIER, TEST_CACHE_KEY]);
  });
});
