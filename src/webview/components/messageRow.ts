// One row of the message list: a message and the cards that follow it (an agent task's summary, the
// compaction summary where /compact cut the conversation, a plan). The row is the unit the list windows
// in and out, so a message never shows without its cards. Renewing a row keeps the DOM of every part
// whose view did not change (a finished block is never rendered twice).
import type { MessageView, ShowReasoning } from '../../shared/protocol';
import { el } from '../dom';
import { AgentSummaryCard } from './agentSummaryCard';
import { AssistantMessage } from './assistantMessage';
import { CompactionCard } from './compactionCard';
import type { MessageContext } from './messageContext';
import { PlanCard, withoutPlanBody } from './planCard';
import type { RowSize } from './rowHeights';
import { ToolCard } from './toolCard';
import { ToolResult } from './toolResult';
import { UserMessage } from './userMessage';

export type MessagePart = UserMessage | AssistantMessage | ToolResult | ToolCard | AgentSummaryCard | PlanCard | CompactionCard;

/** A line of code takes a whole line whatever its length: counted as this many characters of prose. */
const CODE_LINE_CHARS = 45;
/** Tool output shows folded or clipped: it weighs at most this much. */
const TOOL_CHARS = 600;

function textSize(text: string): { chars: number; blocks: number } {
  let chars = 0;
  let blocks = 0;
  let inCode = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      inCode = !inCode;
      blocks += 1;
      continue;
    }
    if (inCode) chars += CODE_LINE_CHARS;
    else if (line.trim() === '') blocks += 0.5;
    else chars += Math.max(line.length, CODE_LINE_CHARS / 3);
  }
  return { chars, blocks: Math.round(blocks) };
}

/** What a message's height mostly follows, for the list's estimates before it has been on screen. */
export function rowSize(message: MessageView, showReasoning: ShowReasoning): RowSize {
  switch (message.role) {
    case 'user':
      return { key: message.id, ...textSize(message.content) };
    case 'tool': {
      // A card's result is folded to one line unless the call went wrong (toolCard.ts): only then does its text count.
      if (!message.card || message.card.status === 'done' || message.card.status === 'running') return { key: message.id, chars: 0, blocks: 1 };
      const size = textSize(message.content.slice(0, TOOL_CHARS));
      return { key: message.id, chars: size.chars, blocks: size.blocks + 3 };
    }
    case 'assistant': {
      const choice = message.choices[message.selectedChoice] ?? message.choices[0];
      const answer = textSize(choice?.content ?? '');
      const reasoning = showReasoning === 'expanded' ? textSize(choice?.reasoning ?? '') : { chars: 0, blocks: choice?.reasoning ? 1 : 0 };
      const cards = (message.agentSummary ? 4 : 0) + (message.plan ? 4 : 0);
      return { key: message.id, chars: answer.chars + reasoning.chars, blocks: answer.blocks + reasoning.blocks + cards };
    }
  }
}

/** `replaced`: the part this one replaces (a subagent's run it had open stays open). */
function createPart(message: MessageView, context: MessageContext, replaced: MessagePart | undefined): MessagePart {
  switch (message.role) {
    case 'user':
      return new UserMessage(message, context);
    case 'assistant':
      return new AssistantMessage(message, context);
    case 'tool':
      return message.card ? new ToolCard(message, context, { subagentOpen: replaced instanceof ToolCard && replaced.subagentOpen }) : new ToolResult(message);
  }
}

/** The old part if it can show `message` (it updates itself), else undefined. */
function reusePart(message: MessageView, existing: MessagePart | undefined, context: MessageContext): MessagePart | undefined {
  if (!existing) return undefined;
  if (message.role === 'user' && existing instanceof UserMessage && existing.update(message, context)) return existing;
  if (message.role === 'assistant' && existing instanceof AssistantMessage && existing.update(message)) return existing;
  if (message.role === 'tool' && existing instanceof ToolResult && !message.card && existing.update(message)) return existing;
  if (message.role === 'tool' && existing instanceof ToolCard && existing.update(message)) return existing;
  return undefined;
}

export class MessageRow {
  readonly element: HTMLElement;
  private parts: MessagePart[] = [];

  private constructor(readonly key: string) {
    this.element = el('div', { className: 'message-row', attrs: { 'data-row': key } });
  }

  static create(message: MessageView, context: MessageContext): MessageRow {
    const row = new MessageRow(message.id);
    row.renew(message, context);
    return row;
  }

  /** Adopts a reply that started streaming before the host listed it in the conversation. */
  static streaming(reply: AssistantMessage): MessageRow {
    const row = new MessageRow(reply.id);
    row.parts = [reply];
    row.element.append(reply.element);
    return row;
  }

  get message(): MessagePart {
    return this.parts[0] as MessagePart;
  }

  get isStreaming(): boolean {
    return this.message instanceof AssistantMessage && this.message.isStreaming;
  }

  /** Shows `message`, keeping each part whose view did not change. */
  renew(message: MessageView, context: MessageContext): void {
    const old = this.parts;
    const shown = message.role === 'assistant' ? withoutPlanBody(message) : message;
    const kept = reusePart(shown, old[0], context);
    if (!kept && old[0] instanceof AssistantMessage) old[0].dispose();
    const parts: MessagePart[] = [kept ?? createPart(shown, context, old[0])];
    if (parts[0] instanceof AssistantMessage) parts[0].setTaskContinuation(context.continuedSteps?.has(message.id) ?? false);
    if (message.role === 'assistant' && message.agentSummary) {
      const summary = message.agentSummary;
      const existing = old.find((p): p is AgentSummaryCard => p instanceof AgentSummaryCard);
      parts.push(existing?.matches(summary) ? existing : new AgentSummaryCard(`${message.id}#summary`, summary, context.post));
    }
    if (context.compaction && context.compaction.upTo === message.id) {
      const compaction = context.compaction;
      const existing = old.find((p): p is CompactionCard => p instanceof CompactionCard);
      parts.push(existing?.matches(compaction) ? existing : new CompactionCard(`${message.id}#compaction`, compaction, context.conversationId, context.post));
    }
    if (message.role === 'assistant' && message.plan) {
      const plan = message.plan;
      const existing = old.find((p): p is PlanCard => p instanceof PlanCard);
      parts.push(existing?.matches(plan) ? existing : new PlanCard(`${message.id}#plan`, plan, context.conversationId, message.id, context.post));
    }
    this.parts = parts;
    const elements = parts.map((p) => p.element);
    const children = [...this.element.children];
    if (children.length !== elements.length || children.some((child, i) => child !== elements[i])) this.element.replaceChildren(...elements);
  }

  setShowReasoning(mode: ShowReasoning): void {
    if (this.message instanceof AssistantMessage) this.message.setShowReasoning(mode);
  }

  dispose(): void {
    if (this.message instanceof AssistantMessage) this.message.dispose();
  }
}
