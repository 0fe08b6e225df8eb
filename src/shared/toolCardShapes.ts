// The tool card's shapes, as the view shows a call of an agent task: its status, its tool's kind and
// phrases, what it changed, and, for a job handed to a subagent, the child's run with its own calls.
// Kept apart from viewShapes.ts, which re-exports them, so each file stays one concept.
import * as z from 'zod/mini';

const id = z.string().check(z.minLength(1));
const count = z.number().check(z.int(), z.nonnegative());

export const UsageViewSchema = z.object({
  promptTokens: count,
  completionTokens: count,
  cachedTokens: count,
  reasoningTokens: z.optional(count),
});
export type UsageView = z.infer<typeof UsageViewSchema>;

/** running only while the task runs; cancelled: the task was stopped; invalid: bad arguments or an unknown tool. */
export const ToolCardStatusSchema = z.enum(['running', 'done', 'failed', 'rejected', 'cancelled', 'invalid']);
export type ToolCardStatus = z.infer<typeof ToolCardStatusSchema>;

/**
 * The card a tool's calls get, declared on the tool (src/core/tools/toolDisplay.ts): edit, command, read,
 * list and search have cards of their own; problems, process, formula and external show the tool's name
 * and first argument; plan shows as the to-do list instead of a card; subagent nests the child's calls.
 */
export const ToolKindSchema = z.enum(['edit', 'command', 'read', 'list', 'search', 'problems', 'process', 'plan', 'formula', 'external', 'subagent']);
export type ToolKind = z.infer<typeof ToolKindSchema>;

/** A tool's kind and its words in the display language; `{0}` in a phrase stands for the `subject` argument's value. */
export const ToolCardDisplaySchema = z.object({
  kind: ToolKindSchema,
  subject: z.optional(z.string()),
  /** While the call runs: "Reading {0}". */
  running: z.string(),
  /** Once it ran: "Read {0}". */
  done: z.string(),
  /** How a search counts what it found: "1 file", "{0} files". */
  found: z.optional(z.object({ one: z.string(), many: z.string() })),
});
export type ToolCardDisplay = z.infer<typeof ToolCardDisplaySchema>;

/** One call a subagent made, nested under the parent's card; `result` is cut, to be read. */
export const SubagentCallSchema = z.object({
  name: z.string(),
  arguments: z.string(),
  status: ToolCardStatusSchema,
  durationMs: z.optional(count),
  display: z.optional(ToolCardDisplaySchema),
  result: z.optional(z.string()),
});
export type SubagentCall = z.infer<typeof SubagentCallSchema>;

/** A subagent's run, on the card of the call that started it: its kind, state, steps, tokens and calls. */
export const SubagentRunSchema = z.object({
  kind: z.string(),
  status: ToolCardStatusSchema,
  steps: count,
  usage: UsageViewSchema,
  durationMs: z.optional(count),
  calls: z.array(SubagentCallSchema),
});
export type SubagentRun = z.infer<typeof SubagentRunSchema>;

export const ToolCardSchema = z.object({
  step: z.number().check(z.int(), z.minimum(1)),
  /** The model's arguments string, exactly as sent to the tool. */
  arguments: z.string(),
  status: ToolCardStatusSchema,
  durationMs: z.optional(count),
  /** The formula a service tool belongs to (web_search -> web-search); absent for workspace tools. */
  formula: z.optional(z.string()),
  /** Absent on cards saved before tools declared how they show: those get the generic card. */
  display: z.optional(ToolCardDisplaySchema),
  /** The task the call belongs to, to open the diff of the file it changed. */
  taskId: z.optional(id),
  /** The file change the call applied: counts and the first lines, for the card's mini-diff. */
  change: z.optional(
    z.object({
      path: z.string(),
      created: z.boolean(),
      added: count,
      removed: count,
      lines: z.array(z.object({ kind: z.enum(['added', 'removed', 'context', 'gap']), text: z.string() })),
      /** An approved plan's task changed a file the plan does not name. */
      outsidePlan: z.optional(z.boolean()),
    }),
  ),
  /** The child agent's run, when the call handed a job to a subagent. */
  subagent: z.optional(SubagentRunSchema),
});
export type ToolCard = z.infer<typeof ToolCardSchema>;
