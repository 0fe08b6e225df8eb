import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { validateChatRequest, type ChatMessage } from '../../../src/api/index';
import type { AgentEvent } from '../../../src/core/agent/agentEvents';
import { runAgentTask, type AgentTaskOptions } from '../../../src/core/agent/agentLoop';
import { createAgentToolset } from '../../../src/core/agent/agentToolset';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { FormulaToolCatalog } from '../../../src/core/tools/formulaTools';
import type { Tool } from '../../../src/core/tools/tool';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { assertNoUnansweredCallSent, chatRequests, startAgentBed } from './agentScenarios';
import type { EmulatorTestBed } from '../../support/emulatorTestBed';
import { assertEveryCallAnswered } from '../../support/toolCallChecks';
import { nodeTestHost, ScriptedApprover } from '../../support/testWorkspaceHost';
import { requestSettings } from '../../../src/core/requests/requestSettings';

/** A local tool whose run waits for a gate the test opens. */
function gatedTool(name: string, gate: Promise<unknown>, result = `${name} finished`): Tool {
  return {
    definition: { type: 'function', function: { name, description: 'test probe', parameters: { type: 'object', properties: {}, required: [] } } },
    origin: { kind: 'workspace' },
    traits: toolTraits({}),
    display: STAND_IN_DISPLAY,
    run: async () => {
      await gate;
      return { status: 'done', content: result };
    },
  };
}

/** The conversation can be continued: the client's own request validation accepts it with a new user message. */
function assertContinuable(messages: ChatMessage[], model: string): void {
  validateChatRequest({ model, messages: [...messages, { role: 'user', content: 'go on' }] });
  assertEveryCallAnswered(messages, 'final conversation');
}

describe('core/agent runAgentTask against the emulator', function () {
  this.timeout(60_000);
  let bed: EmulatorTestBed;
  let catalog: FormulaToolCatalog;
  const approver = new ScriptedApprover(() => 'approve');

  beforeEach(async () => {
    bed = await startAgentBed();
    catalog = new FormulaToolCatalog(bed.client.formulas);
  });

  afterEach(async () => {
    await bed.close();
  });

  async function formulaRegistry(formulas: string[] = ['code_runner', 'quickjs', 'fetch'], extra: Tool[] = []): Promise<ToolRegistry> {
    return new ToolRegistry([...(await catalog.tools(formulas, new TaskApprovals(approver))), ...extra]);
  }

  async function run(task: string, tools: ToolRegistry, options: Partial<AgentTaskOptions> = {}): Promise<{ events: AgentEvent[]; result: Awaited<ReturnType<typeof runAgentTask>> }> {
    const events: AgentEvent[] = [];
    const result = await runAgentTask({
      client: bed.client,
      settings: requestSettings({ model: 'svc-k2-turbo-preview' }),
      task,
      tools,
      promptCacheKey: 'svc-ws-test',
      ...options,
      onEvent: (e) => {
        events.push(e);
        options.onEvent?.(e);
      },
    });
    return { events, result };
  }

  it('returns apart what its steps added, after the system prompt, the history and the task', async () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'Earlier question' },
      { role: 'assistant', content: 'Earlier answer' },
    ];
    const { result } = await run('Write the leap-year report', await formulaRegistry(), { systemPrompt: 'Plan first.', history });
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    assert.deepEqual(result.messages.slice(0, 4), [{ role: 'system', content: 'Plan first.' }, ...history, { role: 'user', content: 'Write the leap-year report' }]);
    assert.deepEqual(result.stepMessages, result.messages.slice(4));
    assert.equal(result.stepMessages.filter((m) => m.role === 'tool').length, 3);
    assert.equal(result.stepMessages.at(-1)?.role, 'assistant');
  });

  it('runs a four-step task: quickjs, then code_runner on its result, then fetch of a page on 127.0.0.1, then an answer from their real results', async () => {
    const { events, result } = await run('Write the leap-year report', await formulaRegistry());
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    assert.equal(result.summary.steps, 4);
    assert.deepEqual(result.summary.toolCalls, { quickjs: 1, code_runner: 1, fetch: 1 });
    const finished = events.filter((e) => e.type === 'tool_call_finished');
    assert.deepEqual(finished.map((e) => e.type === 'tool_call_finished' && [e.step, e.name, e.status]), [[1, 'quickjs', 'done'], [2, 'code_runner', 'done'], [3, 'fetch', 'done']]);
    assert.ok(finished.every((e) => e.type === 'tool_call_finished' && e.durationMs >= 0));
    const resultOf = (name: string): string => {
      const done = finished.find((e) => e.type === 'tool_call_finished' && e.name === name);
      return done?.type === 'tool_call_finished' ? done.result : '';
    };
    // The tools' real results: QuickJS's leap years, Python's count of leap days, the page as Markdown.
    assert.equal(resultOf('quickjs').trim(), '2000,2024');
    assert.match(resultOf('code_runner'), /^leapdays 31\s*$/);
    assert.match(resultOf('fetch'), /# Leap rules[\s\S]*marker: gregorian-1582/);
    const answer = result.summary.answer;
    assert.match(answer, /^Leap-year report/);
    assert.ok(answer.includes(`(quickjs): ${resultOf('quickjs')}`), answer);
    assert.ok(answer.includes(`(code_runner): ${resultOf('code_runner')}`), answer);
    assert.ok(answer.includes(resultOf('fetch')), answer);
    assert.ok(answer.includes(bed.pageUrl), answer);
    assert.deepEqual(events.map((e) => e.type).filter((t) => t !== 'content_delta' && t !== 'reasoning_delta' && !t.startsWith('tool_call')), [
      'task_started', ...Array.from({ length: 4 }, () => ['step_started', 'step_finished']).flat(), 'task_finished',
    ]);

    // What crossed the wire: one chat request per step, each carrying every earlier call and its result.
    const requests = await chatRequests(bed);
    assert.equal(requests.length, 4);
    const calledBefore = ['quickjs', 'code_runner', 'fetch'];
    requests.forEach(({ status, body }, n) => {
      assert.equal(status, 200, `request ${n + 1}`);
      const calls = body.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : []));
      const answers = body.messages.filter((m) => m.role === 'tool');
      assert.deepEqual(calls.map((c) => c.function.name), calledBefore.slice(0, n), `request ${n + 1} carries the earlier calls`);
      assert.deepEqual(answers.map((m) => m.role === 'tool' && m.tool_call_id), calls.map((c) => c.id), `request ${n + 1} carries their results`);
      assert.deepEqual(answers.map((m) => m.content), calledBefore.slice(0, n).map(resultOf), `request ${n + 1} carries the real results`);
      assert.equal(body.messages[body.messages.length - 1]?.role, n === 0 ? 'user' : 'tool', `request ${n + 1} ends with the newest result`);
    });
    assert.equal(await assertNoUnansweredCallSent(bed), 4);
    assertContinuable(result.messages, 'svc-k2-turbo-preview');
  });

  it('answers parallel calls in the order they finish, and the service accepts it', async () => {
    let quickDone!: () => void;
    const quick = new Promise<void>((resolve) => (quickDone = resolve));
    const tools = await formulaRegistry(['quickjs'], [gatedTool('slow_probe', quick)]);
    const { result } = await run('parallel probe', tools, {
      onEvent: (e) => {
        if (e.type === 'tool_call_finished' && e.name === 'quickjs') quickDone();
      },
    });
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    const requests = await chatRequests(bed);
    const second = requests[1]?.body.messages ?? [];
    const calls = second.find((m) => m.role === 'assistant')?.tool_calls?.map((c) => c.function.name);
    const answers = second.filter((m) => m.role === 'tool').map((m) => m.name);
    assert.deepEqual(calls, ['slow_probe', 'quickjs']);
    assert.deepEqual(answers, ['quickjs', 'slow_probe']);
    assert.equal(requests[1]?.status, 200);
    assert.match(String(second.find((m) => m.role === 'tool' && m.name === 'quickjs')?.content), /fast 42/);
    await assertNoUnansweredCallSent(bed);
  });

  it('answers a failing fiber with its error text and carries on', async () => {
    const { events, result } = await run('failing fiber', await formulaRegistry());
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    const finished = events.find((e) => e.type === 'tool_call_finished');
    assert.ok(finished?.type === 'tool_call_finished');
    assert.equal(finished.status, 'failed');
    assert.match(finished.result, /leap parser exploded/);
    assert.match(result.summary.answer, /leap parser exploded/);
    await assertNoUnansweredCallSent(bed);
  });

  it('answers malformed arguments and unknown tools with an error text naming the problem', async () => {
    const { events, result } = await run('malformed arguments', await formulaRegistry());
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    const finished = events.filter((e) => e.type === 'tool_call_finished');
    assert.deepEqual(finished.map((e) => e.type === 'tool_call_finished' && e.status), ['invalid', 'invalid', 'invalid']);
    const texts = finished.map((e) => (e.type === 'tool_call_finished' ? e.result : ''));
    assert.match(texts[0] ?? '', /Invalid arguments for quickjs: arguments are not valid JSON/);
    assert.match(texts[1] ?? '', /Invalid arguments for quickjs: missing required field "code"/);
    assert.match(texts[2] ?? '', /Unknown tool "no_such_tool"\. Available tools: code_runner, quickjs, fetch/);
    assert.match(result.summary.answer, /^The last tool said: /);
    assert.equal(await assertNoUnansweredCallSent(bed), 2);
    assertContinuable(result.messages, 'svc-k2-turbo-preview');
  });

  it('keeps reasoning_content on every tool-call message of a thinking model, and stops at the step limit', async () => {
    const { events, result } = await run('keep calculating', await formulaRegistry(['quickjs']), { settings: requestSettings({ model: 'svc-k2-thinking' }), maxSteps: 3 });
    assert.equal(result.summary.stopReason, 'step_limit');
    assert.equal(result.summary.steps, 3);
    assert.ok(events.some((e) => e.type === 'reasoning_delta' && e.text.length > 0));
    const requests = await chatRequests(bed);
    assert.equal(requests.length, 3);
    let toolCallMessages = 0;
    for (const { body, status } of requests) {
      assert.equal(status, 200);
      for (const message of body.messages) {
        if (message.role === 'assistant' && message.tool_calls?.length) {
          toolCallMessages++;
          assert.equal(message.reasoning_content, 'Another calculation step.');
        }
      }
    }
    assert.equal(toolCallMessages, 0 + 1 + 2);
    await assertNoUnansweredCallSent(bed);
  });

  it('sends the prompt_cache_key on every request and sums cached_tokens, which grow step by step', async () => {
    const steps: number[] = [];
    const prompts: number[] = [];
    const { result } = await run('keep calculating', await formulaRegistry(['quickjs']), {
      maxSteps: 4,
      promptCacheKey: 'svc-ws-cache-test',
      onEvent: (e) => {
        if (e.type !== 'step_finished') return;
        steps.push(e.usage?.cachedTokens ?? -1);
        prompts.push(e.usage?.promptTokens ?? -1);
      },
    });
    const requests = await chatRequests(bed);
    assert.ok(requests.every((r) => r.body.prompt_cache_key === 'svc-ws-cache-test'));
    assert.equal(steps.length, 4);
    assert.equal(steps[0], 0);
    for (let i = 1; i < steps.length; i++) assert.ok((steps[i] as number) > (steps[i - 1] as number), `cached tokens grow: ${steps.join(', ')}`);
    steps.forEach((cached, i) => assert.ok(cached <= (prompts[i] as number), `step ${i + 1}: ${cached} cached of ${prompts[i]} prompt tokens`));
    assert.ok(result.summary.usage.cachedTokens <= result.summary.usage.promptTokens);
    assert.equal(result.summary.usage.cachedTokens, steps.reduce((a, b) => a + b, 0));
  });

  it('stopped while the answer streams: the task ends as cancelled and the conversation stays valid', async () => {
    await bed.close();
    bed = await startAgentBed({ speed: 40 });
    const controller = new AbortController();
    const { result } = await run('tell me a long story', new ToolRegistry(), {
      settings: requestSettings({ model: 'svc-k2-thinking' }),
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'content_delta') controller.abort();
      },
    });
    assert.equal(result.summary.stopReason, 'cancelled');
    const last = result.messages[result.messages.length - 1];
    assert.equal(last?.role, 'assistant');
    assert.ok(String(last?.content).length > 0 && String(last?.content).length < 100);
    assertContinuable(result.messages, 'svc-k2-thinking');
  });

  it('a stream the service breaks off ends the task with an error, keeping only the text that arrived', async () => {
    await bed.close();
    bed = await startAgentBed({ faults: { dropAfterChunks: 4 } });
    const { result } = await run('tell me a long story', new ToolRegistry());
    assert.equal(result.summary.stopReason, 'error');
    assert.match(result.summary.error ?? '', /stream ended before \[DONE\]/);
    const last = result.messages[result.messages.length - 1];
    assert.equal(last?.role, 'assistant');
    assert.ok(last?.tool_calls === undefined);
    const kept = String(last?.content);
    assert.ok(kept.length > 0 && 'Once upon a time the calendar drifted'.startsWith(kept.slice(0, 37)), kept);
    assertContinuable(result.messages, 'svc-k2-turbo-preview');
  });

  it('stopped while a tool runs: every call is answered, nothing more is sent, the conversation stays valid', async () => {
    const controller = new AbortController();
    const hanging: Tool = {
      ...gatedTool('hang_probe', new Promise<void>(() => undefined)),
      run: () => {
        setImmediate(() => controller.abort());
        return new Promise(() => undefined);
      },
    };
    const tools = await formulaRegistry(['quickjs'], [hanging]);
    const { events, result } = await run('hanging tool', tools, { signal: controller.signal, maxParallelToolCalls: 1 });
    assert.equal(result.summary.stopReason, 'cancelled');
    const finished = events.filter((e) => e.type === 'tool_call_finished').map((e) => e.type === 'tool_call_finished' && [e.name, e.status]);
    assert.deepEqual(finished, [['hang_probe', 'cancelled'], ['quickjs', 'cancelled']]);
    const answers = result.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    assert.deepEqual(answers, [
      'Stopped: the user stopped the task while this call was running; its result is unknown.',
      'Not run: the user stopped the task before this call started.',
    ]);
    assert.equal((await chatRequests(bed)).length, 1);
    assertContinuable(result.messages, 'svc-k2-turbo-preview');
    assert.equal(events[events.length - 1]?.type, 'task_finished');
  });

  it('asks once per task before the charged web search, even for two calls in one step', async () => {
    const asked = new ScriptedApprover(() => 'approve');
    const tools = new ToolRegistry(await catalog.tools(['web-search'], new TaskApprovals(asked)));
    const { result } = await run('search twice', tools);
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    assert.equal(asked.asked.length, 1);
    assert.equal(asked.asked[0]?.kind, 'charged-tool');
    const searchAnswers = result.messages.filter((m) => m.role === 'tool');
    assert.ok(searchAnswers.every((m) => String(m.content).startsWith('----SVC ENCRYPTED BEGIN----')));
  });

  it('a rejected charged search is not run and the model is told', async () => {
    const asked = new ScriptedApprover(() => 'reject');
    const tools = new ToolRegistry(await catalog.tools(['web-search'], new TaskApprovals(asked)));
    const { events } = await run('search twice', tools);
    const statuses = events.filter((e) => e.type === 'tool_call_finished').map((e) => e.type === 'tool_call_finished' && e.status);
    assert.deepEqual(statuses, ['rejected', 'rejected']);
    const told = events.find((e) => e.type === 'tool_call_finished');
    assert.match(told?.type === 'tool_call_finished' ? told.result : '', /did not allow the charged tool web_search/);
    assert.equal(asked.asked.length, 1);
    assert.equal((await chatRequests(bed)).length, 2);
    const fibers = bed.exchanges().filter((e) => e.path.endsWith('/fibers'));
    assert.equal(fibers.length, 0);
  });

  it('fetches formula tool definitions once per session', async () => {
    await formulaRegistry();
    await formulaRegistry();
    const gets = bed.exchanges().filter((e) => e.method === 'GET' && e.path.endsWith('/tools'));
    assert.equal(gets.length, 3);
  });

  it('edits a workspace file after approval, refuses a path outside, and undo restores the file', async () => {
    const root = path.join(bed.dir, 'ws');
    await fs.mkdir(path.join(root, 'src'), { recursive: true });
    await fs.writeFile(path.join(bed.dir, 'outside.txt'), 'secret');
    const original = 'export function isLeap(y: number) {\n  return y % 4 === 0;\n}\n';
    await fs.writeFile(path.join(root, 'src', 'date.ts'), original);
    const host = nodeTestHost([{ name: 'ws', path: await fs.realpath(root) }]);
    const edits = new ScriptedApprover(() => 'approve');
    const { registry: tools, journal } = await createAgentToolset({ catalog, approver: edits, formulas: ['quickjs'], workspace: host });
    const { events, result } = await run('fix the leap bug', tools, { journal });
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    assert.deepEqual(result.summary.filesChanged, ['src/date.ts']);
    assert.match(await fs.readFile(path.join(root, 'src', 'date.ts'), 'utf8'), /y % 400 === 0/);
    const refused = events.find((e) => e.type === 'tool_call_finished' && e.name === 'read_file');
    assert.ok(refused?.type === 'tool_call_finished');
    assert.equal(refused.status, 'failed');
    assert.match(refused.result, /"\.\." is not allowed/);
    assert.equal(edits.asked.length, 1);
    await journal.undoAll(host.files);
    assert.equal(await fs.readFile(path.join(root, 'src', 'date.ts'), 'utf8'), original);
  });
});
