// Starts code-server (a real VS Code server plus its web workbench: 1.139 under Node 24, or with SVC_VSCODE=oldest
// 1.105 under Node 22), isolated in a run folder: its own user-data dir, extensions dir, settings, XDG folders and
// temp folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { codeServerBuild, isolatedEnv } from './toolPaths';
import { sleep, spawnGroup, type ProcessGroup } from './processGroup';

export class CodeServerStartError extends Error {
  override name = 'CodeServerStartError';
}

/** Settings that keep the workbench quiet and offline: no welcome page, no AI chat, no update or gallery calls. */
export const quietSettings: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
};

export interface CodeServerOptions {
  runDir: string;
  extensionsDir?: string;
  userDataDir?: string;
  settings?: Record<string, unknown>;
  /** Lets the workbench honour `?payload=` (extensionDevelopmentPath, extensionTestsPath), which a built VS Code ignores otherwise. */
  developmentPayload?: boolean;
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** Streams the server's output to this process's stdout/stderr as well as keeping it. */
  echo?: boolean;
  /** Keeps VS Code's workspace trust on, so a new folder opens in Restricted Mode; off by default. */
  workspaceTrust?: boolean;
  /**
   * Who the server is for. `tests` (the default): no password, and SVC_TEST_HARNESS set so the extension
   * honours its test seams. `developer` (npm start): a password every request must carry, workspace trust on,
   * and no test seam reachable, since any local process or web page that reaches the port would otherwise
   * get the developer's VS Code and terminal.
   */
  audience?: { kind: 'tests' } | { kind: 'developer'; password: string };
}

export interface CodeServer {
  url: string;
  port: number;
  group: ProcessGroup;
  output(): string;
  stop(): Promise<void>;
}

function commonArgs(runDir: string, userDataDir: string, extensionsDir: string): string[] {
  return ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--config', path.join(runDir, 'code-server.yaml')];
}

function serverEnv(runDir: string, extra: NodeJS.ProcessEnv, audience: NonNullable<CodeServerOptions['audience']> = { kind: 'tests' }): NodeJS.ProcessEnv {
  // An empty gallery: the default one (open-vsx) is unreachable here and only fills the log with errors.
  // SVC_TEST_HARNESS lets the extension honour its test-only variables and return its test API.
  const env = isolatedEnv(runDir, { EXTENSIONS_GALLERY: '{}', ...extra, PATH: `${codeServerBuild().nodeBin}${path.delimiter}${process.env.PATH ?? ''}` });
  if (audience.kind === 'tests') return { ...env, SVC_TEST_HARNESS: '1' };
  delete env.SVC_TEST_HARNESS;
  return { ...env, PASSWORD: audience.password };
}

function dirs(options: Pick<CodeServerOptions, 'runDir' | 'userDataDir' | 'extensionsDir'>): { userDataDir: string; extensionsDir: string } {
  return {
    userDataDir: options.userDataDir ?? path.join(options.runDir, 'user-data'),
    extensionsDir: options.extensionsDir ?? path.join(options.runDir, 'extensions'),
  };
}

export function installVsix(options: { runDir: string; extensionsDir: string; vsix: string }): void {
  if (!fs.existsSync(options.vsix)) throw new CodeServerStartError(`${options.vsix} does not exist: run \`npm run package\` first.`);
  const { userDataDir, extensionsDir } = dirs(options);
  const build = codeServerBuild();
  const result = spawnSync(path.join(build.nodeBin, 'node'), [build.entry, ...commonArgs(options.runDir, userDataDir, extensionsDir), '--install-extension', options.vsix], {
    env: serverEnv(options.runDir, {}),
    encoding: 'utf8',
  });
  if (result.status !== 0 || !/was successfully installed/.test(result.stdout)) {
    throw new CodeServerStartError(`code-server --install-extension ${options.vsix} failed:\n${result.stdout}${result.stderr}`);
  }
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const { userDataDir, extensionsDir } = dirs(options);
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  const audience = options.audience ?? { kind: 'tests' };
  const forDeveloper = audience.kind === 'developer';
  const settings = { ...quietSettings, ...(forDeveloper ? { 'security.workspace.trust.enabled': true } : {}), ...options.settings };
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const build = codeServerBuild();
  const args = [
    build.entry,
    ...commonArgs(options.runDir, userDataDir, extensionsDir),
    '--auth', forDeveloper ? 'password' : 'none',
    '--bind-addr', `127.0.0.1:${options.port ?? 0}`,
    '--disable-telemetry', '--disable-update-check', ...(options.workspaceTrust || forDeveloper ? [] : ['--disable-workspace-trust']), '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(options.developmentPayload ? build.developmentPayloadArgs : []),
  ];
  const group = spawnGroup('code-server', path.join(build.nodeBin, 'node'), args, {
    env: serverEnv(options.runDir, options.env ?? {}, audience),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
    output += chunk.toString();
    if (options.echo) stream.write(chunk);
  };
  group.child.stdout?.on('data', collect(process.stdout));
  group.child.stderr?.on('data', collect(process.stderr));

  // Port 0 lets the OS pick a free port without a race; code-server logs the one it got.
  const deadline = Date.now() + 60_000;
  let port = 0;
  while (!port) {
    const match = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
    if (match?.[1]) port = Number(match[1]);
    else if (group.child.exitCode !== null || Date.now() > deadline) {
      await group.stop();
      throw new CodeServerStartError(`code-server did not start (exit ${group.child.exitCode}):\n${output}`);
    } else await sleep(100);
  }
  const url = `http://127.0.0.1:${port}`;
  while (!(await healthy(url))) {
    if (group.child.exitCode !== null || Date.now() > deadline) {
      await group.stop();
      throw new CodeServerStartError(`code-server never became healthy on ${url}:\n${output}`);
    }
    await sleep(100);
  }
  return { url, port, group, output: () => output, stop: () => group.stop() };
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
}

/** The workbench URL for a folder, optionally with a development payload (see `developmentPayload`). */
export function workbenchUrl(server: Pick<CodeServer, 'url' | 'port'>, folder: string, payload?: Array<[string, string]>): string {
  const query = new URLSearchParams({ folder });
  if (payload) query.set('payload', JSON.stringify(payload));
  return `${server.url}/?${query.toString()}`;
}

/** How the browser-side workbench names a path on the server in a payload. */
export function remoteUri(server: Pick<CodeServer, 'port'>, absolutePath: string): string {
  return `vscode-remote://127.0.0.1:${server.port}${absolutePath}`;
}
