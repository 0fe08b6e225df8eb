// The parts of a saved conversation that the chat view also shows: a reply's status, what went wrong
// with it, an agent tool call's card, an agent task's summary. Core owns them, in full zod, because they
// are stored: a change to the view's protocol must not change what is on disk. The view's protocol has
// its own schemas of the same shape (src/shared/protocol.ts); src/extension/chat/coreViewShapes.ts makes
// the compiler refuse any drift between the two.
import * as z from 'zod';
import { TOOL_KINDS } from '../tools/toolDisplay';

const count = z.number().int().nonnegative();

export const UsageRecordSchema = z.object({
  promptTokens: count,
  completionTokens: count,
  cachedTokens: count,
  reasoningTokens: count.optional(),
});
export type UsageRecord = z.infer<typeof UsageRecordSchema>;

/** streaming: still arriving; stopped: the user stopped it; interrupted: the stream or the window died mid-reply. */
export const ReplyStatusSchema = z.enum(['streaming', 'complete', 'stopped', 'interrupted', 'failed']);
export type ReplyStatus = z.infer<typeof ReplyStatusSchema>;

/** What the user can do about an error; the view renders one button per action. */
export const ErrorActionSchema = z.enum(['setKey', 'checkBalance', 'retry', 'shortenInput', 'fixRequest', 'useEmulator', 'none']);
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
  status: z.number().int().optional(),
  /** The service's error `type`, e.g. rate_limit_reached_error. */
  type: z.string().optional(),
  message: z.string(),
  /** The request field at fault for a refused request, e.g. `temperature`. */
  field: z.string().optional(),
  /** The service's own text where `message` says it in our words (account and key ids blanked). */
  serviceMessage: z.string().optional(),
  retryAfterSeconds: z.number().nonnegative().optional(),
  action: ErrorActionSchema,
  /** The host retries by itself after `retryAfterSeconds`; absent once no timer runs (restored from disk, used up, cancelled). */
  automaticRetry: z.boolean().optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

/** running only while the task runs; cancelled: the task was stopped; invalid: bad arguments or an unknown tool. */
export const ToolCardStatusSchema = z.enum(['running', 'done', 'failed', 'rejected', 'cancelled', 'invalid']);
export type ToolCardStatus = z.infer<typeof ToolCardStatusSchema>;

/** The kind and phrases of the call's tool (toolDisplay.ts); absent on cards saved before tools declared them. */
export const ToolCardDisplaySchema = z.object({
  kind: z.enum(TOOL_KINDS),
  subject: z.string().optional(),
  running: z.string(),
  done: z.string(),
  found: z.object({ one: z.string(), many: z.string() }).optional(),
});

/** One call a subagent made, nested under the parent's card; `result` is cut (SUBAGENT_RESULT_CHARS) to be read, never sent. */
export const SubagentCallSchema = z.object({
  name: z.string(),
  arguments: z.string(),
  status: ToolCardStatusSchema,
  durationMs: count.optional(),
  display: ToolCardDisplaySchema.optional(),
  result: z.string().optional(),
});
export type SubagentCall = z.infer<typeof SubagentCallSchema>;

/** A subagent's run, on the card of the call that started it: its kind, state, steps, tokens and calls. */
export const SubagentRunSchema = z.object({
  kind: z.string(),
  status: ToolCardStatusSchema,
  steps: count,
  usage: UsageRecordSchema,
  durationMs: count.optional(),
  calls: z.array(SubagentCallSchema),
});
export type SubagentRun = z.infer<typeof SubagentRunSchema>;

export const ToolCardSchema = z.object({
  step: z.number().int().min(1),
  /** The model's arguments string, exactly as sent to the tool. */
  arguments: z.string(),
  status: ToolCardStatusSchema,
  durationMs: count.optional(),
  /** The formula a service tool belongs to (web_search -> web-search); absent for workspace tools. */
  formula: z.string().optional(),
  display: ToolCardDisplaySchema.optional(),
  /** The task the call belongs to, to open the diff of the file it changed. */
  taskId: z.string().min(1).optional(),
  /** The file change the call applied: counts and the first lines, for the card's mini-diff. */
  change: z
    .object({
      path: z.string(),
      created: z.boolean(),
      added: count,
      removed: count,
      lines: z.array(z.object({ kind: z.enum(['added', 'removed', 'context', 'gap']), text: z.string() })),
      /** An approved plan's task changed a file the plan does not name. */
      outsidePlan: z.boolean().optional(),
    })
    .optional(),
  /** The child agent's run, when the call handed a job to a subagent. */
  subagent: SubagentRunSchema.optional(),
});
export type ToolCard = z.infer<typeof ToolCardSchema>;

export const AgentSummarySchema = z.object({
  /** Names the task for undo and for opening the diff of a changed file. */
  taskId: z.string().min(1),
  stopReason: z.enum(['stop', 'length', 'step_limit', 'token_limit', 'cancelled', 'error']),
  steps: count,
  /** Calls per function name. */
  toolCalls: z.record(z.string(), count),
  /** Workspace-relative paths the task changed (still applied when it was stopped). */
  filesChanged: z.array(z.string()),
  usage: UsageRecordSchema,
  durationMs: count,
  error: z.string().optional(),
  /** With stopReason `token_limit`: the tokens the task spent, its subagents' included, and the limit (svc.agent.maxTaskTokens). */
  tokenLimit: z.object({ spent: count, limit: count }).optional(),
  /** The task's changes were undone (its undo cannot run again). */
  undone: z.boolean().optional(),
});
export type AgentSummary = z.infer<typeof AgentSummarySchema>;
