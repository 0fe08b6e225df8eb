// How every bench reports: figures as aligned lines, then each target with PASS or MISS. A MISS is a
// finding, not a failure (the process still exits 0); a broken run throws and exits 1. Everything
// printed here is also recorded; under `npm run bench` (bench/run.mjs names a folder in BENCH_PARTS_ENV)
// the record is written there when the process exits, and run.mjs merges all of them into
// test-results/bench/bench-results.json.
import fs from 'node:fs';
import path from 'node:path';
import { BenchRecorder, formatSpread, spreadOf, type TargetInput } from './benchRecorder';
import type { Quantity, Spread } from './benchResultsSchema';

export { formatSpread, spreadOf };
export type { Quantity, Spread };

/** The folder bench/run.mjs gives every bench for its record. */
export const BENCH_PARTS_ENV = 'SVC_BENCH_PARTS_DIR';

export type TargetResult = TargetInput;

const recorder = new BenchRecorder(path.basename(process.argv[1] ?? 'bench').replace(/\.bench\.[cm]?[jt]s$/, ''));
const partsDir = process.env[BENCH_PARTS_ENV];
if (partsDir) {
  process.on('exit', (code) => {
    const file = path.join(partsDir, `${recorder.name}.json`);
    // The folder is run.mjs's own mkdtemp; a new name then a rename, so run.mjs never reads half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(recorder.part(code)), { flag: 'wx', mode: 0o600 });
    fs.renameSync(temporary, file);
  });
}

export function figure(label: string, value: string): void {
  console.log(`${label.padEnd(62)} ${value}`);
  recorder.figure(label, value);
}

/** A figure measured over several runs: printed as its median with min–max and IQR, recorded with all of them. */
export function figureSpread(label: string, samples: readonly number[], unit: string, digits = 1): Spread {
  const spread = spreadOf(samples, unit);
  const text = formatSpread(spread, digits);
  console.log(`${label.padEnd(62)} ${text}`);
  recorder.figure(label, text, spread);
  return spread;
}

export function printTargets(results: readonly TargetResult[]): void {
  for (const r of results) {
    console.log(`${r.pass ? 'PASS' : 'MISS'}  ${r.name}: ${r.measured} (target ${r.target})`);
    recorder.target(r);
  }
}

export function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Runs a bench's main: a thrown error (a broken run) exits 1, anything else exits 0. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
