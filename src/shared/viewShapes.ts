// The shapes the chat view shows (models, conversations and their messages, tool cards, settings,
// connection, attachments) as the host sends them. They are the view's own: the extension maps the
// core's domain types onto them (src/extension/chat), so the stored format never follows the UI.
import * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import { ToolCardSchema, UsageViewSchema } from './toolCardShapes';

// zod/mini, not classic zod: the webview bundles this file, and mini is a seventh of the size for the same
// rules. Mini has no error messages of its own until a locale is set; English names each field's problem.
// The English locale is imported alone: `z.locales.en` would bundle every language zod has.
z.config(english());

export const IdSchema = z.string().check(z.minLength(1));
export const CountSchema = z.number().check(z.int(), z.nonnegative());
const id = IdSchema;
const count = CountSchema;

export * from './toolCardShapes';

/** The service's largest `n` (alternatives per request). */
export const MAX_CHOICES = 5;

// ---------------------------------------------------------------- shared shapes

export const ModelViewSchema = z.object({
  id,
  /** always: the model always thinks; optional: thinking can be switched (svc-k2.5); no: never. */
  thinking: z.enum(['always', 'optional', 'no']),
  vision: z.boolean(),
  /** Total context length in tokens; null where the service does not state it. */
  contextLength: z.nullable(count),
  estimateSupported: z.boolean(),
  /** Largest `n` the model accepts (1 where n is fixed, as for svc-k2.5). */
  maxChoices: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CHOICES)),
});
export type ModelView = z.infer<typeof ModelViewSchema>;

export const FinishReasonSchema = z.enum(['stop', 'length', 'tool_calls', 'content_filter']);
export type FinishReason = z.infer<typeof FinishReasonSchema>;

/** What the user can do about an error; the webview renders one button per action. */
export const ErrorActionSchema = z.enum([
  'setKey', // 401: store a (new) API key
  'checkBalance', // quota 429
  'retry', // network, interrupted stream, overload, rate limit (a countdown while the host's automatic retry waits)
  'shortenInput', // token limit
  'fixRequest', // refused request: `field` names what to change
  'useEmulator', // the service is unreachable or the key lacks access
  'none',
]);
export type ErrorAction = z.infer<typeof ErrorActionSchema>;

export const ErrorKindSchema = z.enum([
  'authentication',
  'permission',
  'notFound',
  'quota',
  'rateLimit',
  'overloaded',
  'tokenLimit',
  'invalidRequest',
  'contentFilter',
  'server',
  'network',
  'timeout',
  'interrupted',
  'invalidResponse',
  'unknown',
]);
export type ErrorKind = z.infer<typeof ErrorKindSchema>;

export const ErrorInfoSchema = z.object({
  kind: ErrorKindSchema,
  status: z.optional(z.number().check(z.int())),
  /** The service's error `type`, e.g. rate_limit_reached_error. */
  type: z.optional(z.string()),
  message: z.string(),
  /** The request field at fault for a refused request, e.g. `temperature`. */
  field: z.optional(z.string()),
  /** The service's own text where `message` says it in our words (account and key ids blanked). */
  serviceMessage: z.optional(z.string()),
  retryAfterSeconds: z.optional(z.number().check(z.nonnegative())),
  action: ErrorActionSchema,
  /**
   * The host retries by itself after `retryAfterSeconds`; the view only counts down. Absent once the
   * automatic retries are used up, cancelled, or the reply was restored from disk (no timer runs then).
   */
  automaticRetry: z.optional(z.boolean()),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

export const ToolCallViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
});
export type ToolCallView = z.infer<typeof ToolCallViewSchema>;

/** One of the `n` alternatives of an assistant reply; a normal reply has exactly one. */
export const ChoiceViewSchema = z.object({
  index: count,
  content: z.string(),
  reasoning: z.string(),
  finishReason: z.nullable(FinishReasonSchema),
  toolCalls: z.optional(z.array(ToolCallViewSchema)),
});
export type ChoiceView = z.infer<typeof ChoiceViewSchema>;

/** streaming: still arriving; stopped: the user stopped it; interrupted: the stream or the window died mid-reply. */
export const ReplyStatusSchema = z.enum(['streaming', 'complete', 'stopped', 'interrupted', 'failed']);
export type ReplyStatus = z.infer<typeof ReplyStatusSchema>;

// ---------------------------------------------------------------- agent tasks: shapes
// A tool message of an agent task carries its card (arguments, status, duration, formula); the last
// assistant message of a task carries the task's summary. Both are optional, so chats and
// conversations saved before agent tasks existed read as before.

export const AgentSummaryViewSchema = z.object({
  /** Names the task for undo and for opening the diff of a changed file. */
  taskId: id,
  stopReason: z.enum(['stop', 'length', 'step_limit', 'token_limit', 'cancelled', 'error']),
  steps: count,
  /** Calls per function name. */
  toolCalls: z.record(z.string(), count),
  /** Workspace-relative paths the task changed (still applied when it was stopped). */
  filesChanged: z.array(z.string()),
  usage: UsageViewSchema,
  durationMs: count,
  error: z.optional(z.string()),
  /** With stopReason `token_limit`: the tokens the task spent, its subagents' included, and the limit (svc.agent.maxTaskTokens). */
  tokenLimit: z.optional(z.object({ spent: count, limit: count })),
  /** The task's changes were undone (its undo cannot run again). */
  undone: z.optional(z.boolean()),
});
export type AgentSummaryView = z.infer<typeof AgentSummaryViewSchema>;

export const ApprovalDecisionSchema = z.enum(['approve', 'reject', 'always']);
export type ApprovalDecisionView = z.infer<typeof ApprovalDecisionSchema>;

/** A checkpoint of the workspace's files the view offers to compare with or go back to. */
export const CheckpointViewSchema = z.object({
  label: z.string(),
  createdAt: count,
  /** Files the checkpoint could not hold (too large). */
  leftOut: count,
  /** Set when there is no checkpoint for this moment: why (it took too long, or failed). Nothing can be restored. */
  missing: z.optional(z.string()),
});
export type CheckpointView = z.infer<typeof CheckpointViewSchema>;

export const MentionKindSchema = z.enum(['path', 'problems', 'selection', 'terminal', 'git', 'url']);

/** An @-mention as typed in a message, shown as a chip. */
export const MentionViewSchema = z.object({ raw: z.string().check(z.minLength(2)), kind: MentionKindSchema });
export type MentionView = z.infer<typeof MentionViewSchema>;

/** A mention of the draft with what it adds to the next request (tokens) or why it adds nothing. */
export const MentionChipViewSchema = z.extend(MentionViewSchema, { tokens: z.optional(count), problem: z.optional(z.string()) });
export type MentionChipView = z.infer<typeof MentionChipViewSchema>;

/** Pictures the view shows as they are: inline images of the kinds a browser draws, as base64. */
const THUMBNAIL_PATTERN = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;

/** A file or image sent with a user message; `thumbnail` when the image went inline (an upload has none here). */
export const SentAttachmentViewSchema = z.object({
  name: z.string(),
  kind: z.enum(['text', 'document', 'image', 'video']),
  thumbnail: z.optional(z.string().check(z.regex(THUMBNAIL_PATTERN))),
});
export type SentAttachmentView = z.infer<typeof SentAttachmentViewSchema>;

export const UserMessageViewSchema = z.object({
  id,
  role: z.literal('user'),
  content: z.string(),
  createdAt: count,
  checkpoint: z.optional(CheckpointViewSchema),
  /** The message's @-mentions, in the order typed. */
  mentions: z.optional(z.array(MentionViewSchema)),
  attachments: z.optional(z.array(SentAttachmentViewSchema)),
});
export type UserMessageView = z.infer<typeof UserMessageViewSchema>;

/** A plan proposed in Plan mode, and once approved its to-do list. */
export const PlanViewSchema = z.object({
  steps: z.array(z.string()),
  files: z.array(z.string()),
  commands: z.array(z.string()),
  status: z.enum(['proposed', 'approved', 'rejected']),
  todo: z.optional(z.array(z.enum(['pending', 'in_progress', 'done']))),
});
export type PlanView = z.infer<typeof PlanViewSchema>;

const StretchSpeedViewSchema = z.object({ tokens: count, ms: z.number().check(z.nonnegative()), perSecond: z.optional(z.number().check(z.nonnegative())) });

/** Time to the first token and tokens per second of the reasoning and of the answer, measured by the host. */
export const ReplySpeedViewSchema = z.object({
  firstTokenMs: z.number().check(z.nonnegative()),
  reasoning: z.optional(StretchSpeedViewSchema),
  answer: z.optional(StretchSpeedViewSchema),
  /** The reasoning/answer split of the tokens was counted locally (the service did not give it). */
  splitEstimated: z.boolean(),
});
export type ReplySpeedView = z.infer<typeof ReplySpeedViewSchema>;

/** The time a conversation's timed replies took: waiting for their first tokens, and streaming. */
export const TimeTotalsViewSchema = z.object({ replies: count, waitMs: z.number().check(z.nonnegative()), streamMs: z.number().check(z.nonnegative()) });
export type TimeTotalsView = z.infer<typeof TimeTotalsViewSchema>;

export const AssistantMessageViewSchema = z.object({
  id,
  role: z.literal('assistant'),
  model: z.string(),
  choices: z.array(ChoiceViewSchema).check(z.minLength(1)),
  selectedChoice: count,
  status: ReplyStatusSchema,
  /** Estimated reasoning tokens (shown on the Thinking section) until usage gives the exact figure. */
  reasoningTokens: z.optional(count),
  usage: z.optional(UsageViewSchema),
  error: z.optional(ErrorInfoSchema),
  createdAt: count,
  agentSummary: z.optional(AgentSummaryViewSchema),
  plan: z.optional(PlanViewSchema),
  speed: z.optional(ReplySpeedViewSchema),
});
export type AssistantMessageView = z.infer<typeof AssistantMessageViewSchema>;

export const ToolMessageViewSchema = z.object({
  id,
  role: z.literal('tool'),
  toolCallId: z.string(),
  name: z.string(),
  content: z.string(),
  createdAt: count,
  card: z.optional(ToolCardSchema),
  checkpoint: z.optional(CheckpointViewSchema),
});
export type ToolMessageView = z.infer<typeof ToolMessageViewSchema>;

export const MessageViewSchema = z.discriminatedUnion('role', [
  UserMessageViewSchema,
  AssistantMessageViewSchema,
  ToolMessageViewSchema,
]);
export type MessageView = z.infer<typeof MessageViewSchema>;

export const ConversationSummarySchema = z.object({
  id,
  title: z.string(),
  updatedAt: count,
  messageCount: count,
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationViewSchema = z.object({
  id,
  title: z.string(),
  messages: z.array(MessageViewSchema),
  /**
   * Index of `messages[0]` in the whole conversation. A long conversation is posted as its newest messages
   * (this view) and then the earlier ones in parts (`earlierMessages`), so no single message is large.
   */
  firstIndex: z.optional(count),
  /** Running totals of every reply in the conversation. */
  totals: UsageViewSchema,
  time: z.optional(TimeTotalsViewSchema),
  createdAt: count,
  updatedAt: count,
  /** The summary sent in place of the messages up to `upTo`, after /compact. */
  compaction: z.optional(z.object({ summary: z.string(), upTo: z.string(), tokensBefore: z.optional(count), tokensAfter: z.optional(count) })),
});
export type ConversationView = z.infer<typeof ConversationViewSchema>;

export const ShowReasoningSchema = z.enum(['expanded', 'collapsed', 'hidden']);
export type ShowReasoning = z.infer<typeof ShowReasoningSchema>;


/** The settings the UI shows and can change; the host owns them (VS Code settings). */
export const UiSettingsSchema = z.object({
  model: z.string(),
  thinking: z.boolean(),
  jsonMode: z.boolean(),
  showReasoning: ShowReasoningSchema,
  choiceCount: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CHOICES)),
});
export type UiSettings = z.infer<typeof UiSettingsSchema>;

/** Where requests go; drives the status banner ("Using the local emulator"). */
export const ConnectionSchema = z.object({
  mode: z.enum(['emulator', 'apiKey']),
  baseUrl: z.string(),
  /** Extra text for the banner, e.g. why the emulator is in use. */
  detail: z.optional(z.string()),
});
export type Connection = z.infer<typeof ConnectionSchema>;

export const SendOptionsSchema = z.object({
  model: z.string().check(z.minLength(1)),
  thinking: z.boolean(),
  jsonMode: z.boolean(),
  choiceCount: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CHOICES)),
});
export type SendOptions = z.infer<typeof SendOptionsSchema>;

// ---------------------------------------------------------------- attachments, reply cost, file notices
// Files and images attached to the message being written show as chips in the composer; the host owns
// them (it uploads at once) and sends the whole list on every change. The webview adds files by drag
// and drop (VS Code hands over text/uri-list; Shift must be held while dropping so the workbench lets
// the webview have the drop), by paste (images, sent as base64) or through the host's pickers.

export const AttachmentChipViewSchema = z.object({
  id,
  name: z.string(),
  size: count,
  /** e.g. "12.3 KB" */
  sizeLabel: z.string(),
  /** null until the upload checks have run. */
  kind: z.nullable(z.enum(['text', 'document', 'image', 'video'])),
  status: z.enum(['uploading', 'ok', 'error']),
  /** Why it failed: a refusal before upload, or the service's status_details / extraction error. */
  statusDetails: z.optional(z.string()),
});
export type AttachmentChipView = z.infer<typeof AttachmentChipViewSchema>;

/** The service's 100 MB file limit, as base64 text. */
const MAX_PASTED_BASE64_CHARS = Math.ceil((100 * 1024 * 1024) / 3) * 4;

export const PastedFileSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  mimeType: z.string().check(z.minLength(1), z.maxLength(255)),
  dataBase64: z.string().check(z.minLength(1), z.maxLength(MAX_PASTED_BASE64_CHARS)),
});
export type PastedFile = z.infer<typeof PastedFileSchema>;
