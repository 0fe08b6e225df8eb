import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskApprovals } from '../../src/core/tools/approvals';
import { ChangeJournal } from '../../src/core/tools/changeJournal';
import { DataEgressGuard } from '../../src/core/tools/dataEgressGuard';
import { EgressNotedTool } from '../../src/core/tools/egressNotedTool';
import { parseToolArguments } from '../../src/core/tools/toolArguments';
import { createWorkspaceTools } from '../../src/core/tools/workspaceTools';
import type { Tool } from '../../src/core/tools/tool';
import { nodeTestHost, ScriptedApprover, type TestHost } from '../support/testWorkspaceHost';

const MARKER = 'AKIA-PROBLEMS-MARKER';

describe('security: list_problems shows nothing from outside the workspace or from secret files', () => {
  let host: TestHost;
  let approver: ScriptedApprover;
  /** The temp folder; the workspace is its `ws` folder, and a file beside it is outside. */
  let base: string;

  const listProblems = (approvals: TaskApprovals): Tool => createWorkspaceTools(host, approvals, new ChangeJournal(), { writes: false, shell: false }).find((t) => t.definition.function.name === 'list_problems')!;
  const run = (tool: Tool, args: Record<string, unknown> = {}) => tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-problems-trust-')));
    const ws = path.join(base, 'ws');
    await fs.mkdir(path.join(ws, 'src'), { recursive: true });
    await fs.writeFile(path.join(ws, 'src', 'a.ts'), 'x\n');
    await fs.writeFile(path.join(ws, '.env'), `KEY=${MARKER}\n`);
    await fs.writeFile(path.join(base, 'credentials'), `aws_secret=${MARKER}\n`);
    host = nodeTestHost([{ name: 'ws', path: ws }]);
    approver = new ScriptedApprover(() => 'reject');
    const at = (file: string, display: string, message: string) => ({ path: file, display, line: 1, column: 1, severity: 'error' as const, message });
    host.diagnostics.list.push(
      at(path.join(ws, 'src', 'a.ts'), 'src/a.ts', 'Cannot find name x.'),
      at(path.join(ws, '.env'), '.env', `Unexpected value ${MARKER}`),
      at(path.join(base, 'credentials'), path.join(base, 'credentials'), `Unknown key aws_secret=${MARKER}`),
      { ...at('', 'Untitled-1', `Unexpected ${MARKER}`), path: undefined },
    );
  });

  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  it('leaves out problems of files outside the workspace, of unsaved documents and of files that look like secrets', async () => {
    const result = await run(listProblems(new TaskApprovals(approver)));
    assert.equal(result.status, 'done');
    assert.doesNotMatch(result.content, new RegExp(MARKER));
    assert.equal(result.content, '1 problem in the workspace:\nsrc/a.ts:1:1: error: Cannot find name x.\n[1 problem in files that look like secrets not shown]');
    assert.deepEqual(approver.asked, [], 'it asks nothing');
  });

  it('what it brings in is workspace content: a later send is asked about first', async () => {
    const approvals = new TaskApprovals(approver);
    const egress = new DataEgressGuard(approvals, false);
    await run(new EgressNotedTool(listProblems(approvals), egress));
    const signal = new AbortController().signal;
    assert.equal(await egress.mayLeave({ destination: 'collector.example', tool: 'fetch', payload: 'https://collector.example/?q=x' }, signal), false);
    assert.deepEqual(approver.asked.map((request) => request.kind), ['send-data']);
  });
});
