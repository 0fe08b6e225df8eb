// How fast a reply came, from its saved timing and token counts: time to its first token, and tokens
// per second of its reasoning and of its answer. The service counts reasoning tokens inside
// completion_tokens (completion_tokens_details.reasoning_tokens); where it does not give that split,
// the reasoning is counted locally and the answer gets the rest, and the speed says it is an estimate.
import type { AssistantEntry } from './conversation';

/** A stretch of the stream: its tokens, how long it streamed, and the rate when that long enough to say. */
export interface StretchSpeed {
  tokens: number;
  ms: number;
  perSecond?: number;
}

export interface ReplySpeed {
  firstTokenMs: number;
  reasoning?: StretchSpeed;
  answer?: StretchSpeed;
  /** The reasoning/answer split comes from a local count, not from the service. */
  splitEstimated: boolean;
}

/** Below this a stretch's rate says nothing (a few milliseconds of one network read). */
export const MIN_RATE_MS = 50;

export function stretchSpeed(tokens: number, ms: number): StretchSpeed {
  return ms >= MIN_RATE_MS && tokens > 0 ? { tokens, ms, perSecond: (tokens * 1000) / ms } : { tokens, ms };
}

/** Undefined for a reply that was not timed (saved before timing, or nothing arrived). */
export function replySpeed(entry: AssistantEntry): ReplySpeed | undefined {
  const timing = entry.timing;
  if (!timing) return undefined;
  const speed: ReplySpeed = { firstTokenMs: timing.firstTokenMs, splitEstimated: false };
  const usage = entry.usage;
  // usage is per request: with n > 1 it covers every alternative, and their stretches overlap.
  if (!usage || entry.alternatives.length !== 1) return speed;
  const reported = usage.reasoningTokens > 0;
  const reasoning = Math.min(reported ? usage.reasoningTokens : (entry.reasoningTokens ?? 0), usage.completionTokens);
  speed.splitEstimated = !reported && reasoning > 0;
  if (reasoning > 0 || timing.reasoningMs > 0) speed.reasoning = stretchSpeed(reasoning, timing.reasoningMs);
  speed.answer = stretchSpeed(usage.completionTokens - reasoning, timing.answerMs);
  return speed;
}
