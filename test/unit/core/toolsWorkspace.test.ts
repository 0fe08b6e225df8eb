import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskApprovals, type ApprovalDecision } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ToolRunResult } from '../../../src/core/tools/tool';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { nodeTestHost, ScriptedApprover, type TestHost } from '../../support/testWorkspaceHost';

describe('core/tools workspace tools (real temp workspace)', () => {
  let root: string;
  let host: TestHost;
  let journal: ChangeJournal;
  let approver: ScriptedApprover;
  let decision: ApprovalDecision;

  const file = (rel: string) => path.join(root, rel);
  const read = (rel: string) => fs.readFile(file(rel), 'utf8');

  function registry(options: { autoApproveEdits?: boolean; maxCommandOutputBytes?: number } = {}): ToolRegistry {
    const approvals = new TaskApprovals(approver, { autoApproveEdits: options.autoApproveEdits ?? false });
    return new ToolRegistry(createWorkspaceTools(host, approvals, journal, { maxCommandOutputBytes: options.maxCommandOutputBytes ?? 1024 }));
  }

  async function call(tools: ToolRegistry, name: string, args: Record<string, unknown>, signal = new AbortController().signal): Promise<ToolRunResult> {
    const tool = tools.get(name);
    assert.ok(tool, `tool ${name} exists`);
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), signal);
  }

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-ws-')));
    await fs.mkdir(path.join(root, 'src', 'lib'), { recursive: true });
    await fs.mkdir(path.join(root, 'node_modules', 'dep'), { recursive: true });
    await fs.mkdir(path.join(root, 'build'));
    await fs.writeFile(file('.gitignore'), 'build/\n*.log\n');
    await fs.writeFile(file('src/.gitignore'), 'generated.ts\n');
    await fs.writeFile(file('src/date.ts'), 'export function isLeap(y: number) {\n  return y % 4 === 0;\n}\n');
    await fs.writeFile(file('src/generated.ts'), 'export const leapTable = [];\n');
    await fs.writeFile(file('src/lib/util.ts'), 'export const leap = true;\n');
    await fs.writeFile(file('debug.log'), 'leap log\n');
    await fs.writeFile(file('build/out.js'), 'leap();\n');
    await fs.writeFile(file('node_modules/dep/index.js'), 'leap();\n');
    host = nodeTestHost([{ name: 'ws', path: root }], { exclude: ['**/node_modules'] });
    journal = new ChangeJournal();
    decision = 'approve';
    approver = new ScriptedApprover(() => decision);
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('list_files honours .gitignore (nested too) and files.exclude', async () => {
    const result = await call(registry(), 'list_files', { recursive: true });
    assert.equal(result.status, 'done');
    assert.deepEqual(result.content.split('\n').sort(), ['.gitignore', 'src/', 'src/.gitignore', 'src/date.ts', 'src/lib/', 'src/lib/util.ts']);
  });

  it('list_files at the top of a multi-root workspace names the folders, and paths start with them', async () => {
    const second = `${root}-second`;
    await fs.mkdir(second);
    await fs.writeFile(path.join(second, 'b.txt'), 'b');
    try {
      host = nodeTestHost([{ name: 'ws', path: root }, { name: 'second', path: second }]);
      const tools = registry();
      assert.equal((await call(tools, 'list_files', {})).content, 'ws/\nsecond/');
      assert.equal((await call(tools, 'list_files', { path: 'second' })).content, 'second/b.txt');
      assert.match((await call(tools, 'read_file', { path: 'second/b.txt' })).content, /^second\/b.txt lines 1-1 of 1:\nb$/);
    } finally {
      await fs.rm(second, { recursive: true, force: true });
    }
  });

  it('read_file reads a line range with its position', async () => {
    const result = await call(registry(), 'read_file', { path: 'src/date.ts', start_line: 2, end_line: 2 });
    assert.equal(result.content, 'src/date.ts lines 2-2 of 4:\n  return y % 4 === 0;');
    const outside = await call(registry(), 'read_file', { path: 'src/date.ts', start_line: 9 });
    assert.equal(outside.status, 'failed');
    assert.match(outside.content, /outside src\/date.ts, which has 4 lines/);
  });

  it('search_text finds matches in files that are not ignored', async () => {
    const result = await call(registry(), 'search_text', { query: 'LEAP' });
    assert.deepEqual(result.content.split('\n').sort(), ['src/date.ts:1: export function isLeap(y: number) {', 'src/lib/util.ts:1: export const leap = true;']);
  });

  it('write_file shows the diff, applies after approval and journals the change; undo deletes the new file', async () => {
    const result = await call(registry(), 'write_file', { path: 'docs/api.md', content: '# API\n' });
    assert.equal(result.status, 'done');
    assert.equal(await read('docs/api.md'), '# API\n');
    assert.equal(host.diffPreview.shown.length, 1);
    assert.equal(host.diffPreview.shown[0]?.before, undefined);
    assert.equal(host.diffPreview.closed, 1);
    assert.equal(approver.asked[0]?.kind, 'edit');
    assert.deepEqual(journal.filesChanged(), ['docs/api.md']);
    const report = await journal.undoAll(host.files);
    assert.deepEqual(report.deleted, ['docs/api.md']);
    await assert.rejects(fs.access(file('docs/api.md')));
  });

  it('edit_file replaces one exact match; undo restores the original after several edits', async () => {
    const tools = registry();
    const original = await read('src/date.ts');
    const first = await call(tools, 'edit_file', { path: 'src/date.ts', old_text: 'y % 4 === 0', new_text: '(y % 4 === 0 && y % 100 !== 0) || y % 400 === 0' });
    assert.equal(first.status, 'done');
    await call(tools, 'edit_file', { path: 'src/date.ts', old_text: 'isLeap', new_text: 'isLeapYear' });
    assert.match(await read('src/date.ts'), /isLeapYear[\s\S]*y % 400 === 0/);
    const report = await journal.undoAll(host.files);
    assert.deepEqual(report.restored, ['src/date.ts']);
    assert.equal(await read('src/date.ts'), original);
  });

  it('edit_file explains a missing or ambiguous old_text', async () => {
    const missing = await call(registry(), 'edit_file', { path: 'src/date.ts', old_text: 'nope', new_text: 'x' });
    assert.equal(missing.status, 'failed');
    assert.match(missing.content, /not found/);
    await fs.writeFile(file('src/twice.ts'), 'a\na\n');
    const twice = await call(registry(), 'edit_file', { path: 'src/twice.ts', old_text: 'a', new_text: 'b' });
    assert.match(twice.content, /occurs 2 times in src\/twice.ts \(lines 1, 2\)/);
  });

  it('a rejected edit is not applied and not journaled', async () => {
    decision = 'reject';
    const result = await call(registry(), 'write_file', { path: 'src/date.ts', content: 'gone' });
    assert.equal(result.status, 'rejected');
    assert.match(await read('src/date.ts'), /isLeap/);
    assert.deepEqual(journal.filesChanged(), []);
  });

  it('"always for this task" stops asking about edits; auto-approve never asks', async () => {
    decision = 'always';
    const tools = registry();
    await call(tools, 'write_file', { path: 'a.txt', content: 'a' });
    await call(tools, 'write_file', { path: 'b.txt', content: 'b' });
    assert.equal(approver.asked.length, 1);
    const auto = registry({ autoApproveEdits: true });
    await call(auto, 'write_file', { path: 'c.txt', content: 'c' });
    assert.equal(approver.asked.length, 1);
    assert.equal(await read('c.txt'), 'c');
  });

  it('undo leaves a file the user changed afterwards alone and says so', async () => {
    await call(registry(), 'write_file', { path: 'src/date.ts', content: 'agent version\n' });
    await fs.writeFile(file('src/date.ts'), 'user version\n');
    const report = await journal.undoAll(host.files);
    assert.deepEqual(report.skipped, [{ display: 'src/date.ts', reason: 'the file was changed after the agent wrote it' }]);
    assert.equal(await read('src/date.ts'), 'user version\n');
  });

  it('paths outside the workspace are refused by every tool', async () => {
    const tools = registry();
    await assert.rejects(call(tools, 'read_file', { path: '../etc/passwd' }), /"\.\." is not allowed/);
    await assert.rejects(call(tools, 'write_file', { path: '/tmp/x.txt', content: 'x' }), /absolute/);
    await assert.rejects(call(tools, 'list_files', { path: '..' }), /"\.\." is not allowed/);
    assert.equal(host.diffPreview.shown.length, 0);
  });

  it('run_command asks every time (even after "always"), captures output with a cap, and reports the exit code', async () => {
    decision = 'always';
    const tools = registry({ maxCommandOutputBytes: 64 });
    const ok = await call(tools, 'run_command', { command: 'echo hello && echo err 1>&2', cwd: 'src' });
    assert.equal(ok.status, 'done');
    assert.match(ok.content, /exited with code 0/);
    assert.match(ok.content, /hello/);
    const long = await call(tools, 'run_command', { command: 'yes leap | head -c 5000; exit 3' });
    assert.equal(long.status, 'failed');
    assert.match(long.content, /exited with code 3/);
    assert.match(long.content, /\[output cut at 64 bytes\]/);
    assert.equal(approver.asked.filter((a) => a.kind === 'command').length, 2);
    assert.ok(approver.asked.every((a) => a.allowAlways === false));
  });

  it('a rejected command does not run', async () => {
    decision = 'reject';
    const result = await call(registry(), 'run_command', { command: 'touch ran.txt' });
    assert.equal(result.status, 'rejected');
    await assert.rejects(fs.access(file('ran.txt')));
  });

  it('stopping a running command kills it', async () => {
    const controller = new AbortController();
    const running = call(registry(), 'run_command', { command: 'sleep 30; touch late.txt' }, controller.signal);
    setTimeout(() => controller.abort(), 200);
    const result = await running;
    assert.match(result.content, /was stopped before it exited/);
    await assert.rejects(fs.access(file('late.txt')));
  });
});
