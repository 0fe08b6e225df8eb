// The agent tasks' tool in the fault suite: a local lookup with a fixed answer per key, so a task's
// tool messages are known in advance and the only thing that can go wrong is the service.
import type { ToolDefinition } from '../../src/api/index';
import { done, type Tool, type ToolArguments, type ToolRunResult } from '../../src/core/tools/tool';
import { toolTraits } from '../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../support/registeredTools';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';

export const LOOKUP_VALUES: Record<string, string> = { alpha: 'alpha is 1', beta: 'beta is 2' };

export class LookupTool implements Tool {
  readonly origin = { kind: 'workspace' } as const;
  readonly traits = toolTraits({});
  readonly display = STAND_IN_DISPLAY;
  readonly definition: ToolDefinition = {
    type: 'function',
    function: {
      name: 'lookup',
      description: 'Looks up a fact by key.',
      parameters: { type: 'object', properties: { key: { type: 'string', enum: Object.keys(LOOKUP_VALUES) } }, required: ['key'] },
    },
  };
  runs = 0;

  async run(args: ToolArguments): Promise<ToolRunResult> {
    this.runs++;
    return done(LOOKUP_VALUES[String(args.value.key)] ?? 'unknown key');
  }
}

export function lookupRegistry(): { registry: ToolRegistry; tool: LookupTool } {
  const tool = new LookupTool();
  return { registry: new ToolRegistry([tool]), tool };
}
