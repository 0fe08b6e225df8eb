// The agent's workspace tools against a real temp folder: every traversal form is refused by the core
// path policy (and by the tools that use it) with nothing outside touched; no write and no command
// happens without approval; undo puts every file back.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskApprovals, type ApprovalDecision, type ApprovalRequest } from '../../src/core/tools/approvals';
import { ChangeJournal } from '../../src/core/tools/changeJournal';
import { WorkspacePathPolicy } from '../../src/core/tools/pathPolicy';
import type { Tool } from '../../src/core/tools/tool';
import { PathPolicyError } from '../../src/core/tools/toolErrors';
import { createWorkspaceTools } from '../../src/core/tools/workspaceTools';
import { nodeTestHost, ScriptedApprover, type TestHost } from '../support/testWorkspaceHost';

const SECRET = 'outside secret: must never be read or written';

describe('security: workspace tools and the path policy', () => {
  let base: string;
  let ws: string;
  let outside: string;
  let host: TestHost;
  let policy: WorkspacePathPolicy;

  before(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-paths-')));
    ws = path.join(base, 'ws');
    outside = path.join(base, 'outside');
    await fs.mkdir(path.join(ws, 'src'), { recursive: true });
    await fs.mkdir(path.join(ws, '.git', 'hooks'), { recursive: true });
    await fs.mkdir(outside, { recursive: true });
    await fs.writeFile(path.join(outside, 'secret.txt'), SECRET);
    await fs.writeFile(path.join(ws, 'src', 'app.ts'), 'export const app = 1;\n');
    await fs.symlink(outside, path.join(ws, 'link-out'));
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(ws, 'secret-link.txt'));
    await fs.symlink(path.join(outside, 'missing-dir', 'x'), path.join(ws, 'dangling'));
    await fs.symlink('../outside', path.join(ws, 'src', 'rel-out'));
    host = nodeTestHost([{ name: 'ws', path: ws }]);
    policy = new WorkspacePathPolicy(host.files);
  });
  after(async () => fs.rm(base, { recursive: true, force: true }));

  const TRAVERSALS: [string, string][] = [
    ['..', 'parent'],
    ['../outside/secret.txt', 'dot-dot'],
    ['src/../../outside/secret.txt', 'dot-dot in the middle'],
    ['src/./../..//outside/secret.txt', 'dot-dot with dots and double slashes'],
    ['..\\outside\\secret.txt', 'backslash dot-dot'],
    ['src\\..\\..\\outside\\secret.txt', 'backslash dot-dot in the middle'],
    ['.../outside/secret.txt', 'three dots'],
    ['.. /outside/secret.txt', 'dot-dot with trailing space'],
    ['/etc/passwd', 'absolute'],
    ['OUTSIDE', 'absolute path of the outside folder (set in the test)'],
    ['\\\\server\\share\\secret.txt', 'UNC'],
    ['//server/share/secret.txt', 'UNC with slashes'],
    ['\\\\?\\C:\\secret.txt', 'Windows device path'],
    ['C:\\Windows\\win.ini', 'drive'],
    ['c:secret.txt', 'drive-relative'],
    ['~/.ssh/id_rsa', 'home'],
    ['~', 'home itself'],
    ['src/app.ts:stream', 'NTFS stream'],
    ['src/app.ts\0.png', 'NUL byte'],
    ['\0', 'NUL only'],
    ['link-out/secret.txt', 'symlinked folder to outside'],
    ['secret-link.txt', 'symlinked file to outside'],
    ['src/rel-out/secret.txt', 'relative symlink to outside'],
    ['dangling', 'dangling symlink'],
    ['dangling/new.txt', 'through a dangling symlink'],
    ['', 'empty'],
    ['   ', 'blank'],
  ];

  function inputFor(raw: string): string {
    return raw === 'OUTSIDE' ? path.join(outside, 'secret.txt') : raw;
  }

  for (const [raw, label] of TRAVERSALS) {
    it(`refuses ${label} (${JSON.stringify(raw)}) for reading and writing`, async () => {
      const input = inputFor(raw);
      for (const purpose of ['read', 'change'] as const) {
        await assert.rejects(policy.resolve(input, purpose), PathPolicyError, `${purpose} of ${JSON.stringify(input)} is refused`);
      }
    });
  }

  it('refuses non-string paths', async () => {
    for (const input of [undefined, null, 42, {}, ['..'], true]) await assert.rejects(policy.resolve(input, 'read'), PathPolicyError);
  });

  it('refuses writes into .git whatever the case or trailing dots and spaces', async () => {
    for (const input of ['.git/hooks/pre-commit', '.GIT/hooks/pre-commit', '.Git/config', '.git./hooks/x', '.git /hooks/x', 'src/../.git/config', '.git\\hooks\\post-merge']) {
      await assert.rejects(policy.resolve(input, 'change'), PathPolicyError, `write of ${input}`);
    }
  });

  it('keeps percent-encoded and look-alike forms literal: they stay inside the workspace or are refused', async () => {
    for (const input of ['%2e%2e/outside/secret.txt', '%2e%2e%2foutside%2fsecret.txt', '..%2f..%2foutside', '%252e%252e/x', '\u2025/outside', '\uff0e\uff0e/outside/secret.txt', 'src/%00.txt']) {
      for (const purpose of ['read', 'change'] as const) {
        const resolved = await policy.resolve(input, purpose).catch((error: unknown) => {
          assert.ok(error instanceof PathPolicyError, `${input}: only a policy refusal`);
          return undefined;
        });
        if (resolved) assert.ok(resolved.path.startsWith(ws + path.sep), `${input} (${purpose}) resolves inside: ${resolved.path}`);
      }
    }
  });

  it('on a case-insensitive host, case tricks on the root and symlinks still resolve inside or are refused', async () => {
    const folded = new WorkspacePathPolicy(nodeTestHost([{ name: 'ws', path: ws }], { caseSensitive: false }).files);
    await assert.rejects(folded.resolve('link-out/secret.txt', 'read'), PathPolicyError);
    await assert.rejects(folded.resolve('.GiT/config', 'change'), PathPolicyError);
    await assert.rejects(folded.resolve(ws.toUpperCase(), 'read'), PathPolicyError);
    await assert.rejects(folded.resolve(`../${path.basename(ws).toUpperCase()}/../outside/secret.txt`, 'read'), PathPolicyError);
    assert.equal((await folded.resolve('src/app.ts', 'read')).display, 'src/app.ts');
  });

  function toolsWith(decide: (request: ApprovalRequest) => ApprovalDecision, autoApproveEdits = false) {
    const approver = new ScriptedApprover(decide);
    const journal = new ChangeJournal();
    const tools = createWorkspaceTools(host, new TaskApprovals(approver, { autoApproveEdits }), journal);
    const byName = (name: string): Tool => tools.find((t) => t.definition.function.name === name) as Tool;
    const run = (name: string, value: Record<string, unknown>) => byName(name).run({ raw: JSON.stringify(value), value }, new AbortController().signal);
    return { approver, journal, run };
  }

  it('the tools refuse every traversal form and never touch the outside folder', async () => {
    const { run, approver } = toolsWith(() => 'approve');
    for (const [raw] of TRAVERSALS) {
      const input = inputFor(raw);
      for (const [name, value] of [
        ['read_file', { path: input }],
        ['write_file', { path: input, content: 'pwned' }],
        ['edit_file', { path: input, old_text: 'outside', new_text: 'pwned' }],
        ['list_files', { path: input }],
        ['run_command', { command: 'echo pwned > pwned.txt', cwd: input }],
      ] as const) {
        const outcome = await run(name, value).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
        if (outcome instanceof Error) assert.ok(outcome instanceof PathPolicyError, `${name} ${JSON.stringify(input)}: refused by the policy, got ${outcome.message}`);
        else if (outcome.status === 'done') {
          // An empty path may name the workspace root; nothing else gets through.
          assert.equal(input.trim(), '', `${name} ${JSON.stringify(input)} did not succeed`);
          assert.ok(!outcome.content.includes(SECRET), `${name} ${JSON.stringify(input)} read nothing outside`);
        }
      }
    }
    assert.equal(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8'), SECRET);
    assert.deepEqual(await fs.readdir(outside), ['secret.txt'], 'nothing created outside');
    assert.equal(approver.asked.length, 0, 'a refused path never reaches the approval question');
  });

  it('no write and no command without approval', async () => {
    const { run, approver, journal } = toolsWith(() => 'reject');
    const write = await run('write_file', { path: 'src/new.ts', content: 'x' });
    assert.equal(write.status, 'rejected');
    const edit = await run('edit_file', { path: 'src/app.ts', old_text: 'app = 1', new_text: 'app = 2' });
    assert.equal(edit.status, 'rejected');
    const command = await run('run_command', { command: 'echo ran > ran.txt' });
    assert.equal(command.status, 'rejected');
    assert.deepEqual(approver.asked.map((a) => a.kind), ['edit', 'edit', 'command']);
    await assert.rejects(fs.stat(path.join(ws, 'src', 'new.ts')));
    await assert.rejects(fs.stat(path.join(ws, 'ran.txt')));
    assert.equal(await fs.readFile(path.join(ws, 'src', 'app.ts'), 'utf8'), 'export const app = 1;\n');
    assert.deepEqual(journal.operations(), []);
  });

  it('"always" never covers commands: each one is asked', async () => {
    const { run, approver } = toolsWith((request) => (request.kind === 'command' ? 'reject' : 'always'));
    await run('run_command', { command: 'echo one' });
    await run('run_command', { command: 'echo two' });
    assert.equal(approver.asked.filter((a) => a.kind === 'command').length, 2);
    assert.ok(approver.asked.filter((a) => a.kind === 'command').every((a) => a.allowAlways === false));
  });

  it('undo restores every changed file and deletes created ones', async () => {
    const appPath = path.join(ws, 'src', 'app.ts');
    const before = await fs.readFile(appPath, 'utf8');
    const { run, journal } = toolsWith(() => 'approve');
    assert.equal((await run('edit_file', { path: 'src/app.ts', old_text: 'app = 1', new_text: 'app = 2' })).status, 'done');
    assert.equal((await run('write_file', { path: 'src/app.ts', content: 'replaced\n' })).status, 'done');
    assert.equal((await run('write_file', { path: 'notes/created.md', content: 'new file\n' })).status, 'done');
    assert.equal(await fs.readFile(appPath, 'utf8'), 'replaced\n');
    const report = await journal.undoAll(host.files);
    assert.deepEqual([...report.restored].sort(), ['src/app.ts']);
    assert.deepEqual(report.deleted, ['notes/created.md']);
    assert.deepEqual(report.skipped, []);
    assert.equal(await fs.readFile(appPath, 'utf8'), before);
    await assert.rejects(fs.stat(path.join(ws, 'notes', 'created.md')));
  });
});
