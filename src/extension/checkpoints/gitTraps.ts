// Special files (named pipes, sockets, devices) where git would open them while it lists a folder for
// a checkpoint. Opening a named pipe waits for a writer that may never come: git hangs until its time
// limit, and every checkpoint after it waits too. Git lists special files without opening them, except
// where it reads a file by name as it walks: a folder's `.gitignore` and `.gitattributes`, and a nested
// repository's `HEAD` and `commondir` (in its `.git` folder, or where its `.git` file points), which it
// reads to tell a nested repository from a plain folder. The folder holding such a file is left out of
// the checkpoint, so git never goes in. Found with directory listings and lstat, never by opening one.
import { constants, promises as fsp, lstatSync, readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import * as l10n from '../../core/l10n';

/** The folder's own `.gitignore` or `.gitattributes` is a pipe, socket or device: git would hang on it, so no checkpoint. */
export class SpecialFileError extends Error {
  constructor(readonly file: string) {
    super(l10n.t('{0} is not a regular file (a named pipe, socket or device), and git would wait on it for ever.', file));
    this.name = 'SpecialFileError';
  }
}

export interface GitTrap {
  /** The folder to leave out, relative to the work tree, with `/` separators; '' for the work tree itself. */
  folder: string;
  /** The special file that makes it one, relative to the work tree. */
  file: string;
}

/** Files git reads by name in every folder it lists. */
const READ_IN_EVERY_FOLDER = new Set(['.gitignore', '.gitattributes']);
/** Files git reads in a nested repository's git folder to tell whether it is one. */
const READ_IN_GIT_FOLDER = ['HEAD', 'commondir'];
/** A `.git` file longer than this is no `gitdir:` line: git reads it as a repository that is not one. */
const MAX_GITFILE_BYTES = 4096;
/** Folders listed between two turns of the event loop. */
const FOLDERS_PER_TURN = 64;
/**
 * A folder changed this recently is listed again next time: a second change in the same tick of the file
 * system's clock would leave its modification time as the first change left it.
 */
const RACY_MS = 2_000;

/** What one listing of a folder found: the folders below it to go into, and the trap it holds. */
interface FolderListing {
  mtimeMs: number;
  below: string[];
  trap: string | undefined;
}

/**
 * Listings kept from one walk to the next, so a checkpoint lists only the folders that changed. A folder's
 * entries change only with its modification time (an entry added, removed or renamed), so a folder whose
 * time is as it was is not listed again. Kept only where nothing else can change what git would open: not
 * for a folder holding a `.git` entry (a nested repository's files, or where its `.git` file points) or a
 * `.gitignore` or `.gitattributes` that is a symbolic link (what it points at changes elsewhere), nor for
 * one changed within RACY_MS of the walk.
 */
export class TrapWalkCache {
  private listings = new Map<string, FolderListing>();
  private next = new Map<string, FolderListing>();

  /** The kept listing of `folder` if its modification time is still `mtimeMs`. */
  lookup(folder: string, mtimeMs: number): FolderListing | undefined {
    const kept = this.listings.get(folder);
    if (kept === undefined || kept.mtimeMs !== mtimeMs) return undefined;
    this.next.set(folder, kept);
    return kept;
  }

  keep(folder: string, listing: FolderListing): void {
    this.next.set(folder, listing);
  }

  /** Ends a walk: what it did not visit (a folder removed, or now below a trap) is forgotten. */
  walked(): void {
    this.listings = this.next;
    this.next = new Map();
  }
}

/** The file's own kind, following a symbolic link without opening anything; undefined when it is gone. */
function kindOf(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** A file git would open there that is not a regular file (it or its link's target): a pipe, socket or device. */
function isSpecial(file: string): boolean {
  const stat = kindOf(file);
  return stat !== undefined && !stat.isFile() && !stat.isDirectory();
}

/** Where a `.git` file points (`gitdir: …`), read without blocking: a pipe swapped in after the lstat gives no data. */
async function gitfileTarget(file: string, folder: string): Promise<string | undefined> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > MAX_GITFILE_BYTES) return undefined;
    const text = (await handle.readFile('utf8')).trim();
    const target = /^gitdir: (.+)$/.exec(text)?.[1];
    return target === undefined ? undefined : path.resolve(folder, target);
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

function trapInGitFolder(gitFolder: string): string | undefined {
  return READ_IN_GIT_FOLDER.map((name) => path.join(gitFolder, name)).find(isSpecial);
}

/** Synchronous, in slices between turns of the event loop: a thread-pool round trip per folder costs several times as much. */
function listing(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** A folder's modification time, without following a link; undefined when it is gone. */
function folderTime(folder: string): number | undefined {
  try {
    return lstatSync(folder, { throwIfNoEntry: false })?.mtimeMs;
  } catch {
    return undefined;
  }
}

/** Lists `folder` as git would walk it: the folders below to go into, the trap it holds, and whether the listing may be kept. */
async function listFolder(folder: string, workTree: string): Promise<FolderListing & { keepable: boolean }> {
  let trap: string | undefined;
  let keepable = true;
  const below: string[] = [];
  for (const entry of listing(folder)) {
    const full = path.join(folder, entry.name);
    if (entry.name === '.git') {
      if (folder === workTree) continue;
      keepable = false;
      // As git looks: a folder (or a link to one) is a git folder, a file (or a link to one) may point at one.
      const kind = entry.isDirectory() || entry.isFile() ? entry : kindOf(full);
      if (kind?.isDirectory()) trap ??= trapInGitFolder(full);
      else if (kind?.isFile()) {
        const target = await gitfileTarget(full, folder);
        if (target !== undefined) trap ??= trapInGitFolder(target);
      }
    } else if (READ_IN_EVERY_FOLDER.has(entry.name)) {
      if (entry.isSymbolicLink()) keepable = false;
      if (!entry.isFile() && isSpecial(full)) trap ??= full;
    } else if (entry.isDirectory()) below.push(full);
  }
  return { mtimeMs: 0, below, trap, keepable };
}

/**
 * Every folder of the work tree git would hang in, outermost first; the work tree's own `.git` is git's and
 * not looked into. With a cache, folders unchanged since its last walk are not listed again.
 */
export async function findGitTraps(workTree: string, cache?: TrapWalkCache): Promise<GitTrap[]> {
  const traps: GitTrap[] = [];
  const relative = (file: string): string => path.relative(workTree, file).split(path.sep).join('/');
  const pending = [workTree];
  const startedAt = Date.now();
  let listed = 0;
  while (pending.length > 0) {
    const folder = pending.pop() as string;
    const mtimeMs = cache ? folderTime(folder) : undefined;
    let found = mtimeMs === undefined ? undefined : cache?.lookup(folder, mtimeMs);
    if (found === undefined) {
      if (++listed % FOLDERS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const fresh = await listFolder(folder, workTree);
      found = { ...fresh, mtimeMs: mtimeMs ?? 0 };
      if (cache && mtimeMs !== undefined && fresh.keepable && startedAt - mtimeMs > RACY_MS) cache.keep(folder, found);
    }
    // A folder left out is not gone into: git will not go there either.
    if (found.trap !== undefined) traps.push({ folder: relative(folder), file: relative(found.trap) });
    else pending.push(...found.below);
  }
  cache?.walked();
  return traps.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
}

/** A gitignore pattern that matches exactly this folder from the work tree's top (glob characters escaped). */
export function excludePattern(folder: string): string {
  return `/${folder.replace(/[\\*?[\]!# ]/g, (c) => `\\${c}`)}/`;
}

/**
 * Finds the folders to leave out and writes them to `excludesFile` as patterns for git's listing;
 * throws SpecialFileError when the work tree itself would be one (its own `.gitignore` is a pipe).
 */
export async function excludeGitTraps(workTree: string, excludesFile: string, cache?: TrapWalkCache): Promise<{ folders: string[]; holds: (file: string) => boolean }> {
  const traps = await findGitTraps(workTree, cache);
  const atTop = traps.find((t) => t.folder === '');
  if (atTop) throw new SpecialFileError(atTop.file);
  await fsp.writeFile(excludesFile, traps.map((t) => `${excludePattern(t.folder)}\n`).join(''));
  const folders = traps.map((t) => `${t.folder}/`);
  return { folders, holds: (file) => folders.some((folder) => file.startsWith(folder)) };
}
