import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formulaUri, OFFICIAL_FORMULAS, type ToolDefinition } from '../../../src/api/index';
import { createAgentToolset } from '../../../src/core/agent/agentToolset';
import { ExternalTool } from '../../../src/core/mcp/externalTool';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { holdsWorkspaceContent } from '../../../src/core/tools/dataEgressGuard';
import { FORMULA_OF_FUNCTION } from '../../../src/core/tools/formulaFunctions';
import { FormulaToolCatalog, type FormulaService } from '../../../src/core/tools/formulaTools';
import { READ_ONLY_FORMULAS } from '../../../src/core/tools/formulaTraits';
import { functionDefinition, type Tool } from '../../../src/core/tools/tool';
import { isReadOnly, takesCheckpoint, type ToolTraits } from '../../../src/core/tools/toolTraits';
import { UpdatePlanTool } from '../../../src/core/tools/updatePlanTool';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { nodeTestHost, ScriptedApprover, type TestHost } from '../../support/testWorkspaceHost';

// What every tool did before it declared its traits, as the lists of names core kept then.
const PLAN_MODE_FORMULAS = ['quickjs', 'date', 'base64', 'convert', 'random-choice', 'rethink', 'mew'];
const PLAN_MODE_TOOLS = ['list_files', 'read_file', 'search_text', 'find_files', 'quickjs', 'date', 'base64_encode', 'base64_decode', 'convert', 'random_choice', 'rethink', 'mew_generator'];
const FILE_CHANGING_TOOLS = ['edit_file', 'write_file', 'run_command'];
const PATH_TOOLS = ['read_file', 'list_files', 'search_text', 'find_files', 'write_file', 'edit_file'];
const CARRY_NO_WORKSPACE_CONTENT = ['update_plan', 'fetch', 'web_search', 'quickjs', 'date', 'convert', 'base64_encode', 'base64_decode', 'random_choice', 'mew_generator', 'rethink'];
const CHARGED_TOOLS = ['web_search'];
/** The formulas whose calls went through the egress guard, and the one asked about with the local emulator. */
const SENDING_TOOLS = ['fetch', 'web_search'];
const RUN_CODE_TOOLS = ['code_runner'];

/** Every tool there was then: a tool added since is judged by its own traits, not held to these lists. */
const TOOLS_THEN = [
  ...Object.keys(FORMULA_OF_FUNCTION),
  'list_files',
  'read_file',
  'search_text',
  'find_files',
  'write_file',
  'edit_file',
  'run_command',
  'read_process_output',
  'stop_process',
  'list_processes',
  'update_plan',
  'mcp_db_query',
];

/** A service whose formulas offer exactly the functions the extension knows for them. */
const service: FormulaService = {
  tools: async (uri) =>
    Object.entries(FORMULA_OF_FUNCTION)
      .filter(([, formula]) => formulaUri(formula) === uri)
      .map(([fn]): ToolDefinition => functionDefinition(fn, `${fn} of the test service`, {}, [])),
  call: async () => {
    throw new Error('not called');
  },
};

const names = (tools: readonly Tool[], keep: (traits: ToolTraits) => boolean): string[] =>
  tools
    .filter((t) => keep(t.traits))
    .map((t) => t.definition.function.name)
    .sort();
const sorted = (list: readonly string[]): string[] => [...list].sort();

describe('core/tools traits: the sets derived from them are the lists of names they replace', () => {
  let root: string;
  let host: TestHost;
  let all: Tool[];
  const approver = new ScriptedApprover(() => 'approve');

  before(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-traits-')));
    host = nodeTestHost([{ name: 'ws', path: root }]);
    const approvals = new TaskApprovals(approver);
    const formulaTools = await new FormulaToolCatalog(service).tools(OFFICIAL_FORMULAS, approvals);
    const external = new ExternalTool(
      { name: 'mcp_db_query', toolName: 'query', description: 'Query', inputSchema: { type: 'object', properties: {} }, origin: { kind: 'mcp', server: 'db', scope: 'user' } },
      async () => ({ content: [] }),
      { approvals, alwaysAllowed: new Set(), notice: () => undefined },
    );
    const every = [...formulaTools, ...createWorkspaceTools(host, approvals, new ChangeJournal()), new UpdatePlanTool(2, async () => undefined), external];
    all = every.filter((tool) => TOOLS_THEN.includes(tool.definition.function.name));
  });

  after(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('knows every tool there was: each official formula\'s functions, the workspace tools, update_plan and an outside tool', () => {
    assert.deepEqual(sorted(all.map((t) => t.definition.function.name)), sorted(TOOLS_THEN));
  });

  it('plan mode: the formulas and tools that only read or compute', async () => {
    assert.deepEqual(sorted(READ_ONLY_FORMULAS), sorted(PLAN_MODE_FORMULAS));
    assert.deepEqual(names(all, isReadOnly), sorted([...PLAN_MODE_TOOLS, 'update_plan']), 'update_plan changes nothing; it is offered only when a plan is carried out');
    const { registry } = await createAgentToolset({
      catalog: new FormulaToolCatalog(service),
      approver,
      formulas: OFFICIAL_FORMULAS,
      readOnly: true,
      workspace: host,
      externalTools: async () => [all.at(-1)!],
    });
    assert.deepEqual(sorted(registry.names().filter((name) => TOOLS_THEN.includes(name))), sorted(PLAN_MODE_TOOLS));
  });

  it('checkpoints: the tools that may change the workspace\'s files', () => {
    assert.deepEqual(names(all, takesCheckpoint), sorted(FILE_CHANGING_TOOLS));
  });

  it('subfolder rules: the tools whose path argument names what they touch', () => {
    assert.deepEqual(names(all, (t) => t.pathArgument), sorted(PATH_TOOLS));
  });

  it('egress guard: the results that bring nothing from this computer, by the tool and by name in a history', () => {
    assert.deepEqual(names(all, (t) => !t.readsWorkspace), sorted(CARRY_NO_WORKSPACE_CONTENT));
    for (const tool of all) {
      const name = tool.definition.function.name;
      const history = [
        { role: 'user' as const, content: 'go' },
        { role: 'assistant' as const, content: '', tool_calls: [{ id: 'c1', type: 'function' as const, function: { name, arguments: '{}' } }] },
        { role: 'tool' as const, tool_call_id: 'c1', content: 'result' },
      ];
      assert.equal(holdsWorkspaceContent(history), !CARRY_NO_WORKSPACE_CONTENT.includes(name), name);
    }
  });

  it('egress guard and approvals of the formulas: what sends data out, what costs money, what runs a program', () => {
    const formulas = all.filter((t) => t.origin.kind === 'formula');
    assert.deepEqual(names(formulas, (t) => t.sendsData), sorted(SENDING_TOOLS));
    assert.deepEqual(names(all, (t) => t.charged), sorted(CHARGED_TOOLS));
    assert.deepEqual(names(formulas, (t) => t.runsPrograms), sorted(RUN_CODE_TOOLS));
  });

  it('an outside tool declares it may do anything: never read-only, never trusted to carry nothing', () => {
    const external = all.at(-1)!;
    assert.equal(isReadOnly(external.traits), false);
    assert.equal(external.traits.readsWorkspace, true);
    assert.equal(takesCheckpoint(external.traits), false, 'as before: a checkpoint is taken for the workspace tools that change files');
  });
});
