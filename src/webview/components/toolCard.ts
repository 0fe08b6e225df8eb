// One tool call of an agent task, as what it did (toolCallDescription: "Edited app.ts +3 −1", "Ran
// `npm test` exit 0"), its status and how long it took, then the result, folded, with long results cut
// until "Show all" is clicked; the tool, its formula and the raw arguments under "Details", closed.
// The result is model input, never rendered as markdown.
import type { ToolCardStatus, ToolMessageView } from '../../shared/protocol';
import { checkpointBar } from './checkpointBar';
import type { MessageContext } from './messageContext';
import { el, formatCount, icon } from '../dom';
import { describeToolCall, isInternalTool } from './toolCallDescription';
import { subagentRun } from './subagentRun';
import * as l10n from '../../shared/l10n';
import type { Codicon } from '../codicons';

/** Past this many characters (or lines) a result is shown cut, with "Show all". */
export const RESULT_PREVIEW_CHARS = 2_000;
const RESULT_PREVIEW_LINES = 40;

const STATUS_TEXT: Record<ToolCardStatus, string> = {
  running: l10n.t('running…'),
  done: l10n.t('done'),
  failed: l10n.t('failed'),
  rejected: l10n.t('rejected'),
  cancelled: l10n.t('stopped'),
  invalid: l10n.t('invalid arguments'),
};

const STATUS_ICON: Record<ToolCardStatus, Codicon> = {
  running: 'loading',
  done: 'check',
  failed: 'error',
  rejected: 'circle-slash',
  cancelled: 'debug-stop',
  invalid: 'warning',
};

/** The arguments indented when they are JSON; as sent otherwise (the card shows what the model wrote). */
export function prettyArguments(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

function preview(text: string): string | undefined {
  const lines = text.split('\n');
  if (text.length <= RESULT_PREVIEW_CHARS && lines.length <= RESULT_PREVIEW_LINES) return undefined;
  const byLines = lines.slice(0, RESULT_PREVIEW_LINES).join('\n');
  return byLines.length > RESULT_PREVIEW_CHARS ? byLines.slice(0, RESULT_PREVIEW_CHARS) : byLines;
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A subagent's call, as a card without the parent's actions (no context: no diff link, no checkpoint). */
const childCard = (view: ToolMessageView): HTMLElement => new ToolCard(view).element;

export class ToolCard {
  readonly element: HTMLElement;
  private view: ToolMessageView;
  /** The subagent's nested run, redrawn in place as it goes on. */
  private nested: HTMLElement | undefined;

  /** `shown.subagentOpen`: the card this one replaces had its subagent's run open (it stays open). */
  constructor(view: ToolMessageView, context?: MessageContext, shown: { subagentOpen: boolean } = { subagentOpen: false }) {
    this.view = view;
    const card = view.card;
    const status = card?.status ?? 'done';
    if (isInternalTool(view)) {
      // Its plan shows as the to-do list; the row stays (the list counts rows) but shows nothing.
      this.element = el('div', { className: 'message tool-card internal', attrs: { 'data-testid': 'tool-card-internal', 'data-message-id': view.id, hidden: '' } });
      return;
    }
    const described = describeToolCall(view, (m) => context?.post(m));
    const statusLabel = el('span', { className: `tool-status status-${status}`, attrs: { 'data-testid': 'tool-status', title: STATUS_TEXT[status] } }, [icon(STATUS_ICON[status])]);
    // A running call whose approval is asked says it waits (agent.css swaps the words): nothing runs yet.
    if (status === 'running') statusLabel.append(el('span', { className: 'status-running-text', text: ` ${STATUS_TEXT.running}` }), el('span', { className: 'status-waiting-text', text: ` ${l10n.t('waiting')}` }));
    else if (status !== 'done') statusLabel.append(el('span', { text: ` ${STATUS_TEXT[status]}` }));
    const header = el('div', { className: 'tool-card-header' }, [
      icon(described.icon),
      // Spaces between the parts, so the title reads (and copies) as a sentence.
      el('span', { className: 'tool-call-title', attrs: { 'data-testid': 'tool-title' } }, described.title.flatMap((part, i) => (i === 0 ? [part] : [document.createTextNode(' '), part]))),
      statusLabel,
      el('span', { className: 'tool-duration', text: card?.durationMs !== undefined ? formatDuration(card.durationMs) : '', attrs: { 'data-testid': 'tool-duration' } }),
    ]);
    const origin = card?.formula !== undefined ? l10n.t('formula {0}', card.formula) : l10n.t('workspace');
    // The raw call, for whoever wants it: closed, never the default view.
    const details = el('details', { className: 'tool-arguments', attrs: { 'data-testid': 'tool-details' } }, [
      el('summary', { text: l10n.t('Details') }),
      el('div', { className: 'tool-origin', text: `${view.name} · ${origin}`, attrs: { 'data-testid': 'tool-name' } }),
      el('pre', { className: 'tool-json', text: prettyArguments(card?.arguments ?? ''), attrs: { 'data-testid': 'tool-arguments' } }),
    ]);
    const children: Node[] = [header];
    if (described.body) children.push(described.body);
    if (card?.subagent) {
      this.nested = subagentRun(card.subagent, view.id, { open: shown.subagentOpen }, childCard);
      children.push(this.nested);
    }
    if (status !== 'running' && described.showResult) children.push(this.result(view.content));
    // The checkpoint (hidden until hovered) shares the Details line, so it never leaves an empty row.
    const footer = el('div', { className: 'tool-card-footer' }, [details]);
    if (view.checkpoint && context) footer.append(checkpointBar(view.checkpoint, context.conversationId, view.id, (m) => context.post(m)));
    children.push(footer);
    this.element = el('div', {
      className: `message tool-card status-${status}`,
      attrs: { 'data-testid': 'tool-card', 'data-status': status, 'data-tool': view.name, 'data-message-id': view.id, role: 'article', 'aria-label': l10n.t('Tool call {0}: {1} — {2}', view.name, STATUS_TEXT[status], header.querySelector('.tool-call-title')?.textContent ?? '') },
    }, children);
  }

  get id(): string {
    return this.view.id;
  }

  /** Whether the subagent's nested run is open, for the card that replaces this one. */
  get subagentOpen(): boolean {
    return this.nested instanceof HTMLDetailsElement && this.nested.open;
  }

  /**
   * True when the card still shows `view`: nothing changed, or only the subagent's run went on (redrawn in
   * place, as open as it was). The DOM is kept, with what the user opened.
   */
  update(view: ToolMessageView): boolean {
    const same =
      view.content === this.view.content &&
      view.card?.status === this.view.card?.status &&
      view.card?.durationMs === this.view.card?.durationMs &&
      view.checkpoint?.createdAt === this.view.checkpoint?.createdAt;
    if (!same) return false;
    const run = view.card?.subagent;
    if (run && this.nested && JSON.stringify(run) !== JSON.stringify(this.view.card?.subagent)) {
      const next = subagentRun(run, view.id, { open: this.subagentOpen }, childCard);
      this.nested.replaceWith(next);
      this.nested = next;
    }
    this.view = view;
    return true;
  }

  private result(content: string): HTMLElement {
    const cut = preview(content);
    const output = el('pre', { className: 'tool-output', text: cut ?? content, attrs: { 'data-testid': 'tool-output' } });
    const children: Node[] = [el('summary', { text: l10n.t('Result'), attrs: { title: l10n.t('{0} characters', formatCount(content.length)) } }), output];
    if (cut !== undefined) {
      const more = el('button', { className: 'text-button', text: l10n.t('Show all ({0} characters)', formatCount(content.length)), attrs: { type: 'button', 'data-testid': 'show-all' } });
      more.addEventListener('click', () => {
        output.textContent = content;
        more.remove();
      });
      children.push(more);
    }
    // A failed call is open: its text says what went wrong.
    const open = this.view.card?.status !== undefined && this.view.card.status !== 'done' && this.view.card.status !== 'running';
    return el('details', { className: 'tool-result', attrs: { 'data-testid': 'tool-result', ...(open ? { open: '' } : {}) } }, children);
  }
}
