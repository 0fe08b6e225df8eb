// The search port on VS Code's own ripgrep (the engine of its search view): linear-time regular
// expressions (Rust's regex crate: no look-around, no backreferences), parallel and complete over any
// repository size. What it honours, as VS Code's search does: .gitignore files at every level (also
// outside a git repository: --no-require-git) and .ignore files, files.exclude and search.exclude;
// hidden files are searched, .git never; symlinks are not followed (they may lead outside the workspace);
// binary files and files over the size cap are skipped. Files that look like secrets are excluded by
// glob and counted by a second, name-only walk that runs alongside the search.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { InvalidSearchPatternError, type FileSearchRequest, type FileSearchResult, type SearchStop, type TextMatch, type TextSearchRequest, type TextSearchResult, type WorkspaceSearch } from '../../core/tools/workspaceSearch';
import { toSlashes } from './ignoreRules';
import { runRipgrep, type RipgrepRun } from './ripgrepProcess';

/** Lines longer than this come back shortened by ripgrep itself (a minified file has megabyte lines). */
const MAX_LINE_COLUMNS = 1000;

export interface RipgrepSearchOptions {
  /** The binary bundledRipgrep found. */
  binary: string;
  /** files.exclude and search.exclude globs whose value is true. */
  excludeGlobs: () => readonly string[];
  /** Whether the workspace's .gitignore files leave a path out (to count only secrets a search would have opened). */
  ignoredByGit: (absolute: string) => Promise<boolean>;
}

export class RipgrepWorkspaceSearch implements WorkspaceSearch {
  readonly regexSyntax = "ripgrep's syntax (Rust regex: no look-around, no backreferences)";

  constructor(private readonly options: RipgrepSearchOptions) {}

  async searchText(request: TextSearchRequest): Promise<TextSearchResult> {
    const cwd = await realRoot(request.rootPath);
    const target = searchPath(cwd, request.folder);
    const matches: TextMatch[] = [];
    let extraSkipped = 0;
    const args = this.textSearchArgs(request, cwd);
    const counting = this.countSkipped(request, cwd, target);
    const search = runRipgrep(this.options.binary, args, {
      cwd,
      deadlineMs: request.deadlineMs,
      signal: request.signal,
      onLine: (line) => {
        const match = parseMatch(line, cwd);
        if (!match) return 'more';
        // The same check the read tools make, in case a glob and the exact rules ever disagree.
        if (request.skip.skips(toSlashes(path.relative(cwd, match.path)))) {
          extraSkipped += 1;
          return 'more';
        }
        matches.push(match);
        return matches.length > request.maxMatches ? 'enough' : 'more';
      },
    });
    const [run, skipped] = await Promise.all([search, counting]);
    if (run.end === 'exited' && run.exitCode === 2 && matches.length === 0 && /regex parse error|error parsing|failed to parse/i.test(run.stderr)) {
      throw new InvalidSearchPatternError('query', patternError(run.stderr));
    }
    return { matches: matches.slice(0, request.maxMatches), stop: stopOf(run), skippedFiles: skipped + extraSkipped };
  }

  /** The arguments of the ripgrep run that searches the text (the bench runs ripgrep alone with them). */
  textSearchArgs(request: TextSearchRequest, cwd: string): string[] {
    return [
      ...this.walkFlags(),
      ...request.skip.globs.map((glob) => `--iglob=!${glob}`),
      `--max-filesize=${request.maxFileBytes}`,
      '--line-number',
      '--with-filename',
      '--no-heading',
      '--null',
      '--color=never',
      `--max-columns=${MAX_LINE_COLUMNS}`,
      '--max-columns-preview',
      request.syntax === 'literal' ? '--fixed-strings' : '--no-fixed-strings',
      request.caseSensitive ? '--case-sensitive' : '--ignore-case',
      `--regexp=${request.query}`,
      '--',
      searchPath(cwd, request.folder),
    ];
  }

  async findFiles(request: FileSearchRequest): Promise<FileSearchResult> {
    const cwd = await realRoot(request.rootPath);
    const paths: string[] = [];
    // The pattern first: a later glob wins, so the excludes after it still leave their files out.
    const args = ['--files', `--iglob=${request.glob}`, ...this.walkFlags(), '--', searchPath(cwd, request.folder)];
    const run = await runRipgrep(this.options.binary, args, {
      cwd,
      deadlineMs: request.deadlineMs,
      signal: request.signal,
      onLine: (line) => {
        paths.push(path.resolve(cwd, line.toString('utf8')));
        return paths.length > request.maxResults ? 'enough' : 'more';
      },
    });
    if (run.end === 'exited' && run.exitCode === 2 && paths.length === 0 && /glob/i.test(run.stderr)) throw new InvalidSearchPatternError('pattern', patternError(run.stderr));
    return { paths: paths.slice(0, request.maxResults), stop: stopOf(run) };
  }

  /**
   * Flags every walk shares: the configuration file is never read (RIPGREP_CONFIG_PATH could add flags).
   * Every glob is given with --iglob: ripgrep ranks case-insensitive globs apart from the others, so a
   * --glob exclusion would lose to an --iglob pattern; the built-in walk compares names the same way.
   */
  private walkFlags(): string[] {
    return ['--no-config', '--hidden', '--no-require-git', '--iglob=!.git', ...this.options.excludeGlobs().map((glob) => `--iglob=!${glob}`)];
  }

  /**
   * How many files the search left out as secrets: the names the secret globs select (a glob selects
   * even a git-ignored file, so those are checked again, a few files at most in practice).
   */
  private async countSkipped(request: TextSearchRequest, cwd: string, target: string): Promise<number> {
    if (request.skip.globs.length === 0) return 0;
    const candidates: string[] = [];
    const args = ['--files', ...request.skip.globs.map((glob) => `--iglob=${glob}`), ...this.walkFlags(), '--', target];
    await runRipgrep(this.options.binary, args, {
      cwd,
      deadlineMs: request.deadlineMs,
      signal: request.signal,
      onLine: (line) => {
        candidates.push(path.resolve(cwd, line.toString('utf8')));
        return 'more';
      },
    });
    let count = 0;
    for (const candidate of candidates) if (!(await this.options.ignoredByGit(candidate))) count += 1;
    return count;
  }
}

/** ripgrep runs in the root's real path, so the paths it prints and the policy's paths agree. */
function realRoot(root: string): Promise<string> {
  return fs.realpath(root);
}

/** The folder as ripgrep is given it: relative to the root it runs in, so globs anchor at the root. */
function searchPath(cwd: string, folder: string): string {
  const relative = path.relative(cwd, folder);
  return relative === '' ? '.' : relative;
}

/** "path\0line:text" as --null --line-number print it. */
function parseMatch(line: Buffer, cwd: string): TextMatch | undefined {
  const nul = line.indexOf(0);
  if (nul < 0) return undefined;
  const rest = line.subarray(nul + 1);
  const colon = rest.indexOf(58);
  if (colon < 0) return undefined;
  const lineNumber = Number(rest.subarray(0, colon).toString('ascii'));
  if (!Number.isInteger(lineNumber)) return undefined;
  return { path: path.resolve(cwd, line.subarray(0, nul).toString('utf8')), line: lineNumber, text: rest.subarray(colon + 1).toString('utf8').replace(/\r$/, '') };
}

/** ripgrep's error without its program name and without the advice to pass --pcre2, a flag the model cannot give. */
function patternError(stderr: string): string {
  return stderr.replace(/^rg: /, '').split(/\n\s*\nConsider enabling PCRE2/)[0]?.trim() ?? stderr;
}

function stopOf(run: RipgrepRun): SearchStop {
  if (run.end === 'enough') return 'max-results';
  if (run.end === 'exited') return 'complete';
  return run.end;
}
