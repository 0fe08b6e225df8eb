// Where VS Code keeps its own ripgrep, the engine of its search view: under `vscode.env.appRoot`, in
// one of the layouts its builds use. Only these places are tried, never PATH, and a binary whose real
// path lies inside a workspace folder is never taken: a cloned repository must not be able to supply
// the program the agent's search runs (nor could a symlink planted in VS Code's folder lead into one).
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';

export interface RipgrepTarget {
  platform: NodeJS.Platform;
  arch: string;
}

/** The places VS Code builds keep ripgrep, most common first. */
export function ripgrepCandidates(appRoot: string, target: RipgrepTarget): string[] {
  const exe = target.platform === 'win32' ? 'rg.exe' : 'rg';
  return [
    path.join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', exe),
    path.join(appRoot, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', exe),
    // code-server and newer builds: one package with a binary per platform.
    path.join(appRoot, 'node_modules', '@vscode', 'ripgrep-universal', 'bin', `${target.platform}-${target.arch}`, exe),
    path.join(appRoot, 'node_modules.asar.unpacked', '@vscode', 'ripgrep-universal', 'bin', `${target.platform}-${target.arch}`, exe),
  ];
}

/**
 * The real path of VS Code's ripgrep, or undefined when none is found or the only one found lies
 * inside one of `workspaceFolders`. Synchronous and cheap (a few stat calls), so it is asked again
 * before every search: workspace folders can be added while the window is open.
 */
export function bundledRipgrep(appRoot: string, workspaceFolders: readonly string[], target: RipgrepTarget = { platform: process.platform, arch: process.arch }): string | undefined {
  if (appRoot === '') return undefined;
  const fold = (p: string): string => (target.platform === 'linux' ? p : p.toLowerCase());
  const folders = workspaceFolders.map((folder) => fold(realOrSelf(folder)));
  for (const candidate of ripgrepCandidates(appRoot, target)) {
    const real = realOrUndefined(candidate);
    if (real === undefined || !isExecutableFile(real, target)) continue;
    const folded = fold(real);
    if (folders.some((folder) => folded === folder || folded.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep))) continue;
    return real;
  }
  return undefined;
}

function realOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

function realOrSelf(p: string): string {
  return realOrUndefined(p) ?? path.resolve(p);
}

function isExecutableFile(p: string, target: RipgrepTarget): boolean {
  try {
    if (!statSync(p).isFile()) return false;
    if (target.platform !== 'win32') accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
