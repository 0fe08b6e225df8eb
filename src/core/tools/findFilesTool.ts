// find_files: the workspace's files whose path matches a glob ("**/*.test.ts", "*.md", "src/**/index.*"),
// through the host's search port, under the same ignore rules as search_text; capped, and saying so.
// Only names are listed, never contents, so files that look like secrets are listed as list_files does.
import * as l10n from '../l10n';
import { counted, searchFolders, stoppedNote } from './searchScope';
import { done, failed, functionDefinition, type ToolArguments, type ToolRunResult } from './tool';
import { toolDisplay } from './toolDisplay';
import { WorkspaceTool } from './workspaceReadTools';
import { InvalidSearchPatternError, type SearchStop } from './workspaceSearch';

export class FindFilesTool extends WorkspaceTool {
  readonly display = toolDisplay('search', 'pattern', () => ({ running: l10n.t('Finding files {0}'), done: l10n.t('Found files {0}'), found: { one: l10n.t('1 file'), many: l10n.t('{0} files') } }));
  readonly definition = functionDefinition(
    'find_files',
    'Find workspace files by name or path with a glob (files that .gitignore, files.exclude or search.exclude leave out are not listed). ' +
      'A glob without "/" matches a file name at any depth ("*.md", "package.json"); one with "/" matches the path from the searched folder ("src/**/*.test.ts"); matching ignores case.',
    {
      pattern: { type: 'string', description: 'Glob such as "**/*.test.ts", "*.md" or "src/**/index.*"; "*" stays within a folder, "**" crosses folders.' },
      path: { type: 'string', description: 'Folder to search in, relative to the workspace root; default the whole workspace.' },
    },
    ['pattern'],
  );

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const pattern = typeof args.value.pattern === 'string' ? args.value.pattern.trim().replace(/\\/g, '/') : '';
    const problem = patternProblem(pattern);
    if (problem) return failed(`pattern ${problem}; give a glob such as "**/*.test.ts" or "*.md".`);
    const folders = await searchFolders(this.host.files, this.policy, args.value.path);
    const started = Date.now();
    const paths: string[] = [];
    let stop: SearchStop = 'complete';
    for (const [index, folder] of folders.entries()) {
      const remainingMs = this.limits.searchDeadlineMs - (Date.now() - started);
      if (remainingMs <= 0) {
        stop = 'deadline';
        break;
      }
      const inFolder = folder.display === '.' || folders.length > 1 ? '' : folder.display.split('/').slice(this.host.files.roots().length > 1 ? 1 : 0).join('/');
      try {
        const result = await this.host.search.findFiles({
          rootPath: folder.root.path,
          folder: folder.path,
          glob: rootRelativeGlob(pattern, inFolder),
          maxResults: this.limits.maxFoundFiles - paths.length,
          deadlineMs: remainingMs,
          signal,
        });
        paths.push(...result.paths);
        stop = result.stop;
      } catch (error) {
        if (error instanceof InvalidSearchPatternError) return failed(`pattern is not a valid glob: ${error.detail}`);
        throw error;
      }
      if (stop !== 'complete') break;
      if (paths.length >= this.limits.maxFoundFiles) {
        if (index < folders.length - 1) stop = 'max-results';
        break;
      }
    }
    if (paths.length > 0) this.guards.egress?.noteWorkspaceContentRead();
    const shown = (await Promise.all(paths.map((p) => this.policy.displayOf(p)))).sort();
    const where = folders.map((f) => f.display).join(', ');
    const note = stoppedNote(stop, { found: counted(paths.length, 'file'), limitMs: this.limits.searchDeadlineMs, narrow: 'narrow the pattern or the folder' });
    if (shown.length === 0) return done(`No file matches ${JSON.stringify(pattern)} in ${where}${stop === 'complete' ? ' (the whole folder was searched)' : ''}.${note}`);
    return done(shown.join('\n') + note);
  }
}

/** Why the model's glob cannot be used, or undefined. */
function patternProblem(pattern: string): string | undefined {
  if (pattern === '') return 'is empty';
  if (pattern.includes('\0')) return 'contains a NUL character';
  if (pattern.startsWith('!')) return 'may not start with "!" (only files to include are named here)';
  if (pattern.split('/').some((segment) => segment === '..')) return 'may not contain ".." (use path to choose the folder)';
  return undefined;
}

/**
 * The glob as the engine reads it, relative to the workspace root: a name glob stays a name glob (it
 * matches at any depth); a path glob is anchored at the searched folder.
 */
function rootRelativeGlob(pattern: string, folder: string): string {
  const trimmed = pattern.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
  if (!pattern.includes('/')) return trimmed;
  return folder === '' ? `/${trimmed}` : `/${folder}/${trimmed}`;
}
