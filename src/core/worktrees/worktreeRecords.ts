// The record of every task worktree, kept in the workspace's storage so that a worktree outlives a reload
// and one left behind by a crash can be found and removed.
import * as z from 'zod';
import type { KeyValueStorage } from '../keyValueStorage';

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
});

export type WorktreeRecord = z.infer<typeof WorktreeRecordSchema>;

const KEY = 'backgroundTasks.worktrees';

export class WorktreeRecords {
  constructor(private readonly storage: KeyValueStorage) {}

  /** Every stored record; one that does not parse is dropped (its folder is then cleaned as unknown). */
  async all(): Promise<WorktreeRecord[]> {
    const stored = await this.storage.read(KEY);
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((entry) => {
      const parsed = WorktreeRecordSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  async get(id: string): Promise<WorktreeRecord | undefined> {
    return (await this.all()).find((record) => record.id === id);
  }

  async put(record: WorktreeRecord): Promise<void> {
    const others = (await this.all()).filter((r) => r.id !== record.id);
    await this.storage.write(KEY, [...others, record]);
  }

  async drop(id: string): Promise<void> {
    await this.storage.write(KEY, (await this.all()).filter((r) => r.id !== id));
  }
}
