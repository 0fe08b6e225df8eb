// The naive renderer the webview is measured against: it renders the whole text of a section (the
// reasoning or the answer) again with the same libraries as the webview (markdown-it with highlight.js,
// then DOMPurify) and replaces the section's DOM. Re-rendering on every delta is quadratic: fed a
// 20,000-token reply it did not finish in 15 minutes. So this one already coalesces deltas and
// re-renders at most once per animation frame, and only the section that changed, which makes it a
// much stronger baseline than the literal per-delta renderer (the ratio against it is a lower bound).
import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/common';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({
  html: false,
  linkify: true,
  highlight: (code, language) => (language && hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : ''),
});

const message = document.createElement('div');
message.setAttribute('data-testid', 'message');
message.setAttribute('data-status', 'streaming');
const thinking = document.createElement('details');
thinking.open = true;
const reasoningElement = document.createElement('div');
thinking.append(reasoningElement);
const contentElement = document.createElement('div');
contentElement.setAttribute('data-testid', 'message-content');
message.append(thinking, contentElement);
document.body.append(message);

let reasoning = '';
let content = '';
const dirty = new Set<'reasoning' | 'content'>();
let scheduled = false;

function render(): void {
  scheduled = false;
  if (dirty.has('reasoning')) reasoningElement.replaceChildren(DOMPurify.sanitize(md.render(reasoning), { RETURN_DOM_FRAGMENT: true }));
  if (dirty.has('content')) contentElement.replaceChildren(DOMPurify.sanitize(md.render(content), { RETURN_DOM_FRAGMENT: true }));
  dirty.clear();
}

function changed(section: 'reasoning' | 'content'): void {
  dirty.add(section);
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(render);
}

window.addEventListener('message', (event: MessageEvent<{ type?: string; text?: string }>) => {
  const data = event.data;
  if (data.type === 'reasoningDelta') {
    reasoning += data.text ?? '';
    changed('reasoning');
  } else if (data.type === 'contentDelta') {
    if (thinking.open) thinking.open = false;
    content += data.text ?? '';
    changed('content');
  } else if (data.type === 'replyFinished') {
    render();
    message.setAttribute('data-status', 'complete');
  }
});
