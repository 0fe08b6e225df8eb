// The agent's tools whose traits say they can change the workspace's files (edits, writes, shell
// commands: toolTraits.ts takesCheckpoint) take a checkpoint right before they run, so the user can compare with that moment or go back to it; the checkpoint rides on
// the call's result into the conversation.
import * as l10n from '../l10n';
import type { CheckpointRef } from './checkpointRef';
import type { Tool, ToolArguments, ToolRunResult } from '../tools/tool';
import { ToolDecorator } from '../tools/toolDecorator';

export type TakeCheckpoint = (label: string) => Promise<CheckpointRef | undefined>;

function subject(args: ToolArguments): string {
  const { path, command } = args.value;
  return typeof path === 'string' ? path : typeof command === 'string' ? (command.length > 60 ? `${command.slice(0, 59)}…` : command) : '';
}

export class CheckpointedTool extends ToolDecorator {
  constructor(
    inner: Tool,
    private readonly take: TakeCheckpoint,
  ) {
    super(inner);
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    // The label is shown with the checkpoint ("Restore 2 files to the checkpoint before edit_file src/a.ts?").
    const name = this.definition.function.name;
    const about = subject(args);
    const checkpoint = await this.take(about === '' ? l10n.t('before {0}', name) : l10n.t('before {0} {1}', name, about));
    const result = await this.inner.run(args, signal);
    return checkpoint ? { ...result, checkpoint } : result;
  }
}
