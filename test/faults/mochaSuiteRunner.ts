// Runs one folder's `*.test.ts` files with mocha (spec reporter) in this process and prints, as the very
// last line, `N passed, M failed`, the form every suite of the project ends with. Exits non-zero on any
// failure, including a suite that could not even load.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { exitWithSuiteResult, runMocha } from '../harness/suiteResult';

async function main(): Promise<number> {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: tsx test/faults/mochaSuiteRunner.ts <folder with *.test.ts files>');
  const dir = path.resolve(folder);
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.test.ts')).sort();
  if (files.length === 0) throw new Error(`no *.test.ts files in ${dir}`);
  const mocha = new Mocha({ reporter: 'spec', timeout: 60_000 });
  for (const file of files) mocha.addFile(path.join(dir, file));
  await mocha.loadFilesAsync();
  const counts = await runMocha(mocha);
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  return counts.failed === 0 && counts.passed > 0 ? 0 : 1;
}

exitWithSuiteResult(main);
