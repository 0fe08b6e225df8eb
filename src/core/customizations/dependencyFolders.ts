// Folders that hold other people's code, whether or not .gitignore names them: nothing found below one is
// the repository's own instructions, so no rules, skill, prompt or instruction file is read from there.

export const DEPENDENCY_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'bower_components', 'jspm_packages', 'vendor', 'site-packages', '.venv', 'venv', '.tox', 'Pods']);

/** Whether a path (segments split on "/" or "\\") passes through a dependency folder. */
export function inDependencyFolder(path: string): boolean {
  return path.split(/[\\/]/).some((segment) => DEPENDENCY_FOLDERS.has(segment));
}
