// Read-only workspace tools: list files, read a file or a line range, search text. Nothing here asks
// for approval; every path still goes through the path policy.
import type { ToolDefinition } from '../../api/schemas';
import type { WorkspacePathPolicy } from './pathPolicy';
import { done, failed, functionDefinition, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import type { WorkspaceHost } from './workspaceHost';
import { decodeText } from './workspaceText';

export interface ReadToolLimits {
  maxListedEntries: number;
  maxReadChars: number;
  maxSearchResults: number;
  maxSearchFiles: number;
  maxSearchFileBytes: number;
}

export const DEFAULT_READ_LIMITS: ReadToolLimits = {
  maxListedEntries: 500,
  maxReadChars: 100_000,
  maxSearchResults: 100,
  maxSearchFiles: 5_000,
  maxSearchFileBytes: 1_000_000,
};

abstract class WorkspaceTool implements Tool {
  readonly origin: ToolOrigin = { kind: 'workspace' };
  abstract readonly definition: ToolDefinition;

  constructor(
    protected readonly host: WorkspaceHost,
    protected readonly policy: WorkspacePathPolicy,
    protected readonly limits: ReadToolLimits,
  ) {}

  abstract run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult>;
}

export class ListFilesTool extends WorkspaceTool {
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
    const roots = this.host.roots();
    const atTop = args.value.path === undefined || args.value.path === '.' || args.value.path === '';
    // In a multi-root workspace the top level is the folders themselves; paths start with their names.
    if (atTop && roots.length > 1 && args.value.recursive !== true) return done(roots.map((r) => `${r.name}/`).join('\n'));
    const target = await this.policy.resolve(atTop ? '.' : args.value.path, 'read');
    const limit = this.limits.maxListedEntries;
    const entries = await this.host.listFiles(target.path, { recursive: args.value.recursive === true, limit: limit + 1 });
    const lines: string[] = [];
    for (const entry of entries.slice(0, limit)) {
      const shown = await this.policy.displayOf(entry.path);
      lines.push(entry.kind === 'directory' ? `${shown}/` : shown);
    }
    if (lines.length === 0) return done(`${target.display} is empty (or everything in it is ignored).`);
    const more = entries.length > limit ? `\n[listing stopped at ${limit} entries; list a subfolder to see more]` : '';
    return done(lines.join('\n') + more);
  }
}

export class ReadFileTool extends WorkspaceTool {
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

  async run(args: ToolArguments): Promise<ToolRunResult> {
    const target = await this.policy.resolve(args.value.path, 'read');
    if ((await this.host.lstat(target.path)) !== 'file') return failed(`${target.display} is not a file; use list_files for folders.`);
    const lines = decodeText(await this.host.readFile(target.path), target.display).split('\n');
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
    return done(`${target.display} lines ${start}-${end} of ${lines.length}:\n${text}${note}`);
  }
}

export class SearchTextTool extends WorkspaceTool {
  readonly definition = functionDefinition(
    'search_text',
    'Search the text of the workspace files (ignored files left out). Answers "path:line: text" for each matching line.',
    {
      query: { type: 'string', description: 'Text to find (case-insensitive), or a JavaScript regular expression when is_regex is true.' },
      is_regex: { type: 'boolean', description: 'Treat query as a regular expression; default false.' },
      path: { type: 'string', description: 'Folder to search in, relative to the workspace root; default the root.' },
    },
    ['query'],
  );

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const query = String(args.value.query);
    if (query === '') return failed('query is empty; give the text to search for.');
    let pattern: RegExp;
    try {
      pattern = args.value.is_regex === true ? new RegExp(query, 'i') : new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    } catch (err) {
      return failed(`query is not a valid regular expression: ${(err as Error).message}`);
    }
    const folder = await this.policy.resolve(args.value.path ?? '.', 'read');
    const entries = await this.host.listFiles(folder.path, { recursive: true, limit: this.limits.maxSearchFiles });
    const matches: string[] = [];
    for (const entry of entries) {
      if (signal.aborted || matches.length >= this.limits.maxSearchResults) break;
      if (entry.kind !== 'file') continue;
      const bytes = await this.host.readFile(entry.path).catch(() => undefined);
      if (!bytes || bytes.length > this.limits.maxSearchFileBytes || bytes.includes(0)) continue;
      const shown = await this.policy.displayOf(entry.path);
      const lines = new TextDecoder().decode(bytes).split('\n');
      for (let i = 0; i < lines.length && matches.length < this.limits.maxSearchResults; i++) {
        const line = lines[i] as string;
        if (pattern.test(line)) matches.push(`${shown}:${i + 1}: ${line.trim().slice(0, 300)}`);
      }
    }
    if (matches.length === 0) return done(`No match for ${JSON.stringify(query)} in ${folder.display}.`);
    const more = matches.length >= this.limits.maxSearchResults ? `\n[stopped at ${this.limits.maxSearchResults} matches; narrow the query or the folder]` : '';
    return done(matches.join('\n') + more);
  }
}
