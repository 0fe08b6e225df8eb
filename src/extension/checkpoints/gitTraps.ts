// Special files (named pipes, sockets, devices) where git would open them while it lists a folder for
// a checkpoint. Opening a named pipe waits for a writer that may never come: git hangs until its time
// limit, and every checkpoint after it waits too. Git lists special files without opening them, except
// where it reads a file by name as it walks: a folder's `.gitignore` and `.gitattributes`, and a nested
// repository's `HEAD` and `commondir` (in its `.git` folder, or where its `.git` file points), which it
// reads to tell a nested repository from a plain folder. The folder holding such a file is left out of
// the checkpoint, so git never goes in. Found with directory listings and lstat, never by opening one.
import { constants, promises as fsp, readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
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

/** Every folder of the work tree git would hang in, outermost first; the work tree's own `.git` is git's and not looked into. */
export async function findGitTraps(workTree: string): Promise<GitTrap[]> {
  const traps: GitTrap[] = [];
  const relative = (file: string): string => path.relative(workTree, file).split(path.sep).join('/');
  const pending = [workTree];
  let listed = 0;
  while (pending.length > 0) {
    const folder = pending.pop() as string;
    if (++listed % FOLDERS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const entries = listing(folder);
    let trap: string | undefined;
    const below: string[] = [];
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.name === '.git') {
        if (folder === workTree) continue;
        // As git looks: a folder (or a link to one) is a git folder, a file (or a link to one) may point at one.
        const kind = entry.isDirectory() || entry.isFile() ? entry : kindOf(full);
        if (kind?.isDirectory()) trap ??= trapInGitFolder(full);
        else if (kind?.isFile()) {
          const target = await gitfileTarget(full, folder);
          if (target !== undefined) trap ??= trapInGitFolder(target);
        }
      } else if (READ_IN_EVERY_FOLDER.has(entry.name)) {
        if (!entry.isFile() && isSpecial(full)) trap ??= full;
      } else if (entry.isDirectory()) below.push(full);
    }
    // A folder left out is not gone into: git will not go there either.
    if (trap !== undefined) traps.push({ folder: relative(folder), file: relative(trap) });
    else pending.push(...below);
  }
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
export async function excludeGitTraps(workTree: string, excludesFile: string): Promise<{ folders: string[]; holds: (file: string) => boolean }> {
  const traps = await findGitTraps(workTree);
  const atTop = traps.find((t) => t.folder === '');
  if (atTop) throw new SpecialFileError(atTop.file);
  await fsp.writeFile(excludesFile, traps.map((t) => `${excludePattern(t.folder)}\n`).join(''));
  const folders = traps.map((t) => `${t.folder}/`);
  return { folders, holds: (file) => folders.some((folder) => file.startsWith(folder)) };
}
