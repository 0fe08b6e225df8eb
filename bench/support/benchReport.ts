// How every bench reports: figures as aligned lines, then each target with PASS or MISS. A MISS is a
// finding, not a failure (the process still exits 0); a broken run throws and exits 1.
export interface TargetResult {
  name: string;
  measured: string;
  target: string;
  pass: boolean;
}

export function figure(label: string, value: string): void {
  console.log(`${label.padEnd(62)} ${value}`);
}

export function printTargets(results: readonly TargetResult[]): void {
  for (const r of results) console.log(`${r.pass ? 'PASS' : 'MISS'}  ${r.name}: ${r.measured} (target ${r.target})`);
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
