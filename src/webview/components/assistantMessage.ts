// An assistant reply, streaming or finished: its alternatives (tabs when n > 1), its status (stopped,
// interrupted), the error that ended it, its usage, and the actions on it.
import type { AssistantMessageView, ChoiceView, ErrorInfo, FinishReason, ReplySpeedView, ReplyStatus, ShowReasoning, UsageView } from '../../shared/protocol';
import { el, icon, iconButton } from '../dom';
import { ChoicePanel } from './choicePanel';
import { ErrorView } from './errorView';
import type { MessageContext } from './messageContext';
import { showReplyUsage } from './replyUsage';
import { awaitingApproval, waitingLabel } from './approvalWaiting';
import * as l10n from '../../shared/l10n';

const STATUS_LABELS: Partial<Record<ReplyStatus, string>> = {
  streaming: l10n.t('Generating…'),
  stopped: l10n.t('Stopped'),
  interrupted: l10n.t('Interrupted'),
  failed: l10n.t('Failed'),
};

/** A reply that called tools, or the last one of a task (it carries the task's summary). */
function isAgentStep(view: AssistantMessageView): boolean {
  return view.agentSummary !== undefined || view.choices.some((c) => (c.toolCalls?.length ?? 0) > 0 || c.finishReason === 'tool_calls');
}

function emptyChoice(index: number): ChoiceView {
  return { index, content: '', reasoning: '', finishReason: null };
}

export class AssistantMessage {
  readonly element: HTMLElement;
  private readonly panels: ChoicePanel[] = [];
  private readonly tabs: HTMLButtonElement[] = [];
  private readonly header: HTMLElement;
  private readonly statusBadge: HTMLElement;
  private readonly usageLabel: HTMLElement;
  private readonly errorSlot: HTMLElement;
  private errorView: ErrorView | undefined;
  private status: ReplyStatus;
  private selected: number;
  /** A step of an agent task: its usage is counted in the task's summary, not shown on it. */
  private agentStep: boolean;
  /** A later step of an agent task: the reply's header is its first step's (taskSteps.ts). */
  private continuesTask = false;

  constructor(private view: AssistantMessageView, private readonly context: MessageContext) {
    this.status = view.status;
    this.selected = view.selectedChoice;
    this.agentStep = isAgentStep(view);
    const streaming = view.status === 'streaming';
    this.statusBadge = el('span', { className: 'status-badge' });
    this.usageLabel = el('span', { className: 'usage', attrs: { 'data-testid': 'usage-line' } });
    this.errorSlot = el('div', { className: 'error-slot' });
    this.header = el('div', { className: 'message-header' }, [icon('sparkle'), el('span', { className: 'message-author', text: view.model }), this.statusBadge]);
    const tabList = el('div', { className: 'choice-tabs', attrs: { role: 'tablist', 'aria-label': l10n.t('Alternatives') } });
    const body = el('div', { className: 'choices' });
    for (const choice of view.choices) {
      const panel = new ChoicePanel(context.renderer, context.showReasoning(), choice, streaming);
      this.panels.push(panel);
      body.append(panel.element);
    }
    if (view.choices.length > 1) {
      for (const [index] of view.choices.entries()) {
        const tab = el('button', { className: 'choice-tab', text: String(index + 1), attrs: { type: 'button', role: 'tab', 'aria-label': l10n.t('Alternative {0}', index + 1) } });
        tab.addEventListener('click', () => this.select(index, 'byUser'));
        this.tabs.push(tab);
        tabList.append(tab);
      }
    } else {
      tabList.hidden = true;
    }
    const copy = iconButton('copy', l10n.t('Copy answer'), 'copy-answer');
    copy.addEventListener('click', () => context.post({ type: 'copy', text: this.selectedPanel().contentText }));
    const insert = iconButton('insert', l10n.t('Insert answer at cursor'), 'insert-answer');
    insert.addEventListener('click', () => context.post({ type: 'insertAtCursor', text: this.selectedPanel().contentText }));
    const regenerate = iconButton('refresh', l10n.t('Regenerate'), 'regenerate');
    regenerate.addEventListener('click', () => {
      if (!context.busy()) context.post({ type: 'regenerate', conversationId: context.conversationId, messageId: this.view.id });
    });
    this.element = el('div', {
      className: 'message assistant',
      attrs: { 'data-testid': 'message', 'data-role': 'assistant', 'data-message-id': view.id, role: 'article', 'aria-label': l10n.t('Answer from {0}', view.model) },
    }, [
      this.header,
      tabList,
      body,
      this.errorSlot,
      el('div', { className: 'message-footer' }, [el('div', { className: 'message-actions' }, [this.usageLabel, copy, insert, regenerate])]),
    ]);
    this.select(Math.min(view.selectedChoice, this.panels.length - 1), 'fromHost');
    this.showStatus(view.status);
    this.showUsage(view.usage, view.speed);
    for (const [index, choice] of view.choices.entries()) {
      const tokens = index === this.selected ? (view.usage?.reasoningTokens ?? view.reasoningTokens) : undefined;
      if (tokens !== undefined && choice.reasoning !== '') this.panels[index]?.thinking.setTokenCount(tokens);
    }
    if (view.error) this.showError(view.error);
  }

  /** A message being streamed: `choiceCount` empty alternatives. */
  static streaming(id: string, model: string, choiceCount: number, context: MessageContext): AssistantMessage {
    const choices = Array.from({ length: choiceCount }, (_, index) => emptyChoice(index));
    return new AssistantMessage({ id, role: 'assistant', model, choices, selectedChoice: 0, status: 'streaming', createdAt: Date.now() }, context);
  }

  get id(): string {
    return this.view.id;
  }

  get isStreaming(): boolean {
    return this.status === 'streaming';
  }

  appendReasoning(choiceIndex: number, text: string): void {
    if (!this.isStreaming) return;
    this.panel(choiceIndex).appendReasoning(text);
    this.showStep();
  }

  countReasoningDeltas(choiceIndex: number, count: number): void {
    if (this.isStreaming) this.panel(choiceIndex).thinking.countDeltas(count);
  }

  appendContent(choiceIndex: number, text: string): void {
    if (!this.isStreaming) return;
    this.panel(choiceIndex).appendContent(text);
    if (this.element.classList.contains('tool-step')) this.showActions();
  }

  toolCallDelta(choiceIndex: number, index: number, id?: string, name?: string, argumentsDelta?: string): void {
    if (!this.isStreaming) return;
    this.panel(choiceIndex).toolCallDelta(index, id, name, argumentsDelta);
    this.agentStep = true;
    this.showActions();
  }

  /** The user stopped the reply: what arrived stays, nothing more is added. */
  markStopped(): void {
    if (!this.isStreaming) return;
    this.end('stopped');
  }

  finish(status: 'complete' | 'stopped' | 'interrupted', finishReasons: { choiceIndex: number; finishReason: FinishReason | null }[], usage: UsageView | undefined, speed?: ReplySpeedView): void {
    // A reply the user stopped stays "stopped" even if the host saw it end another way.
    this.end(this.status === 'stopped' ? 'stopped' : status);
    for (const { choiceIndex, finishReason } of finishReasons) this.panels[choiceIndex]?.setFinishReason(finishReason);
    this.agentStep ||= finishReasons.some((f) => f.finishReason === 'tool_calls');
    this.showUsage(usage, speed);
    if (usage?.reasoningTokens !== undefined) this.selectedPanel().thinking.setTokenCount(usage.reasoningTokens);
  }

  fail(error: ErrorInfo, status: 'failed' | 'interrupted'): void {
    this.end(status);
    this.showError(error);
  }

  /** Accepts the stored view of this message; false when the shown text differs and it must be rebuilt. */
  update(view: AssistantMessageView): boolean {
    if (this.isStreaming && view.status === 'streaming') return true;
    if (view.choices.length !== this.panels.length || !view.choices.every((choice, i) => this.panels[i]?.matches(choice))) return false;
    this.view = view;
    this.agentStep = isAgentStep(view);
    if (view.status !== 'streaming') this.end(this.status === 'stopped' ? 'stopped' : view.status);
    for (const choice of view.choices) this.panels[choice.index]?.setFinishReason(choice.finishReason);
    this.showUsage(view.usage, view.speed);
    const reasoningTokens = view.usage?.reasoningTokens ?? view.reasoningTokens;
    if (reasoningTokens !== undefined) this.panel(Math.min(view.selectedChoice, this.panels.length - 1)).thinking.setTokenCount(reasoningTokens);
    if (view.error && (view.error.message !== this.errorView?.error.message || view.error.automaticRetry !== this.errorView.error.automaticRetry)) this.showError(view.error);
    if (!view.error) this.clearError();
    this.select(Math.min(view.selectedChoice, this.panels.length - 1), 'fromHost');
    return true;
  }

  setShowReasoning(mode: ShowReasoning): void {
    for (const panel of this.panels) panel.thinking.setMode(mode);
    this.showStep();
  }

  /** Whether this reply carries on the agent task of a reply above it. */
  setTaskContinuation(continues: boolean): void {
    if (continues === this.continuesTask) return;
    this.continuesTask = continues;
    this.element.classList.toggle('task-continuation', continues);
    this.showStep();
  }

  dispose(): void {
    this.clearError();
  }

  private end(status: ReplyStatus): void {
    if (this.isStreaming) for (const panel of this.panels) panel.finish();
    this.status = status;
    this.showStatus(status);
    this.showActions();
  }

  private panel(index: number): ChoicePanel {
    const panel = this.panels[index];
    if (!panel) throw new RangeError(`choiceIndex ${index} is outside the reply's ${this.panels.length} alternatives`);
    return panel;
  }

  private selectedPanel(): ChoicePanel {
    return this.panel(this.selected);
  }

  /** `byUser`: a tab was clicked, so the host saves the choice; `fromHost`: the host's choice is shown. */
  private select(index: number, by: 'byUser' | 'fromHost'): void {
    this.selected = index;
    for (const [i, panel] of this.panels.entries()) panel.element.hidden = i !== index;
    for (const [i, tab] of this.tabs.entries()) {
      tab.setAttribute('aria-selected', String(i === index));
      tab.classList.toggle('selected', i === index);
    }
    if (by === 'byUser') this.context.post({ type: 'selectChoice', conversationId: this.context.conversationId, messageId: this.view.id, choiceIndex: index });
  }

  private showStatus(status: ReplyStatus): void {
    this.element.dataset.status = status;
    this.element.setAttribute('aria-busy', String(status === 'streaming'));
    // While the host waits to retry by itself the error's countdown says so: the reply has not failed for good.
    const retrying = this.errorView?.error.automaticRetry === true;
    this.statusBadge.textContent = status === 'streaming' && awaitingApproval() ? waitingLabel() : retrying ? '' : (STATUS_LABELS[status] ?? '');
    this.statusBadge.hidden = this.statusBadge.textContent === '';
    this.showStep();
  }

  private showUsage(usage: UsageView | undefined, speed?: ReplySpeedView): void {
    showReplyUsage(this.usageLabel, usage, speed, { agentStep: this.agentStep });
    this.showActions();
  }

  /**
   * A step that only called tools, or a reply with no text yet, has no answer to copy, insert or
   * regenerate: it shows no actions.
   */
  private showActions(): void {
    this.element.classList.toggle('tool-step', (this.agentStep || this.isStreaming) && this.panels.every((panel) => panel.contentText.trim() === ''));
    this.showStep();
  }

  /**
   * A later step of a task shows no model name: a header only for a status to show (generating, waiting,
   * stopped), and nothing at all when it has nothing to show (its tool cards follow in rows of their own).
   * Hidden, it is no stop for the keyboard either.
   */
  private showStep(): void {
    this.header.hidden = this.continuesTask && this.statusBadge.hidden;
    const blank = this.header.hidden && this.errorView === undefined && this.element.classList.contains('tool-step') && this.panels.every((panel) => panel.isBlank);
    this.element.hidden = blank;
  }

  private showError(error: ErrorInfo): void {
    this.clearError();
    this.errorView = new ErrorView(error, {
      retry: () => this.context.post({ type: 'retry', conversationId: this.context.conversationId, messageId: this.view.id }),
      cancelAutomaticRetry: () => this.context.post({ type: 'stop', conversationId: this.context.conversationId }),
      runAction: (action) => this.context.post({ type: 'runAction', action }),
      editInput: () => this.context.reviseInput(this.view.id),
    });
    this.errorSlot.replaceChildren(this.errorView.element);
    this.showStatus(this.status);
  }

  private clearError(): void {
    this.errorView?.dispose();
    this.errorView = undefined;
    this.errorSlot.replaceChildren();
    this.showStatus(this.status);
  }
}
