// Turns model markdown into DOM nodes that are safe to insert. Model output is untrusted: markdown-it
// runs with raw HTML off (HTML in a reply shows as text), and every fragment still goes through DOMPurify
// before it reaches the document, so a renderer bug cannot become script execution.
import DOMPurify from 'dompurify';
import { highlighter } from './highlighter';
import MarkdownIt from 'markdown-it';

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

function highlightable(code: string, language: string): boolean {
  return code.length <= MAX_HIGHLIGHT_CHARS && language !== '' && highlighter().getLanguage(language) !== undefined;
}

function highlightedHtml(code: string, language: string): string {
  return highlightable(code, language) ? highlighter().highlight(code, { language, ignoreIllegals: true }).value : escapeHtml(code);
}

/** A block of a reply: markdown, or a fenced code block's code. */
export type RenderBlock = ({ kind: 'markdown'; text: string } | { kind: 'code'; code: string; language: string }) & { className: string };

interface PendingHighlight {
  element: HTMLElement;
  code: string;
  language: string;
}

function createMarkdownIt() {
  const md = new MarkdownIt({
    html: false,
    linkify: true,
    typographer: false,
    highlight: (code, language) => highlightedHtml(code, language.trim().split(/\s+/)[0] ?? ''),
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

  /** The markdown parser, made on first use (its rules compile for 15 ms: not while the page loads). */
  private md(): ReturnType<typeof createMarkdownIt> {
    this.parser ??= createMarkdownIt();
    return this.parser;
  }

  /** Renders a markdown block to sanitised nodes. */
  renderMarkdown(markdown: string): DocumentFragment {
    return this.sanitize(this.md().render(markdown));
  }

  /** A fenced code block, highlighted when the language is known and the code not too long. */
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
    const html = blocks.map((block) => `<div class="${escapeHtml(block.className)}">${block.kind === 'markdown' ? this.md().render(block.text) : this.codeHtml(block.code, block.language)}</div>`);
    const fragment = this.sanitize(html.join(''));
    const wrappers = fragment.children;
    blocks.forEach((block, i) => {
      const wrapper = wrappers[i];
      if (block.kind === 'code' && wrapper) this.queueDeferred(wrapper, block.code, block.language);
    });
    return fragment;
  }

  private codeHtml(code: string, language: string): string {
    const languageClass = language !== '' ? ` class="language-${escapeHtml(language)}"` : '';
    const html = this.deferring && highlightable(code, language) ? escapeHtml(code) : highlightedHtml(code, language);
    return `<pre><code${languageClass}>${html}</code></pre>`;
  }

  /** Queues the code block rendered plain in `root` for highlighting in idle time, if it was put off. */
  private queueDeferred(root: ParentNode, code: string, language: string): void {
    if (!this.deferring || !highlightable(code, language)) return;
    const element = root.querySelector('code');
    if (element) this.queueHighlight({ element, code, language });
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

  private queueHighlight(item: PendingHighlight): void {
    this.pending.push(item);
    this.idleHandle ??= requestIdleCallback((deadline) => this.highlightPending(deadline), { timeout: 250 });
  }

  private highlightPending(deadline: IdleDeadline): void {
    this.idleHandle = undefined;
    let done = 0;
    while (this.pending.length > 0 && (done === 0 || deadline.timeRemaining() > 1)) {
      const { element, code, language } = this.pending.shift() as PendingHighlight;
      const highlighted = this.sanitize(`<pre><code>${highlightedHtml(code, language)}</code></pre>`).querySelector('code');
      if (highlighted) element.replaceChildren(...highlighted.childNodes);
      done += 1;
    }
    if (this.pending.length > 0) this.idleHandle = requestIdleCallback((next) => this.highlightPending(next), { timeout: 250 });
  }

  private sanitize(html: string): DocumentFragment {
    // RETURN_DOM_FRAGMENT in the instance's configuration makes this a fragment; the typings only see calls that pass it.
    return sanitizer().sanitize(html) as unknown as DocumentFragment;
  }
}
