// Runs the integration suite in a real VS Code extension host through @vscode/test-electron's runTests:
// a desktop VS Code when one is installed (or SVC_VSCODE_EXECUTABLE names one), code-server otherwise
// (test/harness/code-shim.sh). SVC_VSCODE=oldest runs it in code-server's oldest VS Code the extension supports
// instead, whatever is installed. Expects `npm run build` to have produced dist/. Last line: `N passed, M failed`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildIntegrationTests } from '../harness/buildIntegrationTests';
import { SECRET_ENV, scanForSecret } from '../harness/secretScan';
import { exitWithSuiteResult } from '../harness/suiteResult';
import { codeServerBuild, copySampleWorkspace, ensureTools, makeRunDir, repoRoot, resultsDir } from '../harness/toolPaths';

const desktopCandidates: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ['/usr/share/code/code', '/snap/code/current/usr/share/code/code'],
  darwin: ['/Applications/Visual Studio Code.app/Contents/MacOS/Code', '/Applications/Visual Studio Code.app/Contents/MacOS/Electron'],
  win32: [path.join(process.env.LOCALAPPDATA ?? 'C:\\', 'Programs', 'Microsoft VS Code', 'Code.exe')],
};

function desktopVsCode(): string | undefined {
  if (codeServerBuild().name === 'oldest') return undefined;
  if (process.env.SVC_VSCODE_EXECUTABLE) return process.env.SVC_VSCODE_EXECUTABLE;
  if (process.env.SVC_USE_CODE_SERVER === '1') return undefined;
  // Electron needs a display; a headless Linux box gets code-server.
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return undefined;
  return (desktopCandidates[process.platform] ?? []).find((candidate) => fs.existsSync(candidate));
}

function readResults(file: string): { passed: number; failed: number } | undefined {
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { passed: number; failed: number };
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) {
    console.error('dist/extension.js is missing: run `npm run build` first (`npm run test:integration` does).');
    return 1;
  }
  const desktop = desktopVsCode();
  if (!desktop) ensureTools({ browser: true });
  const testsIndex = await buildIntegrationTests();
  // A run folder of its own: another run of the suite (another terminal, another helper) may be going on.
  const runDir = makeRunDir(path.join(resultsDir, 'integration'), 'vscode');
  const workspace = copySampleWorkspace(path.join(runDir, 'workspace'));
  const resultsFile = path.join(runDir, 'results.json');
  console.log(`integration tests in ${desktop ? `desktop VS Code (${desktop})` : `code-server (VS Code ${codeServerBuild().vscode}) via test/harness/code-shim.sh`}`);

  // The key of the secrets test (secrets.test.ts): random per run, so any copy of it on disk is a leak.
  const secret = `sk-integration-${randomBytes(24).toString('hex')}`;
  const started = Date.now();
  let runError: unknown;
  try {
    await runTests({
      vscodeExecutablePath: desktop ?? path.join(repoRoot, 'test', 'harness', 'code-shim.sh'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: testsIndex,
      launchArgs: [workspace, '--disable-extensions', `--user-data-dir=${path.join(runDir, 'user-data')}`, `--extensions-dir=${path.join(runDir, 'extensions')}`],
      // The suite runs on the local emulator whatever the developer's shell has.
      extensionTestsEnv: { SVC_INTEGRATION_RESULTS: resultsFile, SVC_API_KEY: undefined, TMPDIR: path.join(runDir, 'tmp'), [SECRET_ENV]: secret },
    });
  } catch (error) {
    runError = error;
  }
  const results = readResults(resultsFile);
  console.log(`integration suite took ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (!results) {
    console.error(`the extension host reported no results (${runError instanceof Error ? runError.message : 'no error'})`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  // Everything the run wrote (user data with logs and settings, extension storage, workspace, emulator
  // logs under TMPDIR) after the extension used the key; the browser profile, where VS Code keeps its
  // own secret store, is not part of the run folder.
  const scan = scanForSecret([runDir], secret);
  // The extension's own output channel ("svc") must be among them, or the scan missed where a leak is likeliest.
  const extensionLog = scan.logs.find((file) => /(^|[-/])svc\.log$/.test(file));
  console.log(`secret scan: ${scan.files} files (${scan.logs.length} logs, ${(scan.bytes / 1024 / 1024).toFixed(1)} MB) of the run, ${scan.leaks.length} holding the key`);
  if (!extensionLog) console.error('  the extension\'s own log (…svc.log) was not found among them');
  for (const leak of scan.leaks) console.error(`  the key leaked into ${leak}`);
  const scanPassed = scan.leaks.length === 0 && extensionLog !== undefined ? 1 : 0;
  results.passed += scanPassed;
  results.failed += 1 - scanPassed;
  const ok = !runError && results.failed === 0 && results.passed > 0;
  if (ok) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`kept ${path.relative(repoRoot, runDir)} for a look`);
  console.log(`${results.passed} passed, ${results.failed} failed`);
  return ok ? 0 : 1;
}

exitWithSuiteResult(main);
