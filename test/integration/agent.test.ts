// Agent tasks in a real extension host, with the model scripted by the emulator's scenarios
// (test/fixtures/scenarios/agent-integration.json through SVC_EMULATOR_SCENARIOS): an edit applied
// after an approval answered through the view's path, a path outside the workspace refused, undo, a
// search through VS Code's bundled ripgrep, and the Problems read by list_problems.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AssistantEntry, Conversation, ToolEntry } from '../../src/core/conversations/conversation';
import type { PendingApproval } from '../../src/extension/agent/chatApprover';
import type { SvcTestApi } from '../../src/extension/extension';
import { openChatHost, setSetting, svcExtension } from './extensionUnderTest';
import { SCENARIOS_ENV } from '../../src/extension/localEmulator';

const MODEL = 'svc-k2-thinking';

function toolEntries(conversation: Conversation | undefined): ToolEntry[] {
  return (conversation?.entries ?? []).filter((e): e is ToolEntry => e.role === 'tool');
}

function lastAssistant(conversation: Conversation | undefined): AssistantEntry {
  const entry = conversation?.entries.at(-1);
  assert.ok(entry && entry.role === 'assistant', 'the task ends with an assistant entry');
  return entry;
}


describe('svc agent tasks (integration, local emulator)', function () {
  this.timeout(60_000);
  let api: SvcTestApi;
  let root: string;
  const asked: PendingApproval[] = [];
  let answer: (pending: PendingApproval) => void = () => undefined;
  let subscription: vscode.Disposable | undefined;

  before(async () => {
    const extension = svcExtension();
    process.env[SCENARIOS_ENV] = path.join(extension.extensionPath, 'test', 'fixtures', 'scenarios', 'agent-integration.json');
    api = await openChatHost(extension);
    // A change of pace restarts a running emulator, so it picks the scenarios up whatever ran before.
    await setSetting('emulator.speed', 5000);
    await setSetting('emulator.speed', undefined);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs with a workspace folder open');
    root = folder.uri.fsPath;
    subscription = api.agent.onApprovalRequest((pending) => {
      asked.push(pending);
      answer(pending);
    });
  });

  after(() => {
    subscription?.dispose();
    delete process.env[SCENARIOS_ENV];
  });

  beforeEach(async () => {
    asked.length = 0;
    await vscode.commands.executeCommand('svc.newChat');
  });

  /** Runs a scripted task that reads only: it asks nothing and ends with an answer. Its tool entries. */
  async function readingTask(task: string): Promise<ToolEntry[]> {
    const record = await api.agent.runTask(task, { model: MODEL });
    assert.ok(record);
    assert.equal(record.summary.stopReason, 'stop', record.summary.error);
    assert.equal(asked.length, 0, 'reading asks nothing');
    return toolEntries(api.getConversation(record.conversationId));
  }

  afterEach(async () => {
    api.agent.stop();
    await api.agent.whenIdle();
  });

  it('edits a file after the approval, shows the card and summary, saves the task, and undo restores the file', async () => {
    const target = path.join(root, 'agent-target.txt');
    fs.writeFileSync(target, 'The colour of the sky.\n');
    answer = (pending) => api.agent.answerApproval(pending.requestId, 'approve');

    const record = await api.agent.runTask('agent-it edit: use US spelling in agent-target.txt', { model: MODEL });
    assert.ok(record, 'the task ran');
    assert.equal(record.summary.stopReason, 'stop', record.summary.error);
    assert.equal(fs.readFileSync(target, 'utf8'), 'The color of the sky.\n', 'the edit was applied');
    assert.equal(asked.length, 1, 'one approval was asked');
    assert.equal(asked[0]?.request.kind, 'edit');
    assert.deepEqual(record.summary.filesChanged, ['agent-target.txt']);
    assert.deepEqual(record.summary.toolCalls, { edit_file: 1 });
    assert.ok(record.summary.usage.promptTokens > 0);

    const id = api.activeConversationId();
    assert.ok(id);
    const conversation = api.getConversation(id);
    const [card] = toolEntries(conversation);
    assert.equal(card?.card?.status, 'done');
    assert.equal(card?.name, 'edit_file');
    assert.equal(JSON.parse(card?.card?.arguments ?? '{}').path, 'agent-target.txt');
    const final = lastAssistant(conversation);
    assert.match(final.alternatives[0]?.content ?? '', /^Edit result: /);
    assert.equal(final.agentSummary?.taskId, record.taskId);
    assert.ok(conversation?.entries.some((e) => e.role === 'assistant' && (e.alternatives[0]?.reasoning ?? '') !== ''), 'reasoning of the steps is kept');

    const saved = (await api.loadSavedConversations()).find((c) => c.id === id);
    assert.deepEqual(saved?.entries, conversation?.entries, 'the agent conversation is saved with its cards and summary');

    const report = await api.agent.undo(record.taskId);
    assert.deepEqual(report?.restored, ['agent-target.txt']);
    assert.equal(fs.readFileSync(target, 'utf8'), 'The colour of the sky.\n', 'undo restored the file');
  });

  it('refuses a path outside the workspace without asking and leaves the outside file alone', async () => {
    const outside = path.join(path.dirname(root), 'agent-outside.txt');
    fs.writeFileSync(outside, 'original\n');
    answer = (pending) => api.agent.answerApproval(pending.requestId, 'approve');

    const record = await api.agent.runTask('agent-it outside: write next to the workspace', { model: MODEL });
    assert.ok(record);
    assert.equal(record.summary.stopReason, 'stop', record.summary.error);
    assert.equal(asked.length, 0, 'nothing was asked: the path was refused first');
    assert.equal(fs.readFileSync(outside, 'utf8'), 'original\n');
    assert.deepEqual(record.summary.filesChanged, []);
    const [card] = toolEntries(api.getConversation(api.activeConversationId() ?? ''));
    assert.equal(card?.card?.status, 'failed');
    assert.match(card?.content ?? '', /outside|\.\./);
  });

  it('"svc: Stop Generating" stops the task at its next question: the applied edit stays and is listed, nothing else is written', async () => {
    const target = path.join(root, 'agent-target.txt');
    const second = path.join(root, 'agent-second.txt');
    fs.writeFileSync(target, 'The colour of the grass.\n');
    fs.rmSync(second, { force: true });
    answer = (pending) => {
      if (asked.length === 1) api.agent.answerApproval(pending.requestId, 'approve');
      else void vscode.commands.executeCommand('svc.stop');
    };

    const record = await api.agent.runTask('agent-it stop: edit then create', { model: MODEL });
    assert.ok(record);
    assert.equal(record.summary.stopReason, 'cancelled');
    assert.equal(asked.length, 2);
    assert.equal(fs.readFileSync(target, 'utf8'), 'The color of the grass.\n', 'what was applied stays applied');
    assert.equal(fs.existsSync(second), false);
    assert.deepEqual(record.summary.filesChanged, ['agent-target.txt'], 'and is listed');
    const conversation = api.getConversation(record.conversationId);
    assert.deepEqual(toolEntries(conversation).map((t) => t.card?.status), ['done', 'cancelled']);
    assert.equal(lastAssistant(conversation).agentSummary?.stopReason, 'cancelled');
    await api.agent.undo(record.taskId);
    assert.equal(fs.readFileSync(target, 'utf8'), 'The colour of the grass.\n');
  });

  it('search_text goes through VS Code\'s bundled ripgrep (a Rust-only pattern matches) and find_files finds the file; a secret file is not searched', async () => {
    const deep = path.join(root, 'search-it', 'a', 'b', 'c');
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(path.join(deep, 'planted-needle.txt'), 'first line\nthe svc-it-needle-42 is here\n');
    fs.writeFileSync(path.join(root, 'search-it', '.env'), 'TOKEN=svc-it-needle-99\n');
    try {
      const [search, find] = await readingTask('agent-it search: find the planted needle');
      assert.equal(search?.card?.status, 'done');
      assert.equal(search?.content.split('\n')[0], 'search-it/a/b/c/planted-needle.txt:2: the svc-it-needle-42 is here');
      assert.doesNotMatch(search?.content ?? '', /needle-99/);
      assert.match(search?.content ?? '', /\[1 file\(s\) that look like secrets .* were not searched/);
      assert.equal(find?.content, 'search-it/a/b/c/planted-needle.txt');
    } finally {
      fs.rmSync(path.join(root, 'search-it'), { recursive: true, force: true });
    }
  });

  it('list_problems reads VS Code\'s Problems: one folder\'s, or the errors of the workspace, never a file outside it, asking nothing', async () => {
    const folder = path.join(root, 'problems-it');
    fs.mkdirSync(folder, { recursive: true });
    const broken = path.join(folder, 'broken.ts');
    fs.writeFileSync(broken, 'let n: number = "one";\n');
    const outside = path.join(path.dirname(root), 'problems-it-outside.ts');
    const problems = vscode.languages.createDiagnosticCollection('svc-problems-it');
    const at = (line: number, message: string, severity: vscode.DiagnosticSeverity) => new vscode.Diagnostic(new vscode.Range(line, 4, line, 5), message, severity);
    problems.set(vscode.Uri.file(broken), [at(0, "Type 'string' is not assignable to type 'number'.", vscode.DiagnosticSeverity.Error), at(0, "'n' is declared but never used.", vscode.DiagnosticSeverity.Warning)]);
    problems.set(vscode.Uri.file(outside), [at(2, 'svc-it-outside-problem', vscode.DiagnosticSeverity.Error)]);
    try {
      const [inFolder, errors] = await readingTask('agent-it problems: what is broken?');
      assert.equal(inFolder?.card?.status, 'done');
      assert.equal(
        inFolder?.content,
        "2 problems in problems-it:\nproblems-it/broken.ts:1:5: error: Type 'string' is not assignable to type 'number'.\nproblems-it/broken.ts:1:5: warning: 'n' is declared but never used.",
      );
      assert.match(errors?.content ?? '', /^\d+ problems? in the workspace:\n/);
      assert.match(errors?.content ?? '', /problems-it\/broken\.ts:1:5: error: Type 'string'/);
      assert.doesNotMatch(errors?.content ?? '', /warning: 'n'|svc-it-outside-problem/);
    } finally {
      problems.dispose();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('through the commands: "svc: Run Agent Task" with a rejected edit leaves the file as it was; "svc: Undo Agent Changes" undoes an approved one', async () => {
    const target = path.join(root, 'agent-target.txt');
    fs.writeFileSync(target, 'The colour of the sea.\n');
    answer = (pending) => api.agent.answerApproval(pending.requestId, 'reject');
    const before = api.agent.tasks().length;
    await vscode.commands.executeCommand('svc.runAgentTask', 'agent-it edit: use US spelling in agent-target.txt');
    const rejected = api.agent.tasks()[before];
    assert.ok(rejected, 'the command ran a task');
    assert.equal(asked.length, 1);
    assert.equal(fs.readFileSync(target, 'utf8'), 'The colour of the sea.\n');
    assert.equal(toolEntries(api.getConversation(rejected.conversationId))[0]?.card?.status, 'rejected');
    assert.deepEqual(rejected.summary.filesChanged, []);

    answer = (pending) => api.agent.answerApproval(pending.requestId, 'approve');
    await vscode.commands.executeCommand('svc.runAgentTask', 'agent-it edit: use US spelling in agent-target.txt');
    const approved = api.agent.tasks()[before + 1];
    assert.deepEqual(approved?.summary.filesChanged, ['agent-target.txt']);
    assert.equal(fs.readFileSync(target, 'utf8'), 'The color of the sea.\n');
    assert.equal(approved?.conversationId, rejected.conversationId, 'the command runs in the chat view\'s conversation');
    await vscode.commands.executeCommand('svc.undoAgentChanges', approved?.taskId);
    assert.equal(fs.readFileSync(target, 'utf8'), 'The colour of the sea.\n');
  });
});
