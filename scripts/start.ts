// `npm start`: builds the extension, makes sure code-server is installed, and serves a real VS Code on
// 127.0.0.1 with the extension under development loaded from this folder (Reload Window picks up a rebuild,
// e.g. from `npm run watch`) and a sample workspace. The extension talks to its local emulator unless
// SVC_API_KEY is set; SVC_VSCODE=oldest serves the oldest VS Code the extension supports. Ctrl-C stops code-server and everything it started.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { remoteUri, startCodeServer, workbenchUrl } from '../test/harness/codeServer';
import { codeServerBuild, copySampleWorkspace, ensureTools, isolatedEnv, repoRoot, toolsDir } from '../test/harness/toolPaths';

class StartError extends Error {
  override name = 'StartError';
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartError(`SVC_PORT must be a port number 0-65535 (0 = any free port), got "${value}"`);
  return port;
}

async function main(): Promise<void> {
  const port = parsePort(process.env.SVC_PORT);
  // The user-data dir and workspace copy persist across starts, so settings, layout and a stored key survive.
  const runDir = path.join(toolsDir, 'start');

  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: repoRoot, stdio: 'inherit', env: isolatedEnv(runDir) });
  if (build.status !== 0) throw new StartError('`npm run build` failed; fix the errors above and run `npm start` again.');
  ensureTools({ browser: false });

  const workspace = process.env.SVC_WORKSPACE ? path.resolve(process.env.SVC_WORKSPACE) : path.join(runDir, 'workspace');
  if (!process.env.SVC_WORKSPACE && !fs.existsSync(workspace)) copySampleWorkspace(workspace);

  // A new password per start, printed once: any local process or web page can reach a loopback port.
  const password = randomBytes(18).toString('base64url');
  const server = await startCodeServer({ runDir, port, developmentPayload: true, echo: process.env.VERBOSE === '1', audience: { kind: 'developer', password } });
  const url = workbenchUrl(server, workspace, [['extensionDevelopmentPath', remoteUri(server, repoRoot)]]);
  const mode = process.env.SVC_API_KEY ? 'the svc service (SVC_API_KEY is set)' : 'the local emulator (set SVC_API_KEY to use the real service)';
  console.log(`\nsvc for VS Code is running in code-server (VS Code ${codeServerBuild().vscode}) on ${mode}.`);
  console.log(`Workspace: ${workspace}`);
  console.log(`Open this URL in a browser (it loads the extension from ${repoRoot}):\n\n  ${url}\n`);
  console.log(`Password (new at every start): ${password}\n`);
  console.log('After `npm run build` (or with `npm run watch` running), run "Developer: Reload Window" to load the new build. Ctrl-C stops.');
  await new Promise<void>((resolve) => server.group.child.once('exit', () => resolve()));
  await server.stop();
  throw new StartError(`code-server exited unexpectedly:\n${server.output().slice(-3000)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
