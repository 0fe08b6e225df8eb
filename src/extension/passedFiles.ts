// Files another extension can name: commands such as Explain This File take URIs as arguments, and any
// extension can run any command with any arguments. A menu passes a file of the workspace or the one in
// an editor tab; a file elsewhere (a key in ~/.ssh, reached directly or through a symlink in the workspace)
// was chosen by someone else, and is sent only after the user says yes. No vscode import.
import { promises as fsp } from 'node:fs';
import path from 'node:path';

function within(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The paths, of those given, that resolve (symlinks followed) outside every workspace folder and are not
 * open in an editor tab: the ones the user must confirm.
 */
export async function filesNeedingConsent(given: readonly string[], folders: readonly string[], openInEditor: readonly string[]): Promise<string[]> {
  const realFolders = await Promise.all(folders.map((f) => fsp.realpath(f).catch(() => path.resolve(f))));
  const open = new Set(openInEditor.map((p) => path.resolve(p)));
  const outside: string[] = [];
  for (const file of given) {
    if (open.has(path.resolve(file))) continue;
    const real = await fsp.realpath(file).catch(() => path.resolve(file));
    if (!realFolders.some((folder) => within(folder, real))) outside.push(file);
  }
  return outside;
}
