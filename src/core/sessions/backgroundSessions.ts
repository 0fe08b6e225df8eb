// The background tasks of this workspace as sessions: one per task worktree whose task started, running or
// not, until it is discarded. What a task did is read from its conversation (the index's figures, as for
// the foreground), what runs and waits from the background tasks' agents and the shared approvals, and
// where it works from its worktree's record, which outlives a reload.
import type { ConversationStore } from '../conversations/conversationStore';
import * as l10n from '../l10n';
import type { WorktreeRecord } from '../worktrees/worktreeRecords';
import type { AgentActivitySource } from './foregroundSessions';
import { UnknownSessionError } from './foregroundSessions';
import { sessionUsd, type SessionFacts } from './sessionFacts';
import type { SessionRecord, SessionSource } from './sessionSource';
import { sessionState } from './sessionState';

type Prices = Parameters<typeof sessionUsd>[1];

export interface BackgroundSessionsDeps {
  store: ConversationStore;
  /** Every task worktree's record (worktreeRecords.ts). */
  records(): Promise<readonly WorktreeRecord[]>;
  /** The background tasks' agents: which conversations run, and the open questions per conversation. */
  agent: Pick<AgentActivitySource, 'activity' | 'onDidChangeActivity'>;
  /** Stops task `taskId`; false when it does not run. */
  stop(taskId: string): boolean;
  /** Runs stopped task `taskId` again in its worktree, going on from its conversation. */
  resume(taskId: string): Promise<void>;
  /** Shows the conversation in the chat view, with its open questions. */
  show(conversationId: string): Promise<void>;
  /** Brings task `taskId`'s changes into the folder, asking as every other Apply does. */
  apply(taskId: string): Promise<void>;
  /** Deletes task `taskId`'s worktree and branch, asking as every other Discard does. */
  discard(taskId: string): Promise<void>;
  prices(): Prices;
}

const PREFIX = 'background:';
const EMPTY: SessionFacts = { models: [], promptTokens: 0, completionTokens: 0, cachedTokens: 0, filesChanged: 0, outcome: 'done' };

/** A background session's id, apart from every conversation id the foreground uses. */
export function backgroundSessionId(taskId: string): string {
  return `${PREFIX}${taskId}`;
}

/** Apply asked of a task that still runs (a list drawn before it went on): what it changed is not final yet. */
export class TaskStillRunsError extends Error {
  override readonly name = 'TaskStillRunsError';
  constructor(
    readonly sessionId: string,
    task: string,
  ) {
    super(l10n.t('Background task "{0}" still runs: stop it or let it end before applying its changes.', task.trim().split('\n', 1)[0] ?? ''));
  }
}

export class BackgroundSessions implements SessionSource {
  private known: readonly WorktreeRecord[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: BackgroundSessionsDeps) {}

  /** Reads the records again (after a task started, ended, was applied or discarded) and tells the list. */
  async refresh(): Promise<void> {
    this.known = (await this.deps.records()).filter((record) => record.conversationId !== undefined);
    this.listeners.forEach((listener) => listener());
  }

  sessions(): SessionRecord[] {
    const { store, agent } = this.deps;
    const activity = agent.activity();
    const running = new Set(activity.running);
    const prices = this.deps.prices();
    return this.known.flatMap((record) => {
      const conversationId = record.conversationId;
      if (conversationId === undefined) return [];
      const summary = store.summary(conversationId);
      const facts = store.sessionFacts(conversationId) ?? EMPTY;
      const state = sessionState(facts.outcome, { running: running.has(conversationId), openApprovals: activity.waiting.get(conversationId) ?? 0 });
      const usd = sessionUsd(facts, prices);
      return [
        {
          id: backgroundSessionId(record.id),
          conversationId,
          title: summary?.title ?? record.task,
          kind: 'background' as const,
          state,
          ...(facts.model !== undefined ? { model: facts.model } : {}),
          tokens: facts.promptTokens + facts.completionTokens,
          ...(usd !== undefined ? { usd } : {}),
          filesChanged: facts.filesChanged,
          updatedAt: summary?.updatedAt ?? record.createdAt,
          worktree: { path: record.path, branch: record.branch, applied: record.appliedAt !== undefined },
        },
      ];
    });
  }

  owns(sessionId: string): boolean {
    return this.record(sessionId) !== undefined;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    const subscriptions = [this.deps.store.onDidChange(listener), this.deps.agent.onDidChangeActivity(listener)];
    return {
      dispose: () => {
        this.listeners.delete(listener);
        subscriptions.forEach((s) => s.dispose());
      },
    };
  }

  async open(sessionId: string): Promise<void> {
    await this.deps.show(this.conversationOf(sessionId));
  }

  stop(sessionId: string): boolean {
    return this.deps.stop(this.require(sessionId).id);
  }

  async resume(sessionId: string): Promise<void> {
    const record = this.require(sessionId);
    await this.deps.show(this.conversationOf(sessionId));
    await this.deps.resume(record.id);
  }

  async apply(sessionId: string): Promise<void> {
    const record = this.require(sessionId);
    if (this.deps.agent.activity().running.includes(this.conversationOf(sessionId))) throw new TaskStillRunsError(sessionId, record.task);
    await this.deps.apply(record.id);
  }

  async discard(sessionId: string): Promise<void> {
    await this.deps.discard(this.require(sessionId).id);
  }

  private record(sessionId: string): WorktreeRecord | undefined {
    if (!sessionId.startsWith(PREFIX)) return undefined;
    const taskId = sessionId.slice(PREFIX.length);
    return this.known.find((record) => record.id === taskId);
  }

  private require(sessionId: string): WorktreeRecord {
    const record = this.record(sessionId);
    if (!record) throw new UnknownSessionError(sessionId);
    return record;
  }

  private conversationOf(sessionId: string): string {
    const conversationId = this.require(sessionId).conversationId;
    if (conversationId === undefined) throw new UnknownSessionError(sessionId);
    return conversationId;
  }
}
