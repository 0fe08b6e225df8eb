// The conversation store's folder on disk. Whole-file writes go to a fresh temporary file that is
// flushed to disk and renamed over the old one; appends open the existing file only (never create it)
// and refuse to follow a symbolic link planted in its place, as do temporary files (created
// exclusively). The folder is the user's own storage folder, created private to the user.
import * as fs from 'node:fs/promises';
import { constants } from 'node:fs';
import * as path from 'node:path';
import type { ConversationFolder } from '../core/conversations/conversationFolder';
import { FolderLock } from './folderLock';

/** 0 where the platform has no such flag (Windows, where links need privileges to create). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

export class ConversationFolderFiles implements ConversationFolder {
  private readonly lock: FolderLock;
  private tmpCounter = 0;

  constructor(private readonly dir: string) {
    this.lock = new FolderLock(dir);
  }

  async names(): Promise<string[]> {
    try {
      return await fs.readdir(this.dir);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  async read(name: string): Promise<string | undefined> {
    try {
      return await fs.readFile(this.file(name), 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async size(name: string): Promise<number | undefined> {
    try {
      return (await fs.lstat(this.file(name))).size;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async append(name: string, text: string, durable: boolean): Promise<boolean> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.file(name), constants.O_WRONLY | constants.O_APPEND | NO_FOLLOW);
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    try {
      if (text !== '') await handle.appendFile(text, 'utf8');
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  }

  async replace(name: string, text: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.file(name);
    const tmp = `${target}.${process.pid}.${++this.tmpCounter}.tmp`;
    const handle = await fs.open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, target);
    await this.syncFolder();
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.file(name), { force: true });
  }

  exclusive<T>(action: () => Promise<T>): Promise<T> {
    return this.lock.run(action);
  }

  private file(name: string): string {
    if (name !== path.basename(name) || name.startsWith('.')) throw new Error(`Not a file name of the conversation folder: ${name}`);
    return path.join(this.dir, name);
  }

  /** The rename itself reaches the disk only with the folder; platforms that cannot sync a folder skip it. */
  private async syncFolder(): Promise<void> {
    let handle: fs.FileHandle | undefined;
    try {
      handle = await fs.open(this.dir, 'r');
      await handle.sync();
    } catch {
      return;
    } finally {
      await handle?.close();
    }
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
