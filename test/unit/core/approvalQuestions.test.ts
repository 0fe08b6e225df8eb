import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { TaskProcesses } from '../../../src/core/tools/taskProcesses';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ToolRunResult } from '../../../src/core/tools/tool';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { nodeTestHost, ScriptedApprover } from '../../support/testWorkspaceHost';

describe('core/tools approval questions say what, where and how much', function () {
  this.timeout(30_000);
  let root: string;
  let approver: ScriptedApprover;
  let processes: TaskProcesses;
  let tools: ToolRegistry;

  async function call(name: string, args: Record<string, unknown>): Promise<ToolRunResult> {
    const tool = tools.get(name);
    assert.ok(tool, `tool ${name} exists`);
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
  }

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-ask-')));
    const host = nodeTestHost([{ name: 'ws', path: root }]);
    approver = new ScriptedApprover(() => 'approve');
    processes = new TaskProcesses(host.commands, 4096);
    tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(approver), new ChangeJournal(), { processes }));
  });

  afterEach(async () => {
    await processes.stopAll();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('an edit: "Make this edit to <path>?" with its changed lines, and the card gets the counts and the mini-diff', async () => {
    await fs.mkdir(path.join(root, 'src'));
    await fs.writeFile(path.join(root, 'src', 'inventory.py'), 'def total(items):\n    count = 0\n    return count\n');
    const result = await call('edit_file', { path: 'src/inventory.py', old_text: 'count = 0', new_text: 'count = len(items)' });
    assert.equal(result.status, 'done');
    assert.equal(approver.asked[0]?.title, 'Make this edit to src/inventory.py?');
    assert.equal(approver.asked[0]?.detail, '  def total(items):\n-     count = 0\n+     count = len(items)\n      return count');
    assert.deepEqual({ added: result.change?.added, removed: result.change?.removed, path: result.change?.path }, { added: 1, removed: 1, path: 'src/inventory.py' });
  });

  it('a new file: "Create <path>?" with its lines', async () => {
    await call('write_file', { path: 'notes.md', content: '# Notes\nfirst\n' });
    assert.equal(approver.asked[0]?.title, 'Create notes.md?');
    assert.equal(approver.asked[0]?.detail, '+ # Notes\n+ first');
  });

  it('a command: the exact command "in the terminal", its folder only when it is not the workspace root', async () => {
    await fs.mkdir(path.join(root, 'pkg'));
    await call('run_command', { command: 'echo hi' });
    await call('run_command', { command: 'echo there', cwd: 'pkg' });
    await call('run_command', { command: `echo ${'x'.repeat(100)}` });
    assert.deepEqual(approver.asked.map((r) => r.title), ['Run `echo hi` in the terminal?', 'Run `echo there` in the terminal (in pkg)?', 'Run this command in the terminal?']);
    assert.equal(approver.asked[2]?.detail, `echo ${'x'.repeat(100)}`, 'a long command is shown whole below');
  });
});
