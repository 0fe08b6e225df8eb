// What a chat session tells its listener while a reply arrives. Core's own types: the extension posts
// them to the chat view, whose protocol has messages of the same shape (the compiler checks that they
// stay the same in src/extension/chat/coreViewShapes.ts).
import type { FinishReason } from '../../api/index';
import type { Conversation, TimeTotals } from '../conversations/conversation';
import type { ReplySpeed } from '../conversations/replySpeed';
import type { ErrorInfo, UsageRecord } from '../conversations/conversationParts';

interface ReplyRef {
  conversationId: string;
  messageId: string;
}

export interface ReplyStartedEvent extends ReplyRef {
  type: 'replyStarted';
  model: string;
  choiceCount: number;
}

export interface ReasoningDeltaEvent extends ReplyRef {
  type: 'reasoningDelta';
  choiceIndex: number;
  text: string;
  /** How many service deltas were joined into this one (1 when absent). */
  count?: number;
}

export interface ContentDeltaEvent extends ReplyRef {
  type: 'contentDelta';
  choiceIndex: number;
  text: string;
}

export interface ToolCallDeltaEvent extends ReplyRef {
  type: 'toolCallDelta';
  choiceIndex: number;
  index: number;
  id?: string;
  name?: string;
  argumentsDelta?: string;
}

export interface ReplyFinishedEvent extends ReplyRef {
  type: 'replyFinished';
  status: 'complete' | 'stopped' | 'interrupted';
  finishReasons: { choiceIndex: number; finishReason: FinishReason | null }[];
  usage?: UsageRecord;
  totals: UsageRecord;
  speed?: ReplySpeed;
  /** The conversation's time totals, this reply included. */
  time?: TimeTotals;
}

export interface ReplyFailedEvent extends ReplyRef {
  type: 'replyFailed';
  error: ErrorInfo;
  /** interrupted: part of the reply arrived and is kept; failed: nothing arrived. */
  status: 'failed' | 'interrupted';
}

/** A reply's events, in the order they happen. */
export type ReplyEvent = ReplyStartedEvent | ReasoningDeltaEvent | ContentDeltaEvent | ToolCallDeltaEvent | ReplyFinishedEvent | ReplyFailedEvent;

export type SessionEvent = { type: 'conversation'; conversation: Conversation } | ReplyEvent;
