// The workspace ports for the core tests, one set shared by every suite: files over a real temp folder
// (the extension's own Node file layer: the path policy's symlink and hard-link checks need a real file
// system), search by the built-in walk or, in memory, a scripted one, commands in a real shell, and in
// memory the diff preview (a record of what would have been shown) and the diagnostics (a list the test fills).
import { ChardetEncodingDetector } from '../../src/extension/workspaceTools/chardetEncodingDetector';
import { NodeWorkspaceFiles } from '../../src/extension/workspaceTools/nodeWorkspaceFiles';
import { startShellProcess, type ShellLaunch, type ShellProcess } from '../../src/extension/workspaceTools/shellProcess';
import { WalkingWorkspaceSearch } from '../../src/extension/workspaceTools/walkingWorkspaceSearch';
import { readFileSync } from 'node:fs';
import type { WorkspaceDiagnostic, WorkspaceDiagnostics } from '../../src/core/diagnostics/workspaceDiagnostics';
import type { DiffPreview, ProposedChange } from '../../src/core/tools/diffPreview';
import type { EncodingDetector } from '../../src/core/tools/encodingDetector';
import type { CommandExit, CommandProcess, CommandRequest, WorkspaceCommands } from '../../src/core/tools/workspaceCommands';
import type { WorkspaceRoot } from '../../src/core/tools/workspaceFiles';
import type { WorkspaceHost } from '../../src/core/tools/workspaceHost';
import type { FileSearchRequest, FileSearchResult, TextSearchRequest, TextSearchResult, WorkspaceSearch } from '../../src/core/tools/workspaceSearch';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../../src/core/tools/approvals';

/** Records every change it is asked to show, and how many were closed again. */
export class RecordingDiffPreview implements DiffPreview {
  readonly shown: ProposedChange[] = [];
  closed = 0;

  async showProposedChange(change: ProposedChange): Promise<{ close(): Promise<void> }> {
    this.shown.push(change);
    return { close: async () => void this.closed++ };
  }
}

/** A search port that answers from a script and records what it was asked. */
export class FakeSearch implements WorkspaceSearch {
  readonly regexSyntax = 'fake syntax';
  readonly textRequests: TextSearchRequest[] = [];
  readonly fileRequests: FileSearchRequest[] = [];
  text: (request: TextSearchRequest) => TextSearchResult = () => ({ matches: [], stop: 'complete', skippedFiles: 0 });
  files: (request: FileSearchRequest) => FileSearchResult = () => ({ paths: [], stop: 'complete' });

  async searchText(request: TextSearchRequest): Promise<TextSearchResult> {
    this.textRequests.push(request);
    return this.text(request);
  }

  async findFiles(request: FileSearchRequest): Promise<FileSearchResult> {
    this.fileRequests.push(request);
    return this.files(request);
  }
}

/** The editor's problems, as the test sets them. */
export class FakeDiagnostics implements WorkspaceDiagnostics {
  readonly list: WorkspaceDiagnostic[] = [];

  all(): readonly WorkspaceDiagnostic[] {
    return this.list;
  }
}

/** Runs commands in a real shell, keeping every process it started, in order. */
export class RecordingCommands implements WorkspaceCommands {
  readonly started: ShellProcess[] = [];

  constructor(private readonly launch?: ShellLaunch) {}

  async startCommand(request: CommandRequest): Promise<CommandProcess> {
    const started = startShellProcess({ ...request, ...(this.launch ? { launch: this.launch } : {}) });
    this.started.push(started);
    return started;
  }
}

export interface TestHost extends WorkspaceHost {
  readonly files: NodeWorkspaceFiles;
  readonly commands: RecordingCommands;
  readonly diagnostics: FakeDiagnostics;
  readonly diffPreview: RecordingDiffPreview;
}

/**
 * `search`: the search port to use; default the built-in walk (the ripgrep one is tested in test/search).
 * `encodingDetector`: default the chardet the extension carries (VS Code's jschardet is tested in test/search).
 */
export function nodeTestHost(
  roots: WorkspaceRoot[],
  options: { caseSensitive?: boolean; exclude?: string[]; launch?: ShellLaunch; search?: (files: NodeWorkspaceFiles) => WorkspaceSearch; encodingDetector?: EncodingDetector } = {},
): TestHost {
  const files = new NodeWorkspaceFiles(() => roots, () => options.exclude ?? [], { caseSensitive: options.caseSensitive ?? true });
  return {
    files,
    search: options.search?.(files) ?? new WalkingWorkspaceSearch(files, () => options.exclude ?? []),
    encodingDetector: options.encodingDetector ?? new ChardetEncodingDetector(),
    commands: new RecordingCommands(options.launch),
    diagnostics: new FakeDiagnostics(),
    diffPreview: new RecordingDiffPreview(),
  };
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
export async function runToEnd(host: Pick<WorkspaceHost, 'commands'>, command: string, cwd: string): Promise<CommandExit & { output: string }> {
  let output = '';
  const started = await host.commands.startCommand({ command, cwd, title: 'test', onOutput: (text) => (output += text) });
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
