// Clicks inside model output, handled once for the whole message list: a link is opened by the host
// (never navigated in the webview, and the host decides what is allowed), a code block's buttons copy,
// insert or apply its code.
export type CodeAction = 'copy' | 'insert' | 'apply';

export function handleOutputClick(event: MouseEvent, onOpenLink: (href: string) => void, onCodeAction: (action: CodeAction, code: string, language: string) => void): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const link = target.closest('.markdown a');
  if (link) {
    // Links never navigate the webview: the host opens them (and decides what is allowed).
    event.preventDefault();
    const href = link.getAttribute('href');
    if (href) onOpenLink(href);
    return;
  }
  const button = target.closest('.code-block [data-action]');
  const block = button?.closest('.code-block');
  if (!button || !block) return;
  const code = block.querySelector('code')?.textContent ?? '';
  const language = block.getAttribute('data-language') ?? '';
  const action = button.getAttribute('data-action');
  if (action === 'copy-code') onCodeAction('copy', code, language);
  else if (action === 'insert-code') onCodeAction('insert', code, language);
  else if (action === 'apply-code') onCodeAction('apply', code, language);
}
