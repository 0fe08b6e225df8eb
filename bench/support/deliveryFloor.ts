// The floor of the render bench: a page that receives the same messages and renders nothing until the
// reply ends (then it shows the answer's text once). Its busy time is what delivering 20,000 messages
// costs any renderer (posting, structured clone, event dispatch), which neither renderer can go below.
const message = document.createElement('div');
message.setAttribute('data-testid', 'message');
message.setAttribute('data-status', 'streaming');
const contentElement = document.createElement('div');
contentElement.setAttribute('data-testid', 'message-content');
message.append(contentElement);
document.body.append(message);

const parts: string[] = [];
window.addEventListener('message', (event: MessageEvent<{ type?: string; text?: string }>) => {
  const data = event.data;
  if (data.type === 'contentDelta') parts.push(data.text ?? '');
  else if (data.type === 'replyFinished') {
    contentElement.textContent = parts.join('');
    message.setAttribute('data-status', 'complete');
  }
});
