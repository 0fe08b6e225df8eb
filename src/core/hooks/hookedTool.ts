// A tool with the PreToolUse and PostToolUse hooks around it. A PreToolUse block answers the call with
// the hook's reason, which the model reads as the tool's result; a PostToolUse block adds its reason to
// the result (the call already ran). A tool no hook matches runs as it is.
import type { ToolArguments, ToolRunResult } from '../tools/tool';
import { ToolDecorator } from '../tools/toolDecorator';
import type { Tool } from '../tools/tool';
import type { TaskHooks } from './taskHooks';

export class HookedTool extends ToolDecorator {
  constructor(
    inner: Tool,
    private readonly hooks: TaskHooks,
  ) {
    super(inner);
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const name = this.definition.function.name;
    const before = await this.hooks.beforeTool(name, args.value, signal);
    if (before.blocked) return { status: 'rejected', content: `A PreToolUse hook blocked this call of ${name}, so it did not run. The hook's reason:\n${before.reason}` };
    const result = await this.inner.run(args, signal);
    if (!this.hooks.has('PostToolUse', name)) return result;
    const after = await this.hooks.afterTool(name, args.value, { status: result.status, content: result.content }, signal);
    return after.blocked ? { ...result, content: `${result.content}\n\nA PostToolUse hook on this call says:\n${after.reason}` } : result;
  }
}
