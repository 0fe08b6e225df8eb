// The customizations' folders on disk. Symlinks are followed for what an entry is (a skills folder
// linked from a dotfiles repository is common); discovery then checks where the real path leads.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { CustomizationEntry, CustomizationFiles } from '../../core/customizations/customizationFiles';

/** A larger file is not read: it cannot be instructions. */
export const MAX_CUSTOMIZATION_FILE_BYTES = 1024 * 1024;

export const nodeCustomizationFiles: CustomizationFiles = {
  list: async (folder) => {
    const entries = await fsp.readdir(folder, { withFileTypes: true }).catch(() => []);
    const listed = await Promise.all(
      entries.map(async (entry): Promise<CustomizationEntry | undefined> => {
        if (entry.isFile()) return { name: entry.name, kind: 'file' };
        if (entry.isDirectory()) return { name: entry.name, kind: 'directory' };
        if (!entry.isSymbolicLink()) return undefined;
        const target = await fsp.stat(path.join(folder, entry.name)).catch(() => undefined);
        return target?.isFile() ? { name: entry.name, kind: 'file' } : target?.isDirectory() ? { name: entry.name, kind: 'directory' } : undefined;
      }),
    );
    return listed.filter((entry): entry is CustomizationEntry => entry !== undefined);
  },
  read: async (file) => {
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.size > MAX_CUSTOMIZATION_FILE_BYTES) return undefined;
    return fsp.readFile(file, 'utf8').catch(() => undefined);
  },
  realPath: (file) => fsp.realpath(file).catch(() => undefined),
};
