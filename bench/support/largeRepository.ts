// A real public repository copied side by side until it is the size of a large monorepo, for the benches
// that measure the agent's tools at scale. The source is any git repository on this machine (git/git,
// about 4,800 files, is what the figures use): SVC_BENCH_SOURCE_REPO names it (a clone or a bare git
// folder); without it the copy the session tools fetch beside the checkout is used. Nothing of the source
// is committed here. The tree is built once per source commit and copy count, under .tools/bench-repos/
// (git-ignored), and reused by later runs; a run that changes files works on a copy of its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');
const cacheDir = path.join(process.env.SVC_TOOLS_DIR ?? path.join(repoRoot, '.tools'), 'bench-repos');

export class MissingSourceRepositoryError extends Error {
  override readonly name = 'MissingSourceRepositoryError';
  constructor(tried: readonly string[]) {
    super(`No source repository for the large-repository bench: tried ${tried.join(', ')}. Set SVC_BENCH_SOURCE_REPO to a git clone (git/git is what the documented figures use).`);
  }
}

export interface LargeRepository {
  /** The folder holding `copies` copies of the source tree, each in its own subfolder, as a git work tree with no commit. */
  root: string;
  /** Regular files under root, .git excluded. */
  files: number;
  copies: number;
  /** The source repository and the commit its files come from. */
  source: { gitDir: string; commit: string };
}

function sourceGitDir(): string {
  const candidates = [process.env.SVC_BENCH_SOURCE_REPO, path.join(repoRoot, '..', '.mirror', 'git+git', 'repo')].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) {
    for (const gitDir of [path.join(candidate, '.git'), candidate]) {
      if (fs.existsSync(path.join(gitDir, 'HEAD')) && fs.existsSync(path.join(gitDir, 'objects'))) return gitDir;
    }
  }
  throw new MissingSourceRepositoryError(candidates);
}

function countFiles(folder: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) if (entry.isFile()) count += 1;
  return count;
}

/** The source tree copied `copies` times (16 copies of git/git: about 77,000 files), built on first use. */
export function largeRepository(copies = 16): LargeRepository {
  const gitDir = sourceGitDir();
  const commit = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const root = path.join(cacheDir, `${commit.slice(0, 12)}-x${copies}`);
  const stamp = path.join(cacheDir, `${commit.slice(0, 12)}-x${copies}.json`);
  if (fs.existsSync(stamp)) {
    const recorded = JSON.parse(fs.readFileSync(stamp, 'utf8')) as { files: number };
    return { root, files: recorded.files, copies, source: { gitDir, commit } };
  }
  fs.rmSync(root, { recursive: true, force: true });
  const first = path.join(root, 'copy01');
  fs.mkdirSync(first, { recursive: true });
  execFileSync('bash', ['-c', 'git --git-dir="$0" archive --format=tar "$1" | tar -x -C "$2"', gitDir, commit, first], { stdio: 'inherit' });
  for (let i = 2; i <= copies; i++) execFileSync('cp', ['-a', first, path.join(root, `copy${String(i).padStart(2, '0')}`)]);
  execFileSync('git', ['init', '--quiet', root]);
  const files = countFiles(root) - countFiles(path.join(root, '.git'));
  fs.writeFileSync(stamp, JSON.stringify({ files, commit, copies }));
  return { root, files, copies, source: { gitDir, commit } };
}

/** A private copy of the large repository that a bench may change and must remove (`fs.rmSync`). */
export function scratchCopy(repository: LargeRepository, into: string): string {
  const target = path.join(into, 'large-repository');
  execFileSync('cp', ['-a', repository.root, target]);
  return target;
}
