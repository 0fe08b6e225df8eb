// What an agent task reports while it runs, in order: task_started, then per step step_started,
// reasoning/content deltas, tool_call_started/progress/finished for each call, step_finished; context_compacted
// whenever old steps had to be shortened; task_finished last, always exactly once.
import type { FinishReason } from '../../api/index';
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import type { UsageTotals } from '../conversations/conversation';
import type { SubagentRun } from '../conversations/conversationParts';
import type { ToolOrigin } from '../tools/tool';
import type { ToolCardDisplay } from '../tools/toolDisplay';
import type { FileChangeSummary } from '../tools/fileChangeSummary';

/** `invalid`: the arguments did not match the tool's schema (or the tool does not exist); `cancelled`: the task was stopped. */
export type ToolCallStatus = 'done' | 'failed' | 'rejected' | 'cancelled' | 'invalid';

export type AgentStopReason = 'stop' | 'length' | 'step_limit' | 'token_limit' | 'cancelled' | 'error';

export interface AgentTaskSummary {
  stopReason: AgentStopReason;
  steps: number;
  /** Calls per function name. */
  toolCalls: Record<string, number>;
  /** Workspace-relative paths changed by the task (still applied when it was stopped). */
  filesChanged: string[];
  /** Summed over every step; `cachedTokens` shows what the prompt cache saved. */
  usage: UsageTotals;
  /** The final assistant text (empty when the task ended without one). */
  answer: string;
  /** What ended the task with stopReason `error`, as the user reads it on the summary (in their language). */
  error?: string;
  /** With stopReason `token_limit`: the tokens the whole task spent (its subagents' included) and the limit they reached. */
  tokenLimit?: TokenLimitFigures;
  durationMs: number;
}

export interface TokenLimitFigures {
  spent: number;
  limit: number;
}

export type CompactionStage = 'shortened_tool_results' | 'summarised_steps' | 'shortened_latest_results';

export type AgentEvent =
  | { type: 'task_started'; model: string; tools: string[] }
  | { type: 'step_started'; step: number }
  | { type: 'reasoning_delta'; step: number; text: string }
  | { type: 'content_delta'; step: number; text: string }
  /** `origin` and `display` are absent for a tool the task does not have. */
  | { type: 'tool_call_started'; step: number; callId: string; name: string; arguments: string; origin: ToolOrigin | undefined; display?: ToolCardDisplay }
  | {
      type: 'tool_call_finished';
      step: number;
      callId: string;
      name: string;
      status: ToolCallStatus;
      durationMs: number;
      /** The tool message content sent back to the model. */
      result: string;
      /** The workspace's files right before the call, when it could change them. */
      checkpoint?: CheckpointRef;
      /** The file change the call applied. */
      change?: FileChangeSummary;
      /** Tokens the call spent on the task's behalf (a subagent's requests). */
      usage?: UsageTotals;
    }
  /** A call that hands a job to a subagent: the child's run so far. */
  | { type: 'tool_call_progress'; step: number; callId: string; subagent: SubagentRun }
  | { type: 'step_finished'; step: number; finishReason: FinishReason | null; usage: UsageTotals | undefined; toolCalls: number }
  | { type: 'context_compacted'; step: number; stages: CompactionStage[]; tokensBefore: number; tokensAfter: number; limit: number; message: string }
  | { type: 'task_finished'; summary: AgentTaskSummary };

export type AgentEventListener = (event: AgentEvent) => void;
