// What the agent loop knows about a tool: its definition in the chat `tools` format and how to run it.
// Formula tools (run by the service) and workspace tools (run by the editor host) look the same here.
import type { ToolDefinition } from '../../api/index';
import type { FileChangeSummary } from './fileChangeSummary';
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import type { UsageTotals } from '../conversations/conversation';
import type { SubagentRun } from '../conversations/conversationParts';
import type { ToolDisplay } from './toolDisplay';
import type { ToolTraits } from './toolTraits';

/** The model's `function.arguments`: the string exactly as produced, and its parsed, schema-checked object. */
export interface ToolArguments {
  raw: string;
  value: Record<string, unknown>;
}

/** `rejected`: the user declined an approval; the content then says so, for the model to read. */
export type ToolRunStatus = 'done' | 'failed' | 'rejected';

export interface ToolRunResult {
  status: ToolRunStatus;
  /** The tool message content: the result text, or an error text the model can act on. */
  content: string;
  /** The workspace's files right before the tool ran, when it could change them. */
  checkpoint?: CheckpointRef;
  /** The file change a write applied, for the card that shows it. */
  change?: FileChangeSummary;
  /** Tokens the call spent on the task's behalf (a subagent's requests): counted in the task's usage. */
  usage?: UsageTotals;
}

/** What a call can tell while it runs: a subagent's run so far, for the card of the call that started it. */
export interface ToolProgress {
  subagent: SubagentRun;
}

/** The call a run belongs to; tools that report nothing while they run ignore it. */
export interface ToolRunContext {
  callId: string;
  progress(update: ToolProgress): void;
}

export type ToolOrigin =
  | { kind: 'formula'; formula: string }
  | { kind: 'workspace' }
  /** A tool of an MCP server the user configured: in the settings, or in a workspace file (`file`, as the user reads it). */
  | { kind: 'mcp'; server: string; scope: 'user' }
  | { kind: 'mcp'; server: string; scope: 'workspace'; file: string }
  /** A tool another extension registered with VS Code (vscode.lm.tools). */
  | { kind: 'vscode-tool'; tool: string };

export interface Tool {
  readonly definition: ToolDefinition;
  readonly origin: ToolOrigin;
  /** What it does: what plan mode, checkpoints, approvals and the egress guard go by (toolTraits.ts). */
  readonly traits: ToolTraits;
  /** How its calls show in the chat: the card's kind and the tool's phrases (toolDisplay.ts). */
  readonly display: ToolDisplay;
  run(args: ToolArguments, signal: AbortSignal, context?: ToolRunContext): Promise<ToolRunResult>;
}

export function toolName(tool: Tool): string {
  return tool.definition.function.name;
}

export function done(content: string): ToolRunResult {
  return { status: 'done', content };
}

export function failed(content: string): ToolRunResult {
  return { status: 'failed', content };
}

/** A parameter's JSON schema: a scalar (a string may be one of a list), or an array of objects with their own scalar fields. */
export type ParameterSchema = {
  type: string;
  description: string;
  enum?: readonly string[];
  items?: { type: 'object'; properties: Record<string, ParameterSchema>; required: string[] };
};

/** A function tool definition in the chat `tools` format, from its parts. */
export function functionDefinition(
  name: string,
  description: string,
  properties: Record<string, ParameterSchema>,
  required: string[],
): ToolDefinition {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties, required } } };
}
