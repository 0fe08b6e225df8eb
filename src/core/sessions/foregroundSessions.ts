// The sessions of this window: every conversation of the workspace, with the agent task or reply that
// runs in it now and the questions it waits on. Its figures come from the conversation index, so the
// list costs no journal read; only Resume opens a conversation.
import type { ConversationStore } from '../conversations/conversationStore';
import * as l10n from '../l10n';
import { howToResume, sessionUsd, type SessionFacts } from './sessionFacts';
import type { SessionRecord, SessionSource } from './sessionSource';
import { sessionState } from './sessionState';

type Prices = Parameters<typeof sessionUsd>[1];

/** What the list needs of the agent: the conversations with a task running, and the questions each waits on. */
export interface AgentActivity {
  running: readonly string[];
  /** Open approval questions per conversation. */
  waiting: ReadonlyMap<string, number>;
}

export interface AgentActivitySource {
  activity(): AgentActivity;
  /** Fires when a question was asked or settled and when a task ended. */
  onDidChangeActivity(listener: () => void): { dispose(): void };
  /** Continues the conversation's stopped task as a new task in it. */
  resume(conversationId: string): Promise<unknown>;
}

export interface ForegroundSessionsDeps {
  store: ConversationStore;
  agent: AgentActivitySource;
  /** Whether a chat reply streams in the conversation now. */
  replying(conversationId: string): boolean;
  /** Stops whatever runs in the conversation, a task or a reply (as the view's Stop does). */
  stop(conversationId: string): boolean;
  /** Asks reply `messageId` again (as the view's Regenerate does). */
  regenerate(conversationId: string, messageId: string): Promise<unknown>;
  /** Makes the conversation the one the view shows. */
  show(conversationId: string): Promise<void>;
  /** The user's price table (svc.priceTable); empty when unset or wrong. */
  prices(): Prices;
}

export class UnknownSessionError extends Error {
  constructor(sessionId: string) {
    super(l10n.t('No session "{0}" in this window: it ended or was deleted.', sessionId));
    this.name = 'UnknownSessionError';
  }
}

const EMPTY: SessionFacts = { models: [], promptTokens: 0, completionTokens: 0, cachedTokens: 0, filesChanged: 0, outcome: 'done' };

export class ForegroundSessions implements SessionSource {
  constructor(private readonly deps: ForegroundSessionsDeps) {}

  sessions(): SessionRecord[] {
    const { store, agent } = this.deps;
    const activity = agent.activity();
    const running = new Set(activity.running);
    const prices = this.deps.prices();
    return store.list().map((summary) => {
      const facts = store.sessionFacts(summary.id) ?? EMPTY;
      const state = sessionState(facts.outcome, { running: running.has(summary.id) || this.deps.replying(summary.id), openApprovals: activity.waiting.get(summary.id) ?? 0 });
      const usd = sessionUsd(facts, prices);
      return {
        id: summary.id,
        conversationId: summary.id,
        title: summary.title,
        kind: 'foreground',
        state,
        ...(facts.model !== undefined ? { model: facts.model } : {}),
        tokens: facts.promptTokens + facts.completionTokens,
        ...(usd !== undefined ? { usd } : {}),
        filesChanged: facts.filesChanged,
        updatedAt: summary.updatedAt,
      };
    });
  }

  onDidChange(listener: () => void): { dispose(): void } {
    const subscriptions = [this.deps.store.onDidChange(listener), this.deps.agent.onDidChangeActivity(listener)];
    return { dispose: () => subscriptions.forEach((s) => s.dispose()) };
  }

  async open(sessionId: string): Promise<void> {
    this.require(sessionId);
    await this.deps.show(sessionId);
  }

  stop(sessionId: string): boolean {
    this.require(sessionId);
    return this.deps.stop(sessionId);
  }

  async resume(sessionId: string): Promise<void> {
    this.require(sessionId);
    const conversation = await this.deps.store.load(sessionId);
    const how = conversation && howToResume(conversation);
    if (!how) return;
    await this.deps.show(sessionId);
    if (how.kind === 'task') await this.deps.agent.resume(sessionId);
    else await this.deps.regenerate(sessionId, how.messageId);
  }

  owns(sessionId: string): boolean {
    return this.deps.store.summary(sessionId) !== undefined;
  }

  private require(sessionId: string): void {
    if (!this.owns(sessionId)) throw new UnknownSessionError(sessionId);
  }
}
