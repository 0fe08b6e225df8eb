// The checkpoint of a user message or of an agent's file-changing call: when it was taken, and the
// ways back: compare with now, restore the files, the files and the conversation, or the conversation
// only. The host lists what a restore will change and asks before it does anything.
import type { CheckpointView, WebviewMessage } from '../../shared/protocol';
import { el, icon, iconButton } from '../dom';

type Action = Extract<WebviewMessage, { type: 'checkpointAction' }>['action'];

const ACTIONS: { action: Action; icon: string; label: string }[] = [
  { action: 'compare', icon: 'diff-multiple', label: 'Compare with now' },
  { action: 'restoreFiles', icon: 'discard', label: 'Restore files' },
  { action: 'restoreAll', icon: 'history', label: 'Restore files and conversation' },
  { action: 'restoreConversation', icon: 'comment-discussion', label: 'Restore conversation only' },
];

export function checkpointBar(checkpoint: CheckpointView, conversationId: string, messageId: string, post: (message: WebviewMessage) => void): HTMLElement {
  const time = new Date(checkpoint.createdAt).toLocaleTimeString();
  const buttons = ACTIONS.map(({ action, icon: name, label }) => {
    // Icon buttons with their label as tooltip and accessible name: four of them per checkpoint must stay one line.
    const button = iconButton(name, label, `checkpoint-${action}`, { 'data-testid': `checkpoint-${action}` });
    button.addEventListener('click', () => post({ type: 'checkpointAction', conversationId, messageId, action }));
    return button;
  });
  const left = checkpoint.leftOut > 0 ? ` · ${checkpoint.leftOut} large file${checkpoint.leftOut === 1 ? '' : 's'} not saved` : '';
  return el('div', { className: 'checkpoint-bar', attrs: { 'data-testid': 'checkpoint', role: 'group', 'aria-label': `Checkpoint ${checkpoint.label}` } }, [
    el('span', { className: 'checkpoint-label' }, [icon('bookmark'), el('span', { text: ` Checkpoint ${checkpoint.label}, ${time}${left}` })]),
    el('span', { className: 'checkpoint-actions' }, buttons),
  ]);
}
