// Everything one task's tools share: the registry offered to the model (the enabled formulas, the
// workspace tools and the tools of MCP servers and other extensions), the task's approvals, its egress
// guard (workspace content read by one tool is not sent out by another without a click), its change
// journal (for the summary and for undo) and its running processes (stopped when the task ends).
import { TaskApprovals, type Approver } from '../tools/approvals';
import { ChangeJournal } from '../tools/changeJournal';
import { DataEgressGuard } from '../tools/dataEgressGuard';
import { EgressNotedTool } from '../tools/egressNotedTool';
import { DEFAULT_FORMULAS, type FormulaToolCatalog } from '../tools/formulaTools';
import { READ_ONLY_FORMULAS } from '../tools/formulaTraits';
import type { Tool } from '../tools/tool';
import { isReadOnly, takesCheckpoint } from '../tools/toolTraits';
import { CheckpointedTool, type TakeCheckpoint } from '../checkpoints/checkpointedTool';
import { ToolRegistry } from '../tools/toolRegistry';
import type { NestedRulesSource } from '../rules/nestedRules';
import { NestedRulesTool, TaskNestedRules } from '../rules/nestedRulesTool';
import type { ExternalToolTask } from '../mcp/externalTool';
import { DEFAULT_MAX_COMMAND_OUTPUT_BYTES } from '../tools/shellCommandTool';
import { TaskProcesses } from '../tools/taskProcesses';
import type { WorkspaceHost } from '../tools/workspaceHost';
import { createWorkspaceTools, type WorkspaceToolOptions } from '../tools/workspaceTools';
import { HookedTool } from '../hooks/hookedTool';
import type { TaskHooks } from '../hooks/taskHooks';
import { WorkspacePathPolicy } from '../tools/pathPolicy';
import { SecretFileRules } from '../tools/secretFiles';
import { usableSkills } from '../customizations/skillCatalogue';
import { UseSkillTool, type SkillSource } from '../customizations/skillTool';
import { ScopedInstructionsTool, TaskScopedInstructions } from '../customizations/scopedInstructionsTool';

export interface AgentToolsetOptions {
  catalog: FormulaToolCatalog;
  approver: Approver;
  /** Formula names switched on (settings); default code_runner, quickjs and fetch. */
  formulas?: readonly string[];
  /** Plan mode: only the tools whose traits say they read or compute (toolTraits.ts isReadOnly). */
  readOnly?: boolean;
  /** Absent when no folder is open: the task then has formulas only. */
  workspace?: WorkspaceHost;
  autoApproveEdits?: boolean;
  workspaceOptions?: Omit<WorkspaceToolOptions, 'egress'>;
  /** The service is the local emulator: code_runner runs on this computer and each call is asked. */
  formulasRunOnThisComputer?: boolean;
  /** The conversation already holds workspace content (attached files, earlier turns that read files). */
  startsWithWorkspaceContent?: boolean;
  /**
   * Tools from outside (MCP servers, other extensions' VS Code tools), given the task's approvals and the
   * names already taken, so theirs are chosen apart from ours.
   */
  externalTools?: (task: ExternalToolTask, taken: Set<string>) => Promise<Tool[]>;
  /** A line for the user (an external tool's source failed). */
  notice?: (message: string) => void;
  /** Takes a checkpoint of the workspace; the file-changing tools call it right before they run. */
  checkpoint?: TakeCheckpoint;
  /** Tools of the task itself (update_plan when it carries out an approved plan). */
  extraTools?: Tool[];
  /** Subfolders' AGENTS.md files, sent with the results of the file tools that touch those folders. */
  nestedRules?: NestedRulesSource;
  /** The task's hooks: PreToolUse and PostToolUse around every tool, UserPromptSubmit and Stop around the task. */
  hooks?: TaskHooks;
  /** The skills the model may read with use_skill (offered only when there is one), and the instruction files whose applyTo globs the file tools' paths match. */
  skills?: SkillSource;
}

export interface AgentToolset {
  registry: ToolRegistry;
  approvals: TaskApprovals;
  journal: ChangeJournal;
  egress: DataEgressGuard;
  /** The commands the task started that still run; absent when the task cannot run commands. */
  processes?: TaskProcesses;
  /** The task's hooks, when any is defined. */
  hooks?: TaskHooks;
}

export async function createAgentToolset(options: AgentToolsetOptions): Promise<AgentToolset> {
  const approvals = new TaskApprovals(options.approver, { autoApproveEdits: options.autoApproveEdits ?? false });
  const journal = new ChangeJournal();
  const egress = new DataEgressGuard(approvals, options.startsWithWorkspaceContent ?? false);
  const formulaOptions = { egress, formulasRunOnThisComputer: options.formulasRunOnThisComputer ?? false };
  const readOnly = options.readOnly ?? false;
  const registry = new ToolRegistry();
  const add = (tool: Tool): void => {
    if (readOnly && !isReadOnly(tool.traits)) return;
    const noted = new EgressNotedTool(tool, egress);
    registry.add(options.hooks ? new HookedTool(noted, options.hooks) : noted);
  };
  // Formulas that would be left out are not even listed (their definitions are fetched from the service).
  const formulas = (options.formulas ?? DEFAULT_FORMULAS).filter((formula) => !readOnly || (READ_ONLY_FORMULAS as readonly string[]).includes(formula));
  for (const tool of await options.catalog.tools(formulas, approvals, formulaOptions)) add(tool);
  let processes: TaskProcesses | undefined;
  if (options.workspace && options.workspace.files.roots().length > 0) {
    const rules = options.nestedRules ? new TaskNestedRules(options.nestedRules) : undefined;
    const skills = options.skills;
    const instructions = skills ? new TaskScopedInstructions(() => skills.items()) : undefined;
    const shell = !readOnly && options.workspaceOptions?.shell !== false;
    if (shell) processes = new TaskProcesses(options.workspace.commands, options.workspaceOptions?.maxCommandOutputBytes ?? DEFAULT_MAX_COMMAND_OUTPUT_BYTES);
    for (const created of createWorkspaceTools(options.workspace, approvals, journal, { ...options.workspaceOptions, shell, egress, ...(processes ? { processes } : {}) })) {
      const take = options.checkpoint;
      const withRules = rules && created.traits.pathArgument ? new NestedRulesTool(created, rules) : created;
      const tool = instructions && created.traits.pathArgument ? new ScopedInstructionsTool(withRules, instructions) : withRules;
      add(take && takesCheckpoint(tool.traits) ? new CheckpointedTool(tool, take) : tool);
    }
  }
  if (options.skills && usableSkills(await options.skills.items()).length > 0) {
    const secrets = new SecretFileRules(options.workspaceOptions?.protectedFiles);
    const policy = options.workspace && options.workspace.files.roots().length > 0 ? new WorkspacePathPolicy(options.workspace.files, secrets) : undefined;
    const skills = options.skills;
    add(new UseSkillTool(() => skills.items(), skills.files, { approvals, secrets, ...(policy ? { policy } : {}) }));
  }
  for (const tool of options.extraTools ?? []) add(tool);
  // Tools from outside never declare themselves read-only (externalTool.ts), so plan mode does not start their sources.
  if (options.externalTools && !readOnly) {
    const task: ExternalToolTask = { approvals, alwaysAllowed: new Set(), notice: options.notice ?? (() => undefined) };
    for (const tool of await options.externalTools(task, new Set(registry.names()))) add(tool);
  }
  return { registry, approvals, journal, egress, ...(processes ? { processes } : {}), ...(options.hooks ? { hooks: options.hooks } : {}) };
}
