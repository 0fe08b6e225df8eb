// `npm run bench`: runs every bench/*.bench.ts through tsx, one after another, and fails if any fails.
// Each bench records its figures and targets in a folder of its own (see bench/support/benchReport.ts);
// at the end they are merged into test-results/bench/bench-results.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const dir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(dir);
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
if (files.length === 0) {
  console.error(`no bench/*.bench.ts matched ${only.join(' ') || '(all)'}`);
  process.exit(1);
}
const loadAtStart = os.loadavg();
const partsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-parts-'));
const runs = [];
try {
  for (const file of files) {
    console.log(`\n## ${file}`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', env: { ...process.env, SVC_BENCH_PARTS_DIR: partsDir } });
    runs.push({ file: `bench/${file}`, exitCode: run.status });
    if (run.status !== 0) console.error(`${file} failed (exit ${run.status ?? run.signal})`);
  }
  const { writeBenchResults } = await tsImport('./support/benchResults.ts', import.meta.url);
  const outFile = path.join(repoRoot, 'test-results', 'bench', 'bench-results.json');
  const results = writeBenchResults({ runs, partsDir, outFile, loadAtStart, repoRoot });
  const { summary } = results;
  console.log(`\n${summary.benches} benches (${summary.broken} broken), ${summary.pass} PASS, ${summary.miss} MISS: ${path.relative(process.cwd(), outFile)}`);
} finally {
  fs.rmSync(partsDir, { recursive: true, force: true });
}
process.exit(runs.every((r) => r.exitCode === 0) ? 0 : 1);
