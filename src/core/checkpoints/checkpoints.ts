// Checkpoints of the workspace's files, before each user turn and each agent step that may change
// files: taken in every folder's store, compared with now, restored (after a snapshot of the present,
// so one undo brings it back), pruned by age. When the stores cannot work (git missing), the feature
// says so once and everything else goes on without it.
import type { Clock } from '../clock';
import type { CheckpointRef } from './checkpointRef';

export interface FolderSnapshot {
  commit: string;
  leftOut: { path: string; reason: string }[];
}

export interface FolderChange {
  path: string;
  status: 'modified' | 'added' | 'deleted';
}

/** One folder's store (ShadowGitStore in the extension). */
export interface FolderStore {
  readonly workTree: string;
  snapshot(label: string): Promise<FolderSnapshot>;
  changesSince(commit: string): Promise<FolderChange[]>;
  restore(commit: string): Promise<FolderChange[]>;
  fileAt(commit: string, file: string): Promise<Uint8Array | undefined>;
  prune(keep: ReadonlySet<string>): Promise<number>;
  /** Whether the first checkpoint's work (reading the whole folder) is still to do. */
  needsPreparing(): Promise<boolean>;
  /** Does that work now, in the background, recording no checkpoint. */
  prepare(): Promise<void>;
}

export interface CheckpointChange extends FolderChange {
  folder: string;
}

export interface CheckpointsOptions {
  /** The stores of the open folders; rejects when checkpoints cannot work here (the reason is said once). */
  stores: () => Promise<FolderStore[]>;
  enabled: () => boolean;
  clock: Pick<Clock, 'now'>;
  newId: () => string;
  warnOnce: (message: string) => void;
}

export class Checkpoints {
  private unavailable = false;
  private readonly restoredListeners = new Set<(changed: readonly CheckpointChange[]) => void>();

  constructor(private readonly options: CheckpointsOptions) {}

  /** A checkpoint of every folder now; undefined when checkpoints are off or cannot work. */
  async take(label: string): Promise<CheckpointRef | undefined> {
    const stores = await this.usableStores();
    if (stores.length === 0) return undefined;
    const folders: CheckpointRef['folders'] = [];
    const leftOut: string[] = [];
    for (const store of stores) {
      const snapshot = await store.snapshot(label);
      folders.push({ folder: store.workTree, commit: snapshot.commit });
      leftOut.push(...snapshot.leftOut.map((f) => `${f.path} (${f.reason})`));
    }
    return { id: this.options.newId(), label, createdAt: this.options.clock.now(), folders, leftOut };
  }

  /**
   * The first checkpoint's work in every folder that has not had one, so the first real checkpoint only
   * weighs what changed since; `progress` shows it while it runs, and only when there is work. Resolves
   * with the number of folders prepared.
   */
  async prepare(progress: (work: () => Promise<void>) => Promise<void>): Promise<number> {
    const pending: FolderStore[] = [];
    for (const store of await this.usableStores()) if (await store.needsPreparing()) pending.push(store);
    if (pending.length === 0) return 0;
    await progress(async () => {
      for (const store of pending) await store.prepare();
    });
    return pending.length;
  }

  /** The folders' stores when checkpoints are on and can work; none otherwise (the reason said once). */
  private async usableStores(): Promise<FolderStore[]> {
    if (!this.options.enabled() || this.unavailable) return [];
    try {
      return await this.options.stores();
    } catch (error) {
      this.unavailable = true;
      this.options.warnOnce(error instanceof Error ? error.message : String(error));
      return [];
    }
  }

  /** Every file that differs between the checkpoint and now, in every folder: what a restore would change. */
  async changesSince(ref: CheckpointRef): Promise<CheckpointChange[]> {
    const changes: CheckpointChange[] = [];
    for (const { store, commit } of await this.storesOf(ref)) {
      for (const change of await store.changesSince(commit)) changes.push({ ...change, folder: store.workTree });
    }
    return changes;
  }

  /** The file as the checkpoint holds it (for Compare); undefined when it did not exist then. */
  async fileAt(ref: CheckpointRef, folder: string, file: string): Promise<Uint8Array | undefined> {
    const found = (await this.storesOf(ref)).find((s) => s.store.workTree === folder);
    return found ? found.store.fileAt(found.commit, file) : undefined;
  }

  /**
   * Puts every folder back as the checkpoint has it. The present is saved first and returned, so the
   * restore itself can be undone by restoring that.
   */
  async restore(ref: CheckpointRef): Promise<{ changed: CheckpointChange[]; before: CheckpointRef | undefined }> {
    const before = await this.take(`before restoring "${ref.label}"`);
    const changed: CheckpointChange[] = [];
    for (const { store, commit } of await this.storesOf(ref)) {
      for (const change of await store.restore(commit)) changed.push({ ...change, folder: store.workTree });
    }
    for (const listener of this.restoredListeners) listener(changed);
    return { changed, before };
  }

  /** Called after each restore with the files it changed (a review of the agent's edits ends for them). */
  onRestored(listener: (changed: readonly CheckpointChange[]) => void): { dispose(): void } {
    this.restoredListeners.add(listener);
    return { dispose: () => this.restoredListeners.delete(listener) };
  }

  /** Keeps the checkpoints the conversations still show and are younger than `keepDays`; drops the rest. */
  async prune(kept: readonly CheckpointRef[], keepDays: number): Promise<number> {
    if (this.unavailable) return 0;
    const oldest = this.options.clock.now() - keepDays * 24 * 3600 * 1000;
    const keep = new Set(kept.filter((ref) => ref.createdAt >= oldest).flatMap((ref) => ref.folders.map((f) => f.commit)));
    let dropped = 0;
    for (const store of await this.options.stores().catch(() => [])) dropped += await store.prune(keep);
    return dropped;
  }

  private async storesOf(ref: CheckpointRef): Promise<{ store: FolderStore; commit: string }[]> {
    const stores = await this.options.stores();
    return ref.folders.flatMap(({ folder, commit }) => {
      const store = stores.find((s) => s.workTree === folder);
      return store ? [{ store, commit }] : [];
    });
  }
}
