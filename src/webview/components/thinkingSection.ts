// The "Thinking" section of a reply from a thinking model. Reasoning streams into it live; when the
// answer itself starts it folds away (unless the user opened or closed it by hand, or the setting says
// to keep it expanded), and it can always be reopened. `hidden` keeps the reasoning but does not show it.
// A finished reply's folded reasoning is rendered when first opened: most are never opened, and a long
// conversation scrolls through hundreds of them.
import type { ShowReasoning } from '../../shared/protocol';
import { el, formatCount, icon } from '../dom';
import type { MarkdownRenderer } from '../markdownRenderer';
import { StreamingMarkdownView } from './streamingMarkdownView';
import * as l10n from '../../shared/l10n';

export class ThinkingSection {
  readonly element: HTMLDetailsElement;
  private readonly label: HTMLSpanElement;
  private readonly countLabel: HTMLSpanElement;
  private readonly summary: HTMLElement;
  private readonly spinner: HTMLSpanElement;
  private body: StreamingMarkdownView | undefined;
  private userToggled = false;
  private tokens = 0;
  private exactTokens = false;
  private text = '';

  constructor(private readonly renderer: MarkdownRenderer, private mode: ShowReasoning, reasoning: string, streaming: boolean) {
    if (streaming) {
      this.body = new StreamingMarkdownView(renderer, 'thinking-body');
      if (reasoning !== '') this.body.append(reasoning);
    }
    this.text = reasoning;
    // The ellipsis says the model is thinking now; it hides while the view waits for an approval (agent.css).
    this.label = el('span', { className: 'thinking-label' }, streaming ? [l10n.t('Thinking'), el('span', { className: 'thinking-ongoing', text: '…' })] : [l10n.t('Thinking')]);
    this.countLabel = el('span', { className: 'thinking-count' });
    this.spinner = icon('loading', 'spin');
    this.spinner.hidden = !streaming;
    this.summary = el('summary', { className: 'thinking-summary' }, [icon('lightbulb'), this.label, this.countLabel, this.spinner]);
    this.summary.addEventListener('click', () => {
      this.userToggled = true;
    });
    this.element = el('details', { className: 'thinking', attrs: { 'data-testid': 'thinking' } }, [this.summary]);
    if (this.body) this.element.append(this.body.element);
    this.element.addEventListener('toggle', () => {
      if (this.element.open) this.renderBody();
    });
    // Live reasoning is shown while it streams; a finished one starts folded unless asked otherwise.
    this.element.open = mode === 'expanded' || streaming;
    if (this.element.open) this.renderBody();
    this.applyVisibility();
  }

  /** Renders the reasoning of a finished reply, once, when it is first shown (or searched). */
  renderBody(): void {
    if (this.body) return;
    this.body = StreamingMarkdownView.complete(this.renderer, 'thinking-body', this.text);
    this.element.append(this.body.element);
  }

  get reasoning(): string {
    return this.text;
  }

  append(text: string): void {
    this.text += text;
    if (!this.body) this.renderBody();
    else this.body.append(text);
    this.applyVisibility();
  }

  /** More streamed reasoning deltas (the service sends about one token per delta). */
  countDeltas(count: number): void {
    if (this.exactTokens) return;
    this.tokens += count;
    this.showCount();
  }

  /** The exact figure from the reply's usage. */
  setTokenCount(tokens: number): void {
    this.tokens = tokens;
    this.exactTokens = true;
    this.showCount();
  }

  /** The answer started: fold the reasoning away unless the user or the setting wants it open. */
  contentStarted(): void {
    if (this.mode !== 'expanded' && !this.userToggled) this.element.open = false;
    this.label.textContent = l10n.t('Thinking');
  }

  finish(): void {
    this.body?.finish();
    this.spinner.hidden = true;
    this.label.textContent = l10n.t('Thinking');
  }

  setMode(mode: ShowReasoning): void {
    this.mode = mode;
    if (mode === 'expanded') this.element.open = true;
    this.applyVisibility();
  }

  private showCount(): void {
    const count = `${this.exactTokens ? '' : '~'}${formatCount(this.tokens)}`;
    this.countLabel.textContent = this.tokens === 0 ? '' : this.tokens === 1 ? l10n.t('{0} token', count) : l10n.t('{0} tokens', count);
    if (this.tokens === 0) this.summary.removeAttribute('title');
    else this.summary.title = this.countLabel.textContent;
  }

  private applyVisibility(): void {
    this.element.hidden = this.mode === 'hidden' || this.text === '';
  }
}
