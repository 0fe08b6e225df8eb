// A long agent-style conversation for the virtualised list's tests and the long-conversation bench: turns
// of a question, a reply that reasons and calls a tool, the tool's card with its result, and a markdown
// answer with lists and code. Generated from fixed seeds, so every run builds the same text.
import type { Conversation, Entry } from '../../src/core/conversations/conversation';
import { longReply } from '../webview/longReply';

/** Entries per turn: question, tool-calling reply, tool result, answer. */
const ENTRIES_PER_TURN = 4;

/** Where find can look for a word that only one message holds: the reasoning of turn `turn`'s tool call. */
export function uniqueWord(turn: number): string {
  return `needle${turn}marker`;
}

function turnEntries(turn: number, createdAt: number): Entry[] {
  const question = turn % 4 === 0 ? `Why does this fail?\n\n\`\`\`ts\nconst x${turn} = parse(input${turn});\n\`\`\`` : `Question ${turn}: ${longReply(30, 900 + turn).join('')}`;
  const args = JSON.stringify({ path: `src/module${turn}.ts` });
  const reasoning = `${longReply(80 + (turn % 3) * 40, 5_000 + turn).join('')} ${uniqueWord(turn)}.`;
  const answer = longReply(300 + (turn % 5) * 120, 1_000 + turn).join('');
  const usage = { promptTokens: 400 + turn * 50, completionTokens: 300, cachedTokens: 350 + turn * 45, reasoningTokens: 60 };
  return [
    { id: `u${turn}`, role: 'user', createdAt, content: question },
    {
      id: `c${turn}`,
      role: 'assistant',
      createdAt: createdAt + 1_000,
      model: 'svc-k2.5',
      alternatives: [{ content: `Reading src/module${turn}.ts first.`, reasoning, finishReason: 'tool_calls', toolCalls: [{ id: `call${turn}`, type: 'function', function: { name: 'read_file', arguments: args } }] }],
      selected: 0,
      status: 'complete',
      usage,
      reasoningTokens: 60,
    },
    {
      id: `t${turn}`,
      role: 'tool',
      createdAt: createdAt + 2_000,
      toolCallId: `call${turn}`,
      name: 'read_file',
      content: longReply(100, 7_000 + turn).join(''),
      card: { step: 1, arguments: args, status: 'done', durationMs: 12 },
    },
    {
      id: `a${turn}`,
      role: 'assistant',
      createdAt: createdAt + 5_000,
      model: 'svc-k2.5',
      alternatives: [{ content: answer, reasoning: '', finishReason: 'stop' }],
      selected: 0,
      status: 'complete',
      usage: { ...usage, reasoningTokens: 0 },
    },
  ];
}

/** Appends `messages` entries (a multiple of ENTRIES_PER_TURN) to `conversation`. */
export function fillLongConversation(conversation: Conversation, messages: number): void {
  if (messages % ENTRIES_PER_TURN !== 0) throw new RangeError(`messages must be a multiple of ${ENTRIES_PER_TURN}, got ${messages}`);
  for (let turn = 0; turn < messages / ENTRIES_PER_TURN; turn++) conversation.entries.push(...turnEntries(turn, 1_787_000_000_000 + turn * 60_000));
}

/** A saved conversation of `messages` entries, as the store would hold it. */
export function longConversation(messages: number): Conversation {
  const conversation: Conversation = {
    version: 1,
    id: 'conv-long',
    title: 'A long session',
    titleIsCustom: false,
    createdAt: 1_787_000_000_000,
    updatedAt: 1_787_000_000_000,
    entries: [],
    usageTotals: { promptTokens: 0, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 },
  };
  fillLongConversation(conversation, messages);
  return conversation;
}
