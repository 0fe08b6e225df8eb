// Runs the end-to-end suite (test/e2e/**/*.test.ts) with mocha against the packaged .vsix
// (dist/svc-vscode.vsix from `npm run package`, or SVC_VSIX). Last line: `N passed, M failed`.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { exitWithSuiteResult, runMocha } from '../harness/suiteResult';
import { ensureTools, makeRunDir, repoRoot, resultsDir, vsixPath } from '../harness/toolPaths';
import { e2eResults, themes } from './vscodeSession';

async function main(): Promise<number> {
  const vsix = process.env.SVC_VSIX ?? vsixPath;
  if (!fs.existsSync(vsix)) {
    console.error(`${vsix} is missing: run \`npm run package\` first (\`npm run test:e2e\` does).`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  ensureTools({ browser: true });
  // `tsx test/e2e/runE2eTests.ts faults` runs only the files whose path contains one of the words given;
  // `-faults` leaves those out.
  const words = process.argv.slice(2);
  const only = words.filter((word) => !word.startsWith('-'));
  const except = words.filter((word) => word.startsWith('-')).map((word) => word.slice(1));
  const chosen = (file: string) => (only.length === 0 || only.some((word) => file.includes(word))) && !except.some((word) => file.includes(word));
  // Only the screenshots of the last whole run: a part run may have the other part beside it, and the run
  // folders may belong to a run still going on elsewhere.
  if (words.length === 0) for (const theme of themes) fs.rmSync(path.join(e2eResults, theme.name), { recursive: true, force: true });
  fs.mkdirSync(path.join(resultsDir, 'tmp'), { recursive: true });
  process.env.TMPDIR = path.join(resultsDir, 'tmp');
  const runDir = makeRunDir(path.join(e2eResults, 'runs'), 'run');
  process.env.SVC_E2E_RUN_DIR = runDir;

  const dir = path.join(repoRoot, 'test', 'e2e');
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 90_000 });
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts') && chosen(f)).sort()) {
    mocha.addFile(path.join(dir, file));
  }
  const started = Date.now();
  await mocha.loadFilesAsync();
  const { passed, failed } = await runMocha(mocha);
  console.log(`end-to-end suite took ${((Date.now() - started) / 1000).toFixed(1)}s; screenshots in ${path.relative(repoRoot, e2eResults)}/`);
  const ok = failed === 0 && passed > 0;
  if (ok) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`kept ${path.relative(repoRoot, runDir)} (profiles, workspaces, logs) for a look`);
  console.log(`${passed} passed, ${failed} failed`);
  return ok ? 0 : 1;
}

exitWithSuiteResult(main);
