// Turns model markdown into DOM nodes that are safe to insert. Model output is untrusted: markdown-it
// runs with raw HTML off (HTML in a reply shows as text), and every fragment still goes through DOMPurify
// before it reaches the document, so a renderer bug cannot become script execution. Code is highlighted
// by a script the page loads on first use (lazyHighlighter.ts): until it has run, code blocks show plain
// and are highlighted once it is there.
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { loadedHighlighter, loadHighlighter } from './lazyHighlighter';

/** Code longer than this is shown unhighlighted: highlighting it would block the view for too long. */
const MAX_HIGHLIGHT_CHARS = 20_000;

/** http(s) and mailto links, and relative ones (the host decides what a relative link opens). */
const SAFE_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const PURIFY_CONFIG = {
  ALLOWED_URI_REGEXP: SAFE_URI,
  // The CSP forbids inline styles; images would be remote loads; forms and media have no place in a reply.
  FORBID_TAGS: ['style', 'img', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'video', 'audio', 'picture', 'source'],
  FORBID_ATTR: ['style', 'target', 'srcset', 'action', 'formaction'],
  ALLOW_DATA_ATTR: false,
  RETURN_DOM_FRAGMENT: true as const,
};

let purify: ReturnType<typeof DOMPurify> | undefined;

/**
 * A sanitizer of its own with the configuration set once: DOMPurify parses a configuration passed to
 * `sanitize` on every call, and a streamed reply makes hundreds of calls. Made on first use, not while the
 * page loads: the page says `ready` sooner.
 */
function sanitizer(): ReturnType<typeof DOMPurify> {
  if (!purify) {
    purify = DOMPurify(window);
    purify.setConfig(PURIFY_CONFIG);
  }
  return purify;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Whether the code is to be highlighted: before the highlighter has loaded, any language may be one it knows. */
function highlightable(code: string, language: string): boolean {
  return code.length <= MAX_HIGHLIGHT_CHARS && language !== '' && (loadedHighlighter()?.supports(language) ?? true);
}

function highlightedHtml(code: string, language: string): string {
  const highlighter = loadedHighlighter();
  return highlighter && highlightable(code, language) ? highlighter.highlight(code, language) : escapeHtml(code);
}

/** The language of a fence markdown-it rendered, from its `language-…` class. */
function fenceLanguage(code: Element): string {
  return [...code.classList].find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
}

/** A block of a reply: markdown, or a fenced code block's code. */
export type RenderBlock = ({ kind: 'markdown'; text: string } | { kind: 'code'; code: string; language: string }) & { className: string };

interface PendingHighlight {
  element: HTMLElement;
  code: string;
  language: string;
}

/** `highlight` gives markdown-it a fence's HTML, or '' to have it escape the code itself. */
function createMarkdownIt(highlight: (code: string, language: string) => string) {
  const md = new MarkdownIt({
    html: false,
    linkify: true,
    typographer: false,
    highlight: (code, language) => highlight(code, language.trim().split(/\s+/)[0] ?? ''),
  });
  // Images would be remote requests (and the CSP refuses them): show them as links to open instead.
  md.renderer.rules.image = (tokens, idx) => {
    const token = tokens[idx];
    const src = String(token?.attrGet('src') ?? '');
    const alt = String(token?.content || src);
    return `<a href="${escapeHtml(src)}">${escapeHtml(alt)}</a>`;
  };
  return md;
}

export class MarkdownRenderer {
  private parser: ReturnType<typeof createMarkdownIt> | undefined;
  private deferring = false;
  private readonly pending: PendingHighlight[] = [];
  private idleHandle: number | undefined;
  private awaitingHighlighter = false;
  /** Set when markdown-it rendered a fence plain because the highlighter had not loaded yet. */
  private fencesLeftPlain = false;

  /** The markdown parser, made on first use (its rules compile for 15 ms: not while the page loads). */
  private md(): ReturnType<typeof createMarkdownIt> {
    this.parser ??= createMarkdownIt((code, language) => this.fenceHtml(code, language));
    return this.parser;
  }

  /** A fence inside markdown (one in a list item, say) is highlighted at once, or once the highlighter is there. */
  private fenceHtml(code: string, language: string): string {
    if (loadedHighlighter() || !highlightable(code, language)) return highlightedHtml(code, language);
    this.fencesLeftPlain = true;
    return '';
  }

  /** Markdown as HTML, and whether it has fences left plain for now. */
  private markdownHtml(markdown: string): { html: string; plainFences: boolean } {
    this.fencesLeftPlain = false;
    const html = this.md().render(markdown);
    return { html, plainFences: this.fencesLeftPlain };
  }

  /** Renders a markdown block to sanitised nodes. */
  renderMarkdown(markdown: string): DocumentFragment {
    const { html, plainFences } = this.markdownHtml(markdown);
    const fragment = this.sanitize(html);
    if (plainFences) this.queuePlainFences(fragment);
    return fragment;
  }

  /** A fenced code block, highlighted when the language is known and the code not too long (plain until the highlighter is there). */
  renderCode(code: string, language: string): DocumentFragment {
    const fragment = this.sanitize(this.codeHtml(code, language));
    this.queueDeferred(fragment, code, language);
    return fragment;
  }

  /**
   * Finished blocks, each in a `div` of its `className`, with one sanitiser pass for all: a pass has a
   * fixed cost (a document to parse into, a walk to set up) that a restored reply of many blocks would
   * otherwise pay per block.
   */
  renderBlocks(blocks: readonly RenderBlock[]): DocumentFragment {
    /** Markdown blocks, by index, with fences left plain for now. */
    const plainFences = new Set<number>();
    const html = blocks.map((block, i) => {
      if (block.kind === 'code') return `<div class="${escapeHtml(block.className)}">${this.codeHtml(block.code, block.language)}</div>`;
      const markdown = this.markdownHtml(block.text);
      if (markdown.plainFences) plainFences.add(i);
      return `<div class="${escapeHtml(block.className)}">${markdown.html}</div>`;
    });
    const fragment = this.sanitize(html.join(''));
    const wrappers = fragment.children;
    blocks.forEach((block, i) => {
      const wrapper = wrappers[i];
      if (!wrapper) return;
      if (block.kind === 'code') this.queueDeferred(wrapper, block.code, block.language);
      else if (plainFences.has(i)) this.queuePlainFences(wrapper);
    });
    return fragment;
  }

  /** Whether code is highlighted as it is rendered: not while put off, nor before the highlighter has loaded. */
  private highlightsNow(): boolean {
    return !this.deferring && loadedHighlighter() !== undefined;
  }

  private codeHtml(code: string, language: string): string {
    const languageClass = language !== '' ? ` class="language-${escapeHtml(language)}"` : '';
    const html = this.highlightsNow() ? highlightedHtml(code, language) : escapeHtml(code);
    return `<pre><code${languageClass}>${html}</code></pre>`;
  }

  /** Queues the code block rendered plain in `root` for highlighting in idle time: it was put off, or the highlighter is not there yet. */
  private queueDeferred(root: ParentNode, code: string, language: string): void {
    if (this.highlightsNow() || !highlightable(code, language)) return;
    const element = root.querySelector('code');
    if (element) this.queueHighlight({ element, code, language });
  }

  /** Queues the fences markdown-it rendered plain in `root`; their text is their code. */
  private queuePlainFences(root: ParentNode): void {
    for (const element of root.querySelectorAll<HTMLElement>('pre > code')) {
      const code = element.textContent ?? '';
      const language = fenceLanguage(element);
      if (highlightable(code, language)) this.queueHighlight({ element, code, language });
    }
  }

  /**
   * Runs `build` with the highlighting of its code blocks put off to idle time: a message scrolled into a
   * long conversation shows its code at once, plain for a moment, and its frame stays short.
   */
  deferHighlighting<T>(build: () => T): T {
    const was = this.deferring;
    this.deferring = true;
    try {
      return build();
    } finally {
      this.deferring = was;
    }
  }

  /** Highlights the block in idle time, once the highlighter is there (the first block loads it). */
  private queueHighlight(item: PendingHighlight): void {
    this.pending.push(item);
    if (loadedHighlighter()) {
      this.scheduleHighlighting();
      return;
    }
    if (this.awaitingHighlighter) return;
    this.awaitingHighlighter = true;
    void loadHighlighter().then((highlighter) => {
      this.awaitingHighlighter = false;
      // Without a highlighter the blocks stay as they are, plain.
      if (highlighter) this.scheduleHighlighting();
      else this.pending.length = 0;
    });
  }

  private scheduleHighlighting(): void {
    this.idleHandle ??= requestIdleCallback((deadline) => this.highlightPending(deadline), { timeout: 250 });
  }

  private highlightPending(deadline: IdleDeadline): void {
    this.idleHandle = undefined;
    let done = 0;
    while (this.pending.length > 0 && (done === 0 || deadline.timeRemaining() > 1)) {
      const { element, code, language } = this.pending.shift() as PendingHighlight;
      // A language the highlighter turned out not to know stays plain, as rendered.
      if (!highlightable(code, language)) continue;
      const highlighted = this.sanitize(`<pre><code>${highlightedHtml(code, language)}</code></pre>`).querySelector('code');
      if (highlighted) element.replaceChildren(...highlighted.childNodes);
      done += 1;
    }
    if (this.pending.length > 0) this.scheduleHighlighting();
  }

  private sanitize(html: string): DocumentFragment {
    // RETURN_DOM_FRAGMENT in the instance's configuration makes this a fragment; the typings only see calls that pass it.
    return sanitizer().sanitize(html) as unknown as DocumentFragment;
  }
}
