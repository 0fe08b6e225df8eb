// What the list of sessions shows of a conversation without opening it: its last model, what it cost
// in tokens, how many files its agent tasks changed and how its last reply or task ended. They are kept
// in the conversation index beside the title, so the list needs no journal read at start-up.
import * as z from 'zod';
import type { AssistantEntry, Conversation } from '../conversations/conversation';

/** How the conversation's last reply or task ended; `done` for one with no reply yet. */
export const SessionOutcomeSchema = z.enum(['done', 'failed', 'stopped']);
export type SessionOutcome = z.infer<typeof SessionOutcomeSchema>;

export const SessionFactsSchema = z.object({
  /** The model of the last reply; absent before the first. */
  model: z.string().optional(),
  /** Every model that answered in it, so a cost in money is given only when each one is priced. */
  models: z.array(z.string()),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  cachedTokens: z.number().int().nonnegative(),
  /** Distinct paths the agent's tasks changed and did not undo. */
  filesChanged: z.number().int().nonnegative(),
  outcome: SessionOutcomeSchema,
});
export type SessionFacts = z.infer<typeof SessionFactsSchema>;

/** A stopped task (by the user, or at its step or token limit) and a reply cut by a closed window can go on; a failed one was refused or broke. */
export function outcomeOf(entry: AssistantEntry | undefined): SessionOutcome {
  if (!entry) return 'done';
  const summary = entry.agentSummary;
  if (summary) {
    if (summary.stopReason === 'error') return 'failed';
    if (summary.stopReason === 'cancelled' || summary.stopReason === 'step_limit' || summary.stopReason === 'token_limit') return 'stopped';
    return 'done';
  }
  switch (entry.status) {
    case 'failed':
      return 'failed';
    case 'stopped':
    case 'interrupted':
    case 'streaming':
      return 'stopped';
    case 'complete':
      return 'done';
  }
}

export function sessionFactsOf(conversation: Conversation): SessionFacts {
  const replies = conversation.entries.filter((e): e is AssistantEntry => e.role === 'assistant');
  const models = [...new Set(replies.map((r) => r.model))];
  const files = new Set<string>();
  for (const reply of replies) if (reply.agentSummary && !reply.agentSummary.undone) for (const path of reply.agentSummary.filesChanged) files.add(path);
  const last = replies.at(-1);
  const totals = conversation.usageTotals;
  return {
    ...(last ? { model: last.model } : {}),
    models,
    promptTokens: totals.promptTokens,
    completionTokens: totals.completionTokens,
    cachedTokens: totals.cachedTokens,
    filesChanged: files.size,
    outcome: outcomeOf(last),
  };
}

/**
 * The session's cost in US dollars at the user's prices (USD per million tokens, as in replyCost.ts).
 * The totals are not split by model, so a session that used several models has no figure in money.
 */
export function sessionUsd(facts: SessionFacts, prices: Readonly<Record<string, { input: number; output: number; cachedInput?: number | undefined }>>): number | undefined {
  const [model, ...others] = facts.models;
  const price = model === undefined || others.length > 0 ? undefined : prices[model];
  if (!price) return undefined;
  const uncached = Math.max(0, facts.promptTokens - facts.cachedTokens);
  return (uncached * price.input + facts.cachedTokens * (price.cachedInput ?? price.input) + facts.completionTokens * price.output) / 1_000_000;
}

/**
 * How a stopped session goes on: a task (its last entry is a step, a tool result or a task's summary)
 * continues as a new task; a chat reply is asked again. Undefined when there is no reply to go on from.
 */
export function howToResume(conversation: Conversation): { kind: 'task' } | { kind: 'reply'; messageId: string } | undefined {
  const last = conversation.entries.at(-1);
  if (!last || last.role === 'user') return undefined;
  if (last.role === 'tool' || last.agentSummary || last.alternatives.some((a) => (a.toolCalls?.length ?? 0) > 0)) return { kind: 'task' };
  const previous = conversation.entries.at(-2);
  // A step of a task that was cut before it called a tool follows a tool result.
  if (previous?.role === 'tool') return { kind: 'task' };
  return { kind: 'reply', messageId: last.id };
}
