// The request of a completion: the fast model, no thinking, temperature 0 (the same context gives the
// same answer, which the cache and the user's trust rely on), a small reply and stop sequences that end
// it where the completion should end.
import { modelInfo, type ChatMessage, type ChatRequest } from '../../api/index';
import { CURSOR_MARK, FILE_END } from './completionPrompt';
import type { CompletionShape } from './completionTypes';

export const DEFAULT_COMPLETION_MODEL = 'svc-k2-turbo-preview';

/** A line rarely needs more; a block is kept short so a wrong guess costs little. */
export const MAX_TOKENS: Record<CompletionShape, number> = { 'single-line': 48, 'multi-line': 160 };

export function stopSequences(shape: CompletionShape): string[] {
  const always = [FILE_END, CURSOR_MARK, '```'];
  return shape === 'single-line' ? ['\n', ...always] : ['\n\n\n', ...always];
}

export function completionRequest(messages: ChatMessage[], shape: CompletionShape, model: string, cacheKey: string): ChatRequest {
  return quickRequest(messages, model, cacheKey, { maxTokens: MAX_TOKENS[shape], stop: stopSequences(shape) });
}

/** A short, deterministic request without thinking: what ghost text and next-edit suggestions both send. */
export function quickRequest(messages: ChatMessage[], model: string, cacheKey: string, reply: { maxTokens: number; stop: string[] }): ChatRequest {
  const request: ChatRequest = {
    model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
    prompt_cache_key: cacheKey,
    max_completion_tokens: reply.maxTokens,
    stop: reply.stop,
  };
  const info = modelInfo(model);
  if (info?.thinking === 'optional') request.thinking = { type: 'disabled' };
  if (info?.fixed.temperature === undefined) request.temperature = 0;
  return request;
}
