// Runs end-to-end spec files (paths given) with mocha in this process, against the packaged .vsix; the last
// line is `N passed, M failed`. The runner (runE2eTests.ts) starts one such process per spec file; started
// alone, it installs the .vsix itself.
import Mocha from 'mocha';
import { exitWithSuiteResult, runMocha } from '../harness/suiteResult';

async function main(): Promise<number> {
  const files = process.argv.slice(2);
  if (files.length === 0) throw new Error('usage: tsx test/e2e/runE2eSpec.ts <spec file>…');
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 90_000 });
  for (const file of files) mocha.addFile(file);
  await mocha.loadFilesAsync();
  const { passed, failed } = await runMocha(mocha);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

exitWithSuiteResult(main);
