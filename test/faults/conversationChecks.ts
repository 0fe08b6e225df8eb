// What "the saved conversation is intact" means, checked on what is on disk: it loads without problems
// through a fresh ConversationStore, equals what the session holds in memory, and every turn is whole
// (each user message the test sent, in order, answered by exactly one settled reply whose text is the
// scripted answer or a prefix of it, and a failed or cut-short reply carries its error).
import assert from 'node:assert/strict';
import { validateChatRequest } from '../../src/api/index';
import type { AgentTaskResult } from '../../src/core/agent/agentLoop';
import type { AssistantEntry, Conversation } from '../../src/core/conversations/conversation';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { ErrorInfoSchema } from '../../src/shared/protocol';
import { ConversationFolderFiles } from '../../src/extension/conversationFolderFiles';
import { ManualClock } from '../unit/core/support/manualClock';
import { assertEveryCallAnswered } from '../support/toolCallChecks';
import { AGENT_ANSWER_PREFIX, CHAT_ANSWER, CHAT_REASONING } from './faultInjection';

export async function reloadFromDisk(storageDir: string): Promise<ConversationStore> {
  const { store, problems } = await ConversationStore.open(new ConversationFolderFiles(storageDir), new ManualClock());
  store.onDidFindProblem((problem) => problems.push(problem));
  for (const summary of store.list()) assert.ok(await store.load(summary.id), `${summary.id} loads`);
  assert.deepEqual(problems, [], 'every saved conversation loads');
  return store;
}

/** The reply of a turn, checked; returns it. */
export function assertSettledReply(entry: AssistantEntry, where: string): AssistantEntry {
  const alt = entry.alternatives[entry.selected];
  assert.ok(alt, `${where}: the selected alternative exists`);
  assert.notEqual(entry.status, 'streaming', `${where}: no reply is left streaming`);
  assert.ok(CHAT_ANSWER.startsWith(alt.content), `${where}: content ${JSON.stringify(alt.content)} is a prefix of the answer`);
  assert.ok(CHAT_REASONING.startsWith(alt.reasoning), `${where}: reasoning ${JSON.stringify(alt.reasoning)} is a prefix of the reasoning`);
  if (entry.status === 'complete') {
    assert.equal(alt.content, CHAT_ANSWER, `${where}: a complete reply has the whole answer`);
    assert.equal(alt.finishReason, 'stop', `${where}: a complete reply finished with stop`);
    assert.equal(entry.error, undefined, `${where}: a complete reply has no error`);
  } else if (entry.status === 'failed') {
    assert.ok(entry.error, `${where}: a failed reply says what went wrong`);
    assert.equal(alt.content, '', `${where}: a failed reply has no content`);
  }
  // An interrupted reply carries an error when the service broke it; one cut by the host dying has none.
  if (entry.error) {
    ErrorInfoSchema.parse(entry.error);
    assert.notEqual(entry.error.message.trim(), '', `${where}: the error has a message`);
  }
  return entry;
}

/** Every user message sent, in order, each answered by exactly one settled reply. */
export function assertChatIntact(conversation: Conversation, sentTexts: readonly string[], where: string): void {
  const roles = conversation.entries.map((e) => e.role).join(',');
  assert.equal(roles, sentTexts.map(() => 'user,assistant').join(','), `${where}: turns alternate user/assistant, one reply each`);
  conversation.entries.forEach((entry, i) => {
    if (entry.role === 'user') assert.equal(entry.content, sentTexts[i / 2], `${where}: user message ${i / 2} kept`);
    else if (entry.role === 'assistant') assertSettledReply(entry, `${where} entry ${i}`);
  });
}

/** Saved copy equals the live one, and is intact. */
export async function assertSavedIntact(storageDir: string, live: Conversation, sentTexts: readonly string[], where: string): Promise<void> {
  const store = await reloadFromDisk(storageDir);
  const saved = store.require(live.id);
  const expected = JSON.parse(JSON.stringify(live)) as Conversation;
  // A waiting automatic retry belongs to the running session; a reload drops its flag (ConversationStore.open).
  for (const entry of expected.entries) if (entry.role === 'assistant') delete entry.error?.automaticRetry;
  assert.deepEqual(saved, expected, `${where}: what is on disk is what the session holds`);
  assertChatIntact(saved, sentTexts, `${where} (saved)`);
}

/**
 * An agent task's conversation, however the task ended: it starts with the task, every call is
 * answered, the service would accept it as the next request's history, and a finished task ends with
 * the answer while a failed one says why.
 */
export function assertAgentConversation(result: AgentTaskResult, task: string, model: string, where: string): void {
  const [first] = result.messages;
  assert.deepEqual(first, { role: 'user', content: task }, `${where}: the task is kept`);
  assertEveryCallAnswered(result.messages, where);
  assert.doesNotThrow(() => validateChatRequest({ model, messages: result.messages }), `${where}: the conversation is a valid history`);
  if (result.summary.stopReason === 'stop') {
    const last = result.messages.at(-1);
    assert.equal(last?.role, 'assistant', `${where}: a finished task ends with the answer`);
    assert.ok(String(last?.content).startsWith(AGENT_ANSWER_PREFIX), `${where}: the answer is the scripted one`);
  } else {
    assert.equal(result.summary.stopReason, 'error', `${where}: only a service failure ends it early here`);
    assert.notEqual(result.summary.error ?? '', '', `${where}: the failure is reported`);
  }
}
