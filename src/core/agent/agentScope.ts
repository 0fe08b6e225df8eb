// A task run as a custom agent has only the tools its file lists: the registry the loop both offers and
// runs from holds nothing else, so a call to any other tool (asked by the model, by a skill's body, by a
// tool result) is an unknown tool, and run_subagent built over it hands a child at most these.
import { agentToolNames } from '../customizations/agentToolNames';
import type { CustomAgentRun } from '../customizations/customAgents';
import type { NoticeLevel } from '../host/hostWindow';
import * as l10n from '../l10n';
import { ToolRegistry } from '../tools/toolRegistry';
import type { Tool } from '../tools/tool';

export interface AgentScope {
  registry: ToolRegistry;
  /** The names the file lists that are no tool here, as written. */
  unknown: string[];
}

export function scopedToAgent(registry: ToolRegistry, agent: CustomAgentRun): AgentScope {
  const names = agentToolNames(agent.tools, registry.names());
  if (names.allowed === '*') return { registry, unknown: names.unknown };
  const allowed = new Set(names.allowed);
  const tools = registry.names().flatMap((name): Tool[] => {
    const tool = registry.get(name);
    return tool && allowed.has(name) ? [tool] : [];
  });
  return { registry: new ToolRegistry(tools), unknown: names.unknown };
}

/** Whether the agent may start subagents (run_subagent is among its tools, or it lists none). */
export function mayDelegate(agent: CustomAgentRun): boolean {
  const names = agentToolNames(agent.tools);
  return names.allowed === '*' || names.allowed.includes('run_subagent');
}

/** The task's tools for the agent; the names that are no tool here are said, so a typo is not silently a missing tool. */
export function scopedForAgent(registry: ToolRegistry, agent: CustomAgentRun, notice: (level: NoticeLevel, message: string) => void): ToolRegistry {
  const scope = scopedToAgent(registry, agent);
  if (scope.unknown.length > 0) notice('warning', l10n.t('Agent {0} ({1}) lists tools that are not tools here, so they are not offered: {2}.', agent.name, agent.label, scope.unknown.join(', ')));
  return scope.registry;
}
