// One alternative of an assistant reply (a reply has `n` of them, usually one): its Thinking section,
// its answer and, for agent use, its tool calls.
import type { ChoiceView, FinishReason, ShowReasoning, ToolCallView } from '../../shared/protocol';
import { el, icon } from '../dom';
import type { MarkdownRenderer } from '../markdownRenderer';
import { StreamingMarkdownView } from './streamingMarkdownView';
import { ThinkingSection } from './thinkingSection';
import * as l10n from '../../shared/l10n';

const FINISH_NOTES: Partial<Record<FinishReason, string>> = {
  length: l10n.t('Cut off at the completion token limit.'),
  content_filter: l10n.t('Stopped by the content filter.'),
};

interface LiveToolCall extends ToolCallView {
  element: HTMLElement;
}

export class ChoicePanel {
  readonly element: HTMLElement;
  readonly thinking: ThinkingSection;
  private readonly content: StreamingMarkdownView;
  private readonly toolCallList: HTMLElement;
  private readonly note: HTMLElement;
  private readonly toolCalls = new Map<number, LiveToolCall>();
  private text: string;

  constructor(renderer: MarkdownRenderer, showReasoning: ShowReasoning, view: ChoiceView, streaming: boolean) {
    this.text = view.content;
    this.thinking = new ThinkingSection(renderer, showReasoning, view.reasoning, streaming);
    const contentAttrs = { 'data-testid': 'message-content' };
    this.content = streaming
      ? new StreamingMarkdownView(renderer, 'message-content', contentAttrs)
      : StreamingMarkdownView.complete(renderer, 'message-content', view.content, contentAttrs);
    // A reply still streaming when the view was (re)created: what arrived so far, then the deltas.
    if (streaming && view.content !== '') {
      this.content.append(view.content);
      this.thinking.contentStarted();
    }
    this.toolCallList = el('div', { className: 'tool-calls' });
    this.note = el('div', { className: 'finish-note' });
    this.element = el('div', { className: 'choice', attrs: { 'data-choice-index': String(view.index) } }, [
      this.thinking.element,
      this.content.element,
      this.toolCallList,
      this.note,
    ]);
    for (const [index, call] of (view.toolCalls ?? []).entries()) this.toolCallDelta(index, call.id, call.name, call.arguments);
    this.setFinishReason(view.finishReason);
  }

  get contentText(): string {
    return this.text;
  }

  /** Nothing of it shows: no answer, no visible reasoning, no live tool call, no note. */
  get isBlank(): boolean {
    return this.text.trim() === '' && this.thinking.element.hidden && this.toolCalls.size === 0 && this.note.hidden;
  }

  appendReasoning(text: string): void {
    this.thinking.append(text);
  }

  appendContent(text: string): void {
    if (this.text === '' && text !== '') this.thinking.contentStarted();
    this.text += text;
    this.content.append(text);
  }

  toolCallDelta(index: number, id: string | undefined, name: string | undefined, argumentsDelta: string | undefined): void {
    let call = this.toolCalls.get(index);
    if (!call) {
      call = { id: id ?? '', name: name ?? '', arguments: '', element: el('div', { className: 'tool-call' }) };
      this.toolCalls.set(index, call);
      this.toolCallList.append(call.element);
    }
    if (id) call.id = id;
    if (name) call.name = name;
    call.arguments += argumentsDelta ?? '';
    call.element.replaceChildren(icon('tools'), el('span', { className: 'tool-call-name', text: call.name }), el('code', { className: 'tool-call-args', text: call.arguments }));
  }

  finish(): void {
    this.thinking.finish();
    this.content.finish();
  }

  setFinishReason(reason: FinishReason | null): void {
    this.note.textContent = reason ? FINISH_NOTES[reason] ?? '' : '';
    this.note.hidden = this.note.textContent === '';
  }

  /** Whether a stored view holds exactly what this panel shows. */
  matches(view: ChoiceView): boolean {
    return view.content === this.text && view.reasoning === this.thinking.reasoning;
  }
}
