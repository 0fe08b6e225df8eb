// Ask mode after an agent task offers the task's tools (for the prompt cache) and runs none of them: a
// model that calls them anyway gets each call answered with "not run" and goes on, and after a bounded
// number of rounds is asked once more with no tools, so an Ask message always ends in an answer.
import assert from 'node:assert/strict';
import type { ChatCompletionChunk, ChatRequest, ToolDefinition } from '../../../src/api/index';
import { ASK_MODE_DECLINED_ROUNDS, ASK_MODE_TOOL_RESULT } from '../../../src/core/chat/askModeTools';
import { ChatSession, type ChatStreamClient, type SessionEvent } from '../../../src/core/chat/chatSession';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { functionDefinition } from '../../../src/core/tools/tool';
import { startEmulatorTestBed } from '../../support/emulatorTestBed';
import { ManualClock } from './support/manualClock';
import { MemoryConversationFolder } from './support/memoryConversationFolder';
import { chunk, delta, usageChunk } from './support/scriptedChatClient';

const readFile: ToolDefinition = functionDefinition('read_file', 'Reads a file.', { path: { type: 'string', description: 'The file.' } }, ['path']);
const settings = { model: 'svc-k2.5', thinking: false, jsonMode: false, choiceCount: 1 };

/** A model that calls the first offered tool whenever tools are offered, `text` first, and answers only without tools. */
class AlwaysCallsTools implements ChatStreamClient {
  readonly requests: ChatRequest[] = [];
  constructor(private readonly text = '') {}
  chatStream(request: ChatRequest): AsyncIterable<ChatCompletionChunk> {
    this.requests.push(structuredClone(request));
    const n = this.requests.length;
    const tool = request.tools?.[0]?.function.name;
    const text = this.text;
    return (async function* () {
      if (tool === undefined) {
        yield delta({ role: 'assistant', content: 'The answer, without tools.' }, 0, 'stop');
      } else {
        if (text !== '') yield delta({ role: 'assistant', content: text });
        yield chunk([{ index: 0, delta: { tool_calls: [{ index: 0, id: `call_${n}`, type: 'function', function: { name: tool, arguments: '{"path":"a.js"}' } }] }, finish_reason: 'tool_calls' }]);
      }
      yield usageChunk(100, 10);
    })();
  }
}

async function askWithTools(client: ChatStreamClient) {
  const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
  const events: SessionEvent[] = [];
  const session = new ChatSession({ client: () => client, store, clock: new ManualClock(), onEvent: (e) => events.push(e), tools: () => [readFile] });
  const conversation = await store.create();
  await session.send(conversation.id, 'What does a.js do?', settings);
  return { conversation, events, entry: conversation.entries[1] as AssistantEntry };
}

describe('Ask mode: tool calls are answered, never run, and the reply still ends in an answer', () => {
  it('answers each call with "not run" for a bounded number of rounds, then asks once without tools', async () => {
    const client = new AlwaysCallsTools('Let me look.');
    const { entry, events } = await askWithTools(client);
    assert.equal(client.requests.length, ASK_MODE_DECLINED_ROUNDS + 2);
    const [first, second, third, last] = client.requests as [ChatRequest, ChatRequest, ChatRequest, ChatRequest];
    assert.deepEqual(second.messages.slice(0, first.messages.length), first.messages, 'the prefix holds');
    assert.deepEqual(second.tools, [readFile]);
    assert.deepEqual(second.messages.slice(-1), [{ role: 'tool', tool_call_id: 'call_1', content: ASK_MODE_TOOL_RESULT }]);
    assert.equal(third.messages.filter((m) => m.role === 'tool').length, 2);
    assert.equal(last.tools, undefined, 'the last request offers nothing to call');
    assert.deepEqual(last.messages, first.messages);
    assert.equal(entry.status, 'complete');
    const alt = entry.alternatives[0];
    assert.equal(alt?.content, 'Let me look.\n\nLet me look.\n\nLet me look.\n\nThe answer, without tools.');
    assert.equal(alt?.toolCalls, undefined, 'no un-run call is kept');
    assert.ok(!events.some((e) => e.type === 'toolCallDelta'), 'no call is shown as a pill');
    const shown = events.flatMap((e) => (e.type === 'contentDelta' ? [e.text] : [])).join('');
    assert.equal(shown, alt?.content, 'the view is told the same text');
    assert.equal(entry.usage?.promptTokens, 400, 'every round counts');
  });

  it('answers once the model reads "not run" and goes on, on the real emulator scripted to call offered tools first', async () => {
    const bed = await startEmulatorTestBed({
      scenarios: [
        { match: { hasTools: true, toolStepsSinceUser: 0 }, reply: { toolCalls: [{ name: 'read_file', arguments: { path: 'a.js' } }] } },
        { match: { lastIsToolResult: true }, reply: { content: 'Answered after: {{lastToolResult}}' } },
      ],
    });
    try {
      const { entry, events } = await askWithTools(bed.client);
      assert.equal(entry.status, 'complete');
      assert.equal(entry.alternatives[0]?.content, `Answered after: ${ASK_MODE_TOOL_RESULT}`);
      assert.equal(entry.alternatives[0]?.toolCalls, undefined);
      assert.ok(!events.some((e) => e.type === 'toolCallDelta'));
      const calls = bed.exchanges().filter((x) => x.path.endsWith('/chat/completions'));
      assert.equal(calls.length, 2);
    } finally {
      await bed.close();
    }
  });
});
