// Runs an `extensionTestsPath` module inside code-server's Node extension host, the way VS Code's own browser
// integration tests do: the workbench is opened with ?payload=[[extensionDevelopmentPath..],[extensionTestsPath..]]
// and calls window.codeAutomationExit(code) when the tests finish. It takes the arguments @vscode/test-electron
// gives a VS Code executable (code-shim.sh passes them on), so `runTests` works unchanged where no desktop VS Code
// is installed. Exit code: the tests' result (124 on timeout). The tests' last `N passed, M failed` line is printed last.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, type Browser } from './browser';
import { remoteUri, startCodeServer, workbenchUrl, type CodeServer } from './codeServer';
import { makeRunDir, resultsDir } from './toolPaths';

interface RunnerArgs {
  developmentPaths: string[];
  testsPath: string;
  workspace: string | undefined;
  userDataDir: string | undefined;
  extensionsDir: string | undefined;
}

class RunnerUsageError extends Error {
  override name = 'RunnerUsageError';
}

function parseArgs(argv: string[]): RunnerArgs {
  const developmentPaths: string[] = [];
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (const arg of argv) {
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const key = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const value = eq < 0 ? '' : arg.slice(eq + 1);
    if (key === 'extensionDevelopmentPath') developmentPaths.push(path.resolve(value));
    else flags.set(key, value); // flags only a desktop VS Code understands (--no-sandbox, --disable-gpu-sandbox...) are ignored
  }
  const testsPath = flags.get('extensionTestsPath');
  if (!testsPath) throw new RunnerUsageError('missing --extensionTestsPath=<file or folder of the test index>');
  if (developmentPaths.length === 0) throw new RunnerUsageError('missing --extensionDevelopmentPath=<extension folder>');
  return {
    developmentPaths,
    testsPath: path.resolve(testsPath),
    workspace: positional[0] ? path.resolve(positional[0]) : undefined,
    userDataDir: flags.get('user-data-dir') || undefined,
    extensionsDir: flags.get('extensions-dir') || undefined,
  };
}

// Workbench chatter forwarded with the test output; hidden unless VERBOSE=1.
const noise = /^(Creating a socket|Resolving connection token|Resolved connection token|Updating additional builtin|\[(Service Worker|reconnection-grace-time|AgentHost[^\]]*|AccountPolicyGate)\]|Started local extension host|The web worker extension host|Ignoring fetching additional builtin|Canceled: Canceled)/;
const summaryLine = /^\d+ passed, \d+ failed/;

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const verbose = process.env.VERBOSE === '1';
  const timeoutMs = Number(process.env.SVC_EXTENSION_TEST_TIMEOUT_S ?? 600) * 1000;
  const runDir = makeRunDir(path.join(resultsDir, 'runs'), 'extension-tests');
  const workspace = args.workspace ?? path.join(runDir, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  const started = Date.now();
  const log = (message: string) => console.log(`[runner ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let summary: string | undefined;
  let outcome: number | 'timeout' | 'crash' = 'crash';
  try {
    server = await startCodeServer({
      runDir,
      developmentPayload: true,
      echo: verbose,
      ...(args.userDataDir ? { userDataDir: args.userDataDir } : {}),
      ...(args.extensionsDir ? { extensionsDir: args.extensionsDir } : {}),
    });
    log(`code-server up on ${server.url}`);
    browser = await launchBrowser(runDir);
    const { page } = browser;
    let finish: (code: number | 'timeout' | 'crash') => void = () => {};
    const finished = new Promise<number | 'timeout' | 'crash'>((resolve) => (finish = resolve));
    await page.exposeFunction('codeAutomationLog', (type: string, logArgs: unknown[] = []) => {
      const first = logArgs[0];
      if (typeof first === 'string' && summaryLine.test(first)) summary = first;
      if (!verbose && typeof first === 'string' && noise.test(first)) return;
      const shown = !verbose && type === 'error' && typeof first === 'string' ? [first.split('\n')[0]] : logArgs;
      (type === 'error' ? console.error : console.log)(...shown);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => finish(code));
    page.on('crash', () => finish('crash'));
    if (verbose) page.on('console', (message) => console.log('[page]', message.text()));

    const payload: Array<[string, string]> = [
      ...args.developmentPaths.map((p): [string, string] => ['extensionDevelopmentPath', remoteUri(server!, p)]),
      ['extensionTestsPath', remoteUri(server, args.testsPath)],
      ['skipWelcome', 'true'],
    ];
    await page.goto(workbenchUrl(server, workspace, payload));
    log('workbench loading; the tests run in the extension host');
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    outcome = await finished;
    clearTimeout(timer);
    log(`extension host exited with ${outcome}`);
    if (outcome !== 0) {
      await page.screenshot({ path: path.join(runDir, 'failure.png') }).catch(() => undefined);
      if (!verbose) console.error(server.output().slice(-4000));
      log(`kept ${runDir} (screenshot, logs) for a look`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  }
  if (outcome === 0) fs.rmSync(runDir, { recursive: true, force: true });
  if (summary) console.log(summary);
  return outcome === 'timeout' ? 124 : outcome === 'crash' ? 3 : outcome;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
    process.exit(error instanceof RunnerUsageError ? 2 : 1);
  },
);
