// A WorkspaceHost over a real temp folder for the core tests: the extension's own Node file layer and
// shell runner, with the diff view replaced by a record of what would have been shown.
import { NodeWorkspaceFiles } from '../../../src/extension/workspaceTools/nodeWorkspaceFiles';
import { runShellProcess } from '../../../src/extension/workspaceTools/shellProcess';
import { WalkingWorkspaceSearch } from '../../../src/extension/workspaceTools/walkingWorkspaceSearch';
import type { WorkspaceSearch } from '../../../src/core/tools/workspaceSearch';
import type { ProposedChange, WorkspaceHost, WorkspaceRoot } from '../../../src/core/tools/workspaceHost';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../../../src/core/tools/approvals';

export interface TestHost extends WorkspaceHost {
  shown: ProposedChange[];
  closed: number;
}

/** `search`: the search port to use; default the built-in walk (the ripgrep one is tested in test/search). */
export function nodeTestHost(roots: WorkspaceRoot[], options: { caseSensitive?: boolean; exclude?: string[]; search?: (files: NodeWorkspaceFiles) => WorkspaceSearch } = {}): TestHost {
  const files = new NodeWorkspaceFiles(() => roots, () => options.exclude ?? []);
  const host: TestHost = {
    shown: [],
    closed: 0,
    caseSensitive: options.caseSensitive ?? true,
    roots: () => roots,
    realpath: (p) => files.realpath(p),
    lstat: (p) => files.lstat(p),
    listFiles: (d, o) => files.listFiles(d, o),
    readFile: (p, o) => files.readFile(p, o),
    writeFile: (p, t, e) => files.writeFile(p, t, e),
    ignoredByGit: (p) => files.ignoredByGit(p),
    search: options.search?.(files) ?? new WalkingWorkspaceSearch(files, () => options.exclude ?? []),
    deleteFile: (p) => files.deleteFile(p),
    showProposedChange: async (change) => {
      host.shown.push(change);
      return { close: async () => void host.closed++ };
    },
    runCommand: (request, signal) => runShellProcess(request, signal),
  };
  return host;
}

/** Answers approvals from a script, recording every question. */
export class ScriptedApprover implements Approver {
  readonly asked: ApprovalRequest[] = [];
  constructor(private readonly decide: (request: ApprovalRequest) => ApprovalDecision) {}
  async request(request: ApprovalRequest): Promise<ApprovalDecision> {
    this.asked.push(request);
    return this.decide(request);
  }
}
