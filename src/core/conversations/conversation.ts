// The saved shape of a conversation. It is read back from storage written by an earlier version or
// cut short by a crash, so it is a zod schema: what comes back is checked, not trusted.
import * as z from 'zod';
import { FinishReasonSchema, MessageContentSchema, SystemMessageSchema, ToolCallSchema } from '../../api/index';
import { CheckpointRefSchema } from '../checkpoints/checkpointRef';
import { PlanSchema } from '../agent/plan';
import { AgentSummarySchema, ErrorInfoSchema, ReplyStatusSchema, ToolCardSchema, type ReplyStatus } from './conversationParts';

export const UsageTotalsSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  cachedTokens: z.number().int().nonnegative(),
  reasoningTokens: z.number().int().nonnegative(),
});
export type UsageTotals = z.infer<typeof UsageTotalsSchema>;

/**
 * `streaming` only exists while a reply arrives; a saved `streaming` reply means the window closed or
 * crashed mid-reply, and it is restored as `interrupted`.
 */
export type { ReplyStatus };

/** One of the `n` results of a request; most replies have exactly one. */
export const AlternativeSchema = z.object({
  content: z.string(),
  reasoning: z.string(),
  toolCalls: z.array(ToolCallSchema).optional(),
  finishReason: FinishReasonSchema.nullable(),
});
export type Alternative = z.infer<typeof AlternativeSchema>;

/** A file or image that went with a user message, named as the chat shows it once sent. */
export const SentAttachmentSchema = z.object({ name: z.string(), kind: z.enum(['text', 'document', 'image', 'video']) });
export type SentAttachment = z.infer<typeof SentAttachmentSchema>;

export const UserEntrySchema = z.object({
  id: z.string(),
  role: z.literal('user'),
  createdAt: z.number(),
  /** What the user typed, or what the chat shows for a turn built by a command ("Explain app.ts"). */
  content: z.string(),
  /** Extracted file contents sent as system messages right before this message. */
  context: z.array(SystemMessageSchema).optional(),
  /** The message as sent when it is more than `content` (image parts, a selection wrapped in text). */
  sentContent: MessageContentSchema.optional(),
  /** The files and images attached, in order (an image's picture is in `sentContent` when it went inline). */
  attachments: z.array(SentAttachmentSchema).optional(),
  /** The workspace's files as they were right before this message. */
  checkpoint: CheckpointRefSchema.optional(),
});
export type UserEntry = z.infer<typeof UserEntrySchema>;

/** How fast a reply came: time to its first token, and how long its reasoning and its answer streamed. */
export const ReplyTimingSchema = z.object({
  firstTokenMs: z.number().nonnegative(),
  reasoningMs: z.number().nonnegative(),
  answerMs: z.number().nonnegative(),
});
export type ReplyTiming = z.infer<typeof ReplyTimingSchema>;

/** The time the conversation's timed replies took, regenerated and deleted ones included. */
export const TimeTotalsSchema = z.object({
  replies: z.number().int().nonnegative(),
  /** From each request sent to its first token, summed. */
  waitMs: z.number().nonnegative(),
  /** From each first token to the end of its stream, summed. */
  streamMs: z.number().nonnegative(),
});
export type TimeTotals = z.infer<typeof TimeTotalsSchema>;

export const AssistantEntrySchema = z.object({
  id: z.string(),
  role: z.literal('assistant'),
  createdAt: z.number(),
  model: z.string(),
  alternatives: z.array(AlternativeSchema).min(1),
  selected: z.number().int().nonnegative(),
  status: ReplyStatusSchema,
  usage: UsageTotalsSchema.optional(),
  /** Tokens of the selected reasoning: from usage when the service reports it, else counted locally. */
  reasoningTokens: z.number().int().nonnegative().optional(),
  timing: ReplyTimingSchema.optional(),
  /** What went wrong and the action that fixes it (see errorAction.ts). */
  error: z.optional(ErrorInfoSchema),
  /** On the last assistant entry of an agent task: what the task did. Absent on chat replies. */
  agentSummary: z.optional(AgentSummarySchema),
  /** On the answer of a plan-mode task: the plan proposed, its approval and, once approved, its to-do list. */
  plan: z.optional(PlanSchema),
});
export type AssistantEntry = z.infer<typeof AssistantEntrySchema>;

export const ToolEntrySchema = z.object({
  id: z.string(),
  role: z.literal('tool'),
  createdAt: z.number(),
  toolCallId: z.string(),
  name: z.string().optional(),
  content: z.string(),
  /** How an agent task ran the call (arguments, status, duration); absent in conversations saved before agent tasks. */
  card: z.optional(ToolCardSchema),
  /** The workspace's files right before this call, when it could change them (an edit, a write, a command). */
  checkpoint: CheckpointRefSchema.optional(),
});
export type ToolEntry = z.infer<typeof ToolEntrySchema>;

export const EntrySchema = z.discriminatedUnion('role', [UserEntrySchema, AssistantEntrySchema, ToolEntrySchema]);
export type Entry = z.infer<typeof EntrySchema>;

export const CompactionSchema = z.object({
  /** What the model wrote in place of the entries up to `upTo` (the user may have edited it). */
  summary: z.string().min(1),
  /** The last entry the summary covers; later entries are sent as they are. */
  upTo: z.string(),
  createdAt: z.number(),
  /** Estimated tokens of the covered part before and of the summary, for the meter and the log. */
  tokensBefore: z.number().int().nonnegative().optional(),
  tokensAfter: z.number().int().nonnegative().optional(),
});
export type Compaction = z.infer<typeof CompactionSchema>;

export const ConversationSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  title: z.string(),
  /** True once the user renamed it; the automatic title from the first message then stays away. */
  titleIsCustom: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  systemPrompt: z.string().optional(),
  entries: z.array(EntrySchema),
  /** Everything billed in this conversation, replies later regenerated or deleted included. */
  usageTotals: UsageTotalsSchema,
  /** Absent in conversations saved before replies were timed. */
  timeTotals: TimeTotalsSchema.optional(),
  /** The summary sent in place of the older entries, after /compact. */
  compaction: CompactionSchema.optional(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export function zeroUsage(): UsageTotals {
  return { promptTokens: 0, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 };
}

export function selectedAlternative(entry: AssistantEntry): Alternative {
  const alt = entry.alternatives[entry.selected] ?? entry.alternatives[0];
  if (!alt) throw new Error(`Assistant entry ${entry.id} has no alternatives`);
  return alt;
}
