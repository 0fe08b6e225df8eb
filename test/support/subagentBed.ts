// Agent tasks that start subagents, on the real emulator scripted by test/fixtures/scenarios/subagents.json,
// over a temp copy of the sample workspace's two source files, with the real workspace tools. Each run
// builds the task's tools the way AgentTasks does (createAgentToolset, then withSubagents) and returns the
// loop's events and result; `chatRequests` reads what crossed the wire from the emulator's request log.
import { mkdtempSync, promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatRequest } from '../../src/api/index';
import type { AgentEvent } from '../../src/core/agent/agentEvents';
import { runAgentTask, type AgentTaskResult } from '../../src/core/agent/agentLoop';
import { createAgentToolset } from '../../src/core/agent/agentToolset';
import { SubagentKinds } from '../../src/core/agent/subagents/subagentKinds';
import { withSubagents } from '../../src/core/agent/subagents/withSubagents';
import { TaskBudget } from '../../src/core/agent/taskBudget';
import { requestSettings } from '../../src/core/requests/requestSettings';
import type { Approver } from '../../src/core/tools/approvals';
import { FormulaToolCatalog } from '../../src/core/tools/formulaTools';
import type { ToolRegistry } from '../../src/core/tools/toolRegistry';
import type { Scenario } from '../../src/emulator/index';
import { startEmulatorTestBed, type EmulatorTestBed } from './emulatorTestBed';
import { nodeTestHost, ScriptedApprover, type TestHost } from './testWorkspaceHost';

export const SUBAGENT_SCENARIOS = path.join(__dirname, '../fixtures/scenarios/subagents.json');
const SAMPLE = path.join(__dirname, '../fixtures/workspace/src');
export const WORKSPACE_KEY = 'svc-ws-00000000-0000-4000-8000-000000000000';

export interface SubagentRunOptions {
  readOnly?: boolean;
  approver?: Approver;
  maxSteps?: number;
  /** The task's token limit (none when absent). */
  maxTokens?: number;
  signal?: AbortSignal;
  kinds?: SubagentKinds;
  /** Replaces the workspace tools the task gets (the subagent tool is still added over them). */
  tools?: ToolRegistry;
}

export interface SubagentBed {
  bed: EmulatorTestBed;
  root: string;
  host: TestHost;
  run(task: string, options?: SubagentRunOptions): Promise<{ events: AgentEvent[]; result: AgentTaskResult }>;
  /** Every chat request, in the order the emulator logged them. */
  chatRequests(): ChatRequest[];
  close(): Promise<void>;
}

export async function startSubagentBed(): Promise<SubagentBed> {
  const scenarios = (JSON.parse(readFileSync(SUBAGENT_SCENARIOS, 'utf8')) as { scenarios: Scenario[] }).scenarios;
  const bed = await startEmulatorTestBed({ scenarios, speed: 0 });
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-subagents-'));
  await fs.mkdir(path.join(root, 'src'));
  for (const name of ['format.js', 'inventory.py']) await fs.copyFile(path.join(SAMPLE, name), path.join(root, 'src', name));
  const host = nodeTestHost([{ name: 'shop', path: root }]);
  const catalog = new FormulaToolCatalog(bed.client.formulas);
  return {
    bed,
    root,
    host,
    async run(task, options = {}) {
      const approver = options.approver ?? new ScriptedApprover(() => 'approve');
      const toolset = await createAgentToolset({ catalog, approver, formulas: [], workspace: host, readOnly: options.readOnly ?? false });
      const budget = new TaskBudget(options.maxSteps ?? 25, options.maxTokens);
      const settings = requestSettings({ model: 'svc-k2-turbo-preview' });
      const base = options.tools ?? toolset.registry;
      const tools = withSubagents(base, { kinds: options.kinds ?? SubagentKinds.withBuiltins(), client: bed.client, settings, workspaceCacheKey: WORKSPACE_KEY, budget });
      const events: AgentEvent[] = [];
      const result = await runAgentTask({ client: bed.client, settings, task, tools, promptCacheKey: WORKSPACE_KEY, budget, ...(options.signal ? { signal: options.signal } : {}), onEvent: (e) => void events.push(e) });
      return { events, result };
    },
    chatRequests() {
      return bed
        .exchanges()
        .filter((e) => e.path.endsWith('/chat/completions'))
        .map((e) => e.request as ChatRequest);
    },
    async close() {
      await bed.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** A fresh bed for each test of the calling `describe`, handed to `use`, closed after the test. */
export function useSubagentBed(use: (bed: SubagentBed) => void): void {
  let current: SubagentBed | undefined;
  beforeEach(async () => {
    current = await startSubagentBed();
    use(current);
  });
  afterEach(async () => {
    await current?.close();
  });
}
