// Merges what every bench process recorded (the parts benchReport.ts writes) with the machine, the date
// and the commit into test-results/bench/bench-results.json, checked against its schema before writing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPartSchema, benchResultsSchema, type BenchEntry, type BenchResults, type Machine } from './benchResultsSchema';

/** One bench file as bench/run.mjs ran it. */
export interface BenchRun {
  file: string;
  /** The exit code; null when a signal ended it. */
  exitCode: number | null;
}

export interface MergeInput {
  runs: readonly BenchRun[];
  /** The part each bench wrote, by bench name (the file name without `.bench.ts`); raw JSON, checked here. */
  parts: ReadonlyMap<string, unknown>;
  machine: Machine;
  date: Date;
  git: BenchResults['git'];
}

export class BenchPartError extends Error {
  override readonly name = 'BenchPartError';
}

export function benchName(file: string): string {
  return path.basename(file).replace(/\.bench\.[cm]?[jt]s$/, '');
}

export function mergeBenchResults(input: MergeInput): BenchResults {
  const benches = input.runs.map((run): BenchEntry => {
    const name = benchName(run.file);
    const raw = input.parts.get(name);
    const common = { name, file: run.file, ok: run.exitCode === 0, exitCode: run.exitCode };
    if (raw === undefined) return { ...common, startedAt: null, finishedAt: null, loadAverage: null, targets: [], figures: [] };
    const parsed = benchPartSchema.safeParse(raw);
    if (!parsed.success) throw new BenchPartError(`the record of ${run.file} is malformed: ${parsed.error.message}`);
    const { startedAt, finishedAt, loadAverage, targets, figures } = parsed.data;
    return { ...common, startedAt, finishedAt, loadAverage, targets, figures };
  });
  const targets = benches.flatMap((b) => b.targets);
  return benchResultsSchema.parse({
    date: input.date.toISOString(),
    git: input.git,
    machine: input.machine,
    benches,
    summary: {
      benches: benches.length,
      broken: benches.filter((b) => !b.ok).length,
      targets: targets.length,
      pass: targets.filter((t) => t.pass).length,
      miss: targets.filter((t) => !t.pass).length,
    },
  });
}

type LoadAverage = [number, number, number];

export function machineFacts(loadAtStart: LoadAverage): Machine {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryBytes: os.totalmem(),
    loadAverage: { start: loadAtStart, end: os.loadavg() as LoadAverage },
  };
}

function gitState(cwd: string): BenchResults['git'] {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' });
  if (head.status !== 0) return null;
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' });
  return { commit: head.stdout.trim(), dirty: status.status !== 0 || status.stdout.trim() !== '' };
}

/** Reads the parts in `partsDir`, merges them and writes `outFile` (a new file renamed over the old one). */
export function writeBenchResults(options: { runs: readonly BenchRun[]; partsDir: string; outFile: string; loadAtStart: LoadAverage; repoRoot: string }): BenchResults {
  const parts = new Map<string, unknown>();
  for (const entry of fs.readdirSync(options.partsDir)) {
    if (!entry.endsWith('.json')) continue;
    parts.set(entry.slice(0, -'.json'.length), JSON.parse(fs.readFileSync(path.join(options.partsDir, entry), 'utf8')));
  }
  const results = mergeBenchResults({ runs: options.runs, parts, machine: machineFacts(options.loadAtStart), date: new Date(), git: gitState(options.repoRoot) });
  fs.mkdirSync(path.dirname(options.outFile), { recursive: true });
  const temporary = `${options.outFile}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(results, null, 2)}\n`, { flag: 'wx' });
  fs.renameSync(temporary, options.outFile);
  return results;
}
