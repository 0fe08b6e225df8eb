// Checkpoints of one workspace folder in a shadow git repository: its own GIT_DIR and index in the
// extension's storage, the folder as the work tree, so the user's own .git, index, stash, hooks and
// config are never read or written. Each checkpoint is a commit kept by a ref of its own (no branch, no
// HEAD), so old ones can be pruned one by one. `.gitignore` is honoured; a file over the per-file cap, past
// the per-checkpoint cap, or in a folder holding a pipe git would open (gitTraps.ts) is left out and listed.
import { execFile } from 'node:child_process';
import { lstatSync, promises as fsp, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import * as l10n from '../../core/l10n';
import { findGitExecutable } from '../git/workspaceGit';
import { CheckpointGitError, GitUnavailableError } from './checkpointGitErrors';
import { excludeGitTraps, TrapWalkCache } from './gitTraps';
import { parseStoreListing } from './storeListing';

export interface CheckpointLimits {
  /** Files larger than this are left out (default 5 MB). */
  maxFileBytes: number;
  /** A checkpoint holds at most this much (default 200 MB); the largest files beyond it are left out. */
  maxCheckpointBytes: number;
  /** Longest one git command may run (default 2 minutes): a named pipe in a nested `.git/` must not hang every checkpoint. */
  gitTimeoutMs: number;
}

export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = { maxFileBytes: 5 * 1024 * 1024, maxCheckpointBytes: 200 * 1024 * 1024, gitTimeoutMs: 120_000 };

export interface LeftOut {
  path: string;
  bytes: number;
  reason: 'file too large' | 'checkpoint too large' | 'holds a special file git would open';
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

const REF_PREFIX = 'refs/svc-checkpoints/';
/** Beside the index: the bytes the last checkpoint holds, so the next one weighs only what changed. */
const STATE_FILE = 'svc-checkpoint-state.json';
/** Beside the index: the folders left out for a special file git would open, as exclude patterns for the listing. */
const TRAPS_FILE = 'svc-special-files-exclude';
const StoreStateSchema = z.object({ bytes: z.number().min(0) });
type StoreState = z.infer<typeof StoreStateSchema>;
/** The store's own exclude file, beside the folder's .gitignore files: the folder's own repository stays out. */
const EXCLUDE = '.git\n';
const MAX_OUTPUT = 512 * 1024 * 1024;
/** Files looked at between two turns of the event loop. */
const STAT_SLICE = 1024;

interface GitOptions {
  env?: Record<string, string>;
  /** Written to git's standard input. */
  input?: string;
  /** Work nobody waits for: git runs at the lowest priority, so the editor and the user's own tools go first. */
  background?: boolean;
}

/** The file's own metadata; undefined when it is gone or cannot be read (a parent folder became a file, no permission). */
function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Lets the extension host's other work run between the steps that go over every file of a large folder. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function lowerPriority(pid: number): void {
  try {
    os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    // The process may have ended already, or the system may refuse: it then runs at normal priority.
  }
}

export class ShadowGitStore {
  private queue: Promise<unknown> = Promise.resolve();
  /** The folders listed for traps at the last checkpoint: only those changed since are listed again. */
  private readonly trapWalks = new TrapWalkCache();

  private constructor(
    readonly gitDir: string,
    readonly workTree: string,
    private readonly limits: CheckpointLimits,
    /** git by absolute path: a relative PATH entry (`.`, `node_modules/.bin`) would find the repository's own. */
    private readonly gitPath: string,
  ) {}

  /** The store of `workTree` in `gitDir`, created on first use. */
  static async open(gitDir: string, workTree: string, limits: Partial<CheckpointLimits> = {}): Promise<ShadowGitStore> {
    const gitPath = findGitExecutable(process.env.PATH, [workTree]);
    if (!gitPath) throw new GitUnavailableError(l10n.t('no git executable on an absolute PATH entry outside the workspace'));
    const store = new ShadowGitStore(gitDir, workTree, { ...DEFAULT_CHECKPOINT_LIMITS, ...limits }, gitPath);
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
    // Once: an older version rewrote it before every checkpoint, with the files it left out.
    const excludeFile = path.join(gitDir, 'info', 'exclude');
    if ((await fsp.readFile(excludeFile, 'utf8').catch(() => undefined)) !== EXCLUDE) {
      await fsp.mkdir(path.dirname(excludeFile), { recursive: true });
      await fsp.writeFile(excludeFile, EXCLUDE);
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

  /**
   * Whether the store still has to read the whole folder: its first checkpoint (or the first after an
   * older version's) weighs and copies every file; later ones only what changed.
   */
  async needsPreparing(): Promise<boolean> {
    return (await this.readState()) === undefined;
  }

  /**
   * Does the first checkpoint's work ahead of time, at low priority: copies the folder into the store
   * (no checkpoint is recorded), so the first real one only weighs what changed since.
   */
  prepare(): Promise<void> {
    return this.serial(async () => {
      if (await this.needsPreparing()) await this.writeTree({ background: true });
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
   * files created since are removed. Files the checkpoint left out (ignored, too large) are not touched,
   * nor is a file left out now (one that grew past the cap since: bringing back its old content would
   * overwrite it, and an undo of that restore would then delete it). A file created since is removed only
   * when no folder on its way is a symbolic link: the checkpoint may have brought one back in place of the
   * real folder, and removing through it would delete a file outside the workspace.
   */
  restore(commit: string): Promise<FileChange[]> {
    return this.serial(async () => {
      const now = await this.writeTree();
      const leftOutNow = new Set(now.leftOut.map((f) => f.path));
      const folderLeftOut = (file: string): boolean => now.leftOut.some((f) => f.path.endsWith('/') && file.startsWith(f.path));
      const changes = (await this.diff(commit, now.tree)).filter((c) => !leftOutNow.has(c.path) && !folderLeftOut(c.path));
      const back = changes.filter((c) => c.status !== 'added').map((c) => c.path);
      if (back.length > 0) {
        const list = path.join(this.gitDir, 'restore-paths');
        await fsp.writeFile(list, back.join('\0'));
        // A private index, so the store's own index (its stat cache) stays as it was.
        // Unsplit: a split index of its own could expire the shared part of the store's index.
        await this.git(['-c', 'core.splitIndex=false', 'checkout', commit, `--pathspec-from-file=${list}`, '--pathspec-file-nul'], { env: { GIT_INDEX_FILE: path.join(this.gitDir, 'restore-index') } });
      }
      const removed: FileChange[] = [];
      for (const change of changes.filter((c) => c.status === 'added')) {
        if (await this.reachedThroughSymlink(change.path)) continue;
        await fsp.rm(path.join(this.workTree, change.path), { force: true });
        removed.push(change);
      }
      return [...changes.filter((c) => c.status !== 'added'), ...removed];
    });
  }

  /** Whether a folder between the work tree and this file is a symbolic link (or is gone). */
  private async reachedThroughSymlink(file: string): Promise<boolean> {
    let current = this.workTree;
    for (const segment of file.split('/').slice(0, -1)) {
      current = path.join(current, segment);
      const stat = await fsp.lstat(current).catch(() => undefined);
      if (!stat || stat.isSymbolicLink() || !stat.isDirectory()) return true;
    }
    return false;
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

  /**
   * The folder's files as a tree in the store, with the too-large ones left out and listed. The store's
   * index is the stat cache: git lists only the files that changed since the last checkpoint and those it
   * does not hold (new, or left out before), and only those are looked at here and handed back to git.
   */
  private async writeTree(options: GitOptions = {}): Promise<{ tree: string; leftOut: LeftOut[] }> {
    const state = await this.readState();
    // Without a recorded total (a new store, or one written by an older version) every file is a candidate.
    const trapsFile = path.join(this.gitDir, TRAPS_FILE);
    const traps = await excludeGitTraps(this.workTree, trapsFile, this.trapWalks);
    // With a recorded total only what changed is listed, with the size the index counted for each (--debug).
    const listing = ['-c', `core.excludesFile=${trapsFile}`, 'ls-files', '-z', '-t', ...(state ? ['--modified', '--debug'] : ['--cached']), '--others', '--exclude-standard'];
    const candidates = parseStoreListing(await this.git(listing, options), state !== undefined);
    await yieldToEventLoop();
    const files = [...candidates.keys()];
    // Git is asked only for the indexed files whose size the listing did not give, while the files are looked at.
    const unsized = state ? files.filter((f) => candidates.get(f)?.indexed && candidates.get(f)?.indexedBytes === undefined) : [];
    const indexing = this.indexedSizes(unsized);
    const sizes = new Map<string, number>();
    // In slices, with the event loop free between them: one synchronous lstat costs a few microseconds,
    // an asynchronous one a round trip through libuv's thread pool, about five times as long.
    for (let i = 0; i < files.length; i += STAT_SLICE) {
      if (i > 0) await yieldToEventLoop();
      for (const file of files.slice(i, i + STAT_SLICE)) {
        // A file below a left-out folder is not handed to git: it would read that folder's .gitattributes.
        const stat = traps.holds(file) ? undefined : lstatOrUndefined(path.join(this.workTree, file));
        if (stat && (stat.isFile() || stat.isSymbolicLink())) sizes.set(file, stat.size);
      }
    }
    let kept = state ? state.bytes : 0;
    for (const listed of candidates.values()) kept -= listed.indexedBytes ?? 0;
    for (const bytes of (await indexing).values()) kept -= bytes;
    const leftOut: LeftOut[] = traps.folders.map((folder) => ({ path: folder, bytes: 0, reason: 'holds a special file git would open' }));
    const admitted: string[] = [];
    let incoming = 0;
    for (const bytes of sizes.values()) incoming += bytes;
    // Smallest first only when the total cap can bite: sorting every file of a first checkpoint holds the event loop.
    const weighed = kept + incoming > this.limits.maxCheckpointBytes ? [...sizes].sort((a, b) => a[1] - b[1]) : sizes;
    await yieldToEventLoop();
    for (const [file, bytes] of weighed) {
      if (bytes > this.limits.maxFileBytes) leftOut.push({ path: file, bytes, reason: 'file too large' });
      else if (kept + bytes > this.limits.maxCheckpointBytes) leftOut.push({ path: file, bytes, reason: 'checkpoint too large' });
      else {
        kept += bytes;
        admitted.push(file);
      }
    }
    await yieldToEventLoop();
    // Forgotten while the index changes: a checkpoint cut short leaves the next one to weigh every file.
    await fsp.rm(path.join(this.gitDir, STATE_FILE), { force: true });
    // Gone, no longer a file, or left out now: out of the index (and so of the checkpoint).
    const admittedSet = new Set(admitted);
    const dropped = files.filter((f) => candidates.get(f)?.indexed && !admittedSet.has(f));
    if (dropped.length > 0) await this.git(['update-index', '-z', '--force-remove', '--stdin'], { ...options, input: dropped.join('\0') });
    if (admitted.length > 0) await this.git(['update-index', '-z', '--add', '--remove', '--stdin'], { ...options, input: admitted.join('\0') });
    const tree = (await this.git(['write-tree'], options)).trim();
    await this.writeState({ bytes: kept });
    // By code unit, as git orders paths: localeCompare over thousands of paths would hold the event loop.
    leftOut.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { tree, leftOut };
  }

  /** The sizes the index holds for these paths (what the last checkpoint counted for them). */
  private async indexedSizes(paths: readonly string[]): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    // One request per line: a name holding a line break cannot be asked (it then counts as new).
    const asked = paths.filter((p) => !p.includes('\n'));
    if (asked.length === 0) return sizes;
    const out = await this.git(['cat-file', '--batch-check=%(objectsize)'], { input: `${asked.map((p) => `:0:${p}`).join('\n')}\n` });
    out.split('\n').forEach((line, i) => {
      const bytes = Number(line);
      if (i < asked.length && line !== '' && Number.isInteger(bytes)) sizes.set(asked[i] as string, bytes);
    });
    return sizes;
  }

  /** What the last checkpoint recorded beside the index: the bytes it holds. Undefined when absent or unreadable. */
  private async readState(): Promise<StoreState | undefined> {
    try {
      const parsed = StoreStateSchema.safeParse(JSON.parse(await fsp.readFile(path.join(this.gitDir, STATE_FILE), 'utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  private async writeState(state: StoreState): Promise<void> {
    await fsp.writeFile(path.join(this.gitDir, STATE_FILE), JSON.stringify(state));
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
  private static readonly CONFIG = ['-c', 'core.autocrlf=false', '-c', 'core.safecrlf=false', '-c', 'core.fsmonitor=false', '-c', 'core.quotepath=off', '-c', 'gc.auto=0', '-c', 'core.longpaths=true', '-c', 'commit.gpgsign=false', '-c', 'index.version=4', '-c', 'core.splitIndex=true'];

  private git(args: readonly string[], options: GitOptions = {}): Promise<string> {
    return this.gitBuffer(args, options).then((b) => b.toString('utf8'));
  }

  private gitBuffer(args: readonly string[], options: GitOptions = {}): Promise<Buffer> {
    const full = [...ShadowGitStore.CONFIG, '-c', `core.hooksPath=${path.join(this.gitDir, 'no-hooks')}`, ...args];
    return new Promise((resolve, reject) => {
      const limit = { timeout: this.limits.gitTimeoutMs, killSignal: 'SIGKILL' as const };
      const child = execFile(this.gitPath, full, { env: this.env(options.env), cwd: this.workTree, encoding: 'buffer', maxBuffer: MAX_OUTPUT, windowsHide: true, ...limit }, (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new GitUnavailableError(l10n.t('{0} could not be run', this.gitPath)));
        if ((error as { killed?: boolean }).killed) return reject(new CheckpointGitError(args, `no answer within ${Math.round(this.limits.gitTimeoutMs / 1000)} s; stopped (a named pipe or a hung file system in the folder?)`));
        reject(new CheckpointGitError(args, stderr.toString('utf8').trim() || error.message));
      });
      if (options.background && child.pid !== undefined) lowerPriority(child.pid);
      // A git that exits before reading all of its input is reported by its own exit, not by the pipe.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(options.input ?? '');
    });
  }
}
