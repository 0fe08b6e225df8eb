// The conversation as the chat view shows it (the protocol's ConversationView). The view gets text
// and figures only; nothing here carries the API key or request settings.
import type { AssistantMessageView, CheckpointView, ConversationView, MentionView, MessageView } from '../../shared/protocol';
import type { CheckpointRef } from '../../core/checkpoints/checkpointRef';
import type { AssistantEntry, Conversation, Entry } from '../../core/conversations/conversation';
import { parseMentions } from '../../core/context/mentions';
import { replySpeed } from '../../core/conversations/replySpeed';
import { savedCardDisplay } from '../../core/conversations/savedToolDisplays';
import type { ToolCard } from '../../core/conversations/conversationParts';
import { sentAttachmentsView } from './sentAttachmentsView';

/**
 * The call ids of entry `index` that a tool card after it shows: the card says what the call did, so
 * the step does not repeat the call as raw JSON. Looked up among the tool entries right after the step
 * only, since ids repeat across steps.
 */
function cardedCalls(entries: readonly Entry[], index: number): Set<string> {
  const carded = new Set<string>();
  for (let i = index + 1; i < entries.length; i++) {
    const next = entries[i];
    if (next?.role !== 'tool') break;
    if (next.card) carded.add(next.toolCallId);
  }
  return carded;
}

function assistantView(entry: AssistantEntry, carded: ReadonlySet<string>): AssistantMessageView {
  const view: AssistantMessageView = {
    id: entry.id,
    role: 'assistant',
    model: entry.model,
    choices: entry.alternatives.map((alt, index) => ({
      index,
      content: alt.content,
      reasoning: alt.reasoning,
      finishReason: alt.finishReason,
      ...(alt.toolCalls && alt.toolCalls.some((c) => !carded.has(c.id))
        ? { toolCalls: alt.toolCalls.filter((c) => !carded.has(c.id)).map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })) }
        : {}),
    })),
    selectedChoice: Math.min(entry.selected, entry.alternatives.length - 1),
    status: entry.status,
    createdAt: entry.createdAt,
  };
  if (entry.reasoningTokens !== undefined && entry.reasoningTokens > 0) view.reasoningTokens = entry.reasoningTokens;
  if (entry.usage) view.usage = entry.usage;
  const speed = replySpeed(entry);
  if (speed) view.speed = speed;
  if (entry.error) view.error = entry.error;
  // A planning phase ends with its plan to approve, not with a task summary ("No files changed").
  if (entry.agentSummary && !entry.plan) view.agentSummary = entry.agentSummary;
  if (entry.plan) view.plan = entry.plan;
  return view;
}

function checkpointView(ref: CheckpointRef | undefined): { checkpoint?: CheckpointView } {
  return ref ? { checkpoint: { label: ref.label, createdAt: ref.createdAt, leftOut: ref.leftOut.length, ...(ref.missing !== undefined ? { missing: ref.missing } : {}) } } : {};
}

function mentionsView(content: string): { mentions?: MentionView[] } {
  // Most messages mention nothing: the parse is skipped for them.
  const mentions = content.includes('@') ? parseMentions(content).map((m) => ({ raw: m.raw, kind: m.kind })) : [];
  return mentions.length > 0 ? { mentions } : {};
}

/** A card saved before tools declared how they show gets its tool's display of that time. */
function withSavedDisplay(card: ToolCard, name: string | undefined): ToolCard {
  const display = savedCardDisplay(name);
  return display ? { ...card, display } : card;
}

function messageView(entry: Entry, index: number, entries: readonly Entry[]): MessageView {
  switch (entry.role) {
    case 'user':
      return { id: entry.id, role: 'user', content: entry.content, createdAt: entry.createdAt, ...checkpointView(entry.checkpoint), ...mentionsView(entry.content), ...sentAttachmentsView(entry.attachments, entry.sentContent) };
    case 'tool':
      return {
        id: entry.id,
        role: 'tool',
        toolCallId: entry.toolCallId,
        name: entry.name ?? '',
        content: entry.content,
        createdAt: entry.createdAt,
        ...(entry.card ? { card: entry.card.display ? entry.card : withSavedDisplay(entry.card, entry.name) } : {}),
        ...checkpointView(entry.checkpoint),
      };
    case 'assistant':
      return assistantView(entry, cardedCalls(entries, index));
  }
}

export function conversationView(conversation: Conversation): ConversationView {
  return {
    id: conversation.id,
    title: conversation.title,
    messages: conversation.entries.map(messageView),
    totals: conversation.usageTotals,
    ...(conversation.timeTotals ? { time: conversation.timeTotals } : {}),
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    ...(conversation.compaction
      ? {
          compaction: {
            summary: conversation.compaction.summary,
            upTo: conversation.compaction.upTo,
            ...(conversation.compaction.tokensBefore !== undefined ? { tokensBefore: conversation.compaction.tokensBefore } : {}),
            ...(conversation.compaction.tokensAfter !== undefined ? { tokensAfter: conversation.compaction.tokensAfter } : {}),
          },
        }
      : {}),
  };
}
