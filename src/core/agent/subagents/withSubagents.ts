// A task's tools with `run_subagent` added when subagent kinds are offered: the tool is built over the
// task's own tools (the ones it may hand on) and shares the task's step budget.
import { ToolRegistry } from '../../tools/toolRegistry';
import type { Tool } from '../../tools/tool';
import { SubagentTool, type SubagentToolOptions } from './subagentTool';

export function withSubagents(registry: ToolRegistry, options: Omit<SubagentToolOptions, 'tools' | 'depth'>): ToolRegistry {
  const tools = registry.names().flatMap((name): Tool[] => {
    const tool = registry.get(name);
    return tool ? [tool] : [];
  });
  return new ToolRegistry([...tools, new SubagentTool({ ...options, tools: registry, depth: 0 })]);
}
