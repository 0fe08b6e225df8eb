// The checkpoint of a user message or of an agent's file-changing call, as one "Restore checkpoint"
// button (shown when the message is hovered or focused) that opens a short menu of labelled ways back:
// the files and the conversation, the files only, the conversation only, or a comparison with now. The
// host lists what a restore will change and asks before it does anything. A moment that has no
// checkpoint (it took too long, or failed) says so, always shown, with the reason.
import type { CheckpointView, WebviewMessage } from '../../shared/protocol';
import { el, icon } from '../dom';
import * as l10n from '../../shared/l10n';
import type { Codicon } from '../codicons';

type Action = Extract<WebviewMessage, { type: 'checkpointAction' }>['action'];

const ACTIONS: { action: Action; icon: Codicon; label: string }[] = [
  { action: 'restoreAll', icon: 'history', label: l10n.t('Restore files and conversation') },
  { action: 'restoreFiles', icon: 'discard', label: l10n.t('Restore files only') },
  { action: 'restoreConversation', icon: 'comment-discussion', label: l10n.t('Restore conversation only') },
  { action: 'compare', icon: 'diff-multiple', label: l10n.t('Compare with now') },
];

/** What the checkpoint holds, for the button's tooltip and the menu's heading. */
export function checkpointDescription(checkpoint: CheckpointView): string {
  const time = new Date(checkpoint.createdAt).toLocaleTimeString(l10n.language());
  const left = checkpoint.leftOut === 0 ? '' : ` · ${checkpoint.leftOut === 1 ? l10n.t('1 large file not saved') : l10n.t('{0} large files not saved', checkpoint.leftOut)}`;
  return l10n.t('Checkpoint {0}, {1}', checkpoint.label, time) + left;
}

/** The note in place of the button when there is nothing to restore. */
function missingCheckpoint(reason: string): HTMLElement {
  const text = l10n.t('No checkpoint for this step: {0}', reason);
  return el('div', { className: 'checkpoint-missing', attrs: { 'data-testid': 'checkpoint-missing', title: text } }, [icon('warning'), el('span', { text })]);
}

export function checkpointBar(checkpoint: CheckpointView, conversationId: string, messageId: string, post: (message: WebviewMessage) => void): HTMLElement {
  if (checkpoint.missing !== undefined) return missingCheckpoint(checkpoint.missing);
  const description = checkpointDescription(checkpoint);
  const button = el('button', {
    className: 'text-button checkpoint-restore',
    attrs: { type: 'button', 'data-testid': 'checkpoint-restore', 'aria-haspopup': 'menu', 'aria-expanded': 'false', title: description },
  }, [icon('discard'), el('span', { text: l10n.t('Restore checkpoint') })]);
  const items = ACTIONS.map(({ action, icon: name, label }) => {
    const item = el('button', { className: 'checkpoint-menu-item', attrs: { type: 'button', role: 'menuitem', tabindex: '-1', 'data-testid': `checkpoint-${action}` } }, [icon(name), el('span', { text: label })]);
    item.addEventListener('click', () => {
      close({ refocus: true });
      post({ type: 'checkpointAction', conversationId, messageId, action });
    });
    return item;
  });
  const menu = el('div', { className: 'checkpoint-menu', attrs: { role: 'menu', 'aria-label': description } }, [el('div', { className: 'checkpoint-menu-heading', attrs: { role: 'presentation' }, text: description }), ...items]);
  menu.hidden = true;
  const element = el('div', { className: 'checkpoint', attrs: { 'data-testid': 'checkpoint' } }, [button, menu]);

  const open = (): void => {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    element.classList.add('open');
    // Down unless the list has no room for it below and more above (the last message of the list).
    const list = element.closest('.messages')?.getBoundingClientRect();
    const at = element.getBoundingClientRect();
    element.classList.toggle('opens-up', list !== undefined && at.bottom + menu.offsetHeight > list.bottom && at.top - list.top > list.bottom - at.bottom);
    items[0]?.focus();
  };
  function close({ refocus }: { refocus: boolean }): void {
    if (menu.hidden) return;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    element.classList.remove('open');
    if (refocus) button.focus();
  }
  button.addEventListener('click', () => (menu.hidden ? open() : close({ refocus: true })));
  menu.addEventListener('keydown', (event) => {
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    } else if (event.key === 'Escape') {
      // The menu closes; the message's own Escape (back to the message) waits for the next one.
      event.stopPropagation();
      close({ refocus: true });
    }
  });
  element.addEventListener('focusout', (event) => {
    if (!element.contains(event.relatedTarget as Node | null)) close({ refocus: false });
  });
  return element;
}
