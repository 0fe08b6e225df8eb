// The workspace tool set of one task: read tools, edit tools and the shell tool over one host, with
// the task's approvals and change journal.
import type { TaskApprovals } from './approvals';
import type { ChangeJournal } from './changeJournal';
import type { DataEgressGuard } from './dataEgressGuard';
import { FileLocks } from './fileLocks';
import { WorkspacePathPolicy } from './pathPolicy';
import { ShellCommandTool } from './shellCommandTool';
import { SecretFileRules } from './secretFiles';
import type { Tool } from './tool';
import { EditFileTool, WriteFileTool } from './workspaceEditTools';
import type { WorkspaceHost } from './workspaceHost';
import { DEFAULT_READ_LIMITS, ListFilesTool, ReadFileTool, type ReadToolLimits } from './workspaceReadTools';
import { FindFilesTool } from './findFilesTool';
import { SearchTextTool } from './searchTextTool';

export interface WorkspaceToolOptions {
  /** Offer run_command (it still asks every time). Default true. */
  shell?: boolean;
  /** Offer write_file and edit_file. Default true; false in an untrusted (Restricted Mode) workspace. */
  writes?: boolean;
  /** The user's own globs of files to ask about before reading (svc.agent.protectedFiles). */
  protectedFiles?: readonly string[];
  /** The task's egress guard: reads mark the task as holding workspace content. */
  egress?: DataEgressGuard;
  maxCommandOutputBytes?: number;
  limits?: Partial<ReadToolLimits>;
}

export function createWorkspaceTools(host: WorkspaceHost, approvals: TaskApprovals, journal: ChangeJournal, options: WorkspaceToolOptions = {}): Tool[] {
  const policy = new WorkspacePathPolicy(host);
  const limits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const guards = { approvals, secrets: new SecretFileRules(options.protectedFiles), ...(options.egress ? { egress: options.egress } : {}) };
  const locks = new FileLocks();
  const tools: Tool[] = [new ListFilesTool(host, policy, limits, guards), new ReadFileTool(host, policy, limits, guards), new SearchTextTool(host, policy, limits, guards), new FindFilesTool(host, policy, limits, guards)];
  if (options.writes !== false) tools.push(new WriteFileTool(host, policy, approvals, journal, locks), new EditFileTool(host, policy, approvals, journal, locks));
  if (options.shell !== false) tools.push(new ShellCommandTool(host, policy, approvals, options.maxCommandOutputBytes));
  return tools;
}
