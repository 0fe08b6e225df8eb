// A lock shared by every process that uses one storage folder: a directory created with mkdir, which
// succeeds for exactly one creator even across processes, and needs no native module. The holder
// writes who it is inside; a lock whose holder died (same machine, process gone) or that is older
// than anything legitimate is taken over by renaming it away first, which only one waiter can do.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as l10n from '../core/l10n';

const LOCK_DIR = '.lock';
const OWNER_FILE = 'owner.json';
/** Holders keep the lock for milliseconds; one this old belongs to a hung or dead process. */
const STALE_AFTER_MS = 30_000;
const GIVE_UP_AFTER_MS = 60_000;

/** Another process held the folder's lock for longer than any write takes. */
export class FolderLockTimeoutError extends Error {
  override readonly name = 'FolderLockTimeoutError';
  constructor(readonly folder: string) {
    super(l10n.t('The storage folder {0} stayed locked by another window for {1} s', folder, GIVE_UP_AFTER_MS / 1000));
  }
}

interface Owner {
  pid: number;
  host: string;
  at: number;
}

export class FolderLock {
  /** Holders in this process queue here first, so the process does not contend with itself. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly folder: string) {}

  run<T>(action: () => Promise<T>): Promise<T> {
    const step = async () => {
      await this.acquire();
      try {
        return await action();
      } finally {
        await this.release();
      }
    };
    const result = this.queue.then(step, step);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private get lockPath(): string {
    return path.join(this.folder, LOCK_DIR);
  }

  private async acquire(): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true, mode: 0o700 });
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.mkdir(this.lockPath, { mode: 0o700 });
        const owner: Owner = { pid: process.pid, host: os.hostname(), at: Date.now() };
        await fs.writeFile(path.join(this.lockPath, OWNER_FILE), JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (await this.isStale()) {
        await this.breakStale();
        continue;
      }
      if (Date.now() - started > GIVE_UP_AFTER_MS) throw new FolderLockTimeoutError(this.folder);
      await delay(Math.min(50, 2 + attempt * 2) * (0.5 + Math.random()));
    }
  }

  private async release(): Promise<void> {
    await fs.rm(this.lockPath, { recursive: true, force: true });
  }

  private async isStale(): Promise<boolean> {
    let since: number;
    try {
      since = (await fs.stat(this.lockPath)).mtimeMs;
    } catch {
      return false;
    }
    const owner = await readOwner(path.join(this.lockPath, OWNER_FILE));
    if (owner && owner.host === os.hostname() && !isAlive(owner.pid)) return true;
    return Date.now() - (owner?.at ?? since) > STALE_AFTER_MS;
  }

  /**
   * Two waiters may both find the lock stale; the second must not then remove the lock the first has
   * just taken. Breaking is therefore itself guarded, and staleness is checked again under the guard.
   */
  private async breakStale(): Promise<void> {
    const guard = `${this.lockPath}.breaking`;
    try {
      await fs.mkdir(guard, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await fs.stat(guard).then((s) => s.mtimeMs, () => Date.now());
      if (Date.now() - since > STALE_AFTER_MS) await fs.rm(guard, { recursive: true, force: true });
      return;
    }
    try {
      if (!(await this.isStale())) return;
      const aside = `${this.lockPath}.stale.${process.pid}.${Date.now()}`;
      await fs.rename(this.lockPath, aside);
      await fs.rm(aside, { recursive: true, force: true });
    } finally {
      await fs.rm(guard, { recursive: true, force: true });
    }
  }
}

async function readOwner(file: string): Promise<Owner | undefined> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { pid, host, at } = parsed as Record<string, unknown>;
    return typeof pid === 'number' && typeof host === 'string' && typeof at === 'number' ? { pid, host, at } : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
