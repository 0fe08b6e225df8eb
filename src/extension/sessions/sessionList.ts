// The list of sessions the chat view shows: the sessions of every source (this window's conversations
// and tasks, and background tasks once their feature adds its source), newest activity first. It sends
// the view the whole list when one changes, at most once per turn of the event loop however many
// changes came together and only when what it shows changed, keeps the view's badge on the number waiting for an approval, and routes the
// view's open, stop, resume, apply and discard to the source that owns the session.
import * as vscode from 'vscode';
import type { SessionRecord, SessionSource } from '../../core/sessions/sessionSource';
import type { HostMessage, SessionView } from '../../shared/protocol';
import type { WebviewHandlerGroup } from '../chat/webviewMessageRouter';
import { UnknownSessionError } from '../../core/sessions/foregroundSessions';

/** Apply or Discard asked of a session that has no worktree of its own (a conversation of this window). */
export class NotBackgroundSessionError extends Error {
  override readonly name = 'NotBackgroundSessionError';
  constructor(readonly sessionId: string) {
    super(vscode.l10n.t('Session "{0}" is not a background task: only a background task\'s changes can be applied or discarded.', sessionId));
  }
}

/** The view's badge: how many sessions wait, and what the number means. */
export type SessionBadge = { value: number; tooltip: string } | undefined;

export interface SessionListDeps {
  post(message: HostMessage): void;
  setBadge(badge: SessionBadge): void;
}

export function sessionView(record: SessionRecord): SessionView {
  return {
    id: record.id,
    conversationId: record.conversationId,
    title: record.title,
    kind: record.kind,
    state: record.state,
    model: record.model ?? null,
    tokens: record.tokens,
    usd: record.usd ?? null,
    filesChanged: record.filesChanged,
    updatedAt: record.updatedAt,
    ...(record.worktree ? { worktree: record.worktree } : {}),
  };
}

export class SessionList implements vscode.Disposable {
  private readonly sources = new Map<SessionSource, vscode.Disposable>();
  private scheduled = false;
  private lastWaiting = -1;
  /** The list last sent, so a save that changed nothing the list shows (a reply streaming) sends nothing. */
  private lastSent = '';

  constructor(private readonly deps: SessionListDeps) {}

  /** Adds a kind of session; disposing the result takes it out again. */
  add(source: SessionSource): vscode.Disposable {
    this.sources.set(source, source.onDidChange(() => this.changed()));
    this.changed();
    return new vscode.Disposable(() => {
      this.sources.get(source)?.dispose();
      this.sources.delete(source);
      this.changed();
    });
  }

  /** A background task's conversation is also one of the window's: it is listed once, as the task. */
  sessions(): SessionRecord[] {
    const all = [...this.sources.keys()].flatMap((source) => source.sessions());
    const background = new Set(all.filter((s) => s.kind === 'background').map((s) => s.conversationId));
    return all.filter((s) => s.kind === 'background' || !background.has(s.conversationId)).sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** The view (re)loaded: it gets the list at once. */
  viewReady(): void {
    this.lastSent = '';
    this.publish();
  }

  handlers(): WebviewHandlerGroup<'openSession' | 'stopSession' | 'resumeSession' | 'applySession' | 'discardSession'> {
    return {
      openSession: (message) => this.owner(message.sessionId).open(message.sessionId),
      stopSession: (message) => void this.owner(message.sessionId).stop(message.sessionId),
      resumeSession: (message) => this.owner(message.sessionId).resume(message.sessionId),
      applySession: ({ sessionId }) => {
        const source = this.owner(sessionId);
        if (!source.apply) throw new NotBackgroundSessionError(sessionId);
        return source.apply(sessionId);
      },
      discardSession: ({ sessionId }) => {
        const source = this.owner(sessionId);
        if (!source.discard) throw new NotBackgroundSessionError(sessionId);
        return source.discard(sessionId);
      },
    };
  }

  dispose(): void {
    for (const subscription of this.sources.values()) subscription.dispose();
    this.sources.clear();
  }

  private owner(sessionId: string): SessionSource {
    const source = [...this.sources.keys()].find((s) => s.owns(sessionId));
    if (!source) throw new UnknownSessionError(sessionId);
    return source;
  }

  private changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.publish();
    });
  }

  private publish(): void {
    const sessions = this.sessions();
    const views = sessions.map(sessionView);
    const sent = JSON.stringify(views);
    if (sent !== this.lastSent) this.deps.post({ type: 'sessions', sessions: views });
    this.lastSent = sent;
    const waiting = sessions.filter((s) => s.state === 'waiting').length;
    if (waiting === this.lastWaiting) return;
    this.lastWaiting = waiting;
    this.deps.setBadge(waiting === 0 ? undefined : { value: waiting, tooltip: waiting === 1 ? vscode.l10n.t('1 session waits for your approval') : vscode.l10n.t('{0} sessions wait for your approval', waiting) });
  }
}
