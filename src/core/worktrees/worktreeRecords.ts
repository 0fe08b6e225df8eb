// The record of every task worktree, kept in the workspace's storage so that a worktree outlives a reload
// and one left behind by a crash can be found and removed.
import * as z from 'zod';
import type { SharedKeyValueStorage } from '../keyValueStorage';

export const WorktreeRecordSchema = z.object({
  /** The background task's id, also the worktree folder's name and the branch's suffix. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  /** The workspace folder the task was started for (real path). */
  folder: z.string(),
  /** That folder's repository root (real path). */
  root: z.string(),
  path: z.string(),
  branch: z.string(),
  /** The commit the task's changes are measured against: HEAD, or the commit of the carried changes. */
  base: z.string().regex(/^[0-9a-f]{40,64}$/),
  createdAt: z.number(),
  /** What the task was asked, as shown. */
  task: z.string(),
  appliedAt: z.number().optional(),
  /** The task's conversation, once it started. */
  conversationId: z.string().optional(),
});

export type WorktreeRecord = z.infer<typeof WorktreeRecordSchema>;

const KEY = 'backgroundTasks.worktrees';

function parsed(stored: unknown): WorktreeRecord[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const result = WorktreeRecordSchema.safeParse(entry);
    return result.success ? [result.data] : [];
  });
}

export class WorktreeRecords {
  constructor(private readonly storage: SharedKeyValueStorage) {}

  /** Every stored record; one that does not parse is dropped (its folder is then cleaned as unknown). */
  async all(): Promise<WorktreeRecord[]> {
    return parsed(await this.storage.read(KEY));
  }

  async get(id: string): Promise<WorktreeRecord | undefined> {
    return (await this.all()).find((record) => record.id === id);
  }

  /** Stores `record`, merged into what other windows wrote meanwhile. */
  async put(record: WorktreeRecord): Promise<void> {
    await this.storage.update(KEY, (stored) => [...parsed(stored).filter((r) => r.id !== record.id), record]);
  }

  async drop(id: string): Promise<void> {
    await this.storage.update(KEY, (stored) => parsed(stored).filter((r) => r.id !== id));
  }
}
