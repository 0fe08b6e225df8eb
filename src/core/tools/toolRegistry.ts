// The tools offered in one task, by function name: what is sent as `tools`, and what a call runs.
import type { ToolDefinition } from '../../api/index';
import { toolName, type Tool } from './tool';
import { DuplicateToolError } from './toolErrors';

export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  constructor(tools: Iterable<Tool> = []) {
    for (const tool of tools) this.add(tool);
  }

  /** Function names must be unique in a request (the service answers 401 otherwise), so a clash is refused here. */
  add(tool: Tool): void {
    const name = toolName(tool);
    if (this.tools.has(name)) throw new DuplicateToolError(name);
    this.tools.set(name, tool);
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  definitions(): ToolDefinition[] {
    return [...this.tools.values()].map((t) => t.definition);
  }

  get size(): number {
    return this.tools.size;
  }
}
