import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { diagnosticsText } from '../../../src/core/diagnostics/diagnosticsText';
import type { WorkspaceDiagnostic } from '../../../src/core/diagnostics/workspaceDiagnostics';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { ToolArgumentsError } from '../../../src/core/tools/toolErrors';
import { isReadOnly } from '../../../src/core/tools/toolTraits';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import type { Tool, ToolRunResult } from '../../../src/core/tools/tool';
import { nodeTestHost, ScriptedApprover, type TestHost } from '../../support/testWorkspaceHost';

describe('core/tools list_problems', () => {
  let root: string;
  let host: TestHost;
  let approver: ScriptedApprover;
  let tool: Tool;

  const problem = (relative: string, line: number, severity: WorkspaceDiagnostic['severity'], message: string): WorkspaceDiagnostic => ({
    path: path.join(root, relative),
    display: relative,
    line,
    column: 3,
    severity,
    message,
  });

  function run(args: Record<string, unknown>): Promise<ToolRunResult> {
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
  }

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-problems-')));
    await fs.mkdir(path.join(root, 'src', 'lib'), { recursive: true });
    await fs.writeFile(path.join(root, 'src', 'a.ts'), 'let x: number = "a";\n');
    await fs.writeFile(path.join(root, 'src', 'lib', 'b.ts'), 'unused;\n');
    await fs.writeFile(path.join(root, 'README.md'), '# hi\n');
    host = nodeTestHost([{ name: 'ws', path: root }]);
    host.diagnostics.list.push(
      problem('src/a.ts', 1, 'error', "Type 'string' is not assignable to type 'number'."),
      problem('src/lib/b.ts', 1, 'warning', "'unused' is declared but never used."),
      problem('README.md', 1, 'hint', 'First line should be a top-level heading.'),
    );
    approver = new ScriptedApprover(() => 'reject');
    const tools = createWorkspaceTools(host, new TaskApprovals(approver), new ChangeJournal(), { writes: false, shell: false });
    tool = tools.find((t) => t.definition.function.name === 'list_problems')!;
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('lists the workspace\'s problems as the @problems mention shows them, asking nothing', async () => {
    const result = await run({});
    assert.equal(result.status, 'done');
    const shared = diagnosticsText(host.diagnostics.list, 200);
    assert.equal(result.content, `3 problems in the workspace:\n${shared.text}`);
    assert.equal(result.content.split('\n')[1], "src/a.ts:1:3: error: Type 'string' is not assignable to type 'number'.");
    assert.deepEqual(approver.asked, []);
  });

  it('is read-only by its traits, so plan mode offers it', () => {
    assert.equal(isReadOnly(tool.traits), true);
    assert.equal(tool.traits.readsWorkspace, true, 'the egress guard counts what it brings in');
  });

  it('narrows to a file or folder, and to a severity or worse', async () => {
    assert.equal((await run({ path: 'src/lib' })).content, "1 problem in src/lib:\nsrc/lib/b.ts:1:3: warning: 'unused' is declared but never used.");
    assert.equal((await run({ path: 'src/a.ts' })).content.split('\n').length, 2);
    const worst = await run({ severity: 'warning' });
    assert.deepEqual(worst.content.split('\n').slice(1).map((line) => line.split(':')[0]), ['src/a.ts', 'src/lib/b.ts']);
    assert.equal((await run({ path: 'README.md', severity: 'error' })).content, 'No problems reported in README.md.');
  });

  it('says where it found nothing, and names the allowed severities when given another', async () => {
    host.diagnostics.list.length = 0;
    assert.equal((await run({})).content, 'No problems reported in the workspace.');
    assert.throws(() => parseToolArguments(tool.definition, '{"severity":"fatal"}'), (error: unknown) => error instanceof ToolArgumentsError && /severity.*"error", "warning", "info", "hint"/.test(error.message));
  });

  it('refuses a path outside the workspace as the other read tools do', async () => {
    await assert.rejects(run({ path: '../elsewhere' }), /not allowed/);
  });

  it('stops at 200 problems and says how many more there are', async () => {
    host.diagnostics.list.length = 0;
    for (let line = 1; line <= 205; line++) host.diagnostics.list.push(problem('src/a.ts', line, 'error', 'broken'));
    const result = await run({});
    const lines = result.content.split('\n');
    assert.equal(lines[0], '200 problems in the workspace:');
    assert.equal(lines.at(-1), '[5 more not shown; name a path or a severity to narrow]');
  });
});
