// The one rule for a session's state: what runs now and what waits for the user come from the live task
// and its open approvals; otherwise the way its last reply or task ended. A question waiting for the
// user outranks running, since that is what the user must act on.
import type { SessionOutcome } from './sessionFacts';

export const SESSION_STATES = ['running', 'waiting', 'done', 'failed', 'stopped'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

export interface SessionActivity {
  /** A task or a reply runs in it now. */
  running: boolean;
  /** Approval questions of its task that nobody answered yet. */
  openApprovals: number;
}

export function sessionState(outcome: SessionOutcome, activity: SessionActivity): SessionState {
  if (activity.openApprovals > 0) return 'waiting';
  if (activity.running) return 'running';
  return outcome;
}

/** What the user may do with a session in this state. */
export function canStop(state: SessionState): boolean {
  return state === 'running' || state === 'waiting';
}

export function canResume(state: SessionState): boolean {
  return state === 'stopped';
}
