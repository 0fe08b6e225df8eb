// What a tool does, declared on the tool itself. Core derives from these declarations, never from lists
// of names, which tools plan mode offers, which take a checkpoint before they run, which carry a
// subfolder's rules, what the egress guard counts and asks about, and which approvals a formula asks.

export interface ToolTraits {
  /**
   * Its results may carry content of this computer: files, search hits, command output, what was stored
   * or uploaded, whatever an outside tool returns. The egress guard counts every such result.
   */
  readonly readsWorkspace: boolean;
  /**
   * What a call may change: nothing; the workspace's files (a checkpoint is taken right before it runs);
   * what the service keeps for the user (memory, workbooks); or anything, as its outside author wrote it.
   */
  readonly changes: 'nothing' | 'workspace-files' | 'service-storage' | 'anything';
  /**
   * Runs or controls programs that can reach files, processes or the network: shell commands and the
   * processes they leave, a Python program. An isolated calculation (quickjs) does not count.
   */
  readonly runsPrograms: boolean;
  /** Sends what the model gives it to a destination outside the service (a URL, a web search). */
  readonly sendsData: boolean;
  /** Each call costs money. */
  readonly charged: boolean;
  /** Its `path` argument names the workspace file or folder it touches. */
  readonly pathArgument: boolean;
}

/** The traits of a tool that reads nothing of this computer and acts on nothing; a declaration names only what differs. */
export function toolTraits(declared: Partial<ToolTraits>): ToolTraits {
  return { readsWorkspace: false, changes: 'nothing', runsPrograms: false, sendsData: false, charged: false, pathArgument: false, ...declared };
}

/** Plan mode offers only the tools that change nothing, run nothing, send nothing out and cost nothing. */
export function isReadOnly(traits: ToolTraits): boolean {
  return traits.changes === 'nothing' && !traits.runsPrograms && !traits.sendsData && !traits.charged;
}

/** The user can compare with, or go back to, the moment right before a call that may change the workspace's files. */
export function takesCheckpoint(traits: ToolTraits): boolean {
  return traits.changes === 'workspace-files';
}
