// Turns a saved conversation into the `messages` the service expects. The service is stateless, so
// this list is the whole memory of the conversation.
import type { AssistantMessage, ChatMessage } from '../../api/index';
import { selectedAlternative, type AssistantEntry, type Conversation, type Entry } from '../conversations/conversation';

/**
 * Builds the request history from the entries before `endIndex` (all of them by default).
 * - `reasoning_content` of earlier replies is sent back, also on replies that only call tools: the
 *   spec asks for it, and the real service rejects a thinking model's tool-call message without it.
 * - A reply that only calls tools is sent with `content: ""`, as the real service returns it.
 * - Files attached to a user message go as system messages right before it, as the spec asks.
 * - A reply with nothing to show (failed, or stopped while still thinking) is left out: empty
 *   content is refused by the service and the user never saw an answer there.
 * - A tool call no tool message answers (asked for in an Ask reply, where no tool runs) is left out:
 *   the service refuses a request with an unanswered call.
 * - A failed turn (a user message whose reply failed before anything arrived) is left out with its
 *   attached context: otherwise one message the service refused, e.g. for too many tokens, would be
 *   sent with every later message and fail each of them. Retry sends it again: it drops the failed
 *   reply first, so the message is the last entry and no longer a failed turn.
 */
export function buildHistory(conversation: Conversation, endIndex = conversation.entries.length): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (conversation.systemPrompt && conversation.systemPrompt.trim() !== '') {
    messages.push({ role: 'system', content: conversation.systemPrompt });
  }
  // A compacted conversation sends its summary in place of the entries it covers (they stay saved).
  const covered = conversation.compaction ? conversation.entries.findIndex((e) => e.id === conversation.compaction?.upTo) : -1;
  const start = covered >= 0 && endIndex > covered ? covered + 1 : 0;
  if (start > 0 && conversation.compaction) messages.push(summaryMessage(conversation.compaction.summary));
  const entries = conversation.entries.slice(start, endIndex);
  entries.forEach((entry, i) => {
    if (entry.role === 'user' && isFailedTurn(entries, i)) return;
    if (entry.role === 'user' && entry.context) messages.push(...entry.context);
    const message = toMessage(entry, answeredAfter(entries, i));
    if (message) messages.push(message);
  });
  return messages;
}

const SUMMARY_HEADER = 'Summary of the earlier part of this conversation (those messages are not sent again):';

export function summaryMessage(summary: string): ChatMessage {
  return { role: 'system', content: `${SUMMARY_HEADER}\n\n${summary}` };
}

/** Whether a message is a compaction's summary, which carries whatever the turns it replaced held. */
export function isSummaryMessage(message: ChatMessage): boolean {
  return message.role === 'system' && typeof message.content === 'string' && message.content.startsWith(SUMMARY_HEADER);
}

/** Whether the user message at `index` is answered only by a reply that failed with nothing received. */
function isFailedTurn(entries: readonly Entry[], index: number): boolean {
  const next = entries[index + 1];
  return next?.role === 'assistant' && next.status === 'failed' && selectedAlternative(next).content === '' && (selectedAlternative(next).toolCalls ?? []).length === 0;
}

/** The tool call ids the tool entries right after entry `index` answer. */
function answeredAfter(entries: readonly Entry[], index: number): Set<string> {
  const answered = new Set<string>();
  for (let i = index + 1; i < entries.length; i++) {
    const entry = entries[i] as Entry;
    if (entry.role !== 'tool') break;
    answered.add(entry.toolCallId);
  }
  return answered;
}

function toMessage(entry: Entry, answered: ReadonlySet<string>): ChatMessage | undefined {
  switch (entry.role) {
    case 'user':
      return { role: 'user', content: entry.sentContent ?? entry.content };
    case 'tool':
      return entry.name === undefined
        ? { role: 'tool', tool_call_id: entry.toolCallId, content: entry.content }
        : { role: 'tool', tool_call_id: entry.toolCallId, name: entry.name, content: entry.content };
    case 'assistant':
      return assistantMessage(entry, answered);
  }
}

function assistantMessage(entry: AssistantEntry, answered: ReadonlySet<string>): AssistantMessage | undefined {
  const alt = selectedAlternative(entry);
  const toolCalls = (alt.toolCalls ?? []).filter((call) => answered.has(call.id));
  if (toolCalls.length === 0 && alt.content === '') return undefined;
  const message: AssistantMessage = { role: 'assistant', content: alt.content };
  if (alt.reasoning !== '') message.reasoning_content = alt.reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return message;
}
