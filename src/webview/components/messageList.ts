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
import { ToolCard } from './toolCard';

type MessageComponent = UserMessage | AssistantMessage | ToolResult | ToolCard | AgentSummaryCard;

/** Stick to the bottom while streaming unless the user scrolled up to read. */
const STICK_DISTANCE_PX = 48;

export class MessageList {
  readonly element: HTMLElement;
  private readonly emptyState: HTMLElement;
  private components = new Map<string, MessageComponent>();
  private stickToBottom = true;

  constructor(private readonly makeContext: (conversationId: string) => MessageContext, private readonly onOpenLink: (href: string) => void, private readonly onCodeAction: (action: 'copy' | 'insert' | 'apply', code: string, language: string) => void) {
    this.emptyState = el('div', { className: 'empty-state' }, [
      el('p', { text: 'Ask svc anything about your code.' }),
      el('p', { className: 'hint', text: 'Enter sends · Shift+Enter adds a line · Escape stops a reply' }),
    ]);
    this.element = el('main', { className: 'messages', attrs: { role: 'log', 'aria-label': 'Conversation', tabindex: '0' } }, [this.emptyState]);
    this.element.addEventListener('scroll', () => {
      const distance = this.element.scrollHeight - this.element.scrollTop - this.element.clientHeight;
      this.stickToBottom = distance <= STICK_DISTANCE_PX;
    });
    this.element.addEventListener('click', (event) => this.handleClick(event));
  }

  /** Shows `conversation`, reusing the DOM of every message that did not change. */
  show(conversation: ConversationView | null): void {
    const context = conversation ? this.makeContext(conversation.id) : undefined;
    const next = new Map<string, MessageComponent>();
    const nodes: Node[] = [];
    for (const message of conversation?.messages ?? []) {
      if (!context) break;
      const component = this.reuse(message) ?? this.create(message, context);
      next.set(message.id, component);
      nodes.push(component.element);
      // An agent task's summary follows its last reply, as a component of its own.
      if (message.role === 'assistant' && message.agentSummary) {
        const key = `${message.id}#summary`;
        const kept = this.components.get(key);
        const summary = kept instanceof AgentSummaryCard && kept.matches(message.agentSummary) ? kept : new AgentSummaryCard(key, message.agentSummary, context.post);
        next.set(key, summary);
        nodes.push(summary.element);
      }
    }
    for (const [id, component] of this.components) if (!next.has(id) && component instanceof AssistantMessage) component.dispose();
    this.components = next;
    this.emptyState.hidden = nodes.length > 0;
    this.place([this.emptyState, ...nodes]);
    this.scrollToEnd(true);
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
    this.scrollToEnd(true);
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
    for (const component of this.components.values()) if (component instanceof AssistantMessage) component.setShowReasoning(mode);
  }

  /** The text of the user message just before reply `replyId`. */
  promptBefore(replyId: string): string | undefined {
    let prompt: string | undefined;
    for (const component of this.components.values()) {
      if (component.id === replyId) return prompt;
      if (component instanceof UserMessage) prompt = component.text;
    }
    return undefined;
  }

  /** Keeps the newest text in view while streaming (unless the user scrolled away). */
  scrollToEnd(force = false): void {
    if (force) this.stickToBottom = true;
    if (this.stickToBottom) this.element.scrollTop = this.element.scrollHeight;
  }

  private reuse(message: MessageView): MessageComponent | undefined {
    const existing = this.components.get(message.id);
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
        return message.card ? new ToolCard(message) : new ToolResult(message);
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
