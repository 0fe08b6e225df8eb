// /compact: the older part of a conversation is summarised by the model into one message that is sent
// in its place; the entries themselves stay saved (and exported). The cut falls before a user message,
// so a tool call is never split from its result and every reply a thinking model must get back whole
// (reasoning included) is either kept whole or summarised with its turn. The last turns stay as they are.
import { isThinkingOn, modelInfo, type ChatCompletion, type ChatRequest } from '../../api/index';
import { selectedAlternative, type Compaction, type Conversation } from '../conversations/conversation';
import type { Clock } from '../clock';
import { countTokensLocally } from '../tokens/tokenEstimator';
import { buildHistory, summaryMessage } from './historyBuilder';
import * as l10n from '../l10n';

/** The newest user turns kept as they are. */
export const KEPT_TURNS = 2;

/** Said to the user (in their language) when they ask to compact a short conversation. */
export class NothingToCompactError extends Error {
  constructor() {
    super(l10n.t('Nothing to compact yet: the conversation has to be longer than its last {0} turns.', KEPT_TURNS));
    this.name = 'NothingToCompactError';
  }
}

/** The model's summary was empty: said to the user, who asked for it or is told the message went out uncompacted. */
export class EmptySummaryError extends Error {
  constructor() {
    super(l10n.t('The model answered the summary request with no text; the conversation was left as it was.'));
    this.name = 'EmptySummaryError';
  }
}

export interface CompactionClient {
  chat(request: ChatRequest, options?: { signal?: AbortSignal }): Promise<ChatCompletion>;
}

const INSTRUCTIONS =
  'You compact a conversation between a user and an AI coding assistant so it can go on with less context. Write a summary that keeps everything the ' +
  'assistant needs to continue: the task and the user\'s goals and constraints, decisions taken and why, files read or changed (with paths), commands run ' +
  'and their outcome, errors met, and open questions. Plain prose and short lists; no greeting.';

/** The index of the last entry the summary covers: the entry before the user message that starts the kept turns. */
export function compactionCut(conversation: Conversation): number | undefined {
  const userIndexes = conversation.entries.flatMap((e, i) => (e.role === 'user' ? [i] : []));
  if (userIndexes.length <= KEPT_TURNS) return undefined;
  const firstKept = userIndexes[userIndexes.length - KEPT_TURNS] as number;
  return firstKept - 1;
}

/** The covered part as a transcript for the summariser, the previous summary first. */
export function transcriptOf(conversation: Conversation, upTo: number): string {
  const previous = conversation.compaction ? conversation.entries.findIndex((e) => e.id === conversation.compaction?.upTo) : -1;
  const lines: string[] = previous >= 0 && conversation.compaction ? [`Summary of what came before:\n${conversation.compaction.summary}`] : [];
  for (const entry of conversation.entries.slice(previous + 1, upTo + 1)) {
    if (entry.role === 'user') lines.push(`User: ${entry.content}`);
    else if (entry.role === 'tool') lines.push(`Tool result (${entry.name ?? 'tool'}): ${entry.content.length > 2000 ? `${entry.content.slice(0, 2000)}…` : entry.content}`);
    else {
      const alt = selectedAlternative(entry);
      const calls = (alt.toolCalls ?? []).map((c) => `${c.function.name}(${c.function.arguments})`).join(', ');
      lines.push(`Assistant: ${alt.content}${calls ? `\n[called ${calls}]` : ''}`);
    }
  }
  return lines.join('\n\n');
}

/** Summarises the conversation's older part with `model`; the conversation gets the new compaction (the caller saves it). */
export async function compactConversation(
  conversation: Conversation,
  client: CompactionClient,
  model: string,
  clock: Pick<Clock, 'now'>,
  userInstructions = '',
  signal?: AbortSignal,
): Promise<Compaction> {
  const cut = compactionCut(conversation);
  if (cut === undefined) throw new NothingToCompactError();
  const upTo = conversation.entries[cut];
  if (!upTo) throw new NothingToCompactError();
  const steer = userInstructions.trim() !== '' ? `\n\nThe user asks the summary to: ${userInstructions.trim()}` : '';
  const request: ChatRequest = {
    model,
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: `${transcriptOf(conversation, cut)}${steer}\n\nWrite the summary now.` },
    ],
    max_completion_tokens: 2048,
  };
  // A summary needs no thinking: switch it off where the model allows, for speed and tokens.
  const info = modelInfo(model);
  if (info?.thinking === 'optional') request.thinking = { type: 'disabled' };
  if (info && isThinkingOn(info, request.thinking)) request.max_completion_tokens = 16_000;
  const completion = await client.chat(request, signal ? { signal } : {});
  const content = completion.choices[0]?.message.content;
  const summary = typeof content === 'string' ? content.trim() : '';
  if (summary === '') throw new EmptySummaryError();
  const tokensBefore = await countTokensLocally(buildHistory(conversation, cut + 1));
  const tokensAfter = await countTokensLocally([summaryMessage(summary)]);
  const compaction: Compaction = { summary, upTo: upTo.id, createdAt: clock.now(), tokensBefore, tokensAfter };
  conversation.compaction = compaction;
  return compaction;
}

/** Share of the model's context past which a conversation is compacted before the next request (svc.compaction.threshold). */
export const DEFAULT_COMPACTION_THRESHOLD = 0.8;

export interface CompactionNeed {
  /** Tokens of the history the next request would send (counted locally). */
  historyTokens: number;
  /** Tokens of the part a compaction would replace. */
  coveredTokens: number;
  /** The new message and the reply's reserve. */
  nextTokens: number;
  contextLength: number | undefined;
  threshold: number;
}

/**
 * Compacting is worth it when the next request would pass the threshold of the context and the part it
 * replaces is a real share of the history: a summary changes the cached prefix, so a small gain is not
 * worth the cache it costs.
 */
export function shouldCompact(need: CompactionNeed): boolean {
  if (need.contextLength === undefined || need.threshold <= 0 || need.threshold >= 1) return false;
  const over = need.historyTokens + need.nextTokens > need.contextLength * need.threshold;
  return over && need.coveredTokens >= need.historyTokens * 0.25;
}
