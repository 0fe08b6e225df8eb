// Counts the tokens of the next request: the service's estimate endpoint where the model allows it,
// a local count (marked approximate) where it does not or the endpoint fails. Calls are debounced
// while the user types, and a late answer to an older draft never overwrites a newer one.
import { modelInfo, type ChatMessage, type TokenEstimateRequest } from '../../api/index';
import type { Clock } from '../clock';
import { localTokenCounter } from './localTokenCounter';

export interface EstimateClient {
  estimateTokens(request: TokenEstimateRequest): Promise<number>;
}

export interface TokenEstimate {
  tokens: number;
  approximate: boolean;
}

/** Role markers and separators the service adds around each message; a rough, fixed allowance. */
const PER_MESSAGE_OVERHEAD = 4;

export async function countTokensLocally(messages: ChatMessage[]): Promise<number> {
  const countTokens = await localTokenCounter();
  let total = 0;
  for (const message of messages) {
    total += PER_MESSAGE_OVERHEAD;
    const content = message.content;
    if (typeof content === 'string') total += countTokens(content);
    else if (Array.isArray(content)) {
      for (const part of content) if (part.type === 'text') total += countTokens(part.text);
    }
    if (message.role === 'assistant') {
      if (message.reasoning_content) total += countTokens(message.reasoning_content);
      for (const call of message.tool_calls ?? []) total += countTokens(call.function.name + call.function.arguments);
    }
  }
  return total;
}

export async function estimateRequestTokens(client: EstimateClient, request: TokenEstimateRequest): Promise<TokenEstimate> {
  if (modelInfo(request.model)?.estimateSupported === false) {
    return { tokens: await countTokensLocally(request.messages), approximate: true };
  }
  try {
    return { tokens: await client.estimateTokens(request), approximate: false };
  } catch {
    // An estimate is advice, not a gate: when the endpoint fails the local count still helps.
    return { tokens: await countTokensLocally(request.messages), approximate: true };
  }
}

export class DebouncedEstimator {
  private timer: unknown;
  private generation = 0;

  constructor(
    private readonly client: EstimateClient,
    private readonly clock: Clock,
    private readonly delayMs: number,
    private readonly onEstimate: (estimate: TokenEstimate, request: TokenEstimateRequest) => void,
  ) {}

  request(request: TokenEstimateRequest): void {
    const generation = ++this.generation;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void estimateRequestTokens(this.client, request).then((estimate) => {
        if (generation === this.generation) this.onEstimate(estimate, request);
      });
    }, this.delayMs);
  }

  cancel(): void {
    this.generation++;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
