// The agent's search in VS Code: VS Code's own ripgrep when bundledRipgrep finds one it may run, asked
// again before every search (a workspace folder added since may hold the only candidate); otherwise the
// built-in walk, which is slower but just as complete and honest.
import type { WorkspaceRoot } from '../../core/tools/workspaceFiles';
import type { FileSearchRequest, FileSearchResult, TextSearchRequest, TextSearchResult, WorkspaceSearch } from '../../core/tools/workspaceSearch';
import type { NodeWorkspaceFiles } from './nodeWorkspaceFiles';
import { bundledRipgrep } from './ripgrepLocation';
import { RipgrepWorkspaceSearch } from './ripgrepWorkspaceSearch';
import { WalkingWorkspaceSearch } from './walkingWorkspaceSearch';

export interface SearchEnvironment {
  /** VS Code's installation folder (vscode.env.appRoot). */
  appRoot: string;
  roots: () => readonly WorkspaceRoot[];
  files: NodeWorkspaceFiles;
  /** files.exclude and search.exclude globs whose value is true. */
  excludeGlobs: () => readonly string[];
}

export class BundledOrWalkingSearch implements WorkspaceSearch {
  private readonly walking: WalkingWorkspaceSearch;

  constructor(private readonly environment: SearchEnvironment) {
    this.walking = new WalkingWorkspaceSearch(environment.files, environment.excludeGlobs);
  }

  get regexSyntax(): string {
    return this.current().regexSyntax;
  }

  searchText(request: TextSearchRequest): Promise<TextSearchResult> {
    return this.current().searchText(request);
  }

  findFiles(request: FileSearchRequest): Promise<FileSearchResult> {
    return this.current().findFiles(request);
  }

  dispose(): void {
    this.walking.dispose();
  }

  private current(): WorkspaceSearch {
    const { appRoot, roots, files, excludeGlobs } = this.environment;
    const binary = bundledRipgrep(appRoot, roots().map((root) => root.path));
    if (binary === undefined) return this.walking;
    return new RipgrepWorkspaceSearch({ binary, excludeGlobs, ignoredByGit: (p) => files.ignoredByGit(p) });
  }
}
