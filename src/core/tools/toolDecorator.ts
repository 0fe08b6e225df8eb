// A tool that wraps another to add one behaviour around its run (a checkpoint before it, rules after it,
// the egress guard told what it brought in): it offers the model exactly the inner tool's definition and
// keeps its origin, traits and display, so the wrapping never shows.
import type { ToolDefinition } from '../../api/index';
import type { Tool, ToolArguments, ToolOrigin, ToolRunResult } from './tool';
import type { ToolDisplay } from './toolDisplay';
import type { ToolTraits } from './toolTraits';

export abstract class ToolDecorator implements Tool {
  readonly definition: ToolDefinition;
  readonly origin: ToolOrigin;
  readonly traits: ToolTraits;
  readonly display: ToolDisplay;

  constructor(protected readonly inner: Tool) {
    this.definition = inner.definition;
    this.origin = inner.origin;
    this.traits = inner.traits;
    this.display = inner.display;
  }

  abstract run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult>;
}
