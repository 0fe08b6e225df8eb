// A kind of session the list of sessions shows: the conversations and tasks of this window (foreground)
// and, from their own feature, tasks that run elsewhere (background, each in its own worktree). A
// source says what it has and acts on its own sessions; the list joins the sources and never knows how
// a session runs.
import type { SessionState } from './sessionState';

export type SessionKind = 'foreground' | 'background';

export interface SessionRecord {
  /** Unique over every source (a foreground session's id is its conversation's). */
  id: string;
  /** The conversation that holds what it did, opened to read it and answer its approvals. */
  conversationId: string;
  title: string;
  kind: SessionKind;
  state: SessionState;
  model?: string;
  /** Prompt and completion tokens it used. */
  tokens: number;
  /** In US dollars, when the user's price table prices every model it used. */
  usd?: number;
  filesChanged: number;
  /** Its last activity; the list's age and order. */
  updatedAt: number;
  /** Where a background task works; applied once its changes were brought into the folder. */
  worktree?: { path: string; branch: string; applied: boolean };
}

export interface SessionSource {
  sessions(): SessionRecord[];
  /** True when `sessionId` is one of this source's sessions. */
  owns(sessionId: string): boolean;
  /** Fires when a session was added, removed or changed state or figures. */
  onDidChange(listener: () => void): { dispose(): void };
  /** Shows the session's conversation in the chat view. */
  open(sessionId: string): Promise<void>;
  /** Stops a running session; false when it does not run. */
  stop(sessionId: string): boolean;
  /** Continues a stopped session the way the chat would (the task goes on, a reply is asked again). */
  resume(sessionId: string): Promise<void>;
  /** Brings the session's changes into the folder; only a source whose sessions work apart from it (background tasks) has it. */
  apply?(sessionId: string): Promise<void>;
  /** Deletes where the session worked apart (its worktree and branch); with `apply`. */
  discard?(sessionId: string): Promise<void>;
}
