// The agent's file tools carry the instruction files whose `applyTo` globs match what they touched: the
// first time a task reads, lists, searches or changes a matching file, that file's instructions follow the
// tool's result, once per task, so the model reads them before it goes on working there.
import type { Tool, ToolArguments, ToolRunResult } from '../tools/tool';
import { ToolDecorator } from '../tools/toolDecorator';
import type { Customization } from './customization';
import { instructionsFor, scopedInstructionsMessage } from './scopedInstructions';

/** One task's instruction files already sent, shared by its tools. */
export class TaskScopedInstructions {
  private readonly sent = new Set<string>();

  constructor(private readonly items: () => Promise<readonly Customization[]>) {}

  /** The messages of the instruction files that apply to `path` and were not sent in this task yet. */
  async newFor(path: string): Promise<string[]> {
    const found = instructionsFor(await this.items(), [path]).filter((item) => !this.sent.has(item.label));
    for (const item of found) this.sent.add(item.label);
    return found.map((item) => scopedInstructionsMessage(item).content as string);
  }
}

export class ScopedInstructionsTool extends ToolDecorator {
  constructor(
    inner: Tool,
    private readonly instructions: TaskScopedInstructions,
  ) {
    super(inner);
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const result = await this.inner.run(args, signal);
    const path = args.value.path;
    if (result.status !== 'done' || typeof path !== 'string') return result;
    const found = await this.instructions.newFor(path);
    return found.length === 0 ? result : { ...result, content: [result.content, ...found].join('\n\n---\n') };
  }
}
