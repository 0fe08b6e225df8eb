// The user's own shell and the environment its login and interactive setup makes (nvm, pyenv, conda,
// Homebrew add to PATH there), so commands find the same programs as in the user's terminal. The
// environment is read once: the shell is started as a login, interactive shell that runs Node to print
// its environment between two random markers, with a time limit. The shell starts in the home folder,
// never in the workspace (a hook that reacts to the folder, such as direnv or `nvm use`, must not run
// a repository's files), and with the already scrubbed environment, so its setup never sees the
// editor's secrets; what it exports is scrubbed again before any command gets it. No vscode import.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import * as path from 'node:path';
import { commandEnvironment } from './commandEnvironment';

/** Shells whose `-c` runs a command line, and how each is started as a login, interactive shell. */
const SHELLS: Record<string, readonly string[]> = {
  sh: ['-i', '-l'],
  bash: ['-i', '-l'],
  zsh: ['-i', '-l'],
  dash: ['-i', '-l'],
  ksh: ['-i', '-l'],
  mksh: ['-i', '-l'],
  fish: ['-i', '-l'],
  tcsh: ['-i'],
  csh: ['-i'],
};

export class LoginShellError extends Error {
  override readonly name = 'LoginShellError';
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The absolute path of `name` (a path, or a program name looked up in `searchPath`) when it is a shell
 * this file knows how to start; otherwise undefined (PowerShell, nushell and the like: commands then run
 * in /bin/sh).
 */
export function knownShell(name: string | undefined, searchPath: string | undefined): string | undefined {
  if (!name || name.trim() === '') return undefined;
  if (!Object.hasOwn(SHELLS, path.basename(name))) return undefined;
  if (path.isAbsolute(name)) return executable(name) ? name : undefined;
  if (name.includes('/')) return undefined;
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    if (executable(candidate)) return candidate;
  }
  return undefined;
}

/** Single-quoted for sh, bash, zsh, fish and csh alike. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface LoginEnvironmentOptions {
  /** The environment the shell starts with (scrubbed by the caller's rules again here). */
  env: NodeJS.ProcessEnv;
  /** Where the shell starts: the user's home folder. */
  cwd: string;
  /** A Node executable (the editor's own, run as Node) that prints the environment. */
  nodePath: string;
  timeoutMs: number;
}

/** The environment `shell` makes as a login, interactive shell; rejects with LoginShellError on a failure or past the time limit. */
export function loginEnvironment(shell: string, options: LoginEnvironmentOptions): Promise<NodeJS.ProcessEnv> {
  const flags = SHELLS[path.basename(shell)];
  if (!flags) return Promise.reject(new LoginShellError(`${shell} is not a shell commands can run in`));
  const marker = randomUUID();
  const script = `${quoted(options.nodePath)} -e ${quoted(`process.stdout.write("${marker}" + JSON.stringify(process.env) + "${marker}")`)}`;
  const env = { ...commandEnvironment(options.env), ELECTRON_RUN_AS_NODE: '1' };
  return new Promise((resolve, reject) => {
    const child = spawn(shell, [...flags, '-c', script], { cwd: options.cwd, env, detached: process.platform !== 'win32', stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString('utf8')));
    child.stderr.on('data', (data: Buffer) => (stderr = (stderr + data.toString('utf8')).slice(-2000)));
    const timer = setTimeout(() => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }
      fail(`${shell} did not print its environment within ${options.timeoutMs / 1000} s`);
    }, options.timeoutMs);
    let settled = false;
    function fail(reason: string): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new LoginShellError(reason));
    }
    child.once('error', (error) => fail(`${shell} could not start: ${error.message}`));
    child.once('close', (code) => {
      if (settled) return;
      const start = stdout.indexOf(marker);
      const end = stdout.lastIndexOf(marker);
      if (start < 0 || end <= start) return fail(`${shell} exited with code ${code} without printing its environment${stderr.trim() ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(stdout.slice(start + marker.length, end));
      } catch (error) {
        return fail(`${shell} printed an environment that is not JSON: ${(error as Error).message}`);
      }
      settled = true;
      clearTimeout(timer);
      const result: NodeJS.ProcessEnv = {};
      for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) if (typeof value === 'string' && name !== 'ELECTRON_RUN_AS_NODE') result[name] = value;
      resolve(result);
    });
  });
}
