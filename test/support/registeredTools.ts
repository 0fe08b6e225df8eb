// Every tool an agent task can be given, built the way the extension builds them: the workspace tools
// of createWorkspaceTools (writes and the shell on), update_plan, a formula's tool, an outside tool and use_skill.
// Tests that must hold for each tool (its declared card and phrases) and the webview's fixtures, which
// show a call with the display its real tool declares, start from here.
import * as os from 'node:os';
import type { ToolDefinition } from '../../src/api/index';
import { ExternalTool } from '../../src/core/mcp/externalTool';
import { TaskApprovals } from '../../src/core/tools/approvals';
import { ChangeJournal } from '../../src/core/tools/changeJournal';
import { FormulaTool, type FormulaService } from '../../src/core/tools/formulaTools';
import type { Tool } from '../../src/core/tools/tool';
import { cardDisplay, toolDisplay, type ToolCardDisplay, type ToolDisplay } from '../../src/core/tools/toolDisplay';
import { UpdatePlanTool } from '../../src/core/tools/updatePlanTool';
import { UseSkillTool } from '../../src/core/customizations/skillTool';
import { SecretFileRules } from '../../src/core/tools/secretFiles';
import { createWorkspaceTools } from '../../src/core/tools/workspaceTools';
import { nodeTestHost, ScriptedApprover } from './testWorkspaceHost';
import { SubagentTool } from '../../src/core/agent/subagents/subagentTool';
import { SubagentKinds } from '../../src/core/agent/subagents/subagentKinds';
import { TaskBudget } from '../../src/core/agent/taskBudget';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import { requestSettings } from '../../src/core/requests/requestSettings';

/** The display of a stand-in tool a test defines inline: the generic card. */
export const STAND_IN_DISPLAY: ToolDisplay = toolDisplay('external', undefined, () => ({ running: 'Calling a stand-in tool', done: 'Called a stand-in tool' }));

const NO_FORMULAS: FormulaService = {
  tools: async () => [],
  call: async () => {
    throw new Error('no formula runs here');
  },
};

function definition(name: string): ToolDefinition {
  return { type: 'function', function: { name, description: name, parameters: { type: 'object', properties: { code: { type: 'string', description: 'code' } } } } };
}

/** Nothing here runs a tool: the folder is only named, never read. */
export function registeredTools(): Tool[] {
  const approvals = new TaskApprovals(new ScriptedApprover(() => 'reject'));
  const host = nodeTestHost([{ name: 'workspace', path: os.tmpdir() }]);
  const workspaceTools = createWorkspaceTools(host, approvals, new ChangeJournal());
  const noClient = {
    chatStream: () => {
      throw new Error('no request is sent here');
    },
    estimateTokens: () => {
      throw new Error('no request is sent here');
    },
  };
  return [
    ...workspaceTools,
    new SubagentTool({ kinds: SubagentKinds.withBuiltins(), tools: new ToolRegistry(workspaceTools), client: noClient, settings: requestSettings({ model: 'svc-k2' }), workspaceCacheKey: 'svc-ws-test', budget: new TaskBudget(1), depth: 0 }),
    new UpdatePlanTool(1, async () => undefined),
    new FormulaTool(NO_FORMULAS, 'quickjs', 'svc/quickjs:latest', definition('quickjs'), { approvals }),
    new ExternalTool(
      { name: 'mcp_docs_search', toolName: 'search', description: 'Search the docs.', inputSchema: { type: 'object', properties: {} }, origin: { kind: 'mcp', server: 'docs', scope: 'workspace', file: '.vscode/mcp.json' } },
      async () => ({ content: [] }),
      { approvals, alwaysAllowed: new Set(), notice: () => undefined },
    ),
    new UseSkillTool(async () => [], { list: async () => [], read: async () => undefined, realPath: async () => undefined }, { approvals, secrets: new SecretFileRules() }),
  ];
}

let built: Tool[] | undefined;

/** What a card of the registered tool `name` carries, as the agent's transcript records it when the call starts. */
export function cardDisplayOf(name: string): ToolCardDisplay {
  built ??= registeredTools();
  const tool = built.find((t) => t.definition.function.name === name);
  if (!tool) throw new Error(`No registered tool is called ${name}`);
  return cardDisplay(tool.display);
}
