// A workspace with hooks, for the tests of hooks: a real folder (with `.claude/settings.json` written by
// the test), the approvals kept in a real folder outside it (the global state's stand-in), real hook
// processes in /bin/sh, and the agent's real toolset around the workspace tools.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createAgentToolset, type AgentToolset } from '../../src/core/agent/agentToolset';
import type { HookProcesses } from '../../src/core/hooks/hookProcesses';
import type { TaskHooks } from '../../src/core/hooks/taskHooks';
import type { ApprovalDecision, ApprovalRequest } from '../../src/core/tools/approvals';
import { FormulaToolCatalog } from '../../src/core/tools/formulaTools';
import type { ToolRunResult } from '../../src/core/tools/tool';
import { FileKeyValueStorage } from '../../src/extension/fileKeyValueStorage';
import { HookFeatures } from '../../src/extension/hooks/hookFeatures';
import { runHookProcess } from '../../src/extension/hooks/hookProcess';
import { nodeTestHost, ScriptedApprover } from './testWorkspaceHost';

export interface HookBed {
  base: string;
  workspace: string;
  /** A folder outside the workspace where the tests' hooks leave their traces. */
  traces: string;
  features: HookFeatures;
  /** Every approval question asked, hooks' and tools' alike. */
  asked: ApprovalRequest[];
  /** What the user answers to a hook's question. */
  answerHooks: ApprovalDecision;
  trusted: boolean;
  /** The keys of the hooks the user turned off. */
  disabled: Set<string>;
  /** The user's `svc.hooks`. */
  userHooks: unknown;
  /** Bad fields reported, once each. */
  problems: string[];
  /** Lines shown to the user. */
  reports: string[];
  /** Writes the workspace's `.claude/settings.json` with `hooks`. */
  writeWorkspaceHooks(hooks: unknown, file?: string): Promise<void>;
  /** One task's toolset with its hooks (undefined when none is defined); every tool question is approved. */
  toolset(): Promise<AgentToolset>;
  /** Runs `name` with `args` in a fresh task, as the model's call would. */
  call(name: string, args: Record<string, unknown>): Promise<ToolRunResult>;
  hooks(): Promise<TaskHooks | undefined>;
  remove(): Promise<void>;
}

const noFormulas = new FormulaToolCatalog({ tools: async () => [], call: async () => Promise.reject(new Error('no formula runs in these tests')) });

export async function hookBed(env: NodeJS.ProcessEnv = process.env, processes?: HookProcesses): Promise<HookBed> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-hooks-')));
  const workspace = path.join(base, 'ws');
  const traces = path.join(base, 'traces');
  await fs.mkdir(path.join(workspace, '.claude'), { recursive: true });
  await fs.mkdir(traces);
  await fs.writeFile(path.join(workspace, 'README.md'), 'hello\n');
  const host = nodeTestHost([{ name: 'ws', path: workspace }]);
  const bed: HookBed = {
    base,
    workspace,
    traces,
    asked: [],
    answerHooks: 'reject',
    trusted: true,
    disabled: new Set(),
    userHooks: undefined,
    problems: [],
    reports: [],
    features: undefined as unknown as HookFeatures,
    writeWorkspaceHooks: (hooks, file = '.claude/settings.json') => fs.writeFile(path.join(workspace, ...file.split('/')), JSON.stringify({ hooks }, null, 2)),
    hooks: () => bed.features.forTask({ sessionId: 'conversation-1', ask: async (request) => (await approver.request(request)) !== 'reject', report: (line) => void bed.reports.push(line) }),
    toolset: async () => {
      const hooks = await bed.hooks();
      return createAgentToolset({ catalog: noFormulas, formulas: [], approver, workspace: host, ...(hooks ? { hooks } : {}) });
    },
    call: async (name, args) => {
      const toolset = await bed.toolset();
      const tool = toolset.registry.get(name);
      if (!tool) throw new Error(`no tool ${name}`);
      return tool.run({ raw: JSON.stringify(args), value: args }, new AbortController().signal);
    },
    remove: () => fs.rm(base, { recursive: true, force: true }),
  };
  const approver = new ScriptedApprover((request) => {
    bed.asked.push(request);
    return request.kind === 'run-hook' ? bed.answerHooks : 'approve';
  });
  bed.features = new HookFeatures({
    userHooks: () => bed.userHooks,
    folders: () => [workspace],
    trusted: () => bed.trusted,
    approvals: new FileKeyValueStorage(path.join(base, 'global-state')),
    processes: processes ?? { run: (request) => runHookProcess(request, { kind: 'system', env }) },
    homeFolder: base,
    problem: (line) => void bed.problems.push(line),
    disabled: () => Promise.resolve(bed.disabled),
  });
  return bed;
}

/** A Claude Code hooks object with one command for `event` (and `matcher`). */
export function oneHook(event: string, command: string, matcher?: string, timeout?: number): Record<string, unknown> {
  return { [event]: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...(timeout !== undefined ? { timeout } : {}) }] }] };
}

/** True when `file` exists. */
export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
