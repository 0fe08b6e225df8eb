// Subagents' token economy on the emulator. One job, "read the eight modules and summarise them", done
// twice in one run: by the task itself (each read stays in its context and is sent again with every later
// step) and through one explore subagent (the reads stay in the child's context; the task receives the
// report). Prints the prompt tokens the task's own requests sent each way, and, over four repeated calls of
// the explore kind, the share of the children's prompt tokens served from the cache from the second call on:
// of each call's opening request (what a call reuses from the calls of its kind before it: the kind's
// standing prefix; the target) and of all its steps (each later step's new tool call and file are new to any
// cache, so with 3 KB files this share stops at about 79 % whatever the product does).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SvcClient, type ChatCompletionChunk, type ChatRequest } from '../src/api/index';
import type { AgentChatClient } from '../src/core/agent/agentLoop';
import { usageFromWire } from '../src/core/conversations/usageTotals';
import type { AgentEvent } from '../src/core/agent/agentEvents';
import { runAgentTask } from '../src/core/agent/agentLoop';
import { SubagentKinds } from '../src/core/agent/subagents/subagentKinds';
import { withSubagents } from '../src/core/agent/subagents/withSubagents';
import { TaskBudget } from '../src/core/agent/taskBudget';
import type { SubagentRun } from '../src/core/conversations/conversationParts';
import { requestSettings } from '../src/core/requests/requestSettings';
import type { Tool } from '../src/core/tools/tool';
import { toolDisplay } from '../src/core/tools/toolDisplay';
import { ToolRegistry } from '../src/core/tools/toolRegistry';
import { toolTraits } from '../src/core/tools/toolTraits';
import { startEmulator, type Scenario } from '../src/emulator/index';
import { resultsDir } from '../test/harness/toolPaths';
import { figure, printTargets, runBench } from './support/benchReport';

const MODULES = 8;
const REPEATS = 4;
const MODEL = 'svc-k2-turbo-preview';
const API_KEY = 'sk-bench-subagents';
const WORKSPACE_KEY = 'svc-ws-bench-subagents';

function moduleText(index: number): string {
  const lines = Array.from({ length: 40 }, (_, i) => `export function step${index}_${i}(value: number): number { return value * ${i + 1} + ${index}; }`);
  return `// module ${index}\n${lines.join('\n')}\n`;
}

/** The job's reads, one module per step, then the answer; the same script for the task and for the child. */
function readingScenarios(job: string, answer: string): Scenario[] {
  const reads: Scenario[] = Array.from({ length: MODULES }, (_, step) => ({
    name: `${job}: read module ${step}`,
    match: { lastUserText: job, toolStepsSinceUser: step },
    reply: { toolCalls: [{ name: 'read_file', arguments: { path: `src/m${step}.ts` } }] },
  }));
  return [...reads, { name: `${job}: answer`, match: { lastUserText: job, toolStepsSinceUser: MODULES }, reply: { content: answer } }];
}

const SUMMARY = 'The eight modules src/m0.ts to src/m7.ts each export forty step functions of one number (value * k + module index); none imports another.';

function scenarios(): Scenario[] {
  return [
    ...readingScenarios('read the eight modules yourself', SUMMARY),
    ...readingScenarios('Read the eight modules src/m0.ts', SUMMARY),
    // Each delegated task words its job differently, so a repeated call shares the kind's prefix, not the job.
    ...Array.from({ length: REPEATS }, (_, pass): Scenario => ({
      name: `through a subagent, pass ${pass}: hand the job over`,
      match: { lastUserText: `through a subagent, pass ${pass}`, toolStepsSinceUser: 0 },
      reply: { toolCalls: [{ name: 'run_subagent', arguments: { kind: 'explore', description: 'summarise the modules', task: `Read the eight modules src/m0.ts to src/m7.ts and summarise what they export (pass ${pass}).` } }] },
    })),
    { name: 'through a subagent: the answer', match: { lastUserText: 'through a subagent, pass', toolStepsSinceUser: 1 }, reply: { content: '{{lastToolResult}}' } },
  ];
}

const readFile: Tool = {
  definition: { type: 'function', function: { name: 'read_file', description: 'Reads a file.', parameters: { type: 'object', properties: { path: { type: 'string', description: 'the file' } }, required: ['path'] } } },
  origin: { kind: 'workspace' },
  traits: toolTraits({ readsWorkspace: true, pathArgument: true }),
  display: toolDisplay('read', 'path', () => ({ running: 'Reading {0}', done: 'Read {0}' })),
  run: async (args) => ({ status: 'done', content: moduleText(Number(/m(\d+)/.exec(String(args.value.path))?.[1] ?? 0)) }),
};

interface RequestUsage {
  key: string;
  /** The request's messages end with the job: the first request of a call. */
  first: boolean;
  prompt: number;
  cached: number;
}

/** The client, recording each request's cache key and usage as the client received them. */
class UsageRecorder implements AgentChatClient {
  readonly usages: RequestUsage[] = [];
  constructor(private readonly client: SvcClient) {}
  estimateTokens(...args: Parameters<SvcClient['estimateTokens']>): ReturnType<SvcClient['estimateTokens']> {
    return this.client.estimateTokens(...args);
  }
  async *chatStream(request: ChatRequest, options?: { signal?: AbortSignal }): AsyncIterable<ChatCompletionChunk> {
    for await (const chunk of this.client.chatStream(request, options)) {
      if (chunk.usage && chunk.choices.length === 0) {
        const usage = usageFromWire(chunk.usage);
        this.usages.push({ key: request.prompt_cache_key ?? '', first: request.messages.at(-1)?.role === 'user', prompt: usage.promptTokens, cached: usage.cachedTokens });
      }
      yield chunk;
    }
  }
}

interface Outcome {
  /** Prompt tokens of the task's own requests. */
  ownPrompt: number;
  runs: SubagentRun[];
}

async function task(client: AgentChatClient, text: string): Promise<Outcome> {
  const settings = requestSettings({ model: MODEL, thinking: false });
  const budget = new TaskBudget(30);
  const tools = withSubagents(new ToolRegistry([readFile]), { kinds: SubagentKinds.withBuiltins(), client, settings, workspaceCacheKey: WORKSPACE_KEY, budget });
  let ownPrompt = 0;
  const runs = new Map<string, SubagentRun>();
  const result = await runAgentTask({
    client,
    settings,
    task: text,
    tools,
    promptCacheKey: WORKSPACE_KEY,
    budget,
    onEvent: (event: AgentEvent) => {
      if (event.type === 'step_finished' && event.usage) ownPrompt += event.usage.promptTokens;
      if (event.type === 'tool_call_progress') runs.set(event.callId, event.subagent);
    },
  });
  assert.equal(result.summary.stopReason, 'stop', result.summary.error);
  assert.match(result.summary.answer, /eight modules/);
  return { ownPrompt, runs: [...runs.values()] };
}

async function main(): Promise<void> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(resultsDir, 'bench-subagents-'));
  const emulator = await startEmulator({ host: '127.0.0.1', port: 0, apiKey: API_KEY, dataDir: path.join(dir, 'data'), speed: 0, scenarios: scenarios() });
  try {
    const client = new UsageRecorder(new SvcClient({ baseUrl: emulator.url, apiKey: API_KEY, maxRetries: 0 }));
    const direct = await task(client, 'Please read the eight modules yourself and summarise them.');
    const delegatedFrom = client.usages.length;
    const delegated: Outcome[] = [];
    for (let pass = 0; pass < REPEATS; pass++) delegated.push(await task(client, `Please read the eight modules and summarise them, through a subagent, pass ${pass}.`));
    const first = delegated[0] as Outcome;
    const ratio = first.ownPrompt / direct.ownPrompt;
    const later = delegated.slice(1).flatMap((o) => o.runs);
    assert.equal(later.length, REPEATS - 1, 'one subagent per delegated task');
    const cached = later.reduce((sum, r) => sum + r.usage.cachedTokens, 0);
    const prompt = later.reduce((sum, r) => sum + r.usage.promptTokens, 0);
    const child = first.runs[0] as SubagentRun;
    const explore = client.usages.slice(delegatedFrom).filter((u) => u.key.endsWith('-sub-explore'));
    assert.equal(explore.length, REPEATS * (MODULES + 1), 'every child request reported usage');
    const firsts = explore.filter((u) => u.first).slice(1);
    const firstCached = firsts.reduce((sum, u) => sum + u.cached, 0);
    const firstPrompt = firsts.reduce((sum, u) => sum + u.prompt, 0);
    console.log(`emulator (speed 0), ${MODEL}; ${MODULES} modules of ${moduleText(0).length} characters`);
    figure('reads done by the task: its prompt tokens (all steps)', String(direct.ownPrompt));
    figure('reads done by an explore subagent: the task\'s prompt tokens', String(first.ownPrompt));
    figure('the subagent\'s own prompt tokens (not in the task\'s context)', `${child.usage.promptTokens} over ${child.steps} steps`);
    figure('task through a subagent / task reading itself', `${(ratio * 100).toFixed(1)} %`);
    figure(`explore calls 2-${REPEATS}: cached / prompt tokens`, `${cached} / ${prompt} = ${((cached / prompt) * 100).toFixed(1)} %`);
    figure(`explore calls 2-${REPEATS}: per call, cached / prompt`, later.map((r) => `${r.usage.cachedTokens}/${r.usage.promptTokens}`).join(' '));
    figure(`explore calls 2-${REPEATS}: first request of each (the kind's key)`, `${firstCached} / ${firstPrompt} = ${((firstCached / firstPrompt) * 100).toFixed(1)} %`);
    printTargets([
      { name: 'prompt tokens the task sends when a subagent does the reads, against doing them itself', measured: `${(ratio * 100).toFixed(1)} %`, target: '<= 50 %', pass: ratio <= 0.5 },
      { name: "repeated calls of one subagent kind: each call's opening request served from the cache (what it reuses from the calls before it)", measured: `${((firstCached / firstPrompt) * 100).toFixed(1)} % (all steps: ${((cached / prompt) * 100).toFixed(1)} %, each step's new content included)`, target: '>= 80 %', pass: firstCached / firstPrompt >= 0.8 },
    ]);
  } finally {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
