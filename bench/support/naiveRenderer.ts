// The naive renderer the webview is measured against: on every message it receives it renders the whole
// text of the section that changed (the reasoning or the answer) again with the same libraries as the
// webview (markdown-it with highlight.js, then DOMPurify) and replaces the section's DOM. It gets the very
// messages the webview gets, i.e. what the host posts after joining the deltas of each event-loop turn
// (StreamDeltaBatcher), so it re-renders once per host turn. (Fed one message per service delta, 20,000 of
// them, this is quadratic and did not finish in 15 minutes; an earlier version therefore re-rendered at
// most once per animation frame, which made its cost depend on how many frames the feed happened to span:
// with the host's 200 messages that was 1.7x to 18.8x the webview's busy time in runs minutes apart.)
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

function render(section: 'reasoning' | 'content'): void {
  if (section === 'reasoning') reasoningElement.replaceChildren(DOMPurify.sanitize(md.render(reasoning), { RETURN_DOM_FRAGMENT: true }));
  else contentElement.replaceChildren(DOMPurify.sanitize(md.render(content), { RETURN_DOM_FRAGMENT: true }));
}

window.addEventListener('message', (event: MessageEvent<{ type?: string; text?: string }>) => {
  const data = event.data;
  if (data.type === 'reasoningDelta') {
    reasoning += data.text ?? '';
    render('reasoning');
  } else if (data.type === 'contentDelta') {
    if (thinking.open) thinking.open = false;
    content += data.text ?? '';
    render('content');
  } else if (data.type === 'replyFinished') {
    message.setAttribute('data-status', 'complete');
  }
});
