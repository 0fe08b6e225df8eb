// The task's token limit (svc.agent.maxTaskTokens): one budget of prompt and completion tokens for the task
// and its subagents, checked before every step of each; on the emulator, a looping task stops with
// `token_limit` and the figures, and the tokens of subagents stop their parent.
import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../src/core/agent/agentEvents';
import { runAgentTask, type AgentTaskOptions } from '../../../src/core/agent/agentLoop';
import { agentSummaryRecord } from '../../../src/core/agent/agentTranscript';
import { NO_TOKEN_LIMIT, TaskBudget } from '../../../src/core/agent/taskBudget';
import { AgentSummarySchema, type SubagentRun } from '../../../src/core/conversations/conversationParts';
import type { UsageTotals } from '../../../src/core/conversations/conversation';
import { requestSettings } from '../../../src/core/requests/requestSettings';
import { outcomeOf } from '../../../src/core/sessions/sessionFacts';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { FormulaToolCatalog } from '../../../src/core/tools/formulaTools';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { EmulatorTestBed } from '../../support/emulatorTestBed';
import { useSubagentBed, WORKSPACE_KEY, type SubagentBed } from '../../support/subagentBed';
import { assertEveryCallAnswered } from '../../support/toolCallChecks';
import { ScriptedApprover } from '../../support/testWorkspaceHost';
import { chatRequests, startAgentBed } from './agentScenarios';

const usage = (promptTokens: number, completionTokens: number): UsageTotals => ({ promptTokens, completionTokens, cachedTokens: promptTokens, reasoningTokens: 0 });

/** Prompt and completion tokens of each step the events report, in order. */
function stepTokens(events: readonly AgentEvent[]): number[] {
  return events.flatMap((e) => (e.type === 'step_finished' && e.usage ? [e.usage.promptTokens + e.usage.completionTokens] : []));
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

describe('core/agent TaskBudget tokens', () => {
  it('counts prompt (cached included) and completion tokens, and refuses the next step once they reach the limit', () => {
    const budget = new TaskBudget(10, 1_000);
    assert.equal(budget.nextStep(), undefined);
    budget.spend(usage(600, 100));
    assert.equal(budget.tokensSpent, 700);
    assert.equal(budget.nextStep(), undefined);
    budget.spend(usage(250, 50));
    assert.equal(budget.tokensSpent, 1_000);
    assert.equal(budget.nextStep(), 'token_limit');
    assert.equal(budget.stepsTaken, 2, 'a refused step is not taken');
  });

  it('names the token limit before the step limit when both are reached, and has no token limit at NO_TOKEN_LIMIT', () => {
    const both = new TaskBudget(1, 10);
    assert.equal(both.nextStep(), undefined);
    both.spend(usage(10, 0));
    assert.equal(both.nextStep(), 'token_limit');
    const unlimited = new TaskBudget(2, NO_TOKEN_LIMIT);
    unlimited.spend(usage(50_000_000, 1));
    assert.equal(unlimited.nextStep(), undefined);
    assert.equal(unlimited.nextStep(), undefined);
    assert.equal(unlimited.nextStep(), 'step_limit');
  });
});

describe('core/agent token limit against the emulator', function () {
  this.timeout(60_000);
  let bed: EmulatorTestBed;
  let catalog: FormulaToolCatalog;

  beforeEach(async () => {
    bed = await startAgentBed();
    catalog = new FormulaToolCatalog(bed.client.formulas);
  });
  afterEach(async () => {
    await bed.close();
  });

  async function run(options: Partial<AgentTaskOptions>): Promise<{ events: AgentEvent[]; result: Awaited<ReturnType<typeof runAgentTask>>; requests: number }> {
    const before = chatRequests(bed).length;
    const tools = new ToolRegistry(await catalog.tools(['quickjs'], new TaskApprovals(new ScriptedApprover(() => 'approve'))));
    const events: AgentEvent[] = [];
    const result = await runAgentTask({ client: bed.client, settings: requestSettings({ model: 'svc-k2-turbo-preview' }), task: 'keep calculating', tools, promptCacheKey: 'svc-ws-tokens', ...options, onEvent: (e) => void events.push(e) });
    return { events, result, requests: chatRequests(bed).length - before };
  }

  it('stops a looping task with token_limit before the step after the one that reached the limit, and says what it spent', async () => {
    const free = await run({ maxSteps: 4 });
    assert.equal(free.result.summary.stopReason, 'step_limit', 'the task loops until a limit stops it');
    const [first = 0, second = 0] = stepTokens(free.events);
    assert.ok(first > 0 && second > 0, `each step reports its tokens: ${stepTokens(free.events).join(', ')}`);

    const limit = first + second;
    const { result, events, requests } = await run({ maxSteps: 4, maxTokens: limit });
    assert.equal(result.summary.stopReason, 'token_limit', result.summary.error);
    assert.equal(result.summary.steps, 2);
    assert.equal(requests, 2, 'no request is sent once the tokens are spent');
    assert.deepEqual(stepTokens(events), [first, second]);
    assert.deepEqual(result.summary.tokenLimit, { spent: limit, limit });
    assert.equal(result.summary.usage.promptTokens + result.summary.usage.completionTokens, limit);
    assertEveryCallAnswered(result.messages, 'task stopped at the token limit');

    const saved = AgentSummarySchema.parse(agentSummaryRecord('t1', result.summary));
    assert.deepEqual(saved.tokenLimit, { spent: limit, limit }, 'the figures are saved with the conversation');
    assert.equal(outcomeOf({ id: 'a', role: 'assistant', createdAt: 1, model: 'm', alternatives: [{ content: '', reasoning: '', finishReason: 'stop' }], selected: 0, status: 'complete', agentSummary: saved }), 'stopped', 'a task stopped at its token limit can go on');
  });

  it('keeps going past any number of tokens at NO_TOKEN_LIMIT, until the step limit', async () => {
    const { result, requests } = await run({ maxSteps: 3, maxTokens: NO_TOKEN_LIMIT });
    assert.equal(result.summary.stopReason, 'step_limit');
    assert.equal(requests, 3);
    assert.equal(result.summary.tokenLimit, undefined);
  });
});

describe('core/agent token limit shared with subagents, against the emulator', function () {
  this.timeout(60_000);
  let s: SubagentBed;
  useSubagentBed((bed) => (s = bed));

  it("counts the children's tokens toward the task's limit: the children end, then the parent stops at its next step", async () => {
    const free = await s.run('survey the shop helpers');
    assert.equal(free.result.summary.stopReason, 'stop', free.result.summary.error);
    const parentFirstStep = stepTokens(free.events)[0] ?? 0;
    assert.ok(parentFirstStep > 0);
    const before = s.chatRequests().length;

    // The parent's own first step stays under the limit: only its children's tokens can reach it.
    const limit = parentFirstStep + 1;
    const { result, events } = await s.run('survey the shop helpers', { maxTokens: limit });
    const requests = s.chatRequests().slice(before);
    assert.equal(result.summary.stopReason, 'token_limit', result.summary.error);
    assert.equal(result.summary.steps, 1, 'the parent took no step after its children spent the tokens');
    assert.deepEqual(stepTokens(events), [parentFirstStep]);
    assert.equal(requests.filter((r) => r.prompt_cache_key === WORKSPACE_KEY).length, 1);
    // Both children took their first step together (the calls of one step run at once), then stopped.
    assert.equal(requests.length, 3, 'the parent\'s step and one step of each child');
    const runs = new Map<string, SubagentRun>();
    for (const e of events) if (e.type === 'tool_call_progress') runs.set(e.callId, e.subagent);
    assert.deepEqual([...runs.values()].map((r) => [r.status, r.steps]), [['failed', 1], ['failed', 1]]);
    const childTokens = sum([...runs.values()].map((r) => r.usage.promptTokens + r.usage.completionTokens));
    assert.ok(childTokens > 0);
    assert.deepEqual(result.summary.tokenLimit, { spent: parentFirstStep + childTokens, limit });
    assert.equal(result.summary.usage.promptTokens + result.summary.usage.completionTokens, parentFirstStep + childTokens, "the summary's tokens are the ones the limit counted");
    const reports = result.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    assert.equal(reports.length, 2);
    for (const report of reports) assert.match(report, /^The explore subagent stopped at the task's token limit before it finished/);
    assertEveryCallAnswered(result.messages, 'parent stopped at the token limit');
  });
});
