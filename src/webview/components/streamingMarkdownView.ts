// Renders markdown that arrives in pieces. Completed blocks are rendered once and frozen; only the
// growing tail is re-rendered, at most once per frame (the caller coalesces deltas per frame). An open
// code fence in the tail is not parsed at all: its text is appended to a text node.
import { el, iconButton } from '../dom';
import { MarkdownBlockSplitter, type Block } from '../markdownBlockSplitter';
import type { MarkdownRenderer } from '../markdownRenderer';

/** Wraps each <pre> in a frame with its language and the code actions (copy, insert, apply). */
function decorateCodeBlocks(root: DocumentFragment | HTMLElement): void {
  for (const pre of [...root.querySelectorAll('pre')]) {
    if (pre.parentElement?.classList.contains('code-block')) continue;
    const code = pre.querySelector('code');
    const language = [...(code?.classList ?? [])].find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
    const toolbar = el('div', { className: 'code-toolbar' }, [
      el('span', { className: 'code-language', text: language }),
      iconButton('copy', 'Copy code', 'copy-code'),
      iconButton('insert', 'Insert code at cursor', 'insert-code'),
      iconButton('git-pull-request-go-to-changes', 'Apply code to a file (shows a diff first)', 'apply-code'),
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

export class StreamingMarkdownView {
  readonly element: HTMLElement;
  private readonly tailElement: HTMLElement;
  private splitter = new MarkdownBlockSplitter();
  /** The open code fence of the tail, grown in place by appending text. */
  private liveCode: { language: string; text: Text; length: number } | undefined;
  private finished = false;
  private tailCostMs = 0;
  private lastTailRenderAt = Number.NEGATIVE_INFINITY;
  private tailRenderPending = false;

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
    for (const block of this.splitter.append(text)) this.freeze(block);
    this.requestTailRender();
  }

  /** The stream ended: the tail becomes frozen blocks too. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const block of this.splitter.finish()) this.freeze(block);
    this.tailElement.replaceChildren();
    this.liveCode = undefined;
    this.tailElement.remove();
  }

  /** Renders finished text in one go (a restored message). */
  static complete(renderer: MarkdownRenderer, className: string, text: string, attrs: Record<string, string> = {}): StreamingMarkdownView {
    const view = new StreamingMarkdownView(renderer, className, attrs);
    for (const block of view.splitter.append(text)) view.freeze(block);
    view.finish();
    return view;
  }

  private freeze(block: Block): void {
    if (block.kind === 'code' && this.liveCode) {
      // The fence that was growing in the tail closed; its highlighted rendering replaces it.
      this.tailElement.replaceChildren();
      this.liveCode = undefined;
    }
    const fragment = block.kind === 'code' ? this.renderer.renderCode(block.code, block.language) : this.renderer.renderMarkdown(block.text);
    decorateCodeBlocks(fragment);
    // Each frozen block is its own layout unit, so the browser can skip blocks that are off screen.
    const wrapper = el('div', { className: block.kind === 'markdown' && block.continuesList ? 'markdown-block list-continuation' : 'markdown-block' }, [fragment]);
    this.element.insertBefore(wrapper, this.tailElement);
  }

  private requestTailRender(): void {
    if (this.finished) return;
    if (performance.now() - this.lastTailRenderAt >= this.tailCostMs * TAIL_COST_SPACING) {
      this.renderTail();
      return;
    }
    if (this.tailRenderPending) return;
    this.tailRenderPending = true;
    // Marked in the DOM so that whoever waits for the view to settle (tests, benchmarks) can see it.
    this.tailElement.dataset.renderPending = 'true';
    requestAnimationFrame(() => {
      this.tailRenderPending = false;
      delete this.tailElement.dataset.renderPending;
      this.requestTailRender();
    });
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
      this.tailElement.replaceChildren();
      this.liveCode = undefined;
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
