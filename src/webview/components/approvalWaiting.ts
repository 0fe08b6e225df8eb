// Whether the view waits for the user's answer to an approval question. While it does, the reply in
// progress says "Waiting for your approval" instead of "Generating…", and the spinners stop (styles
// keyed on the body's data-awaiting-approval): nothing is generated until the user decides.
import * as l10n from '../../shared/l10n';

export function waitingLabel(): string {
  return l10n.t('Waiting for your approval');
}

const listeners = new Set<(waiting: boolean) => void>();

/** Calls `listener` each time the view starts or stops waiting for an approval. */
export function onAwaitingApproval(listener: (waiting: boolean) => void): void {
  listeners.add(listener);
}

export function awaitingApproval(): boolean {
  return document.body.dataset.awaitingApproval === 'true';
}

/** Marks the view as waiting (or not) and relabels the replies already on screen. */
export function showAwaitingApproval(waiting: boolean): void {
  if (waiting === awaitingApproval()) return;
  if (waiting) document.body.dataset.awaitingApproval = 'true';
  else delete document.body.dataset.awaitingApproval;
  for (const badge of document.querySelectorAll<HTMLElement>('.message.assistant[data-status="streaming"] .status-badge')) {
    badge.textContent = waiting ? waitingLabel() : l10n.t('Generating…');
    badge.hidden = false;
  }
  for (const listener of listeners) listener(waiting);
}
