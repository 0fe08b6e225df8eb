// An approved plan names the files it expects to change. While its task runs, a write to a file the plan
// does not name is let through (the plan was a forecast, and each write still asks as usual), but it is
// said twice: the model reads a note in the tool's result, and the change carries a mark the chat shows.
import type { Tool } from '../tools/tool';
import { ToolRegistry } from '../tools/toolRegistry';

function normalized(path: string): string {
  return path.trim().replace(/^`|`$/g, '').replaceAll('\\', '/').replace(/^\.\//, '').replace(/\/+$/, '');
}

/** Whether the plan's files name `path`, itself or a folder holding it. */
export function planNames(files: readonly string[], path: string): boolean {
  const target = normalized(path);
  return files.map(normalized).some((file) => file !== '' && (target === file || target.startsWith(`${file}/`)));
}

/** What the model reads after a change outside the plan: it stays English. */
export function outsidePlanNote(path: string, files: readonly string[]): string {
  const listed = files.length > 0 ? files.join(', ') : 'none';
  return `Note: ${path} is not among the files of the approved plan (Files: ${listed}). The user sees this; say in your answer why it was needed.`;
}

function scoped(tool: Tool, files: readonly string[]): Tool {
  return {
    ...tool,
    run: async (args, signal) => {
      const result = await tool.run(args, signal);
      const change = result.change;
      if (change === undefined || planNames(files, change.path)) return result;
      return { ...result, content: `${result.content}\n\n${outsidePlanNote(change.path, files)}`, change: { ...change, outsidePlan: true } };
    },
  };
}

/** The task's tools, each change to a file the plan does not name marked and told to the model. */
export function withinPlan(registry: ToolRegistry, files: readonly string[]): ToolRegistry {
  return new ToolRegistry(registry.names().flatMap((name) => {
    const tool = registry.get(name);
    return tool ? [scoped(tool, files)] : [];
  }));
}
