// Every tool of a task tells the egress guard what it brought in: a command's output (`cat .env`), an MCP
// server's or another extension's tool, or code run on this computer can carry workspace content as
// surely as read_file, and the guard must know before the next fetch leaves (dataEgressGuard.ts).
import type { DataEgressGuard } from './dataEgressGuard';
import type { Tool, ToolArguments, ToolRunResult } from './tool';
import { ToolDecorator } from './toolDecorator';

export class EgressNotedTool extends ToolDecorator {
  constructor(
    inner: Tool,
    private readonly egress: DataEgressGuard,
  ) {
    super(inner);
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const result = await this.inner.run(args, signal);
    // A refused call ran nothing; a failed one may still have printed what it read.
    if (result.status !== 'rejected') this.egress.noteToolResult(this.traits);
    return result;
  }
}
