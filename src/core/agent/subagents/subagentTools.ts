// The tools a subagent gets: those of its parent that its kind names (or all of them for "*"), never more.
// They are the parent's own tool objects, with the parent's approvals, egress guard and change journal, so
// a child cannot widen what its parent may do: what the parent lacks (plan mode, Restricted Mode, a tool
// switched off) the child lacks too, and a call to anything else is an unknown tool.
import type { Tool } from '../../tools/tool';
import { toolName } from '../../tools/tool';
import { ToolRegistry } from '../../tools/toolRegistry';
import type { ToolTraits } from '../../tools/toolTraits';
import type { SubagentKind } from './subagentKind';

function named(kind: SubagentKind, tool: Tool): boolean {
  return kind.tools === '*' || kind.tools.includes(toolName(tool));
}

/** The intersection of the parent's tools and the kind's; a subagent tool of the parent is never passed on. */
export function subagentTools(parent: ToolRegistry, kind: SubagentKind): ToolRegistry {
  const tools: Tool[] = [];
  for (const name of parent.names()) {
    const tool = parent.get(name);
    if (tool && tool.display.kind !== 'subagent' && named(kind, tool)) tools.push(tool);
  }
  return new ToolRegistry(tools);
}

/** What a child given `tools` may do at most: each trait of any of them (two different kinds of change are "anything"). */
export function widestTraits(tools: readonly Tool[]): ToolTraits {
  const changes = [...new Set(tools.map((t) => t.traits.changes).filter((c) => c !== 'nothing'))];
  return {
    readsWorkspace: tools.some((t) => t.traits.readsWorkspace),
    changes: changes.length > 1 ? 'anything' : (changes[0] ?? 'nothing'),
    runsPrograms: tools.some((t) => t.traits.runsPrograms),
    sendsData: tools.some((t) => t.traits.sendsData),
    charged: tools.some((t) => t.traits.charged),
    pathArgument: false,
  };
}
