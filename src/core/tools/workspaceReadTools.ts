// Read-only workspace tools: list files, read a file or a line range (search is in searchTextTool.ts
// and findFilesTool.ts). Every path goes through the path gate (pathPolicy.ts), whose questions (a file
// that looks like a secret, or that .gitignore leaves out: pathRules.ts) the user answers before the
// file is read. Reading marks the task as holding workspace content, so what it sends out next is
// asked about (dataEgressGuard.ts). Files are size-checked before they are read.
import type { ToolDefinition } from '../../api/index';
import * as l10n from '../l10n';
import type { TaskApprovals } from './approvals';
import type { DataEgressGuard } from './dataEgressGuard';
import type { PathQuestion, ResolvedPath, WorkspacePathPolicy } from './pathPolicy';
import { readApproval, readRefused } from './pathRules';
import { FileTooLargeError } from './toolErrors';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { toolDisplay, type ToolDisplay } from './toolDisplay';
import { toolTraits, type ToolTraits } from './toolTraits';
import type { WorkspaceHost } from './workspaceHost';
import { decodeTextFile, describeFormat } from './textFileCodec';

export interface ReadToolLimits {
  maxListedEntries: number;
  maxReadChars: number;
  /** Larger files are not read at all (read_file says so; use a smaller file or a command). */
  maxReadFileBytes: number;
  maxSearchResults: number;
  /** Larger files are not searched. */
  maxSearchFileBytes: number;
  /** Time one search_text or find_files call may take in all: a whole large repository fits in it. */
  searchDeadlineMs: number;
  /** Paths find_files returns at most. */
  maxFoundFiles: number;
}

export const DEFAULT_READ_LIMITS: ReadToolLimits = {
  maxListedEntries: 500,
  maxReadChars: 100_000,
  maxReadFileBytes: 10_000_000,
  maxSearchResults: 100,
  maxSearchFileBytes: 1_000_000,
  searchDeadlineMs: 30_000,
  maxFoundFiles: 500,
};

/** What the read tools of one task share: the approvals for the path gate's questions and the egress guard. */
export interface ReadGuards {
  approvals: TaskApprovals;
  egress?: DataEgressGuard;
}

/** The ports the read tools use: files, search, and the encoding guess for files that are not UTF-8. */
export type WorkspaceReading = Pick<WorkspaceHost, 'files' | 'search' | 'encodingDetector'>;

/** They read the workspace, each through its `path` argument, and change nothing. */
const READ_TOOL_TRAITS = toolTraits({ readsWorkspace: true, pathArgument: true });

export abstract class WorkspaceTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  readonly traits: ToolTraits = READ_TOOL_TRAITS;
  abstract readonly display: ToolDisplay;
  abstract readonly definition: ToolDefinition;

  constructor(
    protected readonly host: WorkspaceReading,
    protected readonly policy: WorkspacePathPolicy,
    protected readonly limits: ReadToolLimits,
    protected readonly guards: ReadGuards,
  ) {}

  abstract run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult>;

  /** The gate's question about reading this file (a secret, or one .gitignore leaves out), or undefined. */
  protected readQuestion(target: ResolvedPath): PathQuestion | undefined {
    return target.questions.find((question) => question.kind === 'secret') ?? target.questions.find((question) => question.kind === 'ignored');
  }
}

export class ListFilesTool extends WorkspaceTool {
  readonly display = toolDisplay('list', 'path', () => ({ running: l10n.t('Listing {0}'), done: l10n.t('Listed {0}') }));
  readonly definition = functionDefinition(
    'list_files',
    'List files and folders in the workspace (ignored files such as those in .gitignore are left out). Folders end with "/".',
    {
      path: { type: 'string', description: 'Folder relative to the workspace root; default the root.' },
      recursive: { type: 'boolean', description: 'List the whole tree below the folder; default false.' },
    },
    [],
  );

  async run(args: ToolArguments): Promise<ToolRunResult> {
    const roots = this.host.files.roots();
    const atTop = args.value.path === undefined || args.value.path === '.' || args.value.path === '';
    // In a multi-root workspace the top level is the folders themselves; paths start with their names.
    if (atTop && roots.length > 1 && args.value.recursive !== true) return done(roots.map((r) => `${r.name}/`).join('\n'));
    const target = await this.policy.resolve(atTop ? '.' : args.value.path, 'read');
    const limit = this.limits.maxListedEntries;
    const entries = await this.host.files.listFiles(target.path, { recursive: args.value.recursive === true, limit: limit + 1 });
    const lines: string[] = [];
    for (const entry of entries.slice(0, limit)) {
      const shown = await this.policy.displayOf(entry.path);
      lines.push(entry.kind === 'directory' ? `${shown}/` : shown);
    }
    if (lines.length === 0) return done(`${target.display} is empty (or everything in it is ignored).`);
    const more = entries.length > limit ? `\n[listing stopped at ${limit} entries, not the whole folder; list a subfolder, or use find_files to find files by name]` : '';
    return done(lines.join('\n') + more);
  }
}

export class ReadFileTool extends WorkspaceTool {
  readonly display = toolDisplay('read', 'path', () => ({ running: l10n.t('Reading {0}'), done: l10n.t('Read {0}') }));
  readonly definition = functionDefinition(
    'read_file',
    'Read a text file of the workspace, whole or a range of lines. Lines are numbered from 1.',
    {
      path: { type: 'string', description: 'File path relative to the workspace root.' },
      start_line: { type: 'integer', description: 'First line to read (1-based); default 1.' },
      end_line: { type: 'integer', description: 'Last line to read (inclusive); default the last line.' },
    },
    ['path'],
  );

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const target = await this.policy.resolve(args.value.path, 'read');
    if ((await this.host.files.lstat(target.path)) !== 'file') return failed(`${target.display} is not a file; use list_files for folders.`);
    const question = this.readQuestion(target);
    if (question && !(await this.guards.approvals.allowed(readApproval(question), signal))) return { status: 'rejected', content: readRefused(target.display) };
    let bytes: Uint8Array;
    try {
      bytes = await this.host.files.readFile(target.path, { maxBytes: this.limits.maxReadFileBytes });
    } catch (error) {
      if (error instanceof FileTooLargeError) return failed(`${target.display} is ${error.size} bytes, larger than the ${this.limits.maxReadFileBytes} bytes read_file reads; it was not read.`);
      throw error;
    }
    this.guards.egress?.noteWorkspaceContentRead();
    // Lines are shown without their CR: models write LF whatever they read, so edit_file matches with
    // line endings normalised and writes the file's own; the header names what is not plain UTF-8 LF.
    const file = await decodeTextFile(bytes, target.display, this.host.encodingDetector);
    const lines = file.text.split(/\r?\n/);
    const format = describeFormat(file.format);
    const start = typeof args.value.start_line === 'number' ? args.value.start_line : 1;
    const end = typeof args.value.end_line === 'number' ? Math.min(args.value.end_line, lines.length) : lines.length;
    if (start < 1 || start > Math.max(lines.length, 1) || end < start) {
      return failed(`Line range ${start}-${end} is outside ${target.display}, which has ${lines.length} lines.`);
    }
    let text = lines.slice(start - 1, end).join('\n');
    let note = '';
    if (text.length > this.limits.maxReadChars) {
      text = text.slice(0, this.limits.maxReadChars);
      note = `\n[cut at ${this.limits.maxReadChars} characters; read a smaller line range to see the rest]`;
    }
    return done(`${target.display} lines ${start}-${end} of ${lines.length}${format ? ` (${format})` : ''}:\n${text}${note}`);
  }
}
