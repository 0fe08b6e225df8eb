// What a conversation's row in the list says of its session: the state as an icon and a word (never by
// colour alone), the model, the cost, the files changed and how long ago it was last active, on a line
// that wraps in a narrow side bar; and Stop for a running session, Resume for a stopped one, and for a
// background task that ended, Apply (while it has changes not yet applied) and Discard.
import type { SessionStateView, SessionView } from '../../shared/protocol';
import { el, icon, iconButton } from '../dom';
import * as l10n from '../../shared/l10n';
import { dollars } from './replyCosts';
import { compactCount } from './usageLine';
import type { Codicon } from '../codicons';

const STATE_ICONS: Record<SessionStateView, Codicon> = {
  running: 'sync',
  waiting: 'bell-dot',
  done: 'check',
  failed: 'error',
  stopped: 'debug-pause',
};

export function stateLabel(state: SessionStateView): string {
  switch (state) {
    case 'running':
      return l10n.t('Running');
    case 'waiting':
      return l10n.t('Waiting for your approval');
    case 'done':
      return l10n.t('Done');
    case 'failed':
      return l10n.t('Failed');
    case 'stopped':
      return l10n.t('Stopped');
  }
}

const MINUTE_MS = 60_000;

/** "now", "5 min", "3 h", "2 d": how long ago, short enough for 170 px. */
export function ageLabel(sinceMs: number): string {
  const minutes = Math.floor(Math.max(0, sinceMs) / MINUTE_MS);
  if (minutes < 1) return l10n.t('now');
  if (minutes < 60) return l10n.t('{0} min', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return l10n.t('{0} h', hours);
  return l10n.t('{0} d', Math.floor(hours / 24));
}

function costLabel(session: SessionView): string {
  return session.usd !== null ? dollars(session.usd) : l10n.t('{0} tokens', compactCount(session.tokens));
}

/** The session's line under its title. */
export function sessionMeta(session: SessionView, now: number): HTMLElement {
  const parts: (string | undefined)[] = [
    session.model ?? undefined,
    session.tokens > 0 ? costLabel(session) : undefined,
    session.filesChanged > 0 ? (session.filesChanged === 1 ? l10n.t('1 file') : l10n.t('{0} files', session.filesChanged)) : undefined,
    ageLabel(now - session.updatedAt),
  ];
  const state = el('span', { className: `session-state session-${session.state}`, attrs: { 'data-testid': 'session-state', 'data-state': session.state } }, [icon(STATE_ICONS[session.state]), el('span', { text: stateLabel(session.state) })]);
  const meta = el('span', { className: 'session-meta', attrs: { 'data-testid': 'session-meta' } }, [state]);
  if (session.kind === 'background') meta.append(el('span', { className: 'session-kind', attrs: { title: session.worktree?.path ?? '' } }, [icon('git-branch'), el('span', { text: session.worktree?.branch ?? l10n.t('Background') })]));
  for (const part of parts) if (part !== undefined) meta.append(el('span', { className: 'session-fact', text: part }));
  return meta;
}

/** Words for a screen reader and the tooltip: the whole row in one sentence. */
export function sessionSummary(session: SessionView, now: number): string {
  return [stateLabel(session.state), session.model, session.tokens > 0 ? costLabel(session) : undefined, session.filesChanged > 0 ? l10n.t('{0} files changed', session.filesChanged) : undefined, ageLabel(now - session.updatedAt)]
    .filter((part) => part !== undefined && part !== null)
    .join(' · ');
}

export interface SessionRowActions {
  stop(sessionId: string): void;
  resume(sessionId: string): void;
  /** A background task's changes into the folder; the host asks first, as everywhere else. */
  apply(sessionId: string): void;
  /** A background task's worktree and branch deleted; the host asks first. */
  discard(sessionId: string): void;
}

function button(name: Codicon, label: string, action: string, run: () => void): HTMLButtonElement {
  const made = iconButton(name, label, action);
  made.addEventListener('click', run);
  return made;
}

/** A background task that ended, with its worktree still there: what to do with its work. */
function bringBackButtons(session: SessionView, title: string, actions: SessionRowActions): HTMLButtonElement[] {
  if (session.kind !== 'background' || !session.worktree || session.filesChanged === 0) return [];
  const discard = button('trash', l10n.t('Discard "{0}": delete its worktree and branch', title), 'discard-session', () => actions.discard(session.id));
  if (session.worktree.applied) return [discard];
  return [button('git-merge', l10n.t('Apply "{0}" to the folder', title), 'apply-session', () => actions.apply(session.id)), discard];
}

/**
 * Stop while it runs or waits, Resume once stopped; a background task that ended with changes adds Apply
 * (until applied) and Discard. Always shown: they are what the row is for.
 */
export function sessionButtons(session: SessionView, title: string, actions: SessionRowActions): HTMLButtonElement[] {
  if (session.state === 'running' || session.state === 'waiting') return [button('debug-stop', l10n.t('Stop "{0}"', title), 'stop-session', () => actions.stop(session.id))];
  const resume = session.state === 'stopped' ? [button('debug-continue', l10n.t('Resume "{0}"', title), 'resume-session', () => actions.resume(session.id))] : [];
  return [...resume, ...bringBackButtons(session, title, actions)];
}
