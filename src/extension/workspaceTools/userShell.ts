// Which shell the agent's commands run in, and with what environment: the user's own, read once per
// window. The shell is the user's default terminal profile from their user settings, else $SHELL,
// else /bin/sh. A workspace's `.vscode/settings.json` can name terminal profiles too; those values are
// never read (only the user's and VS Code's defaults), so a cloned repository cannot choose the program
// that runs every command. On Windows commands keep running in Node's default shell (cmd.exe).
import * as os from 'node:os';
import * as vscode from 'vscode';
import { knownShell, loginEnvironment } from './loginShell';
import type { ShellLaunch } from './shellProcess';

const ENVIRONMENT_TIMEOUT_MS = 10_000;

function platformKey(): 'linux' | 'osx' {
  return process.platform === 'darwin' ? 'osx' : 'linux';
}

/** The user-level value of a setting, else its default: a workspace's value never counts. */
function userValue<T>(section: string, name: string): T | undefined {
  const inspected = vscode.workspace.getConfiguration(section).inspect<T>(name);
  return inspected?.globalValue ?? inspected?.defaultValue;
}

/** The program of the user's default terminal profile (user settings only), when it names one. */
function profileShell(): string | undefined {
  const key = platformKey();
  const name = userValue<string>('terminal.integrated', `defaultProfile.${key}`);
  if (typeof name !== 'string' || name === '') return undefined;
  const profiles = userValue<Record<string, unknown>>('terminal.integrated', `profiles.${key}`) ?? {};
  const profile = profiles[name];
  if (typeof profile !== 'object' || profile === null) return undefined;
  const file = (profile as { path?: unknown }).path;
  const first = Array.isArray(file) ? file[0] : file;
  return typeof first === 'string' ? first : undefined;
}

/** The shell commands run in: the user's default profile, else $SHELL, else undefined (/bin/sh). */
export function userShellPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return knownShell(profileShell(), env.PATH) ?? knownShell(env.SHELL, env.PATH);
}

export class UserShell {
  private launch: Promise<ShellLaunch> | undefined;

  constructor(private readonly log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>) {}

  /** How commands start; found at the first command and kept for the window's life. */
  commandLaunch(): Promise<ShellLaunch> {
    this.launch ??= this.find();
    return this.launch;
  }

  private async find(): Promise<ShellLaunch> {
    if (process.platform === 'win32') return { kind: 'system', env: process.env };
    const shell = userShellPath();
    if (!shell) {
      this.log.info('Agent commands run in /bin/sh: no user shell that commands can run in was found (terminal profile, $SHELL).');
      return { kind: 'system', env: process.env };
    }
    try {
      const env = await loginEnvironment(shell, { env: process.env, cwd: os.homedir(), nodePath: process.execPath, timeoutMs: ENVIRONMENT_TIMEOUT_MS });
      this.log.info(`Agent commands run in ${shell} with its login environment (PATH has ${(env.PATH ?? '').split(':').filter(Boolean).length} folders).`);
      return { kind: 'login', shell, env };
    } catch (error) {
      this.log.warn(`Agent commands run in ${shell} with the editor's environment: reading the shell's own failed (${error instanceof Error ? error.message : String(error)}).`);
      return { kind: 'login', shell, env: process.env };
    }
  }
}
