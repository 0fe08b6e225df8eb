// What the agent task runner tells the editor about running tasks, and what it asks of the editor for one
// task's tools.
import type { ChatMessage } from '../../api/index';
import type { TakeCheckpoint } from '../checkpoints/checkpointedTool';
import type { Conversation } from '../conversations/conversation';
import type { NoticeLevel } from '../host/hostWindow';
import type { ProcessSummary } from '../tools/taskProcesses';
import type { Tool } from '../tools/tool';

/** What the editor shows of running tasks; every event names its conversation. */
export type AgentTasksEvent =
  /** The conversation with the task's live steps, after a step, a tool card or an approval changed, or its checkpoint arrived. */
  | { type: 'live'; conversation: Conversation }
  /** Streamed text of the step `messageId`. */
  | { type: 'delta'; kind: 'reasoning' | 'content'; conversationId: string; messageId: string; text: string }
  | { type: 'notice'; conversationId: string; level: NoticeLevel; message: string }
  /**
   * The task's running processes changed (one started, exited or was stopped); once the task ended, only
   * those that left a process the system refused to end (usually none).
   */
  | { type: 'processes'; conversationId: string; processes: ProcessSummary[] }
  /** The task ended and the conversation, as saved, holds it. */
  | { type: 'ended'; conversation: Conversation };

export interface ToolsetRequest {
  conversationId: string;
  /** Plan mode: only tools that read or compute. */
  readOnly: boolean;
  /** The approved plan's to-do tool, when the task carries out a plan. */
  extraTools: Tool[];
  /** Takes a checkpoint; the tools that may change files call it right before they run. */
  checkpoint?: TakeCheckpoint;
  /** The messages the task continues, to know whether it already holds workspace content. */
  history: ChatMessage[];
  notice(level: NoticeLevel, message: string): void;
}
