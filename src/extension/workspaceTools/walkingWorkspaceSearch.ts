// The search port without ripgrep, for a VS Code whose bundled ripgrep cannot be found (or would have to
// be taken from inside the workspace): a walk in JavaScript under the same ignore rules, file by file.
// Slower than ripgrep but just as honest: it visits every file or says where it stopped (the match cap,
// the deadline, or cancellation). Regular expressions are JavaScript's, run in a worker thread with the
// search's remaining time (RegexLineMatcher), because JavaScript's engine can backtrack for minutes.
import ignore from 'ignore';
import * as path from 'node:path';
import type { ListedEntry } from '../../core/tools/workspaceFiles';
import { InvalidSearchPatternError, type FileSearchRequest, type FileSearchResult, type SearchScope, type TextMatch, type TextSearchRequest, type TextSearchResult, type WorkspaceSearch } from '../../core/tools/workspaceSearch';
import { toSlashes } from './ignoreRules';
import type { NodeWorkspaceFiles } from './nodeWorkspaceFiles';
import { RegexLineMatcher } from './regexLineMatcher';

export class WalkingWorkspaceSearch implements WorkspaceSearch {
  readonly regexSyntax = 'JavaScript syntax';
  private readonly matcher = new RegexLineMatcher();

  constructor(
    private readonly files: NodeWorkspaceFiles,
    /** files.exclude and search.exclude globs whose value is true. */
    private readonly excludeGlobs: () => readonly string[],
  ) {}

  async searchText(request: TextSearchRequest): Promise<TextSearchResult> {
    const flags = request.caseSensitive ? '' : 'i';
    if (request.syntax === 'regex') {
      try {
        new RegExp(request.query, flags);
      } catch (error) {
        throw new InvalidSearchPatternError('query', (error as Error).message);
      }
    }
    const needle = request.caseSensitive ? request.query : request.query.toLowerCase();
    const endsAt = Date.now() + request.deadlineMs;
    const rootReal = await this.files.realpath(request.rootPath);
    const matches: TextMatch[] = [];
    let skippedFiles = 0;
    for await (const entry of this.entries(request.folder)) {
      const stop = this.stopReason(request, endsAt);
      if (stop) return { matches, stop, skippedFiles };
      if (entry.kind !== 'file') continue;
      if (request.skip.skips(toSlashes(path.relative(rootReal, entry.path)))) {
        skippedFiles += 1;
        continue;
      }
      const bytes = await this.files.readFile(entry.path, { maxBytes: request.maxFileBytes }).catch(() => undefined);
      if (!bytes || bytes.includes(0)) continue;
      const text = new TextDecoder().decode(bytes);
      const lines = text.split('\n');
      const room = request.maxMatches + 1 - matches.length;
      let found: number[];
      if (request.syntax === 'regex') {
        const answer = await this.matcher.matchLines({ source: request.query, flags }, text, { maxMatches: room, timeoutMs: Math.max(1, endsAt - Date.now()) });
        if (answer === 'timeout') return { matches, stop: 'deadline', skippedFiles };
        found = answer;
      } else {
        found = [];
        for (let i = 0; i < lines.length && found.length < room; i++) {
          const line = lines[i] as string;
          if ((request.caseSensitive ? line : line.toLowerCase()).includes(needle)) found.push(i);
        }
      }
      for (const i of found) matches.push({ path: entry.path, line: i + 1, text: (lines[i] as string).replace(/\r$/, '') });
      if (matches.length > request.maxMatches) return { matches: matches.slice(0, request.maxMatches), stop: 'max-results', skippedFiles };
    }
    return { matches, stop: request.signal.aborted ? 'cancelled' : 'complete', skippedFiles };
  }

  async findFiles(request: FileSearchRequest): Promise<FileSearchResult> {
    let glob: ReturnType<typeof ignore>;
    try {
      glob = ignore({ ignorecase: true }).add(request.glob);
    } catch (error) {
      throw new InvalidSearchPatternError('pattern', (error as Error).message);
    }
    const endsAt = Date.now() + request.deadlineMs;
    const rootReal = await this.files.realpath(request.rootPath);
    const paths: string[] = [];
    for await (const entry of this.entries(request.folder)) {
      const stop = this.stopReason(request, endsAt);
      if (stop) return { paths, stop };
      if (entry.kind !== 'file' || !glob.ignores(toSlashes(path.relative(rootReal, entry.path)))) continue;
      if (paths.length === request.maxResults) return { paths, stop: 'max-results' };
      paths.push(entry.path);
    }
    return { paths, stop: request.signal.aborted ? 'cancelled' : 'complete' };
  }

  dispose(): void {
    this.matcher.dispose();
  }

  /** The files under the folder; a file named as the folder is searched alone, as ripgrep does. */
  private async *entries(folder: string): AsyncGenerator<ListedEntry> {
    if ((await this.files.lstat(folder)) === 'file') yield { path: folder, kind: 'file' };
    else yield* this.files.walk(folder, { recursive: true, excludeGlobs: this.excludeGlobs() });
  }

  private stopReason(request: SearchScope, endsAt: number): 'cancelled' | 'deadline' | undefined {
    if (request.signal.aborted) return 'cancelled';
    return Date.now() > endsAt ? 'deadline' : undefined;
  }
}
