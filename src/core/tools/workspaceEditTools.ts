// Tools that change the workspace: write a whole file (create or replace) and replace pieces of text
// (textEdits.ts: line endings normalised, a short ladder of tolerances, all edits of a call or none).
// A file keeps its encoding, byte order mark and line endings (textFileCodec.ts); one that would not
// read and write back byte for byte is refused before anything changes. Each change is shown as a
// diff, applied only once approved (or auto-approved; never for files that run code or configure
// tools, see protectedPaths.ts; a secret is asked about before it is read, as the path gate's rule for
// a change says, pathRules.ts), written only if the file still holds the bytes the change was
// computed from, and recorded in the task's change journal so it can be undone. Changes to one file
// run one after another (fileLocks.ts).
import type { ToolDefinition } from '../../api/index';
import * as l10n from '../l10n';
import type { TaskApprovals } from './approvals';
import type { ChangeJournal } from './changeJournal';
import type { FileLocks } from './fileLocks';
import type { ResolvedPath, WorkspacePathPolicy } from './pathPolicy';
import { readApproval, readRefused } from './pathRules';
import { applyTextEdits, describeReplacements, describeTolerance, EditMatchError, type TextEdit } from './textEdits';
import {
  assertEncodable,
  decodeTextFile,
  dominantLineEnding,
  encodeTextFile,
  NEW_FILE_FORMAT,
  UndecodableFileError,
  UnencodableTextError,
  type TextFileFormat,
} from './textFileCodec';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { WriteRefusedError } from './toolErrors';
import { toolDisplay, type ToolDisplay } from './toolDisplay';
import { toolTraits } from './toolTraits';
import type { WorkspaceHost } from './workspaceHost';
import { BinaryFileError } from './workspaceText';
import { changePreview, changeText, summarizeChange } from './fileChangeSummary';

/** Lines of the change a tool card keeps for its mini-diff. */
const CARD_CHANGE_LINES = 12;

/** Larger files are not edited by the agent: reading them whole for a diff would stall the editor. */
const MAX_EDITED_FILE_BYTES = 10_000_000;

/** A file's content as bytes (what is compared and written) and as text (what is shown and matched). */
interface FileContent {
  bytes: Uint8Array;
  text: string;
}

interface CurrentFile extends FileContent {
  format: TextFileFormat;
}

function lineCount(text: string): number {
  return text.split('\n').length;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/** The ports the edit tools use: files, the encoding guess, and the diff shown while the user decides. */
type WorkspaceEditing = Pick<WorkspaceHost, 'files' | 'encodingDetector' | 'diffPreview'>;

/** They read the file they change (through their `path` argument) and change the workspace's files. */
const EDIT_TOOL_TRAITS = toolTraits({ readsWorkspace: true, changes: 'workspace-files', pathArgument: true });

abstract class EditTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly traits = EDIT_TOOL_TRAITS;
  abstract readonly display: ToolDisplay;
  abstract readonly definition: ToolDefinition;

  constructor(
    protected readonly host: WorkspaceEditing,
    protected readonly policy: WorkspacePathPolicy,
    private readonly approvals: TaskApprovals,
    private readonly journal: ChangeJournal,
    protected readonly locks: FileLocks,
  ) {}

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    try {
      return await this.change(args, signal);
    } catch (error) {
      // Files the agent must not rewrite, and text the file cannot hold: refused before any change.
      if (error instanceof BinaryFileError || error instanceof UndecodableFileError || error instanceof UnencodableTextError || error instanceof EditMatchError) return failed(error.message);
      throw error;
    }
  }

  protected abstract change(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult>;

  /** The answer the model reads when the user did not let the file be read, or undefined to go on. */
  protected async readRefusal(target: ResolvedPath, signal: AbortSignal): Promise<ToolRunResult | undefined> {
    const secret = target.questions.find((question) => question.kind === 'secret');
    if (!secret || (await this.approvals.allowed(readApproval(secret), signal))) return undefined;
    return { status: 'rejected', content: readRefused(target.display) };
  }

  protected async current(target: ResolvedPath): Promise<CurrentFile | undefined> {
    if (!target.exists) return undefined;
    if ((await this.host.files.lstat(target.path)) !== 'file') throw new Error(`${target.display} is not a regular file.`);
    const bytes = await this.host.files.readFile(target.path, { maxBytes: MAX_EDITED_FILE_BYTES });
    const decoded = await decodeTextFile(bytes, target.display, this.host.encodingDetector);
    return { bytes, text: decoded.text, format: decoded.format };
  }

  protected encode(target: ResolvedPath, text: string, format: TextFileFormat): FileContent {
    assertEncodable(text, format, target.display);
    return { bytes: encodeTextFile(text, format), text };
  }

  protected async apply(target: ResolvedPath, before: FileContent | undefined, after: FileContent, note: string, signal: AbortSignal): Promise<ToolRunResult> {
    if (before && sameBytes(before.bytes, after.bytes)) return done(`${target.display} already has this content; nothing changed.`);
    const change = summarizeChange(target.display, before?.text, after.text);
    const preview = await this.host.diffPreview.showProposedChange({ path: target.path, display: target.display, before: before?.text, after: after.text });
    let allowed: boolean;
    try {
      const protection = target.questions.find((question) => question.kind === 'protected')?.why.shownReason;
      allowed = await this.approvals.allowed(
        {
          kind: 'edit',
          title: before === undefined ? l10n.t('Create {0}?', target.display) : l10n.t('Make this edit to {0}?', target.display),
          detail: changeText(change),
          ...(protection ? { warning: l10n.t('This file configures tools or runs code ({0}). Read the whole change before you approve.', protection), alwaysAsk: true } : {}),
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
      await this.host.files.writeFile(target.path, after.bytes, before?.bytes);
    } catch (error) {
      if (error instanceof WriteRefusedError) return failed(`Not written: ${target.display}: ${error.message.slice(error.path.length + 2)}`);
      throw error;
    }
    this.journal.record(before === undefined ? { kind: 'create', path: target.path, display: target.display, after: after.bytes } : { kind: 'write', path: target.path, display: target.display, before: before.bytes, after: after.bytes });
    return { ...done(`${before === undefined ? 'Created' : 'Updated'} ${target.display} (${lineCount(after.text)} lines)${note}.`), change: changePreview(change, CARD_CHANGE_LINES) };
  }
}

export class WriteFileTool extends EditTool {
  readonly display = toolDisplay('edit', 'path', () => ({ running: l10n.t('Editing {0}'), done: l10n.t('Edited {0}') }));
  readonly definition = functionDefinition(
    'write_file',
    'Create a file, or replace the whole content of an existing one (it keeps its encoding and line endings). The user sees a diff and may reject it. To change part of a file, use edit_file.',
    {
      path: { type: 'string', description: 'File path relative to the workspace root.' },
      content: { type: 'string', description: 'The complete new content of the file.' },
    },
    ['path', 'content'],
  );

  protected async change(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const target = await this.policy.resolve(args.value.path, 'change');
    return this.locks.run(target.path, async () => {
      const now = await this.policy.resolve(args.value.path, 'change');
      const refused = await this.readRefusal(now, signal);
      if (refused) return refused;
      const before = await this.current(now);
      const content = String(args.value.content);
      if (!before) return this.apply(now, undefined, this.encode(now, content, NEW_FILE_FORMAT), '', signal);
      return this.apply(now, before, this.encode(now, ...keptForm(content, before)), '', signal);
    });
  }
}

/**
 * A whole new content in the existing file's form: a leading U+FEFF becomes the byte order mark, and
 * text with LF only gets the file's usual line ending (CRLF when most of its lines end so); text that
 * has CRLF itself, or a file with LF endings, is written as given.
 */
function keptForm(content: string, file: CurrentFile): [string, TextFileFormat] {
  const withBom = content.startsWith('\ufeff');
  const body = withBom ? content.slice(1) : content;
  const format = { ...file.format, bom: file.format.bom || withBom };
  const crlf = file.format.lineEndings !== 'lf' && dominantLineEnding(file.text) === '\r\n' && !body.includes('\r\n');
  return [crlf ? body.replace(/\n/g, '\r\n') : body, format];
}

const EDIT_FIELDS = {
  old_text: { type: 'string', description: 'The exact text to replace, as read_file shows it (line endings and whitespace included).' },
  new_text: { type: 'string', description: 'The text to put in its place.' },
  replace_all: { type: 'boolean', description: 'Replace every exact occurrence instead of exactly one; default false.' },
};

export class EditFileTool extends EditTool {
  readonly display = toolDisplay('edit', 'path', () => ({ running: l10n.t('Editing {0}'), done: l10n.t('Edited {0}') }));
  readonly definition = functionDefinition(
    'edit_file',
    'Replace text in an existing file. old_text must occur exactly once (include enough surrounding lines to make it unique) unless replace_all is true. Several changes to one file go in `edits`, applied in order, all or none. An empty old_text writes new_text into an empty or missing file; to create a file, write_file is the usual way.',
    {
      path: { type: 'string', description: 'File path relative to the workspace root.' },
      ...EDIT_FIELDS,
      edits: {
        type: 'array',
        description: 'Several replacements in this file, instead of old_text/new_text; each applies to the result of the previous ones.',
        items: { type: 'object', properties: EDIT_FIELDS, required: ['old_text', 'new_text'] },
      },
    },
    ['path'],
  );

  protected async change(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const edits = editsOf(args.value);
    if (typeof edits === 'string') return failed(edits);
    const target = await this.policy.resolve(args.value.path, 'change');
    if (!target.exists) {
      if (!createsFile(edits)) return failed(missingFile(target.display));
      // Created as write_file creates: resolved again under the lock, written only if still absent.
      return this.locks.run(target.path, async () => this.editNow(await this.policy.resolve(args.value.path, 'change'), edits, signal));
    }
    return this.locks.run(target.path, () => this.editNow(target, edits, signal));
  }

  private async editNow(target: ResolvedPath, edits: TextEdit[], signal: AbortSignal): Promise<ToolRunResult> {
    const refused = await this.readRefusal(target, signal);
    if (refused) return refused;
    const before = await this.current(target);
    if (!before && !createsFile(edits)) return failed(missingFile(target.display));
    let result: ReturnType<typeof applyTextEdits>;
    try {
      result = applyTextEdits(before?.text ?? '', edits, target.display);
    } catch (error) {
      if (error instanceof EditMatchError && edits.length > 1) return failed(`edits[${error.index}]: ${error.message} None of the ${edits.length} edits was applied.`);
      throw error;
    }
    const notes = result.outcomes.map((o, i) => ({ text: describeTolerance(o), i })).filter((n) => n.text !== '');
    const tolerances = notes.map((n) => (edits.length > 1 ? `edits[${n.i}] ${n.text}` : n.text));
    const counted = describeReplacements(result.outcomes);
    const note = [counted, ...tolerances].filter(Boolean).join('; ');
    return this.apply(target, before, this.encode(target, result.text, before?.format ?? NEW_FILE_FORMAT), note === '' ? '' : `: ${note}`, signal);
  }
}

/** An empty (first) old_text on a missing file creates it with new_text, as write_file would. */
function createsFile(edits: readonly TextEdit[]): boolean {
  return edits[0]?.oldText === '';
}

function missingFile(display: string): string {
  return `${display} does not exist; edit_file changes existing files. To create it, use write_file with its whole content (or edit_file with an empty old_text).`;
}

/** The edits of a call, from old_text/new_text or from `edits`; a string says what is wrong. */
function editsOf(value: Record<string, unknown>): TextEdit[] | string {
  const single = value.old_text !== undefined || value.new_text !== undefined;
  if (value.edits !== undefined) {
    if (single) return 'Give either old_text and new_text, or edits, not both.';
    const list = value.edits as Record<string, unknown>[];
    if (list.length === 0) return 'field "edits" is empty; give at least one {"old_text", "new_text"}.';
    return list.map((e) => ({ oldText: String(e.old_text), newText: String(e.new_text), replaceAll: e.replace_all === true }));
  }
  if (value.old_text === undefined) return 'missing required field "old_text" (the text to replace), or "edits" for several replacements.';
  if (value.new_text === undefined) return 'missing required field "new_text" (the text to put in its place; "" deletes old_text).';
  return [{ oldText: String(value.old_text), newText: String(value.new_text), replaceAll: value.replace_all === true }];
}
