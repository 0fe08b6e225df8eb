// The first request of an agent task with a given set of customizations, built the way the task builds it:
// the standing message (project rules, instruction files and the skills' list, standingMessage), the task,
// and the tools (createAgentToolset's workspace tools and use_skill when a skill exists, then run_subagent
// listing the built-in kinds and every custom agent that may be a subagent, subagentKindsWith as
// AgentController passes it), counted by the emulator's tokenizer, which is how the service reports
// prompt_tokens. Formulas and outside tools are left out: they are the same whatever is installed.
import type { ChatMessage } from '../../src/api/index';
import { createAgentToolset } from '../../src/core/agent/agentToolset';
import { withSubagents } from '../../src/core/agent/subagents/withSubagents';
import { TaskBudget } from '../../src/core/agent/taskBudget';
import type { Customization } from '../../src/core/customizations/customization';
import type { CustomizationFiles } from '../../src/core/customizations/customizationFiles';
import { subagentKindsWith } from '../../src/core/customizations/customAgents';
import { standingMessage } from '../../src/core/customizations/standingCustomizations';
import { requestSettings } from '../../src/core/requests/requestSettings';
import { FormulaToolCatalog } from '../../src/core/tools/formulaTools';
import { countPromptTokens } from '../../src/emulator/tokenizer';
import { nodeTestHost } from '../../test/support/testWorkspaceHost';

const RULES = [{ label: 'AGENTS.md', scope: 'workspace' as const, text: 'Be brief.' }];
const NO_FORMULAS = new FormulaToolCatalog({
  tools: async () => [],
  call: async () => {
    throw new Error('no formula runs here');
  },
});
const NO_CLIENT = {
  chatStream: () => {
    throw new Error('no request is sent here');
  },
  estimateTokens: () => {
    throw new Error('no request is sent here');
  },
};

export interface RequestTokens {
  /** The messages alone: the standing message and the task. */
  standing: number;
  /** What the tools' definitions add. */
  tools: number;
  total: number;
}

export async function firstAgentRequestTokens(workspace: string, items: readonly Customization[], files: CustomizationFiles): Promise<RequestTokens> {
  const toolset = await createAgentToolset({
    catalog: NO_FORMULAS,
    formulas: [],
    approver: { request: async () => 'reject' },
    workspace: nodeTestHost([{ name: 'ws', path: workspace }]),
    skills: { items: async () => items, files },
  });
  const { kinds } = subagentKindsWith(items, toolset.registry.names(), undefined);
  const tools = withSubagents(toolset.registry, { kinds, client: NO_CLIENT, settings: requestSettings({ model: 'svc-k2.5' }), workspaceCacheKey: 'svc-ws-bench', budget: new TaskBudget(1) }).definitions();
  const standing = standingMessage(RULES, items);
  const messages: ChatMessage[] = [...(standing ? [standing] : []), { role: 'user', content: 'Tidy the date parser and add a test.' }];
  const withoutTools = countPromptTokens(messages, undefined);
  const total = countPromptTokens(messages, tools);
  return { standing: withoutTools, tools: total - withoutTools, total };
}
