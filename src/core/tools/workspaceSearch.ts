// The search port of the workspace host: text search and file-name search over one workspace folder,
// complete or saying exactly why it stopped. The extension answers with VS Code's bundled ripgrep and
// falls back to a walk in JavaScript where no ripgrep is found; core knows which only by the syntax it names.

/** Why a search returned: it saw everything, or it stopped early for the reason named. */
export type SearchStop = 'complete' | 'max-results' | 'deadline' | 'cancelled';

export interface SearchScope {
  /** Absolute path of the workspace folder the search is in (globs and ignore rules start there). */
  rootPath: string;
  /** Real absolute path of the folder to search: the root itself or a folder inside it. */
  folder: string;
  /** Time the search may take in all; past it the search stops and says so. */
  deadlineMs: number;
  signal: AbortSignal;
}

/** Files that are never opened by a search, only counted: those that look like secrets. */
export interface SearchSkipRules {
  /** Gitignore-style globs, compared case-insensitively, relative to the workspace root. */
  readonly globs: readonly string[];
  /** The exact check the read tools use, for a slash-separated path relative to the workspace root. */
  skips(relativePath: string): boolean;
}

export interface TextSearchRequest extends SearchScope {
  query: string;
  syntax: 'literal' | 'regex';
  caseSensitive: boolean;
  /** At most this many matching lines are returned; one more stops the search with 'max-results'. */
  maxMatches: number;
  /** Larger files are not searched. */
  maxFileBytes: number;
  skip: SearchSkipRules;
}

export interface TextMatch {
  /** Absolute path of the file. */
  path: string;
  /** 1-based line number. */
  line: number;
  /** The line's text, without its line ending; very long lines may be shortened. */
  text: string;
}

export interface TextSearchResult {
  matches: TextMatch[];
  stop: SearchStop;
  /** Files left unsearched because `skip` names them. */
  skippedFiles: number;
}

export interface FileSearchRequest extends SearchScope {
  /** Gitignore-style glob relative to the workspace root; a glob without "/" matches a name at any depth. */
  glob: string;
  /** At most this many paths are returned; one more stops the search with 'max-results'. */
  maxResults: number;
}

export interface FileSearchResult {
  /** Absolute paths of regular files. */
  paths: string[];
  stop: SearchStop;
}

export interface WorkspaceSearch {
  /** The syntax `syntax: 'regex'` queries are read in, as the tool description states it. */
  readonly regexSyntax: string;
  /** Rejects with InvalidSearchPatternError when the query is not a valid pattern. */
  searchText(request: TextSearchRequest): Promise<TextSearchResult>;
  /** Rejects with InvalidSearchPatternError when the glob is not valid. */
  findFiles(request: FileSearchRequest): Promise<FileSearchResult>;
}

/** The model's pattern could not be compiled; `field` names the tool argument it came from. */
export class InvalidSearchPatternError extends Error {
  override readonly name = 'InvalidSearchPatternError';
  constructor(
    readonly field: 'query' | 'pattern',
    readonly detail: string,
  ) {
    super(`${field} is not a valid pattern: ${detail}`);
  }
}
