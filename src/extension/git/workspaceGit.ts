// Running git on a repository the user opened, without letting that repository run programs. A folder can
// arrive with its own `.git/` (an unpacked archive, a copied work tree), and git obeys its config: an
// fsmonitor hook runs on every index refresh, a clean filter named in `.gitattributes` runs for every
// changed file, a `diff.*.command` or textconv runs for every diff. Each of those is switched off on the
// command line (which outranks every config file), the filter drivers by the names the config defines.
// git itself is found by absolute path, on PATH entries that are absolute and outside the workspace: a
// relative entry (`.`, `node_modules/.bin`) or the Windows habit of searching the working folder first
// would otherwise run the repository's own `git`. Every call has a time limit: a named pipe in `.git/` must
// not hang the chat. No vscode import.
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import * as l10n from '../../core/l10n';
import { commandEnvironment } from '../workspaceTools/commandEnvironment';

export class GitNotFoundError extends Error {
  override readonly name = 'GitNotFoundError';
  constructor() {
    super(l10n.t('git is not installed (no git executable on an absolute PATH entry outside the workspace)'));
  }
}

export class GitCommandError extends Error {
  override readonly name = 'GitCommandError';
  constructor(
    readonly args: readonly string[],
    detail: string,
  ) {
    super(l10n.t('{0} failed: {1}', `git ${args.join(' ')}`, detail));
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/** Settings that stop a repository's config from running anything during read-only commands. */
const NEUTRAL_CONFIG = [
  'core.fsmonitor=false',
  'core.hooksPath=' + (process.platform === 'win32' ? 'NUL' : '/dev/null'),
  'core.pager=',
  'core.untrackedCache=false',
  'diff.external=',
  'protocol.allow=never',
];

function inside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The absolute path of git on `searchPath`, skipping relative entries and any entry inside `untrusted`
 * folders (the workspace); undefined when there is none.
 */
export function findGitExecutable(searchPath: string | undefined, untrusted: readonly string[], platform: NodeJS.Platform = process.platform): string | undefined {
  const names = platform === 'win32' ? ['git.exe', 'git.cmd'] : ['git'];
  for (const entry of (searchPath ?? '').split(platform === 'win32' ? ';' : ':')) {
    if (entry === '' || !path.isAbsolute(entry)) continue;
    const folder = path.resolve(entry);
    if (untrusted.some((root) => inside(path.resolve(root), folder))) continue;
    for (const name of names) {
      const candidate = path.join(folder, name);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        continue;
      }
    }
  }
  return undefined;
}

/** `-c` pairs that empty every filter driver the repository's config defines (`filter.<name>.clean`, …). */
export function filterOverrides(configListing: string): string[] {
  const names = new Set<string>();
  for (const line of configListing.split('\0')) {
    const key = line.split('\n', 1)[0] ?? '';
    const match = /^filter\.(.+)\.(clean|smudge|process|required)$/i.exec(key);
    if (match) names.add(match[1] as string);
  }
  return [...names].flatMap((name) => ['-c', `filter.${name}.clean=`, '-c', `filter.${name}.smudge=`, '-c', `filter.${name}.process=`, '-c', `filter.${name}.required=false`]);
}

export interface WorkspaceGitOptions {
  /** The folders whose content is not trusted to supply programs (the workspace folders). */
  untrustedFolders: () => readonly string[];
  timeoutMs?: number;
}

export class WorkspaceGit {
  constructor(private readonly options: WorkspaceGitOptions) {}

  /** Runs a read-only git command in `cwd` with the repository's program-running settings switched off. */
  async run(cwd: string, args: readonly string[]): Promise<string> {
    const git = findGitExecutable(process.env.PATH, this.options.untrustedFolders());
    if (!git) throw new GitNotFoundError();
    const drivers = filterOverrides(await this.exec(git, cwd, ['config', '--null', '--get-regexp', '^filter\\.']).catch(() => ''));
    const neutral = NEUTRAL_CONFIG.flatMap((setting) => ['-c', setting]);
    return this.exec(git, cwd, [...neutral, ...drivers, ...args]);
  }

  private exec(git: string, cwd: string, args: readonly string[]): Promise<string> {
    const env: NodeJS.ProcessEnv = { ...commandEnvironment(process.env), GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_NO_LAZY_FETCH: '1', GIT_EXTERNAL_DIFF: '' };
    return new Promise((resolve, reject) => {
      execFile(git, [...args], { cwd, env, maxBuffer: MAX_OUTPUT_BYTES, timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, killSignal: 'SIGKILL', windowsHide: true }, (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if ((error as { killed?: boolean }).killed) return reject(new GitCommandError(args, l10n.t('no answer within {0} s; stopped', Math.round((this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000))));
        reject(new GitCommandError(args, stderr.trim() || error.message));
      });
    });
  }
}
