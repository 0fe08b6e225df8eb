// Where a search tool looks and how it says that it stopped early. Without a path, a multi-root
// workspace is searched folder by folder (each under its own name); with one, the path policy decides.
import type { ResolvedPath, WorkspacePathPolicy } from './pathPolicy';
import type { WorkspaceFiles } from './workspaceFiles';
import type { SearchStop } from './workspaceSearch';

export async function searchFolders(files: WorkspaceFiles, policy: WorkspacePathPolicy, path: unknown): Promise<ResolvedPath[]> {
  const atTop = path === undefined || path === '.' || path === '';
  const roots = files.roots();
  if (atTop && roots.length > 1) return Promise.all(roots.map((root) => policy.resolve(root.name, 'read')));
  return [await policy.resolve(atTop ? '.' : path, 'read')];
}

/** The line that says a search did not see everything, or '' when it did. */
export function stoppedNote(stop: SearchStop, what: { found: string; limitMs: number; narrow: string }): string {
  if (stop === 'max-results') return `\n[stopped at ${what.found}; ${what.narrow}]`;
  if (stop === 'deadline') return `\n[the search stopped at its time limit (${duration(what.limitMs)}) before it had seen every file, having found ${what.found}; ${what.narrow}]`;
  if (stop === 'cancelled') return `\n[the search was stopped before it had seen every file, having found ${what.found}]`;
  return '';
}

function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** "3 matches in 2 files", "1 file". */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : noun.endsWith('h') ? 'es' : 's'}`;
}
