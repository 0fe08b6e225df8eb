// The customizations' folders on disk. Symlinks are followed for what an entry is (a skills folder
// linked from a dotfiles repository is common); discovery then checks where the real path leads.
// Discovery reads every file of every location, so each read is the fewest file-system calls (open,
// fstat of what was opened, one read, close) through node's callback API: fs/promises' file handles
// and promise per call cost about twice the processor time, which is what finding a hundred skills
// spent most of its time on.
import fs from 'node:fs';
import path from 'node:path';
import type { CustomizationEntry, CustomizationFiles } from '../../core/customizations/customizationFiles';

/** A larger file is not read: it cannot be instructions. */
export const MAX_CUSTOMIZATION_FILE_BYTES = 1024 * 1024;

// Opening a FIFO for reading would wait for a writer; non-blocking, the fstat below turns it away.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

function statOf(file: string): Promise<fs.Stats | undefined> {
  return new Promise((resolve) => fs.stat(file, (error, stats) => resolve(error ? undefined : stats)));
}

function listFolder(folder: string): Promise<fs.Dirent[]> {
  return new Promise((resolve) => fs.readdir(folder, { withFileTypes: true }, (error, entries) => resolve(error ? [] : entries)));
}

/** The file's text, its size checked on what was opened (not on a path that could change in between). */
function readSmallFile(file: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    fs.open(file, OPEN_FLAGS, (openError, fd) => {
      if (openError) return resolve(undefined);
      const finish = (text: string | undefined) => fs.close(fd, () => resolve(text));
      fs.fstat(fd, (statError, stats) => {
        if (statError || !stats.isFile() || stats.size > MAX_CUSTOMIZATION_FILE_BYTES) return finish(undefined);
        const buffer = Buffer.allocUnsafe(stats.size);
        fs.read(fd, buffer, 0, stats.size, 0, (readError, bytesRead) => finish(readError ? undefined : buffer.toString('utf8', 0, bytesRead)));
      });
    });
  });
}

export const nodeCustomizationFiles: CustomizationFiles = {
  list: async (folder) => {
    const entries = await listFolder(folder);
    const listed = await Promise.all(
      entries.map(async (entry): Promise<CustomizationEntry | undefined> => {
        if (entry.isFile()) return { name: entry.name, kind: 'file' };
        if (entry.isDirectory()) return { name: entry.name, kind: 'directory' };
        if (!entry.isSymbolicLink()) return undefined;
        const target = await statOf(path.join(folder, entry.name));
        return target?.isFile() ? { name: entry.name, kind: 'file' } : target?.isDirectory() ? { name: entry.name, kind: 'directory' } : undefined;
      }),
    );
    return listed.filter((entry): entry is CustomizationEntry => entry !== undefined);
  },
  read: readSmallFile,
  realPath: (file) => new Promise((resolve) => fs.realpath.native(file, (error, real) => resolve(error ? undefined : real))),
};
