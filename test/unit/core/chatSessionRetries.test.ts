import assert from 'node:assert/strict';
import { NetworkError, serviceError, StreamInterruptedError } from '../../../src/api/errors';
import type { ChatRequest } from '../../../src/api/schemas';
import { GROUND_RULES } from '../../../src/core/chat/groundRules';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import { delta } from './support/scriptedChatClient';
import { reply, setup, thinking, tick } from './support/chatSessionBed';

describe('ChatSession failures and automatic retries', () => {
  it('marks a stream cut by the network interrupted, keeps its text, and offers a retry', async () => {
    const { session, conversation, events, client } = await setup([
      [delta({ content: 'The answer is' }), { fail: new StreamInterruptedError(1) }],
      [delta({ content: 'The answer is 42.' }, 0, 'stop')],
    ]);
    await session.send(conversation.id, 'Q', thinking);
    const entry = reply(conversation);
    assert.equal(entry.status, 'interrupted');
    assert.equal(entry.alternatives[0]?.content, 'The answer is');
    assert.equal(entry.error?.action, 'retry');
    const failed = events.at(-1);
    assert.equal(failed?.type, 'replyFailed');
    await session.whenIdle();
    await session.regenerate(conversation.id, entry.id, thinking);
    assert.equal(conversation.entries.length, 2, 'the retried reply replaces the interrupted one');
    assert.equal(reply(conversation).alternatives[0]?.content, 'The answer is 42.');
    assert.equal(client.requests.length, 2);
    assert.deepEqual(client.requests[1]?.messages, [GROUND_RULES, { role: 'user', content: 'Q' }]);
  });

  it('counts down after a rate limit and retries by itself, then succeeds', async () => {
    const rateLimited = serviceError({ status: 429, type: 'rate_limit_reached_error', message: 'reached organization max RPM: 3, please try again after 3 seconds' });
    const { session, conversation, events, clock, client } = await setup([[{ fail: rateLimited }], [delta({ content: 'Done' }, 0, 'stop')]]);
    await session.send(conversation.id, 'Q', thinking);
    const failed = events.at(-1);
    assert.equal(failed?.type, 'replyFailed');
    if (failed?.type === 'replyFailed') {
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error.retryAfterSeconds, 3);
      assert.equal(failed.error.kind, 'rateLimit');
      assert.equal(failed.error.automaticRetry, true, 'the view is told the host retries by itself');
    }
    const failedId = reply(conversation).id;
    assert.ok(session.isBusy(conversation.id), 'a waiting retry keeps the conversation busy');
    let idle = false;
    void session.whenIdle().then(() => (idle = true));
    clock.advance(2999);
    await tick();
    assert.equal(client.requests.length, 1);
    assert.equal(idle, false);
    clock.advance(1);
    await session.whenIdle();
    assert.equal(client.requests.length, 2);
    assert.equal(conversation.entries.length, 2);
    assert.equal(reply(conversation).status, 'complete');
    assert.equal(reply(conversation).alternatives[0]?.content, 'Done');
    // A Retry click on the failed reply that arrives after the automatic retry replaced it sends nothing.
    await session.regenerate(conversation.id, failedId, thinking);
    assert.equal(client.requests.length, 2);
    assert.equal(reply(conversation).alternatives[0]?.content, 'Done');
  });

  it('gives up retrying by itself after the bound, and stop cancels a waiting retry', async () => {
    const overloaded = () => ({ fail: serviceError({ status: 429, type: 'engine_overloaded_error', message: 'The engine is currently overloaded, please try again later' }) });
    const { session, conversation, clock, client, events } = await setup([[overloaded()], [overloaded()], [overloaded()], [overloaded()], [overloaded()]]);
    await session.send(conversation.id, 'Q', thinking);
    for (let i = 0; i < 3; i++) {
      clock.advance(5000);
      while (client.requests.length < i + 2) await tick();
      await tick();
    }
    await session.whenIdle();
    assert.equal(client.requests.length, 4, 'the first try and three automatic retries');
    assert.equal(session.isBusy(conversation.id), false);
    assert.equal(reply(conversation).status, 'failed');
    assert.equal(reply(conversation).error?.automaticRetry, undefined, 'no countdown once the retries are used up');

    await session.send(conversation.id, 'Again', thinking);
    assert.ok(session.isBusy(conversation.id));
    assert.equal(reply(conversation).error?.automaticRetry, true);
    const shown = events.length;
    session.stop(conversation.id);
    assert.equal(session.isBusy(conversation.id), false);
    assert.equal(reply(conversation).error?.automaticRetry, undefined, 'a cancelled retry leaves the plain error');
    assert.ok(events.slice(shown).some((e) => e.type === 'conversation'), 'the view is shown the error without its countdown');
    clock.advance(60_000);
    await session.whenIdle();
    assert.equal(client.requests.length, 5);
  });

  it('cancels a waiting retry once a newer turn (an agent task, say) follows the failed reply', async () => {
    const overloaded = serviceError({ status: 429, type: 'engine_overloaded_error', message: 'The engine is currently overloaded, please try again later' });
    const { session, conversation, clock, client, store } = await setup([[{ fail: overloaded }]]);
    await session.send(conversation.id, 'Q', thinking);
    assert.equal(reply(conversation).error?.automaticRetry, true);
    // Another part of the extension (the agent) writes the next turn into the same conversation.
    conversation.entries.push({ id: 'later', role: 'user', createdAt: 2, content: 'A task' });
    await store.save(conversation);
    assert.equal(session.isBusy(conversation.id), false, 'the retry no longer waits');
    const failed = conversation.entries.find((e): e is AssistantEntry => e.role === 'assistant');
    assert.equal(failed?.error?.automaticRetry, undefined, 'the failed reply shows the plain error, no countdown');
    clock.advance(60_000);
    await session.whenIdle();
    assert.equal(client.requests.length, 1, 'nothing was sent again');
    assert.equal(conversation.entries.at(-1)?.id, 'later', 'the newer turn is kept');
  });

  it('shows a refused request in the conversation with the field at fault, without sending it', async () => {
    const { session, conversation, client, events } = await setup([]);
    await session.send(conversation.id, 'Q', { model: 'svc-v1-8k', thinking: false, jsonMode: false, choiceCount: 1, temperature: 1.5 });
    assert.equal(client.requests.length, 0);
    const entry = reply(conversation);
    assert.equal(entry.status, 'failed');
    assert.equal(entry.error?.action, 'fixRequest');
    assert.equal(entry.error?.field, 'temperature');
    assert.equal(events.at(-1)?.type, 'conversation');
  });

  it('reports a network failure with nothing received as failed, with retry', async () => {
    const { session, conversation } = await setup([[{ fail: new NetworkError('connect ECONNREFUSED 127.0.0.1:1') }]]);
    await session.send(conversation.id, 'Q', thinking);
    const entry = reply(conversation);
    assert.equal(entry.status, 'failed');
    assert.equal(entry.error?.kind, 'network');
    assert.equal(entry.error?.action, 'retry');
    await session.whenIdle();
  });

  it('does not send a turn refused for too many tokens with the next message, and sends it again on Retry', async () => {
    const tooManyTokens = serviceError({ status: 400, type: 'invalid_request_error', message: 'Invalid request: Your request exceeded model token limit: 8192 (requested: 18680)' });
    const { session, conversation, client } = await setup([[{ fail: tooManyTokens }], [delta({ content: 'Short answer' }, 0, 'stop')], [delta({ content: 'Long answer' }, 0, 'stop')]]);
    const plain = { model: 'svc-v1-8k', thinking: false, jsonMode: false, choiceCount: 1 };
    await session.send(conversation.id, 'a very long paste', plain);
    const refused = conversation.entries[1] as AssistantEntry;
    assert.equal(refused.status, 'failed');
    await session.send(conversation.id, 'A short question', plain);
    assert.equal(reply(conversation).status, 'complete');
    const userContents = (request: ChatRequest | undefined) => (request?.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content);
    assert.deepEqual(userContents(client.requests[1]), ['A short question']);
    await session.regenerate(conversation.id, refused.id, plain);
    assert.deepEqual(userContents(client.requests[2]), ['a very long paste'], 'Retry on the failed reply sends that turn again');
  });
});
