import assert from 'node:assert/strict';
import { deletedElsewhereNotice, sendSurvivingDeletion } from '../../../src/core/chat/deletedConversationSend';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';

/** Two windows on one storage folder: each has a store of its own. */
async function twoWindows() {
  const folder = new MemoryConversationFolder();
  const clock = new ManualClock();
  const one = (await ConversationStore.open(folder, clock)).store;
  const two = (await ConversationStore.open(folder, clock)).store;
  return { one, two };
}

/** What the chat does with a message: opens the conversation, saves the message, then saves the reply's start. */
function sendInto(store: ConversationStore, sent: string[]) {
  return async (id: string): Promise<void> => {
    await store.setActive(id);
    const conversation = store.require(id);
    conversation.entries.push({ id: `u${conversation.entries.length}`, role: 'user', createdAt: 1, content: 'keep me' });
    await store.save(conversation);
    await store.save(store.require(id));
    sent.push(id);
  };
}

describe('a message for a conversation another window deleted', () => {
  it('goes into a new conversation, saying so, when another window deleted the one this window has open', async () => {
    const { one, two } = await twoWindows();
    const shown = await one.create('');
    await one.setActive(shown.id);
    await two.refresh();
    await two.delete(shown.id);
    assert.ok(one.summary(shown.id), 'this window still lists it');
    const notices: string[] = [];
    const sent: string[] = [];
    const id = await sendSurvivingDeletion({ store: one, systemPrompt: '', notice: (t) => void notices.push(t) }, shown.id, sendInto(one, sent));
    assert.notEqual(id, shown.id);
    assert.deepEqual(sent, [id]);
    assert.deepEqual(notices, [deletedElsewhereNotice()]);
    const last = one.require(id).entries.at(-1);
    assert.equal(last?.role === 'user' ? last.content : undefined, 'keep me');
  });

  it('goes into a new conversation when this window no longer lists it', async () => {
    const { one } = await twoWindows();
    const shown = await one.create('');
    await one.delete(shown.id);
    const notices: string[] = [];
    const sent: string[] = [];
    const id = await sendSurvivingDeletion({ store: one, systemPrompt: '', notice: (t) => void notices.push(t) }, shown.id, sendInto(one, sent));
    assert.deepEqual(sent, [id]);
    assert.notEqual(id, shown.id);
    assert.deepEqual(notices, [deletedElsewhereNotice()]);
  });

  it('is sent once more into a new conversation when it disappears while being sent', async () => {
    const { one } = await twoWindows();
    const shown = await one.create('');
    const notices: string[] = [];
    const sent: string[] = [];
    const send = sendInto(one, sent);
    let first = true;
    const id = await sendSurvivingDeletion({ store: one, systemPrompt: '', notice: (t) => void notices.push(t) }, shown.id, async (target) => {
      if (first) {
        first = false;
        await one.delete(target);
      }
      await send(target);
    });
    assert.notEqual(id, shown.id);
    assert.deepEqual(sent, [id]);
    assert.deepEqual(notices, [deletedElsewhereNotice()]);
  });

  it('passes any other failure through, and sends a new conversation\'s message once', async () => {
    const { one } = await twoWindows();
    await assert.rejects(
      sendSurvivingDeletion({ store: one, systemPrompt: '', notice: () => undefined }, null, async () => Promise.reject(new Error('offline'))),
      /offline/,
    );
  });
});
