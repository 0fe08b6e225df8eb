// Writes a new customization's file, never over one that exists: the folders are made as needed and the
// file is created exclusively, so a file that appeared in between is not replaced either.
import { promises as fsp } from 'node:fs';
import path from 'node:path';

/** The file of the name asked for exists already; it was not touched. */
export class CustomizationExistsError extends Error {
  override readonly name = 'CustomizationExistsError';
  constructor(readonly file: string) {
    super(`${file} exists already; it was not overwritten`);
  }
}

export async function writeNewCustomization(file: string, text: string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  try {
    await fsp.writeFile(file, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CustomizationExistsError(file);
    throw error;
  }
}
