// How the next request fits the model's context: input tokens plus the completion cap against the
// model's total length ("input plus max_completion_tokens over the length" is refused by the service).
export type BudgetState = 'ok' | 'near' | 'over' | 'unknown-limit';

export interface TokenBudget {
  inputTokens: number;
  /** Input plus the tokens the request reserves for the reply: what must fit the context length. */
  requestTokens: number;
  /** True when counted locally because the estimate endpoint was not usable for this model. */
  approximate: boolean;
  maxCompletionTokens: number;
  contextLength: number | undefined;
  /** Tokens left for input before the request would be refused; undefined when the length is unknown. */
  remaining: number | undefined;
  state: BudgetState;
}

/** Above this share of the context the UI warns before the service refuses. */
export const NEAR_LIMIT_SHARE = 0.9;

export function computeTokenBudget(input: {
  inputTokens: number;
  approximate: boolean;
  maxCompletionTokens: number;
  contextLength: number | undefined;
}): TokenBudget {
  const { inputTokens, maxCompletionTokens, contextLength } = input;
  const requestTokens = inputTokens + maxCompletionTokens;
  if (contextLength === undefined) {
    return { ...input, requestTokens, remaining: undefined, state: 'unknown-limit' };
  }
  const remaining = contextLength - requestTokens;
  const state: BudgetState = requestTokens > contextLength ? 'over' : requestTokens > contextLength * NEAR_LIMIT_SHARE ? 'near' : 'ok';
  return { ...input, requestTokens, remaining, state };
}
