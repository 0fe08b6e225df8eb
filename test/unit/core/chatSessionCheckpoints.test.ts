import assert from 'node:assert/strict';
import type { CheckpointRef } from '../../../src/core/checkpoints/checkpointRef';
import { delta } from './support/scriptedChatClient';
import { reply, setup, thinking, tick } from './support/chatSessionBed';

describe('ChatSession checkpoints on user messages', () => {
  it('sends the message first, takes its checkpoint once the request is out, and puts it on the message when taken', async () => {
    const { session, conversation, client, events, store } = await setup([[delta({ content: 'done' }, 0, 'stop')]]);
    let resolveCheckpoint!: (ref: CheckpointRef | undefined) => void;
    let requestsWhenAsked = -1;
    const take = (): Promise<CheckpointRef | undefined> => {
      requestsWhenAsked = client.requests.length;
      return new Promise((resolve) => (resolveCheckpoint = resolve));
    };
    const sending = session.sendTurn(conversation.id, { display: 'Hi', context: [], content: 'Hi', checkpoint: take }, thinking);
    while (conversation.entries.length < 2 || reply(conversation).status !== 'complete') await tick();
    assert.equal(requestsWhenAsked, 1, 'the checkpoint was asked for once the request had gone out');
    const user = conversation.entries[0];
    assert.equal(user?.role === 'user' ? user.checkpoint : 'not a user entry', undefined, 'the reply ended while the checkpoint was still being taken');
    const ref: CheckpointRef = { id: 'c1', label: 'before your message', createdAt: 1, folders: [{ folder: '/ws', commit: 'abc' }], leftOut: [] };
    resolveCheckpoint(ref);
    await sending;
    assert.deepEqual(user?.role === 'user' ? user.checkpoint : undefined, ref, 'the turn is over once its checkpoint is on the message');
    assert.equal(events.at(-1)?.type, 'conversation', 'the view is shown the message with its checkpoint');
    await store.flush();
  });

  it('takes the checkpoint of a message whose request was refused, once', async () => {
    const { session, conversation, client } = await setup([]);
    let asked = 0;
    const take = async (): Promise<CheckpointRef | undefined> => {
      asked += 1;
      return undefined;
    };
    await session.sendTurn(conversation.id, { display: 'Hi', context: [], content: 'Hi', checkpoint: take }, { ...thinking, choiceCount: 9 });
    assert.equal(client.requests.length, 0, 'nothing was sent');
    assert.equal(asked, 1);
  });

  it('drops a late checkpoint whose message is gone', async () => {
    const { session, conversation, store, events } = await setup([[delta({ content: 'done' }, 0, 'stop')]]);
    let resolveCheckpoint!: (ref: CheckpointRef | undefined) => void;
    const taking = new Promise<CheckpointRef | undefined>((resolve) => (resolveCheckpoint = resolve));
    const sending = session.sendTurn(conversation.id, { display: 'Hi', context: [], content: 'Hi', checkpoint: () => taking }, thinking);
    while (conversation.entries.length < 2 || reply(conversation).status !== 'complete') await tick();
    let idle = false;
    void session.whenIdle().then(() => (idle = true));
    await tick();
    assert.equal(idle, false, 'a turn whose checkpoint is still being taken is not idle yet');
    const user = conversation.entries[0];
    conversation.entries.splice(0);
    await store.save(conversation);
    const shown = events.length;
    resolveCheckpoint({ id: 'c1', label: 'before your message', createdAt: 1, folders: [], leftOut: [] });
    await sending;
    await tick();
    assert.equal(idle, true);
    assert.equal(user?.role === 'user' ? user.checkpoint : 'not a user entry', undefined);
    assert.equal(events.length, shown);
  });
});
