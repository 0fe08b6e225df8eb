// What an empty conversation shows: what to do, the keys, and (on the local emulator only, where the
// demo answers) the way to see the agent work on a sample project. StatusBanner handles the demo's
// click and marks the body with the connection's mode, which the stylesheet uses to show the invite.
import * as l10n from '../../shared/l10n';
import { el, textButton } from '../dom';

export function emptyState(): HTMLElement {
  const demo = textButton('play', l10n.t('Try the agent on a sample project'), 'try-demo', { 'data-testid': 'empty-try-demo', title: l10n.t('Two edits, a command, approvals and checkpoints, offline') });
  return el('div', { className: 'empty-state' }, [
    el('p', { text: l10n.t('Ask svc anything about your code.') }),
    el('p', { className: 'hint', text: l10n.t('Enter sends · Shift+Enter adds a line · Escape stops a reply') }),
    el('p', { className: 'empty-demo' }, [demo]),
  ]);
}
