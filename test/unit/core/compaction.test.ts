import assert from 'node:assert/strict';
import { validateChatRequest, type ChatCompletion, type ChatRequest } from '../../../src/api/index';
import { compactBeforeSending } from '../../../src/core/chat/autoCompaction';
import { compactConversation, compactionCut, NothingToCompactError, shouldCompact, transcriptOf } from '../../../src/core/chat/compaction';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { buildHistory } from '../../../src/core/chat/historyBuilder';
import type { Conversation, Entry } from '../../../src/core/conversations/conversation';
import { conversationToMarkdown } from '../../../src/core/conversations/conversationMarkdown';
import { ManualClock } from './support/manualClock';

function assistant(id: string, content: string, extra: Partial<Extract<Entry, { role: 'assistant' }>['alternatives'][number]> = {}): Entry {
  return { id, role: 'assistant', createdAt: 1, model: 'svc-k2-thinking', alternatives: [{ content, reasoning: `why ${id}`, finishReason: 'stop', ...extra }], selected: 0, status: 'complete' };
}

/** Four turns; the second calls a tool, so its call and answer must stay together. */
function longConversation(): Conversation {
  const entries: Entry[] = [
    { id: 'u1', role: 'user', createdAt: 1, content: 'Use tabs, never spaces.' },
    assistant('a1', 'Noted.'),
    { id: 'u2', role: 'user', createdAt: 1, content: 'Read src/date.ts' },
    assistant('a2', '', { finishReason: 'tool_calls', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"src/date.ts"}' } }] }),
    { id: 't1', role: 'tool', createdAt: 1, toolCallId: 'c1', name: 'read_file', content: 'export function isLeap() {}' },
    assistant('a3', 'It has isLeap.'),
    { id: 'u3', role: 'user', createdAt: 1, content: 'Fix the century rule' },
    assistant('a4', '', { finishReason: 'tool_calls', toolCalls: [{ id: 'c2', type: 'function', function: { name: 'edit_file', arguments: '{}' } }] }),
    { id: 't2', role: 'tool', createdAt: 1, toolCallId: 'c2', name: 'edit_file', content: 'edited' },
    assistant('a5', 'Fixed.'),
    { id: 'u4', role: 'user', createdAt: 1, content: 'Now add a test' },
    assistant('a6', 'Added.'),
  ];
  return { version: 1, id: 'c', title: 't', titleIsCustom: false, createdAt: 1, updatedAt: 1, entries, usageTotals: { promptTokens: 0, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 } };
}

class SummaryClient {
  readonly requests: ChatRequest[] = [];
  constructor(private readonly summary: string) {}
  async chat(request: ChatRequest): Promise<ChatCompletion> {
    this.requests.push(request);
    return { id: 'x', object: 'chat.completion', created: 1, model: request.model, choices: [{ index: 0, message: { role: 'assistant', content: this.summary }, finish_reason: 'stop' }], usage: null } as unknown as ChatCompletion;
  }
}

describe('compaction (/compact)', () => {
  it('cuts before the newest two user turns, so no tool call is parted from its result', () => {
    const conversation = longConversation();
    assert.equal(conversation.entries[compactionCut(conversation) as number]?.id, 'a3');
    conversation.entries.splice(6);
    assert.equal(compactionCut(conversation), undefined, 'two turns: nothing to compact');
  });

  it('summarises the covered part, steered by the user, and sends the summary in its place: a valid request for a thinking model', async () => {
    const conversation = longConversation();
    const client = new SummaryClient('The user wants tabs. src/date.ts has isLeap.');
    const compaction = await compactConversation(conversation, client, 'svc-k2-thinking', new ManualClock(), 'keep the tabs rule');
    assert.equal(compaction.upTo, 'a3');
    const asked = String(client.requests[0]?.messages[1]?.content);
    assert.match(asked, /User: Use tabs, never spaces\.[\s\S]*Tool result \(read_file\): export function isLeap/);
    assert.match(asked, /The user asks the summary to: keep the tabs rule/);
    assert.ok((compaction.tokensBefore ?? 0) > 0 && (compaction.tokensAfter ?? 0) > 0, 'the figures are counted');
    assert.deepEqual(client.requests[0]?.thinking, undefined, 'svc-k2-thinking always thinks: no switch is sent');

    const history = buildHistory(conversation);
    assert.match(String(history[0]?.content), /^Summary of the earlier part of this conversation[\s\S]*tabs/);
    assert.deepEqual(history.slice(1).map((m) => m.role), ['user', 'assistant', 'tool', 'assistant', 'user', 'assistant']);
    const kept = history[2] as { reasoning_content?: string; tool_calls?: unknown[] };
    assert.equal(kept.reasoning_content, 'why a4', "the kept tool-call message keeps its reasoning");
    validateChatRequest({ model: 'svc-k2-thinking', messages: [...history, { role: 'user', content: 'go on' }] });
    assert.equal(conversation.entries.length, 12, 'every entry stays saved');
    assert.match(conversationToMarkdown(conversation), /It has isLeap\.\n\n---\n\n_From here on, the messages above were sent to the model as this summary \(\/compact\):_\n\n> The user wants tabs/);
  });

  it('builds the next summary on the previous one, and refuses a conversation too short', async () => {
    const conversation = longConversation();
    conversation.compaction = { summary: 'Earlier: tabs.', upTo: 'a1', createdAt: 1 };
    assert.match(transcriptOf(conversation, 5), /^Summary of what came before:\nEarlier: tabs\.\n\nUser: Read src\/date\.ts/);
    const short = longConversation();
    short.entries.splice(4);
    await assert.rejects(compactConversation(short, new SummaryClient('x'), 'svc-v1-8k', new ManualClock()), NothingToCompactError);
  });

  it('sends the whole conversation when the summarised entry is gone (a restore cut it)', () => {
    const conversation = longConversation();
    conversation.compaction = { summary: 'gone', upTo: 'no-such-entry', createdAt: 1 };
    assert.equal(buildHistory(conversation).filter((m) => m.role === 'user').length, 4);
  });
});

describe('automatic compaction before a message', () => {
  it('compacts only past the threshold, when the summarised part is a real share of the history, and with a stated context length', () => {
    const need = { historyTokens: 7000, coveredTokens: 5000, nextTokens: 1100, contextLength: 8192, threshold: 0.8 };
    assert.equal(shouldCompact(need), true);
    assert.equal(shouldCompact({ ...need, historyTokens: 4000 }), false, 'under the threshold');
    assert.equal(shouldCompact({ ...need, coveredTokens: 1000 }), false, 'too little to gain for the cache it costs');
    assert.equal(shouldCompact({ ...need, contextLength: undefined }), false);
    assert.equal(shouldCompact({ ...need, threshold: 0 }), false, '0 turns it off');
  });

  it('summarises a long conversation on a small model before the next message, and says so; a failed summary sends as it is', async () => {
    const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
    const conversation = await store.create();
    const long = 'leap years and their rules '.repeat(400);
    for (let i = 0; i < 4; i++) {
      conversation.entries.push({ id: `u${i}`, role: 'user', createdAt: 1, content: `${long} ${i}` });
      conversation.entries.push({ id: `a${i}`, role: 'assistant', createdAt: 1, model: 'svc-v1-8k', alternatives: [{ content: `answer ${i}`, reasoning: '', finishReason: 'stop' }], selected: 0, status: 'complete' });
    }
    await store.save(conversation);
    const notices: string[] = [];
    const deps = { store, client: async () => new SummaryClient('Leap years were discussed.'), clock: new ManualClock(), notice: (_level: 'info' | 'warning', m: string) => void notices.push(m) };
    const next = { text: 'and 2100?', model: 'svc-v1-8k', maxCompletionTokens: 1024, threshold: 0.8 };
    assert.equal(await compactBeforeSending(deps, conversation.id, next), true);
    assert.equal(store.require(conversation.id).compaction?.upTo, 'a1');
    assert.match(notices[0] ?? '', /near 80 % of the model's context/);
    assert.equal(await compactBeforeSending(deps, conversation.id, { ...next, model: 'svc-v1-128k' }), false, 'plenty of room on a large model');
    const failing = { ...deps, client: async () => ({ chat: async () => Promise.reject(new Error('503')) }) };
    store.require(conversation.id).compaction = undefined;
    assert.equal(await compactBeforeSending(failing, conversation.id, next), false);
    assert.match(notices.at(-1) ?? '', /could not be compacted \(503\); the message is sent as it is/);
  });
});
