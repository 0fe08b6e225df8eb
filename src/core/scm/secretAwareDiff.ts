// Diffs that go to the service (a commit message's, `@git`'s) without the files that look like they hold
// secrets: the changed files are listed by name first, matched against the agent's secret-file rules and
// the user's svc.agent.protectedFiles, and git is asked for the content of the others only, so a secret
// file's bytes are never even read. Every diff of ours carries the same flags. No vscode import.
import type { SecretFileRules } from '../tools/secretFiles';

/** Runs a read-only git command (pinned to a repository, in the folder the changes are wanted of). */
export type GitPort = (args: readonly string[]) => Promise<string>;

export type ChangeSet = 'staged' | 'unstaged';

/**
 * Flags of every diff: no program of the repository's config (external diff, textconv), submodules never
 * entered, and paths relative to (and limited to) the folder git runs in.
 */
export const DIFF_FLAGS: readonly string[] = ['--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', '--ignore-submodules=all', '--relative'];

const cached = (changes: ChangeSet): string[] => (changes === 'staged' ? ['--cached'] : []);

/** The files of one change set, as paths relative to the folder git runs in. */
export async function changedFiles(git: GitPort, changes: ChangeSet): Promise<string[]> {
  const output = await git(['diff', ...cached(changes), '--name-only', '-z', ...DIFF_FLAGS]);
  return output.split('\0').filter((name) => name !== '');
}

export interface SecretSplit {
  sent: string[];
  leftOut: string[];
}

export function splitSecretFiles(files: readonly string[], secrets: SecretFileRules): SecretSplit {
  const leftOut = files.filter((file) => secrets.match(file) !== undefined);
  return { sent: files.filter((file) => !leftOut.includes(file)), leftOut };
}

/** The diff of `files` only (each named literally); empty when there are none. */
export async function diffOfFiles(git: GitPort, changes: ChangeSet, files: readonly string[]): Promise<string> {
  if (files.length === 0) return '';
  return git(['diff', ...cached(changes), ...DIFF_FLAGS, '--', ...files.map((file) => `:(literal)${file}`)]);
}

export interface SecretAwareDiff {
  diff: string;
  /** Changed files left out because they look like they hold secrets. */
  leftOut: string[];
}

/** One change set's diff without its secret files. */
export async function secretAwareDiff(git: GitPort, changes: ChangeSet, secrets: SecretFileRules): Promise<SecretAwareDiff> {
  const { sent, leftOut } = splitSecretFiles(await changedFiles(git, changes), secrets);
  return { diff: await diffOfFiles(git, changes, sent), leftOut };
}
