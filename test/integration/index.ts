// The extensionTestsPath module: VS Code's extension host loads it and awaits run(). It runs every
// `*.test.js` bundled next to it (from test/integration/**/*.test.ts) with mocha, in the real extension host.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { runMocha } from '../harness/suiteResult';

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .sort()
    .map((file) => path.join(dir, file));
}

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000 });
  const files = testFiles(__dirname);
  for (const file of files) mocha.addFile(file);
  const { passed, failed } = await runMocha(mocha);
  const resultsFile = process.env.SVC_INTEGRATION_RESULTS;
  if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify({ passed, failed, files: files.length }));
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0 || passed === 0) throw new Error(passed === 0 ? `no integration test ran (found ${files.length} files)` : `${failed} integration test(s) failed`);
}
