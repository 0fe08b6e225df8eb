// The conversation's time totals: one reply's timing added to them.
import type { ReplyTiming, TimeTotals } from './conversation';

export function addTiming(totals: TimeTotals | undefined, timing: ReplyTiming): TimeTotals {
  const before = totals ?? { replies: 0, waitMs: 0, streamMs: 0 };
  return {
    replies: before.replies + 1,
    waitMs: before.waitMs + timing.firstTokenMs,
    streamMs: before.streamMs + timing.reasoningMs + timing.answerMs,
  };
}
