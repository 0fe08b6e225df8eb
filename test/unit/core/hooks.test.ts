// Hooks with real child processes: what blocks a tool call (exit code 2, JSON) and what the model then
// reads, the time limit, the JSON a hook reads on standard input, matchers (ours and Claude Code's tool
// names), PostToolUse, and UserPromptSubmit and Stop around a real agent task.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { emptyToolset, tasksWith } from '../../support/agentTaskBed';
import { exists, hookBed, oneHook, type HookBed } from '../../support/hookBed';
import { processEnds } from '../../support/testWorkspaceHost';
import { chunk, delta, usageChunk, type ScriptStep } from './support/scriptedChatClient';
import { requestSettings } from '../../../src/core/requests/requestSettings';

const answer: ScriptStep[] = [delta({ role: 'assistant', content: 'Done.' }, 0, 'stop'), usageChunk(12, 5)];
const settings = { request: requestSettings({ model: 'svc-k2.5', thinking: false }), maxSteps: 5, systemPrompt: 'Be brief.' };
const callWrite: ScriptStep[] = [
  delta({ role: 'assistant', content: '', tool_calls: [{ index: 0, id: 'call-1', type: 'function', function: { name: 'write_file', arguments: '{"path":"new.txt","content":"x"}' } }] }),
  chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]),
];

describe('hooks (real processes)', function () {
  this.timeout(30_000);
  let bed: HookBed;
  beforeEach(async () => (bed = await hookBed()));
  afterEach(async () => bed.remove());
  const trace = (name: string) => path.join(bed.traces, name);

  it('a PreToolUse hook that exits with 2 blocks the call: it does not run, and the model reads stderr as its result', async () => {
    bed.userHooks = oneHook('PreToolUse', 'echo "writes are frozen today" >&2; exit 2', 'write_file');
    const result = await bed.call('write_file', { path: 'new.txt', content: 'x' });
    assert.equal(result.status, 'rejected');
    assert.match(result.content, /blocked this call of write_file/);
    assert.match(result.content, /writes are frozen today/);
    assert.equal(await exists(path.join(bed.workspace, 'new.txt')), false);
    assert.deepEqual(bed.asked.filter((q) => q.kind === 'run-hook'), [], "the user's own hook runs without asking");
  });

  it('blocks with JSON output: "decision": "block", and a PreToolUse permissionDecision of "deny"', async () => {
    bed.userHooks = oneHook('PreToolUse', `echo '{"decision":"block","reason":"use the formatter"}'`);
    assert.match((await bed.call('read_file', { path: 'README.md' })).content, /use the formatter/);
    bed.userHooks = oneHook('PreToolUse', `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no reading"}}'`);
    const denied = await bed.call('read_file', { path: 'README.md' });
    assert.equal(denied.status, 'rejected');
    assert.match(denied.content, /no reading/);
  });

  it('an "allow" or plain output blocks nothing and approves nothing: the call still asks', async () => {
    bed.userHooks = oneHook('PreToolUse', `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'; echo hello`);
    assert.equal((await bed.call('read_file', { path: 'README.md' })).status, 'done');
    await bed.call('run_command', { command: 'true' });
    assert.deepEqual(bed.asked.map((q) => q.kind), ['command'], 'the command was still asked about');
  });

  it('gives the hook Claude Code\'s JSON on standard input: event, tool name and input, session and folder', async () => {
    bed.userHooks = { ...oneHook('PreToolUse', `cat > ${trace('pre.json')}; echo "$CLAUDE_PROJECT_DIR" > ${trace('project-dir')}`), PostToolUse: [{ matcher: 'read_file', hooks: [{ type: 'command', command: `cat > ${trace('post.json')}` }] }] };
    await bed.call('read_file', { path: 'README.md' });
    const pre = JSON.parse(await fs.readFile(trace('pre.json'), 'utf8')) as Record<string, unknown>;
    assert.equal((await fs.readFile(trace('project-dir'), 'utf8')).trim(), bed.workspace, 'CLAUDE_PROJECT_DIR is the folder, as Claude Code sets it');
    assert.deepEqual(pre, { session_id: 'conversation-1', cwd: bed.workspace, hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: { path: 'README.md' } });
    const post = JSON.parse(await fs.readFile(trace('post.json'), 'utf8')) as { hook_event_name: string; tool_response: { status: string; content: string } };
    assert.equal(post.hook_event_name, 'PostToolUse');
    assert.equal(post.tool_response.status, 'done');
    assert.match(post.tool_response.content, /hello/);
  });

  it('kills a hook past its time limit, with what it started, says so, and lets the call run', async () => {
    bed.userHooks = oneHook('PreToolUse', `sleep 30 & echo $! > ${trace('pid')}; wait`, undefined, 1);
    const result = await bed.call('read_file', { path: 'README.md' });
    assert.equal(result.status, 'done');
    assert.ok(bed.reports.some((line) => /time limit of 1 s and was stopped/.test(line)), bed.reports.join('\n'));
    const pid = Number((await fs.readFile(trace('pid'), 'utf8')).trim());
    assert.ok(await processEnds(pid), 'the sleep the hook started was killed with it');
  });

  it('a hook that fails with another exit code is reported and blocks nothing', async () => {
    bed.userHooks = oneHook('PreToolUse', 'echo "lint not installed" >&2; exit 1');
    assert.equal((await bed.call('read_file', { path: 'README.md' })).status, 'done');
    assert.ok(bed.reports.some((line) => /exit code 1\): lint not installed/.test(line)), bed.reports.join('\n'));
  });

  it('matches our tool names, Claude Code\'s names for the same tools, and patterns; others are left alone', async () => {
    bed.userHooks = {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: `touch ${trace('bash')}` }] },
        { matcher: 'Edit|Write', hooks: [{ type: 'command', command: `touch ${trace('edit-write')}` }] },
        { matcher: 'read_.*', hooks: [{ type: 'command', command: `touch ${trace('read')}` }] },
        { matcher: 'read', hooks: [{ type: 'command', command: `touch ${trace('partial')}` }] },
      ],
    };
    await bed.call('read_file', { path: 'README.md' });
    assert.equal(await exists(trace('read')), true);
    assert.equal(await exists(trace('partial')), false, 'a matcher covers the whole name');
    assert.equal(await exists(trace('edit-write')), false);
    await bed.call('write_file', { path: 'b.txt', content: 'b' });
    assert.equal(await exists(trace('edit-write')), true, 'Write is write_file');
    await bed.call('run_command', { command: 'true' });
    assert.equal(await exists(trace('bash')), true, 'Bash is run_command');
  });

  it('a PostToolUse block gives its reason to the model with the result of the call that ran', async () => {
    bed.userHooks = oneHook('PostToolUse', 'echo "run the tests next" >&2; exit 2', 'write_file');
    const result = await bed.call('write_file', { path: 'c.txt', content: 'c' });
    assert.equal(result.status, 'done');
    assert.match(result.content, /PostToolUse hook on this call says:\nrun the tests next/);
    assert.equal(await fs.readFile(path.join(bed.workspace, 'c.txt'), 'utf8'), 'c');
  });

  it('a UserPromptSubmit block stops the task before any request, keeps the prompt and shows the reason', async () => {
    bed.userHooks = oneHook('UserPromptSubmit', `cat > ${trace('prompt.json')}; echo "no tasks on Fridays" >&2; exit 2`);
    const hooks = await bed.hooks();
    const { client, store, tasks } = await tasksWith([answer], { toolset: async () => ({ ...emptyToolset(), ...(hooks ? { hooks } : {}) }) });
    await tasks.run(null, 'deploy it', settings);
    assert.equal(client.requests.length, 0, 'nothing was sent');
    const conversation = store.list()[0]!;
    const entries = store.require(conversation.id).entries;
    assert.equal(entries[0]?.role === 'user' && entries[0].content, 'deploy it');
    const last = entries.at(-1);
    assert.ok(last?.role === 'assistant' && last.status === 'failed' && /A hook blocked this prompt: no tasks on Fridays/.test(last.error?.message ?? ''));
    const input = JSON.parse(await fs.readFile(trace('prompt.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(input.hook_event_name, 'UserPromptSubmit');
    assert.equal(input.prompt, 'deploy it');
  });

  it('runs Stop hooks when the task ends, after its tool calls, and shows what a blocking one says', async () => {
    bed.userHooks = { ...oneHook('Stop', `cat > ${trace('stop.json')}; echo "remember the changelog" >&2; exit 2`), ...oneHook('PostToolUse', `touch ${trace('post')}`) };
    const hooks = await bed.hooks();
    const toolset = await bed.toolset();
    const { events, tasks } = await tasksWith([callWrite, answer], { toolset: async () => ({ ...toolset, ...(hooks ? { hooks } : {}) }) });
    await tasks.run(null, 'write it', settings);
    assert.equal(await exists(trace('post')), true);
    const stop = JSON.parse(await fs.readFile(trace('stop.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(stop.hook_event_name, 'Stop');
    assert.ok(events.some((e) => e.type === 'notice' && /A Stop hook says: remember the changelog/.test(e.message)));
  });
});
