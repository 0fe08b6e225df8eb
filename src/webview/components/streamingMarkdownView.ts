// Renders markdown that arrives in pieces. Completed blocks are rendered once and frozen; only the
// growing tail is re-rendered, at most once per frame (the caller coalesces deltas per frame). An open
// code fence in the tail is not parsed at all: its text is appended to a text node. Text that arrives
// faster than it can be rendered (a burst of a whole reply) is frozen a budget at a time in tasks of
// its own, which take turns with the arriving messages: no task grows with the size of the burst, and
// the rendering keeps pace with the arrivals instead of waiting for frames (which a busy page gets late).
import { el, iconButton } from '../dom';
import { MarkdownBlockSplitter, type Block } from '../markdownBlockSplitter';
import type { MarkdownRenderer } from '../markdownRenderer';
import * as l10n from '../../shared/l10n';

/** Wraps each <pre> in a frame with its language and the code actions (copy, insert, apply). */
function decorateCodeBlocks(root: DocumentFragment | HTMLElement): void {
  for (const pre of [...root.querySelectorAll('pre')]) {
    if (pre.parentElement?.classList.contains('code-block')) continue;
    const code = pre.querySelector('code');
    const language = [...(code?.classList ?? [])].find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
    const toolbar = el('div', { className: 'code-toolbar' }, [
      el('span', { className: 'code-language', text: language }),
      iconButton('copy', l10n.t('Copy code'), 'copy-code'),
      iconButton('insert', l10n.t('Insert code at cursor'), 'insert-code'),
      iconButton('git-pull-request-go-to-changes', l10n.t('Apply code to a file (shows a diff first)'), 'apply-code'),
    ]);
    const frame = el('div', { className: 'code-block', attrs: { 'data-language': language } });
    pre.replaceWith(frame);
    frame.append(toolbar, pre);
  }
}

/**
 * A tail that is expensive to render (one huge paragraph or table) is re-rendered at most once per this
 * many times its last render cost, so it cannot take more than about a quarter of the time.
 */
const TAIL_COST_SPACING = 4;
/**
 * Rendering of completed blocks per task; what is left continues in the next task. Far enough below the
 * 50 ms long-task line to leave room for the frame that lays out and paints what was added, also on a
 * loaded machine (a 20 ms budget made 60-66 ms frames there).
 */
const FREEZE_BUDGET_MS = 12;

/**
 * Text that, appended to a plain word at the end of a paragraph, renders as exactly that text appended:
 * letters, digits, spaces and commas, ending in a letter or digit (markdown strips a trailing space).
 * None of these can open or close an inline construct, and without a newline no block changes.
 */
const PLAIN_APPEND = /^[\p{L}\p{N} ,]*[\p{L}\p{N}]$/u;
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The last word of `text` (after its last space or newline) when it is plain letters and digits: text
 * appended to it cannot complete a link (linkify needs a dot, @ or colon in the word) or a delimiter.
 * Looked for from the end, so a long paragraph costs no more than a short one.
 */
function lastPlainWord(text: string): string | undefined {
  const word = text.slice(Math.max(text.lastIndexOf(' '), text.lastIndexOf('\n')) + 1);
  return PLAIN_WORD.test(word) ? word : undefined;
}

/** Each frozen block is its own layout unit, so the browser can skip blocks that are off screen. */
function blockClass(block: Block): string {
  return block.kind === 'markdown' && block.continuesList ? 'markdown-block list-continuation' : 'markdown-block';
}

/** Runs `callback` in a task of its own, without the 4 ms clamp of nested timers. */
function inNextTask(callback: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

export class StreamingMarkdownView {
  readonly element: HTMLElement;
  private readonly tailElement: HTMLElement;
  private splitter = new MarkdownBlockSplitter();
  /** Completed blocks not rendered yet, in order. */
  private readonly backlog: Block[] = [];
  /** The open code fence of the tail, grown in place by appending text. */
  private liveCode: { language: string; text: Text; length: number } | undefined;
  private finished = false;
  private tailCostMs = 0;
  private lastTailRenderAt = Number.NEGATIVE_INFINITY;
  /** A task will freeze more of the backlog. */
  private continuing = false;
  /** A frame callback will render the tail (it was rendered too recently for its cost). */
  private tailFramePending = false;
  /** The markdown the tail element shows now, for appending plain text to it without a render. */
  private shownTail = '';

  constructor(
    private readonly renderer: MarkdownRenderer,
    className: string,
    attrs: Record<string, string> = {},
  ) {
    this.element = el('div', { className: `markdown ${className}`, attrs });
    this.tailElement = el('div', { className: 'markdown-tail' });
    this.element.append(this.tailElement);
  }

  /** Adds streamed text and renders what it completed plus the new tail. */
  append(text: string): void {
    if (this.finished) return;
    const completed = this.splitter.append(text);
    if (completed.length === 0 && this.appendPlainText(text)) return;
    for (const block of completed) this.backlog.push(block);
    this.requestRender();
  }

  /**
   * Most deltas are a word or two added to the paragraph being written. Rendering the whole tail again
   * (markdown, sanitizing, new nodes to style and lay out) for each would make every delta cost as much
   * as its paragraph; text that cannot change the markup is appended to the paragraph's last text node
   * instead. Whether it can is decided from the markdown, and the node must end with the same word.
   */
  private appendPlainText(text: string): boolean {
    if (this.continuing || this.tailFramePending || this.backlog.length > 0 || this.liveCode || !PLAIN_APPEND.test(text)) return false;
    const tail = this.splitter.tail();
    if (tail?.kind !== 'markdown' || tail.text !== this.shownTail + text) return false;
    const word = lastPlainWord(this.shownTail);
    const paragraph = this.tailElement.lastElementChild;
    const node = paragraph?.tagName === 'P' ? paragraph.lastChild : null;
    if (word === undefined || !(node instanceof Text) || !node.data.endsWith(word)) return false;
    node.appendData(text);
    this.shownTail = tail.text;
    return true;
  }

  /** The stream ended: the tail becomes frozen blocks too, all rendered now. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const block of [...this.backlog.splice(0), ...this.splitter.finish()]) this.freeze(block);
    this.clearTail();
    this.tailElement.remove();
  }

  /** Renders finished text in one go (a restored message). */
  static complete(renderer: MarkdownRenderer, className: string, text: string, attrs: Record<string, string> = {}): StreamingMarkdownView {
    const view = new StreamingMarkdownView(renderer, className, attrs);
    view.element.classList.add('restored');
    view.finished = true;
    const blocks = [...view.splitter.append(text), ...view.splitter.finish()];
    const fragment = renderer.renderBlocks(blocks.map((block) => ({ ...block, className: blockClass(block) })));
    decorateCodeBlocks(fragment);
    view.tailElement.replaceWith(fragment);
    return view;
  }

  private freeze(block: Block): void {
    // The fence that was growing in the tail closed; its highlighted rendering replaces it.
    if (block.kind === 'code' && this.liveCode) this.clearTail();
    const fragment = block.kind === 'code' ? this.renderer.renderCode(block.code, block.language) : this.renderer.renderMarkdown(block.text);
    decorateCodeBlocks(fragment);
    const wrapper = el('div', { className: blockClass(block) }, [fragment]);
    this.element.insertBefore(wrapper, this.tailElement);
  }

  private requestRender(): void {
    if (this.finished || this.continuing) return;
    const froze = this.backlog.length > 0;
    if (!this.freezeBacklog()) {
      // The tail shown began before the blocks just frozen: it would repeat their text until re-rendered.
      this.clearTail();
      this.continuing = true;
      this.markPending();
      inNextTask(() => {
        this.continuing = false;
        this.markPending();
        this.requestRender();
      });
      return;
    }
    if (!this.tailFramePending && performance.now() - this.lastTailRenderAt >= this.tailCostMs * TAIL_COST_SPACING) {
      this.renderTail();
      return;
    }
    if (froze) this.clearTail();
    if (this.tailFramePending) return;
    this.tailFramePending = true;
    this.markPending();
    requestAnimationFrame(() => {
      this.tailFramePending = false;
      this.markPending();
      this.requestRender();
    });
  }

  /** Marked in the DOM so that whoever waits for the view to settle (tests, benchmarks) can see it. */
  private markPending(): void {
    if (this.continuing || this.tailFramePending) this.tailElement.dataset.renderPending = 'true';
    else delete this.tailElement.dataset.renderPending;
  }

  /** Renders completed blocks for about FREEZE_BUDGET_MS (at least one); whether none is left. */
  private freezeBacklog(): boolean {
    const deadline = performance.now() + FREEZE_BUDGET_MS;
    let block = this.backlog.shift();
    while (block) {
      this.freeze(block);
      if (this.backlog.length === 0) return true;
      if (performance.now() >= deadline) return false;
      block = this.backlog.shift();
    }
    return true;
  }

  private clearTail(): void {
    this.tailElement.replaceChildren();
    this.liveCode = undefined;
    this.shownTail = '';
  }

  private renderTail(): void {
    const started = performance.now();
    this.renderTailNow();
    this.lastTailRenderAt = performance.now();
    this.tailCostMs = this.lastTailRenderAt - started;
  }

  private renderTailNow(): void {
    const tail = this.splitter.tail();
    if (!tail) {
      this.clearTail();
      return;
    }
    if (tail.kind === 'code') {
      this.growLiveCode(tail.language, tail.code);
      return;
    }
    this.liveCode = undefined;
    this.tailElement.classList.toggle('list-continuation', tail.continuesList === true);
    const fragment = this.renderer.renderMarkdown(tail.text);
    decorateCodeBlocks(fragment);
    this.tailElement.replaceChildren(fragment);
    this.shownTail = tail.text;
  }

  private growLiveCode(language: string, code: string): void {
    if (!this.liveCode || this.liveCode.language !== language || code.length < this.liveCode.length) {
      const text = document.createTextNode(code);
      const codeElement = el('code', language !== '' ? { className: `language-${language}` } : {}, [text]);
      const pre = el('pre', {}, [codeElement]);
      this.tailElement.replaceChildren(pre);
      decorateCodeBlocks(this.tailElement);
      this.liveCode = { language, text, length: code.length };
      return;
    }
    this.liveCode.text.appendData(code.slice(this.liveCode.length));
    this.liveCode.length = code.length;
  }
}
