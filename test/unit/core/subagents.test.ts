import assert from 'node:assert/strict';
import type { ChatRequest } from '../../../src/api/index';
import type { AgentEvent } from '../../../src/core/agent/agentEvents';
import { BUILTIN_SUBAGENTS } from '../../../src/core/agent/subagents/builtinSubagents';
import { SubagentKindError } from '../../../src/core/agent/subagents/subagentKind';
import { SubagentKinds } from '../../../src/core/agent/subagents/subagentKinds';
import { LIST_KINDS, SUBAGENT_TOOL_NAME, SubagentTool, type SubagentToolOptions } from '../../../src/core/agent/subagents/subagentTool';
import { subagentCacheKey } from '../../../src/core/agent/workspaceCacheKey';
import { TaskBudget } from '../../../src/core/agent/taskBudget';
import type { SubagentRun } from '../../../src/core/conversations/conversationParts';
import type { Tool } from '../../../src/core/tools/tool';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { toolDisplay } from '../../../src/core/tools/toolDisplay';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { assertEveryCallAnswered } from '../../support/toolCallChecks';
import { useSubagentBed, WORKSPACE_KEY, type SubagentBed } from '../../support/subagentBed';

const EXPLORE_KEY = subagentCacheKey(WORKSPACE_KEY, 'explore');

function text(request: ChatRequest): string {
  return JSON.stringify(request.messages);
}

/** The runs each subagent call reported, last state first-seen order, by call id. */
function lastRuns(events: readonly AgentEvent[]): Map<string, SubagentRun> {
  const runs = new Map<string, SubagentRun>();
  for (const e of events) if (e.type === 'tool_call_progress') runs.set(e.callId, e.subagent);
  return runs;
}

describe('core/agent subagents: the registry of kinds', () => {
  it('has explore (read-only tools) and general (every tool of the parent), each with a description to choose by', () => {
    const kinds = SubagentKinds.withBuiltins();
    assert.deepEqual(kinds.list().map((k) => k.name), ['explore', 'general']);
    assert.deepEqual(kinds.get('explore')?.tools, ['read_file', 'search_text', 'find_files', 'list_files', 'list_problems']);
    assert.equal(kinds.get('general')?.tools, '*');
    for (const kind of BUILTIN_SUBAGENTS) assert.ok(kind.description.length > 40 && kind.instructions.includes('report'), kind.name);
  });

  it('adds a kind from elsewhere (a file later) checked by the same schema, with its own model', () => {
    const kinds = SubagentKinds.withBuiltins([{ kind: { name: 'docs-writer', description: 'Writes docs.', instructions: 'Write docs.', tools: ['read_file', 'write_file'], model: 'svc-k2' }, source: '.svc/agents/docs.md' }]);
    assert.equal(kinds.get('docs-writer')?.model, 'svc-k2');
  });

  it('refuses a bad kind naming where it came from, the field and what is allowed', () => {
    const kinds = SubagentKinds.withBuiltins();
    assert.throws(() => kinds.add({ name: 'Explore Two', description: 'x', instructions: 'y', tools: '*' }, 'a.md'), (e: unknown) => e instanceof SubagentKindError && /^a\.md: subagent kind name: a name of 1 to 32 characters: lower-case/.test(e.message));
    assert.throws(() => kinds.add({ name: 'x', description: 'x', instructions: 'y', tools: [] }, 'b.md'), /b\.md: subagent kind tools: at least one tool name, or "\*"/);
    assert.throws(() => kinds.add({ name: 'x', description: ' ', instructions: 'y', tools: '*' }, 'c.md'), /c\.md: subagent kind description: a sentence/);
    assert.throws(() => kinds.add({ name: 'x', description: 'd', instructions: 'y', tools: '*', colour: 'red' }, 'd.md'), /d\.md: subagent kind top level: .*colour/);
    assert.throws(() => kinds.add({ ...BUILTIN_SUBAGENTS[0] }, 'e.md'), /e\.md: subagent kind name: "explore" is already taken/);
  });

  it('describes only the built-in kinds, so installed agents add nothing to each request; "list" and the agent\'s own name find them', async () => {
    const docsWriter = { kind: { name: 'docs-writer', description: 'Writes the user docs.', instructions: 'Write docs.', tools: ['read_file'] }, source: '.svc/agents/docs.md' };
    const tool = (kinds: SubagentKinds): SubagentTool =>
      new SubagentTool({ kinds, tools: new ToolRegistry([]), client: {} as SubagentToolOptions['client'], settings: {} as SubagentToolOptions['settings'], workspaceCacheKey: WORKSPACE_KEY, budget: new TaskBudget(5), depth: 0 });
    const bare = tool(SubagentKinds.withBuiltins());
    const withAgent = tool(SubagentKinds.withBuiltins([docsWriter]));
    assert.deepEqual(withAgent.definition, bare.definition);
    assert.doesNotMatch(JSON.stringify(withAgent.definition), /docs-writer/);
    const signal = new AbortController().signal;
    const listed = await withAgent.run({ raw: '', value: { kind: LIST_KINDS, description: 'which agents', task: '-' } }, signal);
    assert.deepEqual(listed, { status: 'done', content: "The user's agents (pass the name as kind):\n- docs-writer: Writes the user docs." });
    const none = await bare.run({ raw: '', value: { kind: LIST_KINDS, description: 'which agents', task: '-' } }, signal);
    assert.equal(none.content, 'The user has no agents of their own. Kinds: explore, general.');
    assert.equal(SubagentKinds.withBuiltins([docsWriter]).find('Docs Writer')?.name, 'docs-writer');
    const unknown = await withAgent.run({ raw: '', value: { kind: 'tester', description: 'run tests', task: '-' } }, signal);
    assert.deepEqual(unknown, { status: 'failed', content: 'Unknown subagent kind "tester". Kinds: explore, general, docs-writer.' });
  });

  it('gives each kind a cache key of its own, the same on every call, derived from the workspace key only', () => {
    assert.equal(subagentCacheKey(WORKSPACE_KEY, 'explore'), subagentCacheKey(WORKSPACE_KEY, 'explore'));
    assert.notEqual(subagentCacheKey(WORKSPACE_KEY, 'explore'), subagentCacheKey(WORKSPACE_KEY, 'general'));
    assert.notEqual(subagentCacheKey(WORKSPACE_KEY, 'explore'), WORKSPACE_KEY);
  });

  it('shares one step budget: a child\'s steps count toward the task\'s limit', () => {
    const budget = new TaskBudget(2);
    assert.equal(budget.nextStep(), undefined);
    assert.equal(budget.nextStep(), undefined);
    assert.equal(budget.nextStep(), 'step_limit');
    assert.equal(budget.stepsLeft, 0);
  });
});

describe('core/agent subagents against the emulator', function () {
  this.timeout(60_000);
  let s: SubagentBed;
  useSubagentBed((bed) => (s = bed));

  it('runs two subagents of one step; only their reports reach the parent\'s next request, and the tokens of all count', async () => {
    const { events, result } = await s.run('survey the shop helpers');
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    assert.match(result.summary.answer, /REPORT-FORMAT[\s\S]*REPORT-REORDER|REPORT-REORDER[\s\S]*REPORT-FORMAT/);
    const requests = s.chatRequests();
    const parent = requests.filter((r) => r.prompt_cache_key === WORKSPACE_KEY);
    const children = requests.filter((r) => r.prompt_cache_key === EXPLORE_KEY);
    assert.equal(parent.length, 2, 'the parent: one step that starts both, one that answers');
    assert.equal(children.length, 4, 'two steps per child');
    requests.forEach((r, i) => assertEveryCallAnswered(r.messages, `request ${i + 1}`));
    const next = parent[1] as ChatRequest;
    const reports = next.messages.filter((m) => m.role === 'tool');
    assert.equal(reports.length, 2);
    assert.ok(reports.some((m) => String(m.content).startsWith('REPORT-FORMAT')) && reports.some((m) => String(m.content).startsWith('REPORT-REORDER')));
    // What the children read stays in their own context: no parent request holds a line of the files.
    for (const r of parent) assert.doesNotMatch(text(r), /Intl\.NumberFormat\(|def needs_reorder/);
    assert.match(children.map(text).join('\n'), /Intl\.NumberFormat\(/);
    assert.match(children.map(text).join('\n'), /def needs_reorder/);
    // Each child starts fresh: its kind's instructions and the job, nothing of the parent's conversation.
    for (const child of children) assert.doesNotMatch(text(child), /survey the shop helpers/);
    const offered = (children[0] as ChatRequest).tools?.map((t) => t.function.name);
    assert.deepEqual(offered, ['list_files', 'read_file', 'search_text', 'find_files', 'list_problems'].filter((n) => offered?.includes(n)));
    assert.ok(!offered?.includes(SUBAGENT_TOOL_NAME) && !offered?.includes('write_file'), `explore gets only read tools: ${offered?.join(', ')}`);
    const runs = [...lastRuns(events).values()];
    assert.deepEqual(runs.map((r) => [r.kind, r.status, r.steps, r.calls.map((c) => `${c.name}:${c.status}`).join()]), [
      ['explore', 'done', 2, 'read_file:done'],
      ['explore', 'done', 2, 'read_file:done'],
    ]);
    const own = events.flatMap((e) => (e.type === 'step_finished' && e.usage ? [e.usage.promptTokens] : [])).reduce((a, b) => a + b, 0);
    const childTokens = runs.reduce((a, r) => a + r.usage.promptTokens, 0);
    assert.ok(childTokens > 0);
    assert.equal(result.summary.usage.promptTokens, own + childTokens, 'the task\'s tokens include its subagents\'');
  });

  it('sends every call of one kind under that kind\'s key, so a repeated call finds most of its prompt cached', async () => {
    await s.run('survey the shop helpers');
    const { events } = await s.run('survey the shop helpers');
    assert.ok(s.chatRequests().filter((r) => r.prompt_cache_key?.startsWith(WORKSPACE_KEY)).every((r) => r.prompt_cache_key === WORKSPACE_KEY || r.prompt_cache_key === EXPLORE_KEY));
    for (const run of lastRuns(events).values()) {
      const share = run.usage.cachedTokens / run.usage.promptTokens;
      assert.ok(share >= 0.8, `${run.kind}: ${(share * 100).toFixed(1)} % cached`);
    }
  });

  it('opens two calls of one kind byte for byte alike up to their jobs, and sends the same job again byte for byte at every step', async () => {
    await s.run('survey the shop helpers');
    const firstRun = s.chatRequests().length;
    await s.run('survey the shop helpers');
    const requests = s.chatRequests();
    // Each child's requests, in order, by its job (the two children of one step run at once, so their requests interleave).
    const byJob = (from: number, to: number): Map<string, ChatRequest[]> => {
      const jobs = new Map<string, ChatRequest[]>();
      for (const r of requests.slice(from, to).filter((q) => q.prompt_cache_key === EXPLORE_KEY)) {
        const job = String(r.messages.find((m) => m.role === 'user')?.content);
        jobs.set(job, [...(jobs.get(job) ?? []), r]);
      }
      return jobs;
    };
    const before = byJob(0, firstRun);
    const again = byJob(firstRun, requests.length);
    assert.equal(before.size, 2);
    for (const [job, steps] of before) assert.deepEqual(again.get(job)?.map((r) => JSON.stringify(r)), steps.map((r) => JSON.stringify(r)), job);
    // Two jobs of one kind: the prompt in the order the model reads it (tools, then each message) is the same up to the job.
    const [format, reorder] = [...before.values()].map((steps) => steps[0] as ChatRequest) as [ChatRequest, ChatRequest];
    const prompt = (r: ChatRequest): string[] => [JSON.stringify(r.tools), ...r.messages.map((m) => JSON.stringify(m))];
    const [a, b] = [prompt(format), prompt(reorder)];
    assert.equal(a.findIndex((part, i) => part !== b[i]), a.length - 1, 'only the job, the last message, differs');
    assert.equal(format.messages.at(-1)?.role, 'user');
    assert.deepEqual({ ...format, messages: [] }, { ...reorder, messages: [] }, 'the same key, tools and settings');
  });

  it('stops both running subagents when the task is stopped; nothing is sent after the stop', async () => {
    const started: string[] = [];
    const aborted: boolean[] = [];
    const controller = new AbortController();
    const slowRead: Tool = {
      definition: { type: 'function', function: { name: 'read_file', description: 'reads', parameters: { type: 'object', properties: { path: { type: 'string', description: 'p' } }, required: ['path'] } } },
      origin: { kind: 'workspace' },
      traits: toolTraits({ readsWorkspace: true }),
      display: toolDisplay('read', 'path', () => ({ running: 'Reading {0}', done: 'Read {0}' })),
      run: (_args, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted.push(signal.aborted);
            resolve({ status: 'done', content: 'late' });
          });
          started.push('read');
          // Both children are inside their read at once: the calls of one step run concurrently.
          if (started.length === 2) controller.abort();
        }),
    };
    const { result, events } = await s.run('two slow jobs', { tools: new ToolRegistry([slowRead]), signal: controller.signal });
    assert.equal(started.length, 2);
    assert.deepEqual(aborted, [true, true]);
    assert.equal(result.summary.stopReason, 'cancelled');
    assert.equal(s.chatRequests().length, 3, 'the parent\'s step and each child\'s first step, nothing after');
    assert.deepEqual([...lastRuns(events).values()].map((r) => r.status).sort(), ['cancelled', 'cancelled']);
    assertEveryCallAnswered(result.messages, 'stopped task');
  });

  it('counts the children\'s steps toward the task\'s step limit', async () => {
    const { result } = await s.run('survey the shop helpers', { maxSteps: 3 });
    assert.equal(result.summary.stopReason, 'step_limit');
    assert.equal(s.chatRequests().length, 3, 'three requests in all, children included');
    const reports = result.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    assert.ok(reports.some((r) => /stopped at the task's step limit/.test(r)), reports.join('\n'));
  });
});
