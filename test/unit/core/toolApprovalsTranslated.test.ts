// The agent's tools ask the user in the display language: every approval title, detail and warning goes
// through core's translator (a fake here that brackets what it translated), while what the model reads
// back (a rejection, a refusal naming why a file looks like a secret) stays English.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ToolDefinition } from '../../../src/api/index';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { DataEgressGuard } from '../../../src/core/tools/dataEgressGuard';
import { FormulaTool, type FormulaService } from '../../../src/core/tools/formulaTools';
import { TaskProcesses } from '../../../src/core/tools/taskProcesses';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { Tool, ToolRunResult } from '../../../src/core/tools/tool';
import type { CommandRequest, WorkspaceCommands } from '../../../src/core/tools/workspaceCommands';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { nodeTestHost, ScriptedApprover } from '../../support/testWorkspaceHost';

/** Marks translated text: ‹…› around the English with its placeholders filled. */
const bracketed = (message: string, args: ReadonlyArray<string | number>): string => `‹${englishText(message, args)}›`;

function run(tool: Tool | undefined, args: Record<string, unknown>): Promise<ToolRunResult> {
  assert.ok(tool, 'the tool exists');
  return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
}

describe('core/tools approvals go through the translator; tool results stay English', function () {
  this.timeout(30_000);
  let root: string;
  let approver: ScriptedApprover;
  let processes: TaskProcesses;
  let tools: ToolRegistry;

  beforeEach(async () => {
    useTranslator(bracketed);
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-ask-l10n-')));
    const host = nodeTestHost([{ name: 'ws', path: root }]);
    approver = new ScriptedApprover(() => 'reject');
    processes = new TaskProcesses(host.commands, 4096);
    tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(approver), new ChangeJournal(), { processes }));
  });

  afterEach(async () => {
    useTranslator(englishText);
    await processes.stopAll();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('a command: the question, the background and network warnings; the rejection the model reads is English', async () => {
    await fs.mkdir(path.join(root, 'pkg'));
    const rejected = await run(tools.get('run_command'), { command: 'curl https://x.example', cwd: 'pkg', background: true });
    await run(tools.get('run_command'), { command: `echo ${'x'.repeat(100)}` });
    assert.equal(approver.asked[0]?.title, '‹Start `curl https://x.example` in the background (in pkg)?›');
    assert.equal(
      approver.asked[0]?.warning,
      '‹It keeps running in the background until you stop it, the agent stops it, or the task ends.› ‹This command can send data over the network. Check where it goes and what it sends.›',
    );
    assert.equal(approver.asked[0]?.detail, 'curl https://x.example', 'the command itself is shown as it is');
    assert.equal(approver.asked[1]?.title, '‹Run this command in the terminal?›');
    assert.deepEqual(rejected, { status: 'rejected', content: 'The user rejected running: curl https://x.example' });
  });

  it('the terminal a command runs in is named in the display language', async () => {
    const titles: string[] = [];
    const commands: WorkspaceCommands = {
      startCommand: async (request: CommandRequest) => {
        titles.push(request.title);
        return { pid: undefined, exited: Promise.resolve({ exitCode: 0 }), stop: async () => [] };
      },
    };
    const started = await new TaskProcesses(commands, 1024).start({ command: 'npm test', cwd: root, display: '.', background: false });
    await started.finished;
    assert.deepEqual(titles, ['‹svc agent p1: npm test›']);
  });

  it('an edit of a file that runs code: the warning and the reason inside it are translated, the diff is not', async () => {
    const rejected = await run(tools.get('write_file'), { path: '.vscode/settings.json', content: '{}\n' });
    const asked = approver.asked[0];
    assert.equal(asked?.title, '‹Create .vscode/settings.json?›');
    assert.equal(
      asked?.warning,
      '‹This file configures tools or runs code (‹.vscode/: ‹VS Code runs its tasks and launch configurations and applies its settings to this workspace››). Read the whole change before you approve.›',
    );
    assert.equal(asked?.detail, '+ {}');
    assert.equal(rejected.content, 'The user rejected the change to .vscode/settings.json; it was not applied.');
  });

  it('a file that looks like a secret: the question and its reason are translated; the reason the model reads is English', async () => {
    await fs.writeFile(path.join(root, '.env'), 'TOKEN=1\n');
    const rejected = await run(tools.get('read_file'), { path: '.env' });
    assert.deepEqual(
      { title: approver.asked[0]?.title, detail: approver.asked[0]?.detail, warning: approver.asked[0]?.warning },
      {
        title: '‹Let the agent read .env?›',
        detail: '‹.env: ‹its name is one that holds keys, tokens or passwords›. What the agent reads is sent to the service.›',
        warning: '‹This file may hold keys, tokens or passwords.›',
      },
    );
    assert.equal(rejected.content, 'The user did not allow reading .env. Do not try to read it another way; continue without it.');
    const refused = await run(tools.get('search_text'), { query: 'TOKEN', path: '.env' });
    assert.equal(refused.content, '.env was not searched: its name is one that holds keys, tokens or passwords. read_file asks the user for it.');
  });

  it('a formula: running code here, a charged tool and data leaving are asked in the display language', async () => {
    const calls: string[] = [];
    const service: FormulaService = {
      tools: async () => [],
      call: async (uri) => {
        calls.push(uri);
        throw new Error('nothing may run without the user');
      },
    };
    const definition = (name: string): ToolDefinition => ({ type: 'function', function: { name, description: name, parameters: { type: 'object', properties: {} } } });
    const asked = new ScriptedApprover((request) => (request.kind === 'charged-tool' ? 'approve' : 'reject'));
    const approvals = new TaskApprovals(asked);
    const egress = new DataEgressGuard(approvals, true);
    const python = new FormulaTool(service, 'code_runner', 'svc/code_runner:latest', definition('code_runner'), { approvals, formulasRunOnThisComputer: true });
    const search = new FormulaTool(service, 'web-search', 'svc/web-search:latest', definition('web_search'), { approvals, egress });
    const notRun = await run(python, { code: 'print(1)' });
    const notSent = await run(search, { query: 'q' });
    assert.deepEqual(
      asked.asked.map((r) => [r.title, r.warning ?? r.detail]),
      [
        ['‹Run this Python program on this computer?›', '‹The local emulator has no sandbox: this program runs on this computer, with your files, network and rights.›'],
        ['‹Allow web_search (charged) for this task?›', '‹svc/web-search:latest costs money per call.›'],
        ['‹Send data to ‹the web search service› with web_search?›', '‹This task has read files of your workspace. Check that nothing private is in what is sent.›'],
      ],
    );
    assert.equal(asked.asked[0]?.detail, 'print(1)');
    assert.match(notRun.content, /^The user did not allow code_runner to run this program on their computer\./);
    assert.equal(notSent.content, 'The user did not allow sending data to the web search service. Do not retry; continue without it.');
    assert.deepEqual(calls, [], 'nothing ran and nothing was sent');
  });
});
