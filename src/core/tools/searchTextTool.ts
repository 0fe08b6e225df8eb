// search_text: every line of the workspace's files that holds the text or matches the pattern, through
// the host's search port (ripgrep in VS Code). Complete over any repository size: the answer either
// covers every file the ignore rules leave in, or says where and why it stopped (the match cap or the
// one overall deadline). Files that look like secrets are never opened, only counted.
import * as l10n from '../l10n';
import type { ResolvedPath } from './pathPolicy';
import { counted, searchFolders, stoppedNote } from './searchScope';
import { done, failed, functionDefinition, type ToolArguments, type ToolRunResult } from './tool';
import { toolDisplay } from './toolDisplay';
import { WorkspaceTool } from './workspaceReadTools';
import { InvalidSearchPatternError, type SearchSkipRules, type SearchStop, type TextMatch } from './workspaceSearch';

/** Characters of a matching line shown to the model. */
const MAX_LINE_CHARS = 300;

export class SearchTextTool extends WorkspaceTool {
  readonly display = toolDisplay('search', 'query', () => ({ running: l10n.t('Searching for {0}'), done: l10n.t('Searched for {0}'), found: { one: l10n.t('1 result'), many: l10n.t('{0} results') } }));
  readonly definition = functionDefinition(
    'search_text',
    `Search the text of every workspace file (files that .gitignore, files.exclude or search.exclude leave out, binary files and files over ${this.limits.maxSearchFileBytes} bytes are not searched). ` +
      'Answers "path:line: text" for each matching line, and says when it stopped before the end.',
    {
      query: { type: 'string', description: `Text to find (case-insensitive unless case_sensitive), or, when is_regex is true, a regular expression in ${this.host.search.regexSyntax}.` },
      is_regex: { type: 'boolean', description: 'Treat query as a regular expression; default false.' },
      case_sensitive: { type: 'boolean', description: 'Match upper and lower case exactly; default false.' },
      path: { type: 'string', description: 'Folder to search in, relative to the workspace root; default the whole workspace.' },
    },
    ['query'],
  );

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const query = args.value.query;
    if (typeof query !== 'string' || query === '') return failed('query is empty; give the text to search for.');
    const folders = await searchFolders(this.host.files, this.policy, args.value.path);
    const where = folders.map((f) => f.display).join(', ');
    const refused = await this.refusedFile(folders);
    if (refused) return refused;
    const started = Date.now();
    const matches: TextMatch[] = [];
    let skipped = 0;
    let stop: SearchStop = 'complete';
    for (const folder of folders) {
      const remainingMs = this.limits.searchDeadlineMs - (Date.now() - started);
      if (remainingMs <= 0) {
        stop = 'deadline';
        break;
      }
      try {
        const result = await this.host.search.searchText({
          rootPath: folder.root.path,
          folder: folder.path,
          query,
          syntax: args.value.is_regex === true ? 'regex' : 'literal',
          caseSensitive: args.value.case_sensitive === true,
          maxMatches: this.limits.maxSearchResults - matches.length,
          maxFileBytes: this.limits.maxSearchFileBytes,
          deadlineMs: remainingMs,
          signal,
          skip: this.skipRules(),
        });
        matches.push(...result.matches);
        skipped += result.skippedFiles;
        stop = result.stop;
      } catch (error) {
        if (error instanceof InvalidSearchPatternError) {
          return failed(`query is not a valid regular expression (${this.host.search.regexSyntax}): ${error.detail}\nFix the pattern, or search for plain text with is_regex false.`);
        }
        throw error;
      }
      if (stop !== 'complete') break;
      if (matches.length >= this.limits.maxSearchResults) {
        stop = folders.indexOf(folder) < folders.length - 1 ? 'max-results' : stop;
        break;
      }
    }
    if (matches.length > 0) this.guards.egress?.noteWorkspaceContentRead();
    // The engine's order depends on its threads; the model gets path order, then line order.
    const shown = await Promise.all(matches.map(async (m) => ({ path: await this.policy.displayOf(m.path), line: m.line, text: m.text.trim().slice(0, MAX_LINE_CHARS) })));
    shown.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
    const lines = shown.map((m) => `${m.path}:${m.line}: ${m.text}`);
    const files = new Set(matches.map((m) => m.path)).size;
    const found = `${counted(matches.length, 'match')} in ${counted(files, 'file')}`;
    const note = stoppedNote(stop, { found, limitMs: this.limits.searchDeadlineMs, narrow: 'narrow the query or the folder' });
    const secrets = skipped > 0 ? `\n[${skipped} file(s) that look like secrets (.env, keys, credentials) were not searched; read_file asks the user for them]` : '';
    if (matches.length === 0) return done(`No match for ${JSON.stringify(query)} in ${where}${stop === 'complete' ? ' (the whole folder was searched)' : ''}.${note}${secrets}`);
    return done(lines.join('\n') + note + secrets);
  }

  /** A single file named as the path is searched only when read_file would read it without asking. */
  private async refusedFile(folders: readonly ResolvedPath[]): Promise<ToolRunResult | undefined> {
    const only = folders.length === 1 ? folders[0] : undefined;
    if (!only || (await this.host.files.lstat(only.path)) !== 'file') return undefined;
    const question = this.readQuestion(only);
    return question ? failed(`${only.display} was not searched: ${question.why.reason}. read_file asks the user for it.`) : undefined;
  }

  private skipRules(): SearchSkipRules {
    const secrets = this.policy.rules.secrets;
    return { globs: secrets.searchGlobs(), skips: (relative) => secrets.match(relative) !== undefined };
  }
}
