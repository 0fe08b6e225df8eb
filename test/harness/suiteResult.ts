// How every suite runner of the project counts its results and ends: the last line it prints is
// `N passed, M failed`, and a runner that crashes still prints one (as a failure) and exits non-zero.
import type Mocha from 'mocha';
import { MissingToolError } from './toolPaths';

export interface SuiteCounts {
  passed: number;
  failed: number;
}

/** Runs the loaded mocha suite and resolves with its pass and failure counts. */
export function runMocha(mocha: Mocha): Promise<SuiteCounts> {
  return new Promise((resolve) => {
    const runner = mocha.run(() => resolve({ passed: runner.stats?.passes ?? 0, failed: runner.stats?.failures ?? 0 }));
  });
}

/** Runs a runner's `main` and exits with its code; an error escaping it counts as one failed test. */
export function exitWithSuiteResult(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      // A missing tool is the machine's state, not a bug: one line saying what to install is the whole story.
      if (error instanceof MissingToolError) console.error(`missing tool: ${error.message}`);
      else console.error(error);
      console.log('0 passed, 1 failed');
      process.exit(1);
    },
  );
}
