// Checkpoints of one workspace folder in a shadow git repository: its own GIT_DIR and index in the
// extension's storage, the folder as the work tree, so the user's own .git, index, stash, hooks and
// config are never read or written. Each checkpoint is a commit kept by a ref of its own (no branch, no
// HEAD), so old ones can be pruned one by one. `.gitignore` is honoured; a file over the per-file cap,
// or past the per-checkpoint cap, is left out and listed.
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CheckpointLimits {
  /** Files larger than this are left out (default 5 MB). */
  maxFileBytes: number;
  /** A checkpoint holds at most this much (default 200 MB); the largest files beyond it are left out. */
  maxCheckpointBytes: number;
}

export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = { maxFileBytes: 5 * 1024 * 1024, maxCheckpointBytes: 200 * 1024 * 1024 };

export interface LeftOut {
  path: string;
  bytes: number;
  reason: 'file too large' | 'checkpoint too large';
}

export interface Snapshot {
  /** The commit that holds the folder's files. */
  commit: string;
  leftOut: LeftOut[];
}

/** How a file differs between a checkpoint and now, seen from the checkpoint. */
export interface FileChange {
  path: string;
  status: 'modified' | 'added' | 'deleted';
}

export class GitUnavailableError extends Error {
  constructor(detail: string) {
    super(`Checkpoints need git, which could not be run (${detail}). Install git, or switch checkpoints off with svc.checkpoints.enabled.`);
    this.name = 'GitUnavailableError';
  }
}

export class CheckpointGitError extends Error {
  constructor(args: readonly string[], detail: string) {
    super(`git ${args.join(' ')} failed: ${detail}`);
    this.name = 'CheckpointGitError';
  }
}

const REF_PREFIX = 'refs/svc-checkpoints/';
const MAX_OUTPUT = 512 * 1024 * 1024;
const STAT_BATCH = 256;

export class ShadowGitStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly gitDir: string,
    readonly workTree: string,
    private readonly limits: CheckpointLimits,
  ) {}

  /** The store of `workTree` in `gitDir`, created on first use. */
  static async open(gitDir: string, workTree: string, limits: Partial<CheckpointLimits> = {}): Promise<ShadowGitStore> {
    const store = new ShadowGitStore(gitDir, workTree, { ...DEFAULT_CHECKPOINT_LIMITS, ...limits });
    await fsp.mkdir(gitDir, { recursive: true });
    await fsp.mkdir(path.join(gitDir, 'no-hooks'), { recursive: true });
    try {
      await fsp.access(path.join(gitDir, 'HEAD'));
    } catch {
      await store.git(['init', '--quiet']).catch((error: unknown) => {
        if (error instanceof CheckpointGitError) throw error;
        throw new GitUnavailableError(error instanceof Error ? error.message : String(error));
      });
    }
    return store;
  }

  /** Takes a checkpoint of the folder as it is now. */
  snapshot(label: string): Promise<Snapshot> {
    return this.serial(async () => {
      const { tree, leftOut } = await this.writeTree();
      const commit = (await this.git(['commit-tree', tree, '-m', label])).trim();
      await this.git(['update-ref', `${REF_PREFIX}${commit}`, commit]);
      return { commit, leftOut };
    });
  }

  /** What changed from the checkpoint to the folder now: edits, files created and files deleted since. */
  changesSince(commit: string): Promise<FileChange[]> {
    return this.serial(async () => this.diff(commit, (await this.writeTree()).tree));
  }

  /** The file as the checkpoint holds it; undefined when it did not exist (or was left out). */
  async fileAt(commit: string, file: string): Promise<Buffer | undefined> {
    return this.gitBuffer(['cat-file', 'blob', `${commit}:${file.split(path.sep).join('/')}`]).catch(() => undefined);
  }

  /**
   * Brings the folder back to the checkpoint: changed and deleted files get the checkpoint's content,
   * files created since are removed. Files the checkpoint left out (ignored, too large) are not touched.
   */
  restore(commit: string): Promise<FileChange[]> {
    return this.serial(async () => {
      const changes = await this.diff(commit, (await this.writeTree()).tree);
      const back = changes.filter((c) => c.status !== 'added').map((c) => c.path);
      if (back.length > 0) {
        const list = path.join(this.gitDir, 'restore-paths');
        await fsp.writeFile(list, back.join('\0'));
        // A private index, so the store's own index (its stat cache) stays as it was.
        await this.git(['checkout', commit, `--pathspec-from-file=${list}`, '--pathspec-file-nul'], { GIT_INDEX_FILE: path.join(this.gitDir, 'restore-index') });
      }
      for (const change of changes.filter((c) => c.status === 'added')) await fsp.rm(path.join(this.workTree, change.path), { force: true });
      return changes;
    });
  }

  /** The checkpoints this store keeps. */
  async commits(): Promise<string[]> {
    const out = await this.git(['for-each-ref', '--format=%(objectname)', REF_PREFIX]);
    return out.split('\n').filter(Boolean);
  }

  /** Drops the checkpoints not in `keep`, and the objects only they held. */
  prune(keep: ReadonlySet<string>): Promise<number> {
    return this.serial(async () => {
      const drop = (await this.commits()).filter((c) => !keep.has(c));
      for (const commit of drop) await this.git(['update-ref', '-d', `${REF_PREFIX}${commit}`]);
      if (drop.length > 0) await this.git(['gc', '--quiet', '--prune=now']);
      return drop.length;
    });
  }

  /** Bytes the store takes on disk. */
  async sizeOnDisk(): Promise<number> {
    let total = 0;
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else total += (await fsp.stat(full)).size;
      }
    };
    await walk(this.gitDir);
    return total;
  }

  /** The folder's files as a tree in the store, with the too-large ones left out and listed. */
  private async writeTree(): Promise<{ tree: string; leftOut: LeftOut[] }> {
    // The store's own exclude file, beside the folder's .gitignore files: first without the previous
    // checkpoint's left-outs, so a file that shrank since is seen again.
    const excludeFile = path.join(this.gitDir, 'info', 'exclude');
    await fsp.mkdir(path.dirname(excludeFile), { recursive: true });
    await fsp.writeFile(excludeFile, '.git\n');
    const listed = (await this.git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'])).split('\0').filter(Boolean);
    const sizes: { path: string; bytes: number }[] = [];
    const files = [...new Set(listed)];
    // Many stats at once: one at a time, a large workspace pays a round trip per file.
    for (let i = 0; i < files.length; i += STAT_BATCH) {
      const batch = files.slice(i, i + STAT_BATCH);
      const stats = await Promise.all(batch.map((file) => fsp.lstat(path.join(this.workTree, file)).catch(() => undefined)));
      stats.forEach((stat, j) => {
        if (stat && (stat.isFile() || stat.isSymbolicLink())) sizes.push({ path: batch[j] as string, bytes: stat.size });
      });
    }
    const leftOut: LeftOut[] = sizes.filter((f) => f.bytes > this.limits.maxFileBytes).map((f) => ({ ...f, reason: 'file too large' }));
    let total = 0;
    for (const file of sizes.filter((f) => f.bytes <= this.limits.maxFileBytes).sort((a, b) => a.bytes - b.bytes)) {
      total += file.bytes;
      if (total > this.limits.maxCheckpointBytes) leftOut.push({ ...file, reason: 'checkpoint too large' });
    }
    const exclude = ['.git', ...leftOut.map((f) => `/${f.path.replace(/([\\*?[\]!#])/g, '\\$1')}`)];
    await fsp.writeFile(excludeFile, `${exclude.join('\n')}\n`);
    const tracked = new Set((await this.git(['ls-files', '-z', '--cached'])).split('\0').filter(Boolean));
    const untrack = leftOut.filter((f) => tracked.has(f.path)).map((f) => f.path);
    if (untrack.length > 0) await this.git(['rm', '--cached', '--quiet', '--ignore-unmatch', '--', ...untrack]);
    await this.git(['add', '--all', '--', '.']);
    return { tree: (await this.git(['write-tree'])).trim(), leftOut };
  }

  private async diff(commit: string, tree: string): Promise<FileChange[]> {
    const out = (await this.git(['diff-tree', '-r', '-z', '--no-renames', '--name-status', commit, tree])).split('\0').filter(Boolean);
    const changes: FileChange[] = [];
    for (let i = 0; i + 1 < out.length; i += 2) {
      const code = out[i] as string;
      const file = out[i + 1] as string;
      // Seen from the checkpoint: "A" is a file that exists now and did not then.
      changes.push({ path: file, status: code === 'A' ? 'added' : code === 'D' ? 'deleted' : 'modified' });
    }
    return changes;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH ?? '',
      ...(process.env.SYSTEMROOT ? { SYSTEMROOT: process.env.SYSTEMROOT } : {}),
      HOME: this.gitDir,
      GIT_DIR: this.gitDir,
      GIT_WORK_TREE: this.workTree,
      GIT_INDEX_FILE: path.join(this.gitDir, 'index'),
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: os.devNull,
      GIT_TERMINAL_PROMPT: '0',
      GIT_AUTHOR_NAME: 'svc checkpoints',
      GIT_AUTHOR_EMAIL: 'checkpoints@svc.invalid',
      GIT_COMMITTER_NAME: 'svc checkpoints',
      GIT_COMMITTER_EMAIL: 'checkpoints@svc.invalid',
      ...extra,
    };
  }

  /** Settings that keep the user's and the repository's git behaviour out: no hooks, no line-ending or fsmonitor magic. */
  private static readonly CONFIG = ['-c', 'core.autocrlf=false', '-c', 'core.safecrlf=false', '-c', 'core.fsmonitor=false', '-c', 'core.quotepath=off', '-c', 'gc.auto=0', '-c', 'core.longpaths=true', '-c', 'commit.gpgsign=false'];

  private git(args: readonly string[], env: Record<string, string> = {}): Promise<string> {
    return this.gitBuffer(args, env).then((b) => b.toString('utf8'));
  }

  private gitBuffer(args: readonly string[], env: Record<string, string> = {}): Promise<Buffer> {
    const full = [...ShadowGitStore.CONFIG, '-c', `core.hooksPath=${path.join(this.gitDir, 'no-hooks')}`, ...args];
    return new Promise((resolve, reject) => {
      execFile('git', full, { env: this.env(env), cwd: this.workTree, encoding: 'buffer', maxBuffer: MAX_OUTPUT, windowsHide: true }, (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new GitUnavailableError('git is not on PATH'));
        reject(new CheckpointGitError(args, stderr.toString('utf8').trim() || error.message));
      });
    });
  }
}
