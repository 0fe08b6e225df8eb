// The messages of the active conversation. Updates are keyed by message id: a message whose text did not
// change keeps its DOM (a finished block is never rendered twice), so a host update after every reply
// costs only the changed metadata. Links and code-block buttons inside model output are handled here,
// by delegation, so rendered markdown carries no handlers of its own.
import type { ConversationView, ErrorInfo, MessageView, ShowReasoning } from '../../shared/protocol';
import { el } from '../dom';
import { AssistantMessage } from './assistantMessage';
import type { MessageContext } from './messageContext';
import { ToolResult } from './toolResult';
import { UserMessage } from './userMessage';
import { AgentSummaryCard } from './agentSummaryCard';
import { PlanCard } from './planCard';
import { CompactionCard } from './compactionCard';
import { ToolCard } from './toolCard';

type MessageComponent = UserMessage | AssistantMessage | ToolResult | ToolCard | AgentSummaryCard | PlanCard | CompactionCard;

/** Stick to the bottom while streaming unless the user scrolled up to read. */
const STICK_DISTANCE_PX = 48;
/**
 * Text (characters of markdown) of new messages rendered at once when a conversation opens, newest first:
 * a few screens' worth, so the view is full at the bottom, where it opens. Older messages follow in idle
 * slices, so a long conversation opens about as fast as a short one.
 */
const FIRST_SLICE_CHARS = 4_000;
/**
 * Work per slice; at least one message is rendered per slice whatever its size. Each slice costs a layout
 * and a paint of the whole growing list, so slices are as large as stays under the 50 ms long-task line.
 */
const SLICE_MS = 40;
/** An idle slice runs after this long even if the page is never idle (a reply streaming meanwhile). */
const SLICE_TIMEOUT_MS = 50;

interface PendingMessages {
  /** Oldest first; slices take from the end. */
  messages: MessageView[];
  context: MessageContext;
  /** Components of pending messages from before the `show`, reused when their slice comes. */
  held: Map<string, MessageComponent>;
}

function summaryKey(messageId: string): string {
  return `${messageId}#summary`;
}

function textLength(message: MessageView): number {
  if (message.role !== 'assistant') return message.content.length;
  const choice = message.choices[message.selectedChoice] ?? message.choices[0];
  return (choice?.content.length ?? 0) + (choice?.reasoning.length ?? 0);
}

/**
 * Where the first slice of `messages` starts: far enough back to hold FIRST_SLICE_CHARS of messages that
 * need rendering (kept ones cost nothing), and never after a streaming reply, which deltas must find.
 */
function firstSliceStart(messages: readonly MessageView[], kept: ReadonlyMap<string, MessageComponent>): number {
  let start = messages.length;
  let chars = 0;
  while (start > 0 && chars < FIRST_SLICE_CHARS) {
    start -= 1;
    const message = messages[start] as MessageView;
    if (!kept.has(message.id)) chars += textLength(message);
  }
  const streaming = messages.findIndex((message) => message.role === 'assistant' && message.status === 'streaming');
  return streaming >= 0 ? Math.min(start, streaming) : start;
}

export class MessageList {
  readonly element: HTMLElement;
  private readonly emptyState: HTMLElement;
  private components = new Map<string, MessageComponent>();
  private stickToBottom = true;
  private pending: PendingMessages | undefined;
  private sliceHandle: number | undefined;
  /**
   * Keeps the bottom in view while the streaming reply grows. Resize observations come after the frame's
   * layout, so reading the scroll height there forces no extra layout, as reading it after each render would.
   */
  private readonly growth = new ResizeObserver(() => {
    if (this.stickToBottom) this.element.scrollTop = this.element.scrollHeight;
  });

  constructor(
    private readonly makeContext: (conversationId: string) => MessageContext,
    private readonly onOpenLink: (href: string) => void,
    private readonly onCodeAction: (action: 'copy' | 'insert' | 'apply', code: string, language: string) => void,
    /** Called after older messages were rendered into the view (their decorations can be applied). */
    private readonly onSliceRendered: () => void,
  ) {
    this.emptyState = el('div', { className: 'empty-state' }, [
      el('p', { text: 'Ask svc anything about your code.' }),
      el('p', { className: 'hint', text: 'Enter sends · Shift+Enter adds a line · Escape stops a reply' }),
    ]);
    this.element = el('main', { className: 'messages', attrs: { role: 'log', 'aria-label': 'Conversation', tabindex: '0' } }, [this.emptyState]);
    this.element.addEventListener('scroll', () => {
      const distance = this.element.scrollHeight - this.element.scrollTop - this.element.clientHeight;
      this.stickToBottom = distance <= STICK_DISTANCE_PX;
      // Scrolling up to messages not rendered yet renders them now rather than at the next idle time.
      if (this.pending && this.element.scrollTop < this.element.clientHeight) this.renderSlice(SLICE_MS);
    });
    this.element.addEventListener('click', (event) => this.handleClick(event));
  }

  /** Shows `conversation`, reusing the DOM of every message that did not change; a long one progressively. */
  show(conversation: ConversationView | null): void {
    const old = this.takeComponents();
    const context = conversation ? { ...this.makeContext(conversation.id), ...(conversation.compaction ? { compaction: conversation.compaction } : {}) } : undefined;
    const messages = context ? (conversation?.messages ?? []) : [];
    const cut = firstSliceStart(messages, old);
    const next = new Map<string, MessageComponent>();
    const nodes: Node[] = [];
    if (context) for (const message of messages.slice(cut)) this.build(message, context, old, next, nodes);
    // Older messages wait for later slices; their kept components are held for them.
    const held = new Map<string, MessageComponent>();
    for (const message of messages.slice(0, cut)) {
      for (const key of [message.id, summaryKey(message.id)]) {
        const kept = old.get(key);
        if (kept) held.set(key, kept);
      }
    }
    for (const [id, component] of old) if (!next.has(id) && !held.has(id) && component instanceof AssistantMessage) component.dispose();
    this.components = next;
    this.emptyState.hidden = messages.length > 0;
    this.place([this.emptyState, ...nodes]);
    this.scrollToEnd();
    this.growth.disconnect();
    const streaming = this.streamingMessage();
    if (streaming) this.growth.observe(streaming.element);
    if (context && cut > 0) {
      this.pending = { messages: messages.slice(0, cut), context, held };
      this.scheduleSlice();
    }
  }

  /** Renders every message still waiting for its slice (before something needs all of them). */
  settle(): void {
    while (this.pending) this.renderSlice(Infinity);
  }

  /** The components shown or held for a pending slice, all taken out (a new `show` decides what stays). */
  private takeComponents(): Map<string, MessageComponent> {
    const all = new Map([...(this.pending?.held ?? []), ...this.components]);
    this.pending = undefined;
    if (this.sliceHandle !== undefined) cancelIdleCallback(this.sliceHandle);
    this.sliceHandle = undefined;
    return all;
  }

  private build(message: MessageView, context: MessageContext, old: Map<string, MessageComponent>, next: Map<string, MessageComponent>, nodes: Node[]): void {
    const component = this.reuse(message, old) ?? this.create(message, context);
    next.set(message.id, component);
    nodes.push(component.element);
    // An agent task's summary follows its last reply, as a component of its own.
    if (message.role === 'assistant' && message.agentSummary) {
      const key = summaryKey(message.id);
      const kept = old.get(key);
      const summary = kept instanceof AgentSummaryCard && kept.matches(message.agentSummary) ? kept : new AgentSummaryCard(key, message.agentSummary, context.post);
      next.set(key, summary);
      nodes.push(summary.element);
    }
    // Where /compact cut the conversation, the summary sent in place of the messages above.
    if (context.compaction && context.compaction.upTo === message.id) {
      const key = `${message.id}#compaction`;
      const kept = old.get(key);
      const card = kept instanceof CompactionCard && kept.matches(context.compaction) ? kept : new CompactionCard(key, context.compaction, context.conversationId, context.post);
      next.set(key, card);
      nodes.push(card.element);
    }
    // A plan-mode task's plan follows its answer, as a component of its own.
    if (message.role === 'assistant' && message.plan) {
      const key = `${message.id}#plan`;
      const kept = old.get(key);
      const plan = kept instanceof PlanCard && kept.matches(message.plan) ? kept : new PlanCard(key, message.plan, context.conversationId, message.id, context.post);
      next.set(key, plan);
      nodes.push(plan.element);
    }
  }

  private scheduleSlice(): void {
    this.sliceHandle = requestIdleCallback(() => {
      this.sliceHandle = undefined;
      this.renderSlice(SLICE_MS);
    }, { timeout: SLICE_TIMEOUT_MS });
  }

  /**
   * Renders the newest pending messages for about `budgetMs` (at least one) above the ones shown, keeping
   * the scroll position: at the bottom if the view was there, else the same distance from the bottom.
   */
  private renderSlice(budgetMs: number): void {
    const pending = this.pending;
    if (!pending) return;
    const start = performance.now();
    // Built newest first, so the messages nearest to what the user sees come first.
    const groups: { entries: Map<string, MessageComponent>; nodes: Node[] }[] = [];
    let begin = pending.messages.length;
    do {
      begin -= 1;
      const group = { entries: new Map<string, MessageComponent>(), nodes: [] as Node[] };
      this.build(pending.messages[begin] as MessageView, pending.context, pending.held, group.entries, group.nodes);
      groups.unshift(group);
    } while (begin > 0 && performance.now() - start < budgetMs);
    pending.messages.length = begin;
    const entries = groups.flatMap((group) => [...group.entries]);
    const nodes = groups.flatMap((group) => group.nodes);
    const fromBottom = this.element.scrollHeight - this.element.scrollTop;
    this.emptyState.after(...nodes);
    this.components = new Map([...entries, ...this.components]);
    if (this.stickToBottom) this.element.scrollTop = this.element.scrollHeight;
    else this.element.scrollTop = this.element.scrollHeight - fromBottom;
    if (begin === 0) {
      for (const [id, component] of pending.held) if (!this.components.has(id) && component instanceof AssistantMessage) component.dispose();
      this.pending = undefined;
    } else if (this.sliceHandle === undefined) this.scheduleSlice();
    this.onSliceRendered();
  }

  /** Puts `nodes` in order, moving only those out of place: a kept message keeps its focus and selection. */
  private place(nodes: Node[]): void {
    const wanted = new Set(nodes);
    for (const child of [...this.element.childNodes]) if (!wanted.has(child)) child.remove();
    let cursor = this.element.firstChild;
    for (const node of nodes) {
      if (node === cursor) {
        cursor = cursor.nextSibling;
        continue;
      }
      this.element.insertBefore(node, cursor);
    }
  }

  /** Adds a reply that is about to stream. */
  addStreaming(message: AssistantMessage): void {
    this.components.set(message.id, message);
    this.emptyState.hidden = true;
    this.element.append(message.element);
    this.scrollToEnd();
    this.growth.observe(message.element);
  }

  /** Shows the error of a reply that failed before it started streaming. */
  addFailed(id: string, model: string, error: ErrorInfo, context: MessageContext): void {
    const reply = AssistantMessage.streaming(id, model, 1, context);
    reply.fail(error, 'failed');
    this.addStreaming(reply);
  }

  assistant(id: string): AssistantMessage | undefined {
    const component = this.components.get(id);
    return component instanceof AssistantMessage ? component : undefined;
  }

  streamingMessage(): AssistantMessage | undefined {
    for (const component of this.components.values()) if (component instanceof AssistantMessage && component.isStreaming) return component;
    return undefined;
  }

  setShowReasoning(mode: ShowReasoning): void {
    for (const component of [...this.components.values(), ...(this.pending?.held.values() ?? [])]) if (component instanceof AssistantMessage) component.setShowReasoning(mode);
  }

  /** The text of the user message just before reply `replyId`. */
  promptBefore(replyId: string): string | undefined {
    this.settle();
    let prompt: string | undefined;
    for (const component of this.components.values()) {
      if (component.id === replyId) return prompt;
      if (component instanceof UserMessage) prompt = component.text;
    }
    return undefined;
  }

  /** Shows the bottom, and keeps it in view from now on until the user scrolls away. */
  private scrollToEnd(): void {
    this.stickToBottom = true;
    this.element.scrollTop = this.element.scrollHeight;
  }

  private reuse(message: MessageView, old: ReadonlyMap<string, MessageComponent>): MessageComponent | undefined {
    const existing = old.get(message.id);
    if (!existing) return undefined;
    if (message.role === 'user' && existing instanceof UserMessage && existing.update(message)) return existing;
    if (message.role === 'assistant' && existing instanceof AssistantMessage && existing.update(message)) return existing;
    if (message.role === 'tool' && existing instanceof ToolResult && !message.card && existing.update(message)) return existing;
    if (message.role === 'tool' && existing instanceof ToolCard && existing.update(message)) return existing;
    if (existing instanceof AssistantMessage) existing.dispose();
    return undefined;
  }

  private create(message: MessageView, context: MessageContext): MessageComponent {
    switch (message.role) {
      case 'user':
        return new UserMessage(message, context);
      case 'assistant':
        return new AssistantMessage(message, context);
      case 'tool':
        return message.card ? new ToolCard(message, context) : new ToolResult(message);
    }
  }

  private handleClick(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const link = target.closest('.markdown a');
    if (link) {
      // Links never navigate the webview: the host opens them (and decides what is allowed).
      event.preventDefault();
      const href = link.getAttribute('href');
      if (href) this.onOpenLink(href);
      return;
    }
    const button = target.closest('.code-block [data-action]');
    const block = button?.closest('.code-block');
    if (!button || !block) return;
    const code = block.querySelector('code')?.textContent ?? '';
    const language = block.getAttribute('data-language') ?? '';
    const action = button.getAttribute('data-action');
    if (action === 'copy-code') this.onCodeAction('copy', code, language);
    else if (action === 'insert-code') this.onCodeAction('insert', code, language);
    else if (action === 'apply-code') this.onCodeAction('apply', code, language);
  }
}
