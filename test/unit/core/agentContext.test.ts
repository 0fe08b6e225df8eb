import assert from 'node:assert/strict';
import { InvalidRequestError, type ChatMessage } from '../../../src/api/index';
import { AgentContextWindow } from '../../../src/core/agent/agentContextWindow';
import { AgentContextOverflowError } from '../../../src/core/agent/agentErrors';
import type { AgentEvent } from '../../../src/core/agent/agentEvents';
import { runAgentTask, type AgentTaskResult } from '../../../src/core/agent/agentLoop';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { FormulaToolCatalog } from '../../../src/core/tools/formulaTools';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { chatRequests, startAgentBed } from './agentScenarios';
import { perTest } from '../../support/suiteHooks';
import { assertEveryCallAnswered } from '../../support/toolCallChecks';
import { ScriptedApprover } from '../../support/testWorkspaceHost';
import { requestSettings } from '../../../src/core/requests/requestSettings';

const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => `w${(i * 7919 + seed) % 10007}`).join(' ');

/** A task's messages after `steps` steps, each step one call with a result of `resultWords` words. */
function conversation(steps: number, resultWords: number, assistantWords = 0): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: 'You are an agent.' }, { role: 'user', content: 'Analyse the logs.' }];
  for (let s = 1; s <= steps; s++) {
    messages.push({ role: 'assistant', content: assistantWords ? words(assistantWords, s * 31) : '', tool_calls: [{ id: `call_${s}`, type: 'function', function: { name: 'quickjs', arguments: `{"code":"step(${s})"}` } }] });
    messages.push({ role: 'tool', tool_call_id: `call_${s}`, name: 'quickjs', content: words(resultWords, s) });
  }
  return messages;
}

describe('core/agent context window (estimate endpoint of the emulator)', function () {
  this.timeout(60_000);
  const bed = perTest(() => startAgentBed());

  const windowFor = (model: string, contextLength: number, maxCompletionTokens = 1024) =>
    new AgentContextWindow({ counter: bed.client, model, contextLength, maxCompletionTokens, tools: [] });

  it('leaves a conversation that fits alone', async () => {
    const messages = conversation(2, 50);
    const before = structuredClone(messages);
    assert.equal(await windowFor('svc-v1-8k', 8192).fit(messages, 2), undefined);
    assert.deepEqual(messages, before);
  });

  it('shortens the tool results of earlier steps first, keeping the latest step whole', async () => {
    const messages = conversation(4, 900);
    const latest = messages[messages.length - 1]?.content;
    const window = windowFor('svc-v1-8k', 8192);
    const compaction = await window.fit(messages, 2);
    assert.deepEqual(compaction?.stages, ['shortened_tool_results']);
    assert.ok((compaction?.tokensAfter ?? Infinity) <= 8192 - 1024);
    assert.ok((compaction?.tokensBefore ?? 0) > 8192 - 1024);
    assert.equal(messages[messages.length - 1]?.content, latest);
    assert.match(String(messages[3]?.content), /\[shortened to fit the context: \d+ of \d+ characters removed\]$/);
    assert.equal(messages.length, 10);
    assertEveryCallAnswered(messages, 'after shortening');
    const estimates = bed.exchanges().filter((e) => e.path.endsWith('/tokenizers/estimate-token-count'));
    assert.ok(estimates.length >= 1, 'the estimate endpoint was asked');
  });

  it('then summarises the oldest steps into one system message when shortening is not enough', async () => {
    const messages = conversation(8, 300, 500);
    const compaction = await windowFor('svc-v1-8k', 8192).fit(messages, 2);
    assert.ok(compaction?.stages.includes('summarised_steps'), JSON.stringify(compaction));
    const summary = messages[2];
    assert.equal(summary?.role, 'system');
    assert.match(String(summary?.content), /^Summary of earlier steps of this task[\s\S]*- Step 1: said "w\d+[\s\S]*called quickjs\(\{"code":"step\(1\)"\}\) →/);
    assert.equal(messages[messages.length - 2]?.role, 'assistant');
    assert.equal((messages[messages.length - 2] as { tool_calls?: { id: string }[] }).tool_calls?.[0]?.id, 'call_8');
    assertEveryCallAnswered(messages, 'after summarising');
  });

  it('counts locally for a model the estimate endpoint refuses', async () => {
    const messages = conversation(4, 900);
    const compaction = await windowFor('svc-k2-thinking', 8192).fit(messages, 2);
    assert.deepEqual(compaction?.stages, ['shortened_tool_results']);
    const estimates = bed.exchanges().filter((e) => e.path.endsWith('/tokenizers/estimate-token-count'));
    assert.equal(estimates.length, 0);
  });

  it('gives up with a clear error when even the task itself does not fit', async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: words(9000, 1) }];
    await assert.rejects(windowFor('svc-v1-8k', 8192).fit(messages, 1), (err: unknown) => err instanceof AgentContextOverflowError && /no longer fits the model's context/.test(err.message));
  });

  /** Six steps of a task whose tool results are big, on the 8k model; `contextLength` overrides the catalogue's. */
  async function bigResultsTask(contextLength?: number): Promise<{ result: AgentTaskResult; events: AgentEvent[] }> {
    const catalog = new FormulaToolCatalog(bed.client.formulas);
    const tools = new ToolRegistry(await catalog.tools(['quickjs'], new TaskApprovals(new ScriptedApprover(() => 'approve'))));
    const events: AgentEvent[] = [];
    const result = await runAgentTask({
      client: bed.client,
      settings: requestSettings({ model: 'svc-v1-8k', maxCompletionTokens: 1024 }),
      task: 'big results please',
      tools,
      promptCacheKey: 'svc-ws-context',
      ...(contextLength !== undefined ? { contextLength } : {}),
      maxSteps: 6,
      onEvent: (e) => events.push(e),
    });
    return { result, events };
  }

  it('in a task: tells the user when old steps were shortened, and no request goes over the limit', async () => {
    const { result, events } = await bigResultsTask();
    assert.equal(result.summary.stopReason, 'step_limit', result.summary.error);
    const compacted = events.filter((e) => e.type === 'context_compacted');
    assert.ok(compacted.length >= 1);
    assert.match(compacted[0]?.type === 'context_compacted' ? compacted[0].message : '', /outgrew the model's context/);
    const requests = await chatRequests(bed);
    assert.equal(requests.length, 6);
    assert.ok(requests.every((r) => r.status === 200), requests.map((r) => r.status).join(','));
  });

  it('learns the length the service names when it refuses a request as too long', async () => {
    const messages = conversation(4, 900);
    const window = windowFor('svc-v1-8k', 65_536);
    assert.equal(await window.fit(messages, 2), undefined);
    const refusal = new InvalidRequestError({ status: 400, type: 'invalid_request_error', message: 'Your request exceeded model token limit : 8192' });
    const compaction = await window.refit(refusal, messages, 2);
    assert.equal(compaction?.limit, 8192 - 1024);
    assert.ok((compaction?.tokensAfter ?? Infinity) <= 8192 - 1024);
    assert.equal(await window.refit(new InvalidRequestError({ status: 400, type: 'invalid_request_error', message: 'Invalid request: temperature' }), messages, 2), undefined);
  });

  it('in a task: a refusal for length (wrong context length given) is recovered by shortening, once', async () => {
    const { result, events } = await bigResultsTask(65_536);
    assert.equal(result.summary.stopReason, 'step_limit', result.summary.error);
    const statuses = (await chatRequests(bed)).map((r) => r.status);
    assert.deepEqual(statuses.filter((s) => s !== 200), [400]);
    assert.equal(statuses.length, 7);
    assert.ok(events.some((e) => e.type === 'context_compacted'));
  });

  it('in a task: ends with an error, not a refused request, when the task cannot fit', async () => {
    const result = await runAgentTask({ client: bed.client, settings: requestSettings({ model: 'svc-v1-8k' }), task: words(9000, 2), tools: new ToolRegistry(), promptCacheKey: 'svc-ws-context' });
    assert.equal(result.summary.stopReason, 'error');
    assert.match(result.summary.error ?? '', /no longer fits the model's context/);
    assert.equal((await chatRequests(bed)).length, 0);
  });
});
