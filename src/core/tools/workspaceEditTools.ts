// Tools that change the workspace: write a whole file (create or replace) and replace one exact piece
// of text. Each change is shown as a diff, applied only once approved (or auto-approved; never for
// files that run code or configure tools, see protectedPaths.ts), written only if the file is still
// what the change was computed from, and recorded in the task's change journal so it can be undone.
// Changes to one file run one after another (fileLocks.ts).
import type { ToolDefinition } from '../../api/index';
import type { TaskApprovals } from './approvals';
import type { ChangeJournal } from './changeJournal';
import type { FileLocks } from './fileLocks';
import { protectedPathReason } from './protectedPaths';
import type { ResolvedPath, WorkspacePathPolicy } from './pathPolicy';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { WriteRefusedError } from './toolErrors';
import type { WorkspaceHost } from './workspaceHost';
import { decodeText } from './workspaceText';

/** Larger files are not edited by the agent: reading them whole for a diff would stall the editor. */
const MAX_EDITED_FILE_BYTES = 10_000_000;

abstract class EditTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  abstract readonly definition: ToolDefinition;

  constructor(
    protected readonly host: WorkspaceHost,
    protected readonly policy: WorkspacePathPolicy,
    private readonly approvals: TaskApprovals,
    private readonly journal: ChangeJournal,
    protected readonly locks: FileLocks,
  ) {}

  abstract run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult>;

  protected async currentText(target: ResolvedPath): Promise<string | undefined> {
    if (!target.exists) return undefined;
    if ((await this.host.lstat(target.path)) !== 'file') throw new Error(`${target.display} is not a regular file.`);
    return decodeText(await this.host.readFile(target.path, { maxBytes: MAX_EDITED_FILE_BYTES }), target.display);
  }

  protected async apply(target: ResolvedPath, before: string | undefined, after: string, signal: AbortSignal): Promise<ToolRunResult> {
    if (before === after) return done(`${target.display} already has this content; nothing changed.`);
    const preview = await this.host.showProposedChange({ path: target.path, display: target.display, before, after });
    let allowed: boolean;
    try {
      const protection = protectedPathReason(target.display);
      allowed = await this.approvals.allowed(
        {
          kind: 'edit',
          title: `${before === undefined ? 'Create' : 'Edit'} ${target.display}?`,
          detail: `${before === undefined ? 'New file' : 'Change'}: ${after.split('\n').length} lines after the change.`,
          ...(protection ? { warning: `This file configures tools or runs code (${protection}). Read the whole change before you approve.`, alwaysAsk: true } : {}),
          allowAlways: true,
        },
        signal,
      );
    } finally {
      await preview.close();
    }
    if (!allowed) return { status: 'rejected', content: `The user rejected the change to ${target.display}; it was not applied.` };
    if (signal.aborted) return failed(`The task was stopped before the change to ${target.display} was applied.`);
    try {
      await this.host.writeFile(target.path, after, before);
    } catch (error) {
      if (error instanceof WriteRefusedError) return failed(`Not written: ${target.display}: ${error.message.slice(error.path.length + 2)}`);
      throw error;
    }
    this.journal.record({ path: target.path, display: target.display, before, after });
    return done(`${before === undefined ? 'Created' : 'Updated'} ${target.display} (${after.split('\n').length} lines).`);
  }
}

export class WriteFileTool extends EditTool {
  readonly definition = functionDefinition(
    'write_file',
    'Create a file, or replace the whole content of an existing one. The user sees a diff and may reject it.',
    {
      path: { type: 'string', description: 'File path relative to the workspace root.' },
      content: { type: 'string', description: 'The complete new content of the file.' },
    },
    ['path', 'content'],
  );

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const target = await this.policy.resolve(args.value.path, 'write');
    return this.locks.run(target.path, async () => {
      const now = await this.policy.resolve(args.value.path, 'write');
      return this.apply(now, await this.currentText(now), String(args.value.content), signal);
    });
  }
}

export class EditFileTool extends EditTool {
  readonly definition = functionDefinition(
    'edit_file',
    'Replace one exact piece of text in an existing file. old_text must occur exactly once; include enough surrounding lines to make it unique.',
    {
      path: { type: 'string', description: 'File path relative to the workspace root.' },
      old_text: { type: 'string', description: 'The exact text to replace, whitespace included.' },
      new_text: { type: 'string', description: 'The text to put in its place.' },
    },
    ['path', 'old_text', 'new_text'],
  );

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const target = await this.policy.resolve(args.value.path, 'read');
    await this.policy.resolve(args.value.path, 'write');
    return this.locks.run(target.path, () => this.editNow(target, args, signal));
  }

  private async editNow(target: ResolvedPath, args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const before = await this.currentText(target);
    const oldText = String(args.value.old_text);
    if (before === undefined || oldText === '') return failed('old_text is empty; give the exact text to replace.');
    const first = before.indexOf(oldText);
    if (first < 0) return failed(`old_text was not found in ${target.display}; read the file again and copy the text exactly.`);
    if (before.indexOf(oldText, first + 1) >= 0) return failed(`old_text occurs more than once in ${target.display}; include more surrounding text.`);
    const after = before.slice(0, first) + String(args.value.new_text) + before.slice(first + oldText.length);
    return this.apply(target, before, after, signal);
  }
}
