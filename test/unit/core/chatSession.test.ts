import assert from 'node:assert/strict';
import type { ChatRequest } from '../../../src/api/schemas';
import { GROUND_RULES } from '../../../src/core/chat/groundRules';
import { SessionBusyError } from '../../../src/core/conversations/conversationErrors';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { ChatSession, type SessionEvent } from '../../../src/core/chat/chatSession';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { ScriptedChatClient, chunk, delta, gate, usageChunk } from './support/scriptedChatClient';
import { reasoningThenAnswer, reply, setup, thinking, tick } from './support/chatSessionBed';

describe('ChatSession', () => {
  it('streams a reply with its reasoning, in order, and saves it with usage', async () => {
    const { session, conversation, events, client, storage, store } = await setup([reasoningThenAnswer]);
    await session.send(conversation.id, 'Hi', thinking);
    const entry = reply(conversation);
    assert.equal(entry.status, 'complete');
    assert.deepEqual(entry.alternatives, [{ content: 'Hello there!', reasoning: 'The user greets. Reply politely.', finishReason: 'stop' }]);
    assert.deepEqual(entry.usage, { promptTokens: 9, completionTokens: 12, cachedTokens: 4, reasoningTokens: 0 });
    assert.deepEqual(conversation.usageTotals, entry.usage);
    assert.deepEqual(
      events.map((e) => e.type),
      ['conversation', 'replyStarted', 'reasoningDelta', 'reasoningDelta', 'contentDelta', 'contentDelta', 'replyFinished'],
    );
    const request = client.requests[0] as ChatRequest;
    assert.equal(request.stream, true);
    assert.deepEqual(request.stream_options, { include_usage: true });
    assert.equal(request.prompt_cache_key, conversation.id);
    assert.equal(request.thinking, undefined, 'thinking is only sent where it can be switched');
    await store.flush();
    const saved = storage.saved(conversation.id);
    assert.equal(saved.entries[1].alternatives[0].content, 'Hello there!');
    assert.ok((entry.reasoningTokens ?? 0) > 3, 'without reasoning_tokens in usage the reasoning is counted locally');
  });

  it('times the reply on its clock, saves the timing and reports its speed and the conversation’s time', async () => {
    const gates = [gate(), gate(), gate()];
    const { session, conversation, events, clock, storage, store } = await setup([
      [
        gates[0]!.step,
        delta({ reasoning_content: 'think' }),
        gates[1]!.step,
        delta({ content: 'ok' }),
        gates[2]!.step,
        delta({}, 0, 'stop'),
        chunk([], { prompt_tokens: 5, completion_tokens: 30, total_tokens: 35, completion_tokens_details: { reasoning_tokens: 10 } }),
      ],
    ]);
    const sent = session.send(conversation.id, 'Hi', thinking);
    const arrived = async (type: SessionEvent['type']) => {
      while (!events.some((e) => e.type === type)) await tick();
    };
    await arrived('replyStarted');
    clock.advance(300);
    gates[0]!.open();
    await arrived('reasoningDelta');
    clock.advance(1000);
    gates[1]!.open();
    await arrived('contentDelta');
    clock.advance(2000);
    gates[2]!.open();
    await sent;
    assert.deepEqual(reply(conversation).timing, { firstTokenMs: 300, reasoningMs: 1000, answerMs: 2000 });
    const finished = events.find((e) => e.type === 'replyFinished');
    assert.ok(finished?.type === 'replyFinished');
    assert.deepEqual(finished.speed, { firstTokenMs: 300, reasoning: { tokens: 10, ms: 1000, perSecond: 10 }, answer: { tokens: 20, ms: 2000, perSecond: 10 }, splitEstimated: false });
    assert.deepEqual(finished.time, { replies: 1, waitMs: 300, streamMs: 3000 });
    await store.flush();
    const { store: reloaded } = await ConversationStore.open(storage, new ManualClock());
    const back = reloaded.require(conversation.id);
    assert.deepEqual(reply(back).timing, { firstTokenMs: 300, reasoningMs: 1000, answerMs: 2000 }, 'the timing survives a reload');
    assert.deepEqual(back.timeTotals, { replies: 1, waitMs: 300, streamMs: 3000 });
  });

  it('takes the reasoning token count from usage when the service reports it', async () => {
    const { session, conversation } = await setup([
      [delta({ reasoning_content: 'think' }), delta({ content: 'ok' }, 0, 'stop'), chunk([], { prompt_tokens: 1, completion_tokens: 9, total_tokens: 10, completion_tokens_details: { reasoning_tokens: 7 } })],
    ]);
    await session.send(conversation.id, 'Hi', thinking);
    assert.equal(reply(conversation).reasoningTokens, 7);
    assert.equal(conversation.usageTotals.reasoningTokens, 7);
  });

  it('streams tool-call deltas (index from position when missing) and keeps the merged calls with their reasoning', async () => {
    const { session, conversation, events } = await setup([
      [
        delta({ reasoning_content: 'need the date' }),
        delta({ tool_calls: [{ id: 'date:0', type: 'function', function: { name: 'date', arguments: '' } }] }),
        delta({ tool_calls: [{ function: { arguments: '{"op":' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '"now"}' } }] }, 0, 'tool_calls'),
      ],
    ]);
    await session.send(conversation.id, 'What day is it?', thinking);
    const calls = events.filter((e) => e.type === 'toolCallDelta');
    assert.equal(calls.length, 3);
    assert.deepEqual(calls.map((c) => (c.type === 'toolCallDelta' ? [c.index, c.id, c.name, c.argumentsDelta] : [])), [
      [0, 'date:0', 'date', undefined],
      [0, undefined, undefined, '{"op":'],
      [0, undefined, undefined, '"now"}'],
    ]);
    const alt = reply(conversation).alternatives[0];
    assert.deepEqual(alt?.toolCalls, [{ id: 'date:0', type: 'function', function: { name: 'date', arguments: '{"op":"now"}' } }]);
    assert.equal(alt?.finishReason, 'tool_calls');
    assert.equal(alt?.reasoning, 'need the date');
  });

  it('sends the reasoning back with the next turn and adds usage to the running totals', async () => {
    const { session, conversation, client } = await setup([reasoningThenAnswer, reasoningThenAnswer]);
    await session.send(conversation.id, 'Hi', thinking);
    await session.send(conversation.id, 'Again', thinking);
    assert.deepEqual((client.requests[1] as ChatRequest).messages, [
      GROUND_RULES,
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello there!', reasoning_content: 'The user greets. Reply politely.' },
      { role: 'user', content: 'Again' },
    ]);
    assert.deepEqual(conversation.usageTotals, { promptTokens: 18, completionTokens: 24, cachedTokens: 8, reasoningTokens: 0 });
  });

  it('keeps n alternatives apart and lets the user pick one', async () => {
    const { session, conversation, client, events } = await setup([
      [
        chunk([{ index: 0, delta: { content: 'Red' } }, { index: 1, delta: { content: 'Blue' } }]),
        chunk([{ index: 1, delta: { content: ' sky' }, finish_reason: 'stop' }]),
        chunk([{ index: 0, delta: {}, finish_reason: 'length' }]),
      ],
    ]);
    await session.send(conversation.id, 'A colour as JSON: {"colour": string}', { model: 'svc-v1-8k', thinking: false, jsonMode: true, choiceCount: 2, temperature: 0.7 });
    const request = client.requests[0] as ChatRequest;
    assert.equal(request.n, 2);
    assert.equal(request.temperature, 0.7);
    assert.deepEqual(request.response_format, { type: 'json_object' });
    const entry = reply(conversation);
    assert.deepEqual(entry.alternatives.map((a) => [a.content, a.finishReason]), [['Red', 'length'], ['Blue sky', 'stop']]);
    const finished = events.find((e) => e.type === 'replyFinished');
    assert.deepEqual(finished && 'finishReasons' in finished ? finished.finishReasons : undefined, [
      { choiceIndex: 0, finishReason: 'length' },
      { choiceIndex: 1, finishReason: 'stop' },
    ]);
    await session.selectChoice(conversation.id, entry.id, 1);
    assert.equal(entry.selected, 1);
    await assert.rejects(session.selectChoice(conversation.id, entry.id, 2), /choiceIndex: must be a whole number from 0 to 1/);
  });

  it('sends thinking on or off to svc-k2.5 and leaves its fixed temperature alone', async () => {
    const { session, conversation, client } = await setup([[delta({ content: 'ok' }, 0, 'stop')]]);
    await session.send(conversation.id, 'hi', { model: 'svc-k2.5', thinking: false, jsonMode: false, choiceCount: 1, temperature: 0.3, maxCompletionTokens: 2000, safetyIdentifier: 'abc' });
    const request = client.requests[0] as ChatRequest;
    assert.deepEqual(request.thinking, { type: 'disabled' });
    assert.equal(request.temperature, undefined);
    assert.equal(request.max_completion_tokens, 2000);
    assert.equal(request.safety_identifier, 'abc');
  });

  it('stops at once, keeping the partial answer marked stopped', async () => {
    const wait = gate();
    const { session, conversation, events } = await setup([[delta({ reasoning_content: 'hmm' }), delta({ content: 'Part' }), wait.step, delta({ content: 'never' })]]);
    const sending = session.send(conversation.id, 'Hi', thinking);
    while (!events.some((e) => e.type === 'contentDelta')) await tick();
    assert.ok(session.isBusy(conversation.id));
    await assert.rejects(session.send(conversation.id, 'second', thinking), SessionBusyError);
    session.stop(conversation.id);
    await sending;
    const entry = reply(conversation);
    assert.equal(entry.status, 'stopped');
    assert.equal(entry.alternatives[0]?.content, 'Part');
    assert.equal(entry.alternatives[0]?.reasoning, 'hmm');
    assert.equal(entry.error, undefined);
    const last = events.at(-1);
    assert.equal(last?.type === 'replyFinished' ? last.status : undefined, 'stopped');
    await session.whenIdle();
    assert.equal(session.isBusy(conversation.id), false);
  });

  it('after Stop adds nothing more to the reply, even from a stream that keeps yielding what it had buffered', async () => {
    const clock = new ManualClock();
    const { store } = await ConversationStore.open(new MemoryConversationFolder(), clock);
    const events: SessionEvent[] = [];
    const buffered = gate();
    // A stream that does not watch the signal: chunks already read from the socket still come out after Stop.
    const client = {
      async *chatStream() {
        yield delta({ reasoning_content: 'hmm' });
        yield delta({ content: 'Part' });
        await buffered.step.gate;
        yield delta({ reasoning_content: ' more thinking' });
        yield delta({ content: ' and more' }, 0, 'stop');
        yield usageChunk(5, 40, 0);
      },
    };
    const session = new ChatSession({ client: () => client as unknown as ScriptedChatClient, store, clock, onEvent: (e) => events.push(e), saveIntervalMs: 200 });
    const conversation = await store.create();
    const sending = session.send(conversation.id, 'Hi', thinking);
    while (!events.some((e) => e.type === 'contentDelta')) await tick();
    session.stop(conversation.id);
    const deltasAtStop = events.filter((e) => e.type === 'contentDelta' || e.type === 'reasoningDelta').length;
    buffered.open();
    await sending;
    const entry = reply(conversation);
    assert.equal(entry.status, 'stopped');
    assert.deepEqual([entry.alternatives[0]?.reasoning, entry.alternatives[0]?.content], ['hmm', 'Part']);
    assert.equal(events.filter((e) => e.type === 'contentDelta' || e.type === 'reasoningDelta').length, deltasAtStop, 'no delta after Stop');
    const last = events.at(-1);
    assert.equal(last?.type === 'replyFinished' ? last.status : undefined, 'stopped');
    await store.flush();
    assert.equal(reply(store.require(conversation.id)).alternatives[0]?.content, 'Part');
  });

  it('stopAndSettle resolves once the stopped reply is saved', async () => {
    const wait = gate();
    const { session, conversation, events, storage, store } = await setup([[delta({ content: 'Some' }), wait.step]]);
    void session.send(conversation.id, 'Hi', thinking);
    while (!events.some((e) => e.type === 'contentDelta')) await tick();
    await session.stopAndSettle(conversation.id);
    await store.flush();
    const saved = storage.saved(conversation.id);
    assert.equal(saved.entries[1].status, 'stopped');
    assert.equal(session.isBusy(conversation.id), false);
  });

  it('saves a half-streamed reply as it arrives, and a reload brings it back marked interrupted', async () => {
    const wait = gate();
    const { session, conversation, events, clock, storage, store } = await setup([[delta({ content: 'Half of ' }), delta({ content: 'it' }), wait.step]]);
    void session.send(conversation.id, 'Long question', thinking);
    while (events.filter((e) => e.type === 'contentDelta').length < 2) await tick();
    clock.advance(200);
    await store.flush();
    // Simulates the crash: nothing more is written; a new store reads what is there.
    const { store: reloaded } = await ConversationStore.open(storage, new ManualClock());
    const back = reloaded.require(conversation.id);
    assert.equal(back.entries.length, 2);
    const entry = reply(back);
    assert.equal(entry.status, 'interrupted');
    assert.equal(entry.alternatives[0]?.content, 'Half of it');
    session.stop(conversation.id);
    await session.whenIdle();
  });

  it('edits a user message, drops what followed, and resends', async () => {
    const answer = (text: string) => [delta({ content: text }, 0, 'stop')];
    const { session, conversation, client } = await setup([answer('one'), answer('two'), answer('three')]);
    await session.send(conversation.id, 'first', thinking);
    await session.send(conversation.id, 'second', thinking);
    const firstUser = conversation.entries[0];
    assert.ok(firstUser);
    await session.editAndResend(conversation.id, firstUser.id, 'first, edited', thinking);
    assert.equal(conversation.entries.length, 2);
    assert.deepEqual(client.requests[2]?.messages, [GROUND_RULES, { role: 'user', content: 'first, edited' }]);
    assert.equal(reply(conversation).alternatives[0]?.content, 'three');
    await assert.rejects(session.editAndResend(conversation.id, 'missing', 'x', thinking), /no user message with id "missing"/);
    await assert.rejects(session.send(conversation.id, '   ', thinking), /text: the message must not be empty/);
  });

  it('dispose ends a streaming reply as interrupted and saves it', async () => {
    const wait = gate();
    const { session, conversation, events, storage, store } = await setup([[delta({ content: 'partial' }), wait.step]]);
    void session.send(conversation.id, 'Q', thinking);
    while (!events.some((e) => e.type === 'contentDelta')) await tick();
    await session.dispose();
    assert.equal(reply(conversation).status, 'interrupted');
    await store.flush();
    const saved = storage.saved(conversation.id);
    assert.equal(saved.entries[1].status, 'interrupted');
    assert.equal(saved.entries[1].alternatives[0].content, 'partial');
    assert.deepEqual(saved.entries[1].error, { kind: 'interrupted', message: 'The editor closed while the reply was streaming', action: 'retry' }, 'the view offers Retry');
  });

  it('sends a turn with attached files before the message and image parts, shows its display text, keeps the attachments named on the message, and keeps images on edit', async () => {
    const answer = () => [delta({ content: 'seen' }, 0, 'stop')];
    const { session, conversation, client } = await setup([answer(), answer()]);
    const file = { role: 'system' as const, content: '{"filename":"a.txt","content":"alpha"}' };
    const image = { type: 'image_url' as const, image_url: { url: 'ms://file-1' } };
    const attachments = [{ name: 'a.txt', kind: 'text' as const }, { name: 'pic.png', kind: 'image' as const }];
    await session.sendTurn(conversation.id, { display: 'Explain a.txt', context: [file], content: [{ type: 'text', text: 'Explain a.txt' }, image], attachments }, { model: 'svc-k2.5', thinking: true, jsonMode: false, choiceCount: 1 });
    assert.deepEqual(client.requests[0]?.messages, [GROUND_RULES, file, { role: 'user', content: [{ type: 'text', text: 'Explain a.txt' }, image] }]);
    const user = conversation.entries[0];
    assert.equal(user?.role === 'user' ? user.content : undefined, 'Explain a.txt');
    assert.deepEqual(user?.role === 'user' ? user.attachments : undefined, attachments);
    await session.editAndResend(conversation.id, user?.id ?? '', 'What is in the picture?', { model: 'svc-k2.5', thinking: true, jsonMode: false, choiceCount: 1 });
    assert.deepEqual(client.requests[1]?.messages, [GROUND_RULES, file, { role: 'user', content: [{ type: 'text', text: 'What is in the picture?' }, image] }]);
  });

});
