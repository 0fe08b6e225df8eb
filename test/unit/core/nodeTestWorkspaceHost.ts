// A WorkspaceHost over a real temp folder for the core tests: the extension's own Node file layer and
// shell runner, with the diff view replaced by a record of what would have been shown.
import { ChardetEncodingDetector } from '../../../src/extension/workspaceTools/chardetEncodingDetector';
import { NodeWorkspaceFiles } from '../../../src/extension/workspaceTools/nodeWorkspaceFiles';
import { startShellProcess, type ShellLaunch, type ShellProcess } from '../../../src/extension/workspaceTools/shellProcess';
import { WalkingWorkspaceSearch } from '../../../src/extension/workspaceTools/walkingWorkspaceSearch';
import { readFileSync } from 'node:fs';
import type { EncodingDetector } from '../../../src/core/tools/encodingDetector';
import type { WorkspaceSearch } from '../../../src/core/tools/workspaceSearch';
import type { CommandExit, ProposedChange, WorkspaceHost, WorkspaceRoot } from '../../../src/core/tools/workspaceHost';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../../../src/core/tools/approvals';

export interface TestHost extends WorkspaceHost {
  shown: ProposedChange[];
  closed: number;
  /** Every command started, in order. */
  started: ShellProcess[];
}

/**
 * `search`: the search port to use; default the built-in walk (the ripgrep one is tested in test/search).
 * `encodingDetector`: default the chardet the extension carries (VS Code's jschardet is tested in test/search).
 */
export function nodeTestHost(
  roots: WorkspaceRoot[],
  options: { caseSensitive?: boolean; exclude?: string[]; launch?: ShellLaunch; search?: (files: NodeWorkspaceFiles) => WorkspaceSearch; encodingDetector?: EncodingDetector } = {},
): TestHost {
  const files = new NodeWorkspaceFiles(() => roots, () => options.exclude ?? []);
  const host: TestHost = {
    shown: [],
    closed: 0,
    started: [],
    caseSensitive: options.caseSensitive ?? true,
    roots: () => roots,
    realpath: (p) => files.realpath(p),
    lstat: (p) => files.lstat(p),
    listFiles: (d, o) => files.listFiles(d, o),
    readFile: (p, o) => files.readFile(p, o),
    writeFile: (p, b, e) => files.writeFile(p, b, e),
    ignoredByGit: (p) => files.ignoredByGit(p),
    search: options.search?.(files) ?? new WalkingWorkspaceSearch(files, () => options.exclude ?? []),
    encodingDetector: options.encodingDetector ?? new ChardetEncodingDetector(),
    deleteFile: (p) => files.deleteFile(p),
    showProposedChange: async (change) => {
      host.shown.push(change);
      return { close: async () => void host.closed++ };
    },
    startCommand: async (request) => {
      const started = startShellProcess({ ...request, ...(options.launch ? { launch: options.launch } : {}) });
      host.started.push(started);
      return started;
    },
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

/** Runs a command on the host to its end: its exit and everything it printed. */
export async function runToEnd(host: WorkspaceHost, command: string, cwd: string): Promise<CommandExit & { output: string }> {
  let output = '';
  const started = await host.startCommand({ command, cwd, title: 'test', onOutput: (text) => (output += text) });
  const exit = await started.exited;
  return { ...exit, output };
}

/**
 * Whether process `pid` still runs. SIGKILL is delivered at once, but a killed grandchild stays a zombie
 * until a reaper collects it (a container's first process may never do so): a zombie runs nothing.
 */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * True once process `pid` no longer runs. A killed process closes its files (which ends a command's
 * output) a moment before the kernel marks it dead, so this watches for that mark, for at most 5 s.
 */
export async function processEnds(pid: number): Promise<boolean> {
  for (let check = 0; check < 500; check++) {
    if (!processRuns(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}
