// The token count shown under the composer: the conversation so far, the draft being typed and the
// reply's reserved tokens, against the model's context length. Typing in a burst makes one estimate
// call; a new client (key or address change) gets a new estimator, so no answer mixes the two.
import { LIMITS, modelInfo, type ChatMessage, type SystemMessage } from '../../api/index';
import type { Clock } from '../clock';
import type { Conversation } from '../conversations/conversation';
import type { MentionKind, MentionOutcome } from '../context/mentions';
import { buildHistory } from '../chat/historyBuilder';
import { compactionCut, shouldCompact } from '../chat/compaction';
import * as l10n from '../l10n';
import { computeTokenBudget } from './tokenBudget';
import { countTokensLocally, DebouncedEstimator, type EstimateClient } from './tokenEstimator';

/** Drafts typed in a burst make one estimate call. */
export const ESTIMATE_DEBOUNCE_MS = 150;

export interface DraftEstimateRequest {
  requestId: string;
  model: string;
  /** The conversation the draft continues; undefined for a new chat. */
  conversation: Conversation | undefined;
  draft: string;
  /** The system prompt a new chat would start with. */
  systemPrompt: string;
  /** The reply's cap from the settings; undefined: the service's default. */
  maxCompletionTokens: number | undefined;
  /** The standing instructions (project rules) the request will start with. */
  instructions?: SystemMessage;
  /** How the draft's @-mentions resolve: their messages go before it. */
  mentions?: MentionOutcome[];
  /** The extracted text of the files attached so far: it goes before the draft, after the mentions. */
  attachments?: SystemMessage[];
  /** `svc.compaction.threshold`: the share of the context past which a message compacts first. */
  compactionThreshold?: number;
}

/** What compacting the conversation now would change: the meter shows the gain and what it costs the cache. */
export interface CompactionOutlook {
  /** Tokens of the older messages one summary would replace (counted locally). */
  coveredTokens: number;
  /** The last reply's cached prompt tokens: a summary changes the prefix, so the next request pays for them again. */
  cacheLost: number;
  /** The next message compacts first: it passes the threshold, and the part replaced is worth the cache. */
  automatic: boolean;
}

/** A mention of the draft with the tokens it adds, or why it adds none. */
export interface MentionEstimate {
  raw: string;
  kind: MentionKind;
  tokens?: number;
  problem?: string;
}

export interface DraftEstimate {
  requestId: string;
  tokens: number;
  contextLength: number | null;
  /** Why the figure is approximate, when it is. */
  unavailableReason?: string;
  /** What the figure is made of, largest parts first: instructions, conversation, the draft, the reply's reserve. */
  breakdown?: { label: string; tokens: number }[];
  /** Tokens of the last reply's prompt the service served from its cache. */
  cachedTokens?: number;
  mentions?: MentionEstimate[];
  /** Absent when the conversation is too short to compact. */
  compaction?: CompactionOutlook;
}


/** The messages the next request would send: the history, a new chat's system prompt, the draft. */
export function draftMessages(conversation: Conversation | undefined, draft: string, systemPrompt: string): ChatMessage[] {
  const messages = conversation ? buildHistory(conversation) : [];
  if (!conversation && systemPrompt.trim() !== '') messages.unshift({ role: 'system', content: systemPrompt });
  if (draft.trim() !== '') messages.push({ role: 'user', content: draft });
  return messages;
}

interface Part {
  label: string;
  tokens: number;
}

/** The input's parts counted locally: the system messages (rules, system prompt, files), the conversation, the draft (last). */
async function partsOf(messages: ChatMessage[], draft: string): Promise<Part[]> {
  const system = messages.filter((m) => m.role === 'system');
  const draftMessage = draft.trim() !== '' ? messages.at(-1) : undefined;
  const conversation = messages.filter((m) => m.role !== 'system' && m !== draftMessage);
  return [
    { label: l10n.t('Rules, system prompt, files and mentions'), tokens: await countTokensLocally(system) },
    { label: l10n.t('Conversation'), tokens: await countTokensLocally(conversation) },
    { label: l10n.t('Your message'), tokens: draftMessage ? await countTokensLocally([draftMessage]) : 0 },
  ];
}

/**
 * The local counts scaled so they add up to the service's figure for the input (the service counts its
 * own way), then the reply's reserve; parts of zero are left out.
 */
export function scaledBreakdown(parts: readonly Part[], inputTokens: number, reserve: number): Part[] {
  const local = parts.reduce((sum, p) => sum + p.tokens, 0);
  const scaled = parts.map((p) => ({ label: p.label, tokens: local === 0 ? 0 : Math.round((p.tokens * inputTokens) / local) }));
  const drift = inputTokens - scaled.reduce((sum, p) => sum + p.tokens, 0);
  const largest = scaled.reduce((best, p) => (p.tokens > (best?.tokens ?? -1) ? p : best), scaled[0]);
  if (largest) largest.tokens += drift;
  return [...scaled, { label: l10n.t('Reserved for the reply'), tokens: reserve }].filter((p) => p.tokens > 0);
}

/** Each mention's own tokens, counted locally (the service's figure is for the whole request). */
async function mentionEstimates(outcomes: readonly MentionOutcome[]): Promise<MentionEstimate[]> {
  return Promise.all(
    outcomes.map(async (o) => ({
      raw: o.raw,
      kind: o.kind,
      ...(o.message ? { tokens: await countTokensLocally([o.message]) } : {}),
      ...(o.problem !== undefined ? { problem: o.problem } : {}),
    })),
  );
}

/** The same figures compactBeforeSending decides on, so the meter says what the next message will do. */
async function compactionOutlook(request: DraftEstimateRequest, contextLength: number | undefined, nextTokens: number): Promise<CompactionOutlook | undefined> {
  const conversation = request.conversation;
  const cut = conversation ? compactionCut(conversation) : undefined;
  if (!conversation || cut === undefined) return undefined;
  const coveredTokens = await countTokensLocally(buildHistory(conversation, cut + 1));
  const historyTokens = await countTokensLocally(buildHistory(conversation));
  const automatic = shouldCompact({ historyTokens, coveredTokens, nextTokens, contextLength, threshold: request.compactionThreshold ?? 0 });
  return { coveredTokens, cacheLost: lastCachedTokens(conversation) ?? 0, automatic };
}

/** What the service served from its cache for the last reply's prompt. */
function lastCachedTokens(conversation: Conversation | undefined): number | undefined {
  const last = conversation?.entries.findLast((e) => e.role === 'assistant' && e.usage !== undefined);
  return last?.role === 'assistant' ? last.usage?.cachedTokens : undefined;
}

export class DraftTokenEstimates {
  private estimator: DebouncedEstimator | undefined;
  private estimatorClient: EstimateClient | undefined;
  private pending:
    | { requestId: string; contextLength: number | undefined; maxCompletionTokens: number; parts: Part[]; cachedTokens?: number; mentions?: MentionEstimate[]; compaction?: CompactionOutlook }
    | undefined;

  constructor(
    private readonly client: () => Promise<EstimateClient>,
    private readonly clock: Clock,
    private readonly onEstimate: (estimate: DraftEstimate) => void,
  ) {}

  async request(request: DraftEstimateRequest): Promise<void> {
    const contextLength = modelInfo(request.model)?.contextLength;
    const drafted = draftMessages(request.conversation, request.draft, request.systemPrompt);
    // Mentions, then attached files, go right before the message, as they will when it is sent.
    const mentionMessages = [...(request.mentions ?? []).flatMap((m) => (m.message ? [m.message] : [])), ...(request.attachments ?? [])];
    const withMentions = mentionMessages.length > 0 && request.draft.trim() !== '' ? [...drafted.slice(0, -1), ...mentionMessages, ...drafted.slice(-1)] : drafted;
    const messages = [...(request.instructions ? [request.instructions] : []), ...withMentions];
    const mentions = request.mentions && request.mentions.length > 0 ? { mentions: await mentionEstimates(request.mentions) } : {};
    if (messages.length === 0) {
      this.onEstimate({ requestId: request.requestId, tokens: 0, contextLength: contextLength ?? null, ...mentions });
      return;
    }
    const estimator = this.estimatorFor(await this.client());
    const maxCompletionTokens = request.maxCompletionTokens ?? LIMITS.defaultMaxCompletionTokens;
    const cached = lastCachedTokens(request.conversation);
    const parts = await partsOf(messages, request.draft);
    const draftTokens = parts.at(-1)?.tokens ?? 0;
    const compaction = await compactionOutlook(request, contextLength, draftTokens + maxCompletionTokens);
    this.pending = {
      requestId: request.requestId,
      contextLength,
      maxCompletionTokens,
      parts,
      ...(cached !== undefined ? { cachedTokens: cached } : {}),
      ...mentions,
      ...(compaction ? { compaction } : {}),
    };
    estimator.request({ model: request.model, messages });
  }

  cancel(): void {
    this.estimator?.cancel();
  }

  private estimatorFor(client: EstimateClient): DebouncedEstimator {
    if (this.estimator && this.estimatorClient === client) return this.estimator;
    this.estimator?.cancel();
    this.estimatorClient = client;
    this.estimator = new DebouncedEstimator(client, this.clock, ESTIMATE_DEBOUNCE_MS, (estimate) => {
      const pending = this.pending;
      if (!pending) return;
      const budget = computeTokenBudget({ inputTokens: estimate.tokens, approximate: estimate.approximate, contextLength: pending.contextLength, maxCompletionTokens: pending.maxCompletionTokens });
      this.onEstimate({
        requestId: pending.requestId,
        // Against a known length the figure includes the reply's reserved tokens: that sum is what
        // the service checks, so the view's warning comes before the service's refusal.
        tokens: budget.state === 'unknown-limit' ? budget.inputTokens : budget.requestTokens,
        contextLength: budget.contextLength ?? null,
        ...(estimate.approximate ? { unavailableReason: l10n.t('approximate: counted locally (the estimate endpoint does not take this model or did not answer)') } : {}),
        breakdown: scaledBreakdown(pending.parts, estimate.tokens, budget.state === 'unknown-limit' ? 0 : pending.maxCompletionTokens),
        ...(pending.cachedTokens !== undefined ? { cachedTokens: pending.cachedTokens } : {}),
        ...(pending.mentions ? { mentions: pending.mentions } : {}),
        ...(pending.compaction ? { compaction: pending.compaction } : {}),
      });
    });
    return this.estimator;
  }
}
