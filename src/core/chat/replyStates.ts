// What the chat session knows of each conversation's replies, in one record per conversation: the reply
// streaming now, the automatic retry waiting for its countdown, how many automatic retries the reply had,
// and which failed reply the last one replaced.
import type { Clock } from '../clock';
import type { ErrorInfo } from '../conversations/conversationParts';
import type { AssistantEntry } from '../conversations/conversation';
import { automaticRetryDelaySeconds } from './errorAction';

export interface ActiveReply {
  controller: AbortController;
  done: Promise<void>;
}

export interface PendingRetry {
  timer: unknown;
  messageId: string;
}

export interface ReplyState {
  active?: ActiveReply;
  pendingRetry?: PendingRetry;
  /** Automatic retries of the current reply so far; a user action starts the count again. */
  automaticRetries: number;
  /** The failed reply the last automatic retry replaced: a late Retry click on it is a no-op. */
  replacedByAutomaticRetry?: string;
}

/** Who asked for a reply: the user (which restarts the automatic retries' count) or an automatic retry. */
export type ReplyOrigin = 'user' | 'automaticRetry';

export interface ReplyFailure {
  entry: AssistantEntry;
  error: ErrorInfo;
}

export class ReplyStates {
  private readonly states = new Map<string, ReplyState>();

  constructor(
    private readonly clock: Clock,
    /** Automatic retries of one reply after rate-limit or overload countdowns. */
    private readonly maxAutomaticRetries: number,
  ) {}

  of(conversationId: string): ReplyState {
    let state = this.states.get(conversationId);
    if (!state) {
      state = { automaticRetries: 0 };
      this.states.set(conversationId, state);
    }
    return state;
  }

  active(conversationId: string): ActiveReply | undefined {
    return this.states.get(conversationId)?.active;
  }

  /** A reply streams or an automatic retry waits in the conversation. */
  isBusy(conversationId: string): boolean {
    const state = this.states.get(conversationId);
    return state?.active !== undefined || state?.pendingRetry !== undefined;
  }

  /** The conversations where a reply streams or an automatic retry waits. */
  busy(): string[] {
    return [...this.states.keys()].filter((id) => this.isBusy(id));
  }

  activeReplies(): ActiveReply[] {
    return [...this.states.values()].flatMap((s) => (s.active ? [s.active] : []));
  }

  withPendingRetry(): string[] {
    return [...this.states].flatMap(([id, s]) => (s.pendingRetry ? [id] : []));
  }

  /** Whether a failure with `error` gets an automatic retry (a countdown, then the reply again). */
  willRetryAutomatically(conversationId: string, error: ErrorInfo, status: AssistantEntry['status']): boolean {
    const done = this.states.get(conversationId)?.automaticRetries ?? 0;
    return status === 'failed' && automaticRetryDelaySeconds(error) !== undefined && done < this.maxAutomaticRetries;
  }

  /**
   * Rate limits and overload are fixed by waiting: the countdown runs (shown from `error.retryAfterSeconds`)
   * and `retry` generates the reply again, a bounded number of times.
   */
  scheduleAutomaticRetry(conversationId: string, failure: ReplyFailure, retry: () => void): void {
    const state = this.of(conversationId);
    const seconds = automaticRetryDelaySeconds(failure.error);
    if (seconds === undefined || failure.error.automaticRetry !== true) {
      state.automaticRetries = 0;
      return;
    }
    state.automaticRetries += 1;
    const timer = this.clock.setTimeout(() => {
      delete state.pendingRetry;
      state.replacedByAutomaticRetry = failure.entry.id;
      retry();
    }, seconds * 1000);
    state.pendingRetry = { timer, messageId: failure.entry.id };
  }

  /** Stops the waiting automatic retry's countdown; returns the failed reply it was for. */
  cancelPendingRetry(conversationId: string): string | undefined {
    const state = this.states.get(conversationId);
    const pending = state?.pendingRetry;
    if (!state || !pending) return undefined;
    this.clock.clearTimeout(pending.timer);
    delete state.pendingRetry;
    return pending.messageId;
  }
}
