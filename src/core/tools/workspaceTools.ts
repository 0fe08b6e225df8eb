// The workspace tool set of one task: read tools, edit tools and the shell tool over one host, with
// the task's approvals and change journal.
import type { TaskApprovals } from './approvals';
import type { ChangeJournal } from './changeJournal';
import { WorkspacePathPolicy } from './pathPolicy';
import { ShellCommandTool } from './shellCommandTool';
import type { Tool } from './tool';
import { EditFileTool, WriteFileTool } from './workspaceEditTools';
import type { WorkspaceHost } from './workspaceHost';
import { DEFAULT_READ_LIMITS, ListFilesTool, ReadFileTool, SearchTextTool, type ReadToolLimits } from './workspaceReadTools';

export interface WorkspaceToolOptions {
  /** Offer run_command (it still asks every time). Default true. */
  shell?: boolean;
  maxCommandOutputBytes?: number;
  limits?: Partial<ReadToolLimits>;
}

export function createWorkspaceTools(host: WorkspaceHost, approvals: TaskApprovals, journal: ChangeJournal, options: WorkspaceToolOptions = {}): Tool[] {
  const policy = new WorkspacePathPolicy(host);
  const limits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const tools: Tool[] = [
    new ListFilesTool(host, policy, limits),
    new ReadFileTool(host, policy, limits),
    new SearchTextTool(host, policy, limits),
    new WriteFileTool(host, policy, approvals, journal),
    new EditFileTool(host, policy, approvals, journal),
  ];
  if (options.shell !== false) tools.push(new ShellCommandTool(host, policy, approvals, options.maxCommandOutputBytes));
  return tools;
}
