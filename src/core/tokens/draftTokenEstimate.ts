// The token count shown under the composer: the conversation so far, the draft being typed and the
// reply's reserved tokens, against the model's context length. Typing in a burst makes one estimate
// call; a new client (key or address change) gets a new estimator, so no answer mixes the two.
import { LIMITS, modelInfo, type ChatMessage } from '../../api/index';
import type { Clock } from '../clock';
import type { Conversation } from '../conversations/conversation';
import { buildHistory } from '../chat/historyBuilder';
import { computeTokenBudget } from './tokenBudget';
import { DebouncedEstimator, type EstimateClient } from './tokenEstimator';

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
}

export interface DraftEstimate {
  requestId: string;
  tokens: number;
  contextLength: number | null;
  /** Why the figure is approximate, when it is. */
  unavailableReason?: string;
}

const APPROXIMATE_REASON = 'approximate: counted locally (the estimate endpoint does not take this model or did not answer)';

/** The messages the next request would send: the history, a new chat's system prompt, the draft. */
export function draftMessages(conversation: Conversation | undefined, draft: string, systemPrompt: string): ChatMessage[] {
  const messages = conversation ? buildHistory(conversation) : [];
  if (!conversation && systemPrompt.trim() !== '') messages.unshift({ role: 'system', content: systemPrompt });
  if (draft.trim() !== '') messages.push({ role: 'user', content: draft });
  return messages;
}

export class DraftTokenEstimates {
  private estimator: DebouncedEstimator | undefined;
  private estimatorClient: EstimateClient | undefined;
  private pending: { requestId: string; contextLength: number | undefined; maxCompletionTokens: number } | undefined;

  constructor(
    private readonly client: () => Promise<EstimateClient>,
    private readonly clock: Clock,
    private readonly onEstimate: (estimate: DraftEstimate) => void,
  ) {}

  async request(request: DraftEstimateRequest): Promise<void> {
    const contextLength = modelInfo(request.model)?.contextLength;
    const messages = draftMessages(request.conversation, request.draft, request.systemPrompt);
    if (messages.length === 0) {
      this.onEstimate({ requestId: request.requestId, tokens: 0, contextLength: contextLength ?? null });
      return;
    }
    const estimator = this.estimatorFor(await this.client());
    this.pending = {
      requestId: request.requestId,
      contextLength,
      maxCompletionTokens: request.maxCompletionTokens ?? LIMITS.defaultMaxCompletionTokens,
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
      const budget = computeTokenBudget({ inputTokens: estimate.tokens, approximate: estimate.approximate, ...pending });
      this.onEstimate({
        requestId: pending.requestId,
        // Against a known length the figure includes the reply's reserved tokens: that sum is what
        // the service checks, so the view's warning comes before the service's refusal.
        tokens: budget.state === 'unknown-limit' ? budget.inputTokens : budget.requestTokens,
        contextLength: budget.contextLength ?? null,
        ...(estimate.approximate ? { unavailableReason: APPROXIMATE_REASON } : {}),
      });
    });
    return this.estimator;
  }
}
