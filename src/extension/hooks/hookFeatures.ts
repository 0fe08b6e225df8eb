// Hooks for the agent's tasks and the chat's prompts: reads the sources at each task or prompt
// (hookSources.ts), reports each bad field once per window, and builds the task's hooks with the trust
// rules (hookTrust.ts: the approvals kept in the editor's global state). The editor's parts come in as
// functions, so tests run this very code without VS Code.
import { hookKey } from '../../core/customizations/disabledCustomizations';
import type { KeyValueStorage } from '../../core/keyValueStorage';
import type { HookProcesses } from '../../core/hooks/hookProcesses';
import { HookTrust, type AskApproval } from '../../core/hooks/hookTrust';
import { TaskHooks } from '../../core/hooks/taskHooks';
import type { HookListing } from '../../core/customizations/customizationList';
import { loadHooks, workspaceHookFiles } from './hookSources';

export interface HookFeaturesOptions {
  /** The user's `svc.hooks` (user settings only). */
  userHooks: () => unknown;
  /** The workspace folders' absolute paths. */
  folders: () => readonly string[];
  /** Workspace trust, read at each task and again before each workspace hook runs. */
  trusted: () => boolean;
  /** Where approvals are kept: the editor's global state, outside every workspace. */
  approvals: KeyValueStorage;
  processes: HookProcesses;
  /** Where a user's hook runs when no folder is open. */
  homeFolder: string;
  /** A bad field of a source, said once per window (a line in the log and a notice). */
  problem: (message: string) => void;
  /** The keys (`hookKey`) of the hooks the user turned off for this workspace: they never run. */
  disabled: () => Promise<ReadonlySet<string>>;
}

export interface HookTaskRequest {
  /** The conversation's id (`session_id`). */
  sessionId: string;
  ask: AskApproval;
  /** A line for the user: a hook failed, ran too long, or did not run. */
  report: (message: string) => void;
}

export class HookFeatures {
  private readonly trust: HookTrust;
  private readonly told = new Set<string>();

  constructor(private readonly options: HookFeaturesOptions) {
    this.trust = new HookTrust(options.approvals, options.trusted);
  }

  /** Every hook defined now, whether it is approved, the sources' problems, and in Restricted Mode the workspace's files left unread. */
  async list(): Promise<HookListing> {
    const folders = this.options.folders();
    const trusted = this.options.trusted();
    const { hooks, problems } = await loadHooks({ user: this.options.userHooks(), folders, trusted });
    return {
      hooks: await Promise.all(hooks.map(async (hook) => ({ hook, approved: await this.trust.approved(hook) }))),
      problems,
      unread: trusted ? [] : await workspaceHookFiles(folders),
    };
  }

  /** The hooks of one task or prompt; undefined when none is defined, so nothing wraps the tools. */
  async forTask(request: HookTaskRequest): Promise<TaskHooks | undefined> {
    const folders = this.options.folders();
    const [{ hooks: defined, problems }, disabled] = await Promise.all([loadHooks({ user: this.options.userHooks(), folders, trusted: this.options.trusted() }), this.options.disabled()]);
    const hooks = defined.filter((hook) => !disabled.has(hookKey(hook)));
    for (const problem of problems) {
      if (this.told.has(problem)) continue;
      this.told.add(problem);
      this.options.problem(problem);
    }
    if (hooks.length === 0) return undefined;
    return new TaskHooks({ hooks, processes: this.options.processes, trust: this.trust, ask: request.ask, sessionId: request.sessionId, cwd: folders[0] ?? this.options.homeFolder, report: request.report });
  }
}
