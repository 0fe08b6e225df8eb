// What a background task changed in its worktree, against the commit it started from, and bringing that
// into the folder with a three-way merge per file: the base is the task's start, "ours" the folder as it
// is now, "theirs" the worktree. A file the folder left alone takes the task's version; one both changed
// is merged by `git merge-file`; what cannot merge (both changed a binary file, one deleted what the other
// changed, both added different files) is a conflict. Nothing is written until the user chose, and each
// write is made only if the folder's file still holds the bytes the plan was made from.
import * as l10n from '../l10n';
import type { RepositoryGit, WorktreeFolder } from './repositoryGit';
import type { RootFiles } from './taskWorktrees';
import { WorktreeRefusedError } from './worktreeErrors';
import { inFolder, inWorktree, nulList } from './worktreeGitCalls';
import type { WorktreeRecord } from './worktreeRecords';

export type ChangeKind = 'added' | 'modified' | 'deleted';

export interface FileChange {
  /** Relative to the repository root, with "/". */
  path: string;
  kind: ChangeKind;
}

export type PlannedOutcome =
  /** The folder's file is as the task found it (or already as the task left it): the task's version is taken. */
  | 'clean'
  /** Both changed the text; merged without a conflict. */
  | 'merged'
  /** Both changed the text and the changes overlap: `bytes` holds the merge with conflict markers. */
  | 'conflict-markers'
  /** Cannot be merged (binary, deleted on one side, added differently on both, a link): left as the folder has it. */
  | 'conflict';

export interface PlannedFile {
  path: string;
  kind: ChangeKind;
  outcome: PlannedOutcome;
  /** What the folder's file becomes; undefined: it is deleted (or, for `conflict`, left alone). */
  bytes: Uint8Array | undefined;
  /** The folder's file when the plan was made; undefined when absent. */
  expected: Uint8Array | undefined;
  reason?: string;
}

export interface ApplyReport {
  written: string[];
  /** Files left as they were: conflicts the user chose not to take, and files changed since the plan. */
  left: { path: string; reason: string }[];
}

export type ConflictChoice = 'leave-conflicts' | 'write-conflict-markers';

const MAX_MERGED_BYTES = 16 * 1024 * 1024;

function same(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Files read (or merged) at once: enough to overlap the waits, few enough to stay far from the open-file limit. */
const FILES_AT_ONCE = 16;

/** `work` on every item, at most FILES_AT_ONCE at a time; the results in the items' order. */
async function inGroups<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += FILES_AT_ONCE) {
    results.push(...(await Promise.all(items.slice(start, start + FILES_AT_ONCE).map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

function binary(bytes: Uint8Array | undefined): boolean {
  return bytes !== undefined && bytes.subarray(0, 8000).includes(0);
}

export class WorktreeChanges {
  constructor(
    private readonly git: RepositoryGit,
    private readonly store: WorktreeFolder,
    private readonly files: (root: string) => RootFiles,
  ) {}

  /**
   * The task's changes against its base: committed in the worktree or not, untracked files included. The
   * two listings walk the whole worktree (every tracked file's stat, every folder's entries), so on a large
   * repository they run side by side rather than one after the other.
   */
  async changes(record: WorktreeRecord): Promise<FileChange[]> {
    const [diffOutput, untrackedOutput] = await Promise.all([
      inWorktree(this.git, record.folder, record.path, ['diff', '--name-status', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', record.base, '--']),
      inWorktree(this.git, record.folder, record.path, ['ls-files', '-z', '--others', '--exclude-standard']),
    ]);
    const diff = nulList(diffOutput);
    const changes: FileChange[] = [];
    for (let i = 0; i + 1 < diff.length; i += 2) {
      const status = diff[i] as string;
      changes.push({ path: diff[i + 1] as string, kind: status === 'A' ? 'added' : status === 'D' ? 'deleted' : 'modified' });
    }
    for (const path of nulList(untrackedOutput)) changes.push({ path, kind: 'added' });
    return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** The base version of each path (undefined where the base has none), read in one git call. */
  async baseVersions(record: WorktreeRecord, paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>> {
    const input = new TextEncoder().encode(paths.map((p) => `${record.base}:${p}\n`).join(''));
    const output = (await inFolder(this.git, record.folder, ['cat-file', '--batch'], { input })).stdout;
    const versions = new Map<string, Uint8Array | undefined>();
    let at = 0;
    const decoder = new TextDecoder();
    for (const path of paths) {
      const end = output.indexOf(10, at);
      const header = decoder.decode(output.subarray(at, end));
      at = end + 1;
      const size = / blob (\d+)$/.exec(header)?.[1];
      if (size === undefined) {
        versions.set(path, undefined);
        continue;
      }
      versions.set(path, output.slice(at, at + Number(size)));
      at += Number(size) + 1;
    }
    return versions;
  }

  /** The version of `path` in the worktree (undefined when absent), or `'link'` for anything but a file. */
  async taskVersion(record: WorktreeRecord, path: string): Promise<Uint8Array | undefined | 'link'> {
    return this.version(record.path, path);
  }

  private async version(root: string, path: string): Promise<Uint8Array | undefined | 'link'> {
    const files = this.files(root);
    const kind = await files.lstat(`${root}/${path}`);
    if (kind === undefined) return undefined;
    if (kind !== 'file') return 'link';
    return files.readFile(`${root}/${path}`);
  }

  /**
   * What Apply would do to each changed file, reading the folder but writing nothing. The base versions
   * (one git call) and both sides' files are read at the same time, a few files at once.
   */
  async plan(record: WorktreeRecord): Promise<PlannedFile[]> {
    const changes = await this.changes(record);
    const [bases, sides] = await Promise.all([
      this.baseVersions(record, changes.map((c) => c.path)),
      inGroups(changes, async (change) => Promise.all([this.version(record.path, change.path), this.version(record.root, change.path)])),
    ]);
    return inGroups(changes, (change, i) => {
      const [theirs, ours] = sides[i] as [Uint8Array | undefined | 'link', Uint8Array | undefined | 'link'];
      return this.planFile(record, change, bases.get(change.path), ours, theirs);
    });
  }

  private async planFile(record: WorktreeRecord, change: FileChange, base: Uint8Array | undefined, ours: Uint8Array | undefined | 'link', theirs: Uint8Array | undefined | 'link'): Promise<PlannedFile> {
    const entry = { path: change.path, kind: change.kind };
    if (ours === 'link' || theirs === 'link') return { ...entry, outcome: 'conflict', bytes: undefined, expected: undefined, reason: l10n.t('a link or special file; apply it by hand') };
    if (same(ours, base) || same(ours, theirs)) return { ...entry, outcome: 'clean', bytes: theirs, expected: ours };
    const conflict = (reason: string): PlannedFile => ({ ...entry, outcome: 'conflict', bytes: undefined, expected: ours, reason });
    if (ours === undefined) return conflict(l10n.t('deleted in the folder since the task started, changed by the task'));
    if (theirs === undefined) return conflict(l10n.t('changed in the folder since the task started, deleted by the task'));
    if (base === undefined) return conflict(l10n.t('added both in the folder and by the task, differently'));
    if (binary(base) || binary(ours) || binary(theirs)) return conflict(l10n.t('a binary file changed both in the folder and by the task'));
    if (ours.length + theirs.length > MAX_MERGED_BYTES) return conflict(l10n.t('too large to merge here'));
    const merged = await this.merge(record, base, ours, theirs);
    return { ...entry, outcome: merged.conflicts ? 'conflict-markers' : 'merged', bytes: merged.bytes, expected: ours, ...(merged.conflicts ? { reason: l10n.t('changed both in the folder and by the task, in the same lines') } : {}) };
  }

  /** `git merge-file` on scratch copies: the merge of two texts, with markers where they overlap. */
  private async merge(record: WorktreeRecord, base: Uint8Array, ours: Uint8Array, theirs: Uint8Array): Promise<{ bytes: Uint8Array; conflicts: boolean }> {
    const files = [await this.store.scratch(`${record.id}.ours`, ours), await this.store.scratch(`${record.id}.base`, base), await this.store.scratch(`${record.id}.theirs`, theirs)];
    try {
      const args = ['merge-file', '-p', '--diff3', '-L', l10n.t('folder'), '-L', l10n.t('task start'), '-L', l10n.t('task'), ...files];
      // merge-file exits with the number of conflicts (capped at 127); a negative exit is a failure.
      const output = await inFolder(this.git, record.folder, args, { allowed: Array.from({ length: 127 }, (_, i) => i + 1) });
      return { bytes: output.stdout, conflicts: output.exitCode > 0 };
    } finally {
      for (const file of files) await this.store.removeScratch(file);
    }
  }

  /**
   * Writes the plan into the folder. Conflicts without markers are always left; those with markers only
   * when the user chose so. A file that changed since the plan is left, never overwritten.
   */
  async apply(record: WorktreeRecord, plan: readonly PlannedFile[], choice: ConflictChoice): Promise<ApplyReport> {
    const files = this.files(record.root);
    const report: ApplyReport = { written: [], left: [] };
    for (const file of plan) {
      if (file.outcome === 'conflict' || (file.outcome === 'conflict-markers' && choice === 'leave-conflicts')) {
        report.left.push({ path: file.path, reason: file.reason ?? l10n.t('conflict') });
        continue;
      }
      const target = `${record.root}/${file.path}`;
      try {
        if (file.bytes === undefined) {
          // A folder on the way that became a link since must not lead the delete out of the repository.
          const parent = file.path.includes('/') ? `${record.root}/${file.path.slice(0, file.path.lastIndexOf('/'))}` : record.root;
          if ((await files.realpath(parent).catch(() => parent)) !== parent) throw new WorktreeRefusedError(l10n.t('a folder on its path is a link; apply it by hand'));
          const now = (await files.lstat(target)) === 'file' ? await files.readFile(target) : undefined;
          if (!same(now, file.expected)) throw new WorktreeRefusedError(l10n.t('changed since the changes were compared'));
          if (now !== undefined) await files.deleteFile(target);
        } else if (!same(file.bytes, file.expected)) {
          await files.writeFile(target, file.bytes, file.expected);
        }
        report.written.push(file.path);
      } catch (error) {
        report.left.push({ path: file.path, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return report;
  }
}
