// git calls a worktree's lifecycle makes, each turning an unexpected exit into a typed error.
import type { GitOutput, RepositoryGit } from './repositoryGit';
import { WorktreeGitError } from './worktreeErrors';

const decoder = new TextDecoder();

export function text(output: GitOutput): string {
  return decoder.decode(output.stdout);
}

function checked(args: readonly string[], output: GitOutput, allowed: readonly number[]): GitOutput {
  if (output.exitCode === 0 || allowed.includes(output.exitCode)) return output;
  throw new WorktreeGitError(args, output.stderr.trim() || `exit ${output.exitCode}`, output.exitCode);
}

/** git on the folder's repository; exits other than 0 and `allowed` reject. */
export async function inFolder(git: RepositoryGit, folder: string, args: readonly string[], options: { input?: Uint8Array; allowed?: readonly number[] } = {}): Promise<GitOutput> {
  return checked(args, await git.run(folder, args, options.input), options.allowed ?? []);
}

/** git in a task's worktree; exits other than 0 and `allowed` reject. */
export async function inWorktree(git: RepositoryGit, folder: string, worktree: string, args: readonly string[], options: { input?: Uint8Array; allowed?: readonly number[] } = {}): Promise<GitOutput> {
  return checked(args, await git.runInWorktree(folder, worktree, args, options.input), options.allowed ?? []);
}

/** Splits NUL-separated output, dropping the empty tail. */
export function nulList(output: GitOutput): string[] {
  return text(output).split('\0').filter((entry) => entry !== '');
}

/** The identity and switches of the one commit we make (the carried changes): no signing, no hooks. */
export const COMMIT_CONFIG = ['-c', 'user.name=svc', '-c', 'user.email=svc@localhost', '-c', 'commit.gpgSign=false'];
