// Commands that cannot hang a task, with real child processes in a temp workspace: a time limit past
// which the command goes on as a process of the task, background processes read and stopped by id,
// end-of-input for a command that asks a question, and stopping that kills the whole process group.
// Nothing waits on the clock to hope: each step waits on the output it needs (or on a file the test
// writes), and the only time limits are the tool's own, which the command cannot meet.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskApprovals, type ApprovalDecision } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { endsWithPrompt, INPUT_HINT } from '../../../src/core/tools/inputPrompt';
import { ProcessOutput } from '../../../src/core/tools/processOutput';
import { TaskEndedError, TaskProcesses } from '../../../src/core/tools/taskProcesses';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ToolRunResult } from '../../../src/core/tools/tool';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { nodeTestHost, processEnds, processRuns, ScriptedApprover, type TestHost } from '../../support/testWorkspaceHost';

describe('core/tools commands that cannot hang a task (real processes)', function () {
  this.timeout(30_000);
  let root: string;
  let host: TestHost;
  let processes: TaskProcesses;
  let approver: ScriptedApprover;
  let tools: ToolRegistry;
  const decision: ApprovalDecision = 'approve';

  async function call(name: string, args: Record<string, unknown>, signal = new AbortController().signal): Promise<ToolRunResult> {
    const tool = tools.get(name);
    assert.ok(tool, `tool ${name} exists`);
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), signal);
  }

  /** Reads process `id` until its output so far contains `pattern`; each read waits for new output, so nothing polls the clock. */
  async function readUntil(id: string, pattern: RegExp, seen = ''): Promise<string> {
    let text = seen;
    for (let reads = 0; reads < 50 && !pattern.test(text); reads++) {
      const read = await call('read_process_output', { id, wait_seconds: 20 });
      assert.equal(read.status, 'done');
      text += read.content;
    }
    assert.match(text, pattern);
    return text;
  }

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-cmd-')));
    host = nodeTestHost([{ name: 'ws', path: root }]);
    approver = new ScriptedApprover(() => decision);
    processes = new TaskProcesses(host.commands, 4096);
    tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(approver), new ChangeJournal(), { maxCommandOutputBytes: 4096, processes, backgroundFirstOutputMs: 100 }));
  });

  afterEach(async () => {
    await processes.stopAll();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('a command past its time limit answers "still running" with its process id; reading gives what it printed; the task goes on', async () => {
    const result = await call('run_command', { command: 'echo first-line; while [ ! -e go ]; do sleep 0.05; done; printf "line %s\\n" two; sleep 1000', timeout_seconds: 1 });
    assert.equal(result.status, 'done');
    assert.match(result.content, /still running after 1 s: it goes on as process p1/);
    assert.match(result.content, /read_process_output \{"id": "p1"\}/);
    assert.deepEqual(processes.running().map((p) => p.id), ['p1']);
    await fs.writeFile(path.join(root, 'go'), '');
    const text = await readUntil('p1', /line two/, result.content);
    assert.match(text, /first-line/);
    assert.match(text, /process p1 is running/);
    const shell = host.commands.started[0]!.pid!;
    assert.equal(processRuns(shell), true);
    const stopped = await call('stop_process', { id: 'p1' });
    assert.match(stopped.content, /process p1 stopped/);
    assert.equal(await processEnds(shell), true);
    assert.deepEqual(processes.running(), []);
  });

  it('a command that finishes in time answers as before and leaves no process behind', async () => {
    const result = await call('run_command', { command: 'echo done-now', timeout_seconds: 30 });
    assert.equal(result.status, 'done');
    assert.match(result.content, /exited with code 0\)\ndone-now/);
    assert.deepEqual(processes.list(), []);
    const list = await call('list_processes', {});
    assert.equal(list.content, 'This task has no processes.');
  });

  it('a time limit out of range is refused, naming the field and the range, and nothing runs', async () => {
    for (const timeout of [0, 601, -5]) {
      const result = await call('run_command', { command: 'touch ran.txt', timeout_seconds: timeout });
      assert.equal(result.status, 'failed');
      assert.match(result.content, /timeout_seconds must be a whole number of seconds from 1 to 600; got -?\d+/);
    }
    assert.throws(() => parseToolArguments(tools.get('run_command')!.definition, '{"command":"x","timeout_seconds":1.5}'), /field "timeout_seconds" must be "integer"/);
    const wait = await call('read_process_output', { id: 'p1', wait_seconds: 1 });
    assert.match(wait.content, /No process "p1" in this task/);
    assert.equal(approver.asked.length, 0);
    await assert.rejects(fs.access(path.join(root, 'ran.txt')));
  });

  it('background: true asks saying it keeps running, answers at once with an id; stop kills the whole process group', async () => {
    const result = await call('run_command', { command: 'sleep 1000 & echo "child $!"; printf "%s\\n" ready-to-serve; wait', background: true });
    assert.equal(result.status, 'done');
    assert.match(result.content, /started in the background as process p1/);
    assert.match(approver.asked[0]?.title ?? '', /^Start `sleep 1000 & echo .*; wait` in the background\?$/, 'the exact command, and no "in ." for the workspace root');
    assert.match(approver.asked[0]?.warning ?? '', /keeps running in the background until you stop it/);
    const text = await readUntil('p1', /child \d+\n[\s\S]*ready-to-serve\n/, result.content);
    const child = Number(/child (\d+)/.exec(text)![1]);
    const shell = host.commands.started[0]!.pid!;
    assert.equal(processRuns(child), true);
    const listed = await call('list_processes', {});
    assert.match(listed.content, /^p1 \(running, background\) in .*: \$ sleep 1000/);
    await call('stop_process', { id: 'p1' });
    assert.equal(await processEnds(shell), true, 'the shell is gone');
    assert.equal(await processEnds(child), true, 'what it started is gone too');
    const again = await call('stop_process', { id: 'p1' });
    assert.match(again.content, /process p1 was stopped: .*\(it was no longer running\)/);
  });

  it('the end of the task stops every process it left running, and starts no more', async () => {
    await call('run_command', { command: 'sleep 1000', background: true });
    await call('run_command', { command: 'echo x; sleep 1000', timeout_seconds: 1 });
    const pids = host.commands.started.map((p) => p.pid!);
    assert.ok(pids.every(processRuns));
    await processes.stopAll();
    for (const pid of pids) assert.equal(await processEnds(pid), true);
    await assert.rejects(processes.start({ command: 'true', cwd: root, display: '.', background: false }), TaskEndedError);
  });

  it('a command that reads input gets end-of-input at once; a question at the end of failed output gets a hint', async () => {
    const read = await call('run_command', { command: 'read answer; echo "read returned $? with [$answer]"' });
    assert.match(read.content, /read returned 1 with \[\]/);
    const asked = await call('run_command', { command: "printf 'Overwrite the database? [y/N] '; read reply || exit 1" });
    assert.equal(asked.status, 'failed');
    assert.match(asked.content, /exited with code 1/);
    assert.ok(asked.content.endsWith(INPUT_HINT));
    const plain = await call('run_command', { command: 'echo "all good"; exit 2' });
    assert.ok(!plain.content.includes(INPUT_HINT));
  });

  it('stopping the task while a command runs stops the command', async () => {
    const controller = new AbortController();
    let announced!: () => void;
    const printed = new Promise<void>((resolve) => (announced = resolve));
    const unsubscribe = processes.onChange(() => {
      const p = processes.get('p1');
      if (p) p.output.onAppend(() => announced());
    });
    const running = call('run_command', { command: 'echo started; sleep 1000' }, controller.signal);
    await printed;
    unsubscribe();
    controller.abort();
    const result = await running;
    assert.match(result.content, /was stopped before it exited/);
    assert.equal(await processEnds(host.commands.started[0]!.pid!), true);
  });
});

describe('core/tools ProcessOutput', () => {
  it('keeps the head up to the cap for a finished command, and reads only what is new, its last part when long', () => {
    const output = new ProcessOutput(10, 20);
    output.append('0123456789abc');
    assert.deepEqual(output.head(), { text: '0123456789', truncated: true });
    assert.deepEqual(output.readNew(), { text: '3456789abc', skipped: 3 });
    assert.deepEqual(output.readNew(), { text: '', skipped: 0 });
    output.append('x'.repeat(30));
    assert.deepEqual(output.readNew(), { text: 'x'.repeat(10), skipped: 20 });
    assert.equal(output.hasNew(), false);
  });
});

describe('core/tools endsWithPrompt', () => {
  it('knows a question at the end of output, and nothing else', () => {
    for (const prompt of ['Continue? [y/N] ', 'Password:', 'Proceed (yes/no)', '? Project name › ', 'Overwrite file.txt (y/n)\n', 'Enter a value\n> ']) {
      assert.equal(endsWithPrompt(`Installing…\n${prompt}`), true, prompt);
    }
    for (const output of ['Tests: 12 passed\n', 'Build finished.\n', '', 'error TS2304: Cannot find name x.\n']) assert.equal(endsWithPrompt(output), false, output);
  });
});
