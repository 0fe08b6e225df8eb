// The workspace tool set of one task: read tools, edit tools, and the shell tool with the tools over
// the processes it leaves running, over the host's ports, with the task's approvals and change journal.
// A new tool is one line in this list; what it may do is declared on the tool (toolTraits.ts).
import type { TaskApprovals } from './approvals';
import type { ChangeJournal } from './changeJournal';
import type { DataEgressGuard } from './dataEgressGuard';
import { FileLocks } from './fileLocks';
import { WorkspacePathPolicy } from './pathPolicy';
import { ListProcessesTool, ReadProcessOutputTool, StopProcessTool } from './processTools';
import { DEFAULT_MAX_COMMAND_OUTPUT_BYTES, ShellCommandTool } from './shellCommandTool';
import { TaskProcesses } from './taskProcesses';
import { SecretFileRules } from './secretFiles';
import type { Tool } from './tool';
import { EditFileTool, WriteFileTool } from './workspaceEditTools';
import type { WorkspaceHost } from './workspaceHost';
import { DEFAULT_READ_LIMITS, ListFilesTool, ReadFileTool, type ReadToolLimits } from './workspaceReadTools';
import { FindFilesTool } from './findFilesTool';
import { ListProblemsTool } from './listProblemsTool';
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
  /** How long a background start waits for the first output (tests shorten it). */
  backgroundFirstOutputMs?: number;
  /** The task's processes; the caller stops them when the task ends. Default: a set of these tools' own. */
  processes?: TaskProcesses;
  limits?: Partial<ReadToolLimits>;
}

export function createWorkspaceTools(host: WorkspaceHost, approvals: TaskApprovals, journal: ChangeJournal, options: WorkspaceToolOptions = {}): Tool[] {
  const policy = new WorkspacePathPolicy(host.files, new SecretFileRules(options.protectedFiles));
  const limits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const guards = { approvals, ...(options.egress ? { egress: options.egress } : {}) };
  const locks = new FileLocks();
  const tools: Tool[] = [
    new ListFilesTool(host, policy, limits, guards),
    new ReadFileTool(host, policy, limits, guards),
    new SearchTextTool(host, policy, limits, guards),
    new FindFilesTool(host, policy, limits, guards),
    new ListProblemsTool(host.diagnostics, policy),
  ];
  if (options.writes !== false) tools.push(new WriteFileTool(host, policy, approvals, journal, locks), new EditFileTool(host, policy, approvals, journal, locks));
  if (options.shell !== false) {
    const maxOutputBytes = options.maxCommandOutputBytes ?? DEFAULT_MAX_COMMAND_OUTPUT_BYTES;
    const processes = options.processes ?? new TaskProcesses(host.commands, maxOutputBytes);
    const shellOptions = { maxOutputBytes, ...(options.backgroundFirstOutputMs !== undefined ? { backgroundFirstOutputMs: options.backgroundFirstOutputMs } : {}) };
    tools.push(new ShellCommandTool(policy, approvals, processes, shellOptions), new ReadProcessOutputTool(processes), new StopProcessTool(processes), new ListProcessesTool(processes));
  }
  return tools;
}
