import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchRecorder, formatSpread, parseQuantities, spreadOf } from '../../../bench/support/benchRecorder';
import { BenchPartError, mergeBenchResults, writeBenchResults } from '../../../bench/support/benchResults';
import { BENCH_PARTS_ENV } from '../../../bench/support/benchReport';
import { benchPartSchema, benchResultsSchema, type Machine } from '../../../bench/support/benchResultsSchema';

const machine: Machine = {
  node: 'v20.20.2',
  platform: 'linux',
  arch: 'x64',
  cpus: 2,
  cpuModel: 'test cpu',
  memoryBytes: 1024,
  loadAverage: { start: [1, 1, 1], end: [2, 2, 2] },
};
const git = { commit: 'a'.repeat(40), dirty: false };
const fixedClock = (): Date => new Date('2026-11-25T10:00:00.000Z');

describe('bench results', () => {
  describe('parseQuantities', () => {
    it('reads every number of a printed figure with the unit after it', () => {
      assert.deepEqual(parseQuantities('17.0 ms / 50.9 ms'), [
        { value: 17, unit: 'ms' },
        { value: 50.9, unit: 'ms' },
      ]);
      assert.deepEqual(parseQuantities('36.7 MB/s: 3.56× the helper, 80.3 % cached, 1,959 KB'), [
        { value: 36.7, unit: 'MB/s' },
        { value: 3.56, unit: '×' },
        { value: 80.3, unit: '%' },
        { value: 1959, unit: 'KB' },
      ]);
      assert.deepEqual(parseQuantities('4 / 4 uploads'), [
        { value: 4, unit: '' },
        { value: 4, unit: 'uploads' },
      ]);
    });

    it('takes no digits out of words and names', () => {
      assert.deepEqual(parseQuantities('svc-k2.5 on cl100k_base'), []);
    });
  });

  describe('spreadOf', () => {
    it('gives median, extremes and interpolated quartiles', () => {
      assert.deepEqual(spreadOf([5, 1, 3, 2, 4], 'ms'), { unit: 'ms', runs: 5, median: 3, min: 1, max: 5, q1: 2, q3: 4 });
      assert.deepEqual(spreadOf([4, 1], 's'), { unit: 's', runs: 2, median: 2.5, min: 1, max: 4, q1: 1.75, q3: 3.25 });
    });

    it('refuses no samples and samples that are not numbers', () => {
      assert.throws(() => spreadOf([], 'ms'), /no samples/);
      assert.throws(() => spreadOf([1, Number.NaN], 'ms'), /finite/);
    });

    it('prints the median with min–max and the IQR', () => {
      assert.equal(formatSpread(spreadOf([3.9, 4.1, 7.2], 's')), 'median 4.1 s (3.9–7.2 s, IQR 4.0–5.7, 3 runs)');
      assert.equal(formatSpread(spreadOf([1.25], '×'), 2), '1.25× (1 run)');
    });
  });

  describe('BenchRecorder', () => {
    it('keeps figures and targets, reading the number a target is about from its printed text', () => {
      const recorder = new BenchRecorder('addedLatency', fixedClock);
      recorder.figure('paced: p50 / p99', '17.0 ms / 50.9 ms');
      recorder.target({ name: 'added latency p50', measured: '17.0 ms', target: '<= 16 ms', pass: false });
      recorder.target({ name: 'nothing numeric', measured: 'none', target: 'none', pass: true });
      const part = recorder.part(0);
      assert.equal(part.name, 'addedLatency');
      assert.equal(part.startedAt, '2026-11-25T10:00:00.000Z');
      assert.deepEqual(part.figures, [{ label: 'paced: p50 / p99', text: '17.0 ms / 50.9 ms', values: [{ value: 17, unit: 'ms' }, { value: 50.9, unit: 'ms' }] }]);
      assert.deepEqual(part.targets, [
        { name: 'added latency p50', measured: '17.0 ms', value: { value: 17, unit: 'ms' }, target: '<= 16 ms', pass: false },
        { name: 'nothing numeric', measured: 'none', value: null, target: 'none', pass: true },
      ]);
    });

    it('takes a given value, or the median of a given spread, over the printed text', () => {
      const recorder = new BenchRecorder('startupAndSize', fixedClock);
      const spread = spreadOf([1.1, 1.3, 1.2], '×');
      recorder.target({ name: 'ratio', measured: formatSpread(spread, 2), target: '<= 1.2×', pass: true, spread });
      recorder.target({ name: 'exact', measured: '2.13×', value: { value: 2.1349, unit: '×' }, target: '>= 1.5×', pass: true });
      const [fromSpread, given] = recorder.part(0).targets;
      assert.deepEqual(fromSpread?.value, { value: 1.2, unit: '×' });
      assert.deepEqual(fromSpread?.spread, spread);
      assert.deepEqual(given?.value, { value: 2.1349, unit: '×' });
    });
  });

  describe('mergeBenchResults', () => {
    const part = (name: string, pass: boolean): unknown => {
      const recorder = new BenchRecorder(name, fixedClock);
      recorder.figure('a figure', '12.5 ms');
      recorder.target({ name: `${name} target`, measured: '1.0 ms', target: '<= 2 ms', pass });
      return JSON.parse(JSON.stringify(recorder.part(0))) as unknown;
    };

    it('gives every bench run its record, a broken one without any, and counts the verdicts', () => {
      const results = mergeBenchResults({
        runs: [
          { file: 'bench/streamClient.bench.ts', exitCode: 0 },
          { file: 'bench/checkpoints.bench.ts', exitCode: 0 },
          { file: 'bench/startupAndSize.bench.ts', exitCode: 1 },
        ],
        parts: new Map([
          ['streamClient', part('streamClient', true)],
          ['checkpoints', part('checkpoints', false)],
        ]),
        machine,
        date: fixedClock(),
        git,
      });
      assert.deepEqual(benchResultsSchema.parse(results), results);
      assert.deepEqual(results.benches.map((b) => [b.name, b.ok, b.targets.length, b.figures.length]), [
        ['streamClient', true, 1, 1],
        ['checkpoints', true, 1, 1],
        ['startupAndSize', false, 0, 0],
      ]);
      assert.deepEqual(results.summary, { benches: 3, broken: 1, targets: 2, pass: 1, miss: 1 });
      assert.equal(results.date, '2026-11-25T10:00:00.000Z');
    });

    it('refuses a record that does not match the schema', () => {
      const broken = { ...(part('streamClient', true) as object), targets: [{ name: 'no verdict' }] };
      assert.throws(
        () => mergeBenchResults({ runs: [{ file: 'bench/streamClient.bench.ts', exitCode: 0 }], parts: new Map([['streamClient', broken]]), machine, date: fixedClock(), git }),
        BenchPartError,
      );
    });
  });

  describe('writeBenchResults', () => {
    let dir: string;
    beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-results-test-'))));
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('writes the merged parts with the machine and the commit, replacing an earlier file', () => {
      const partsDir = path.join(dir, 'parts');
      fs.mkdirSync(partsDir);
      fs.writeFileSync(path.join(partsDir, 'streamClient.json'), JSON.stringify(new BenchRecorder('streamClient', fixedClock).part(0)));
      const outFile = path.join(dir, 'out', 'bench-results.json');
      fs.mkdirSync(path.dirname(outFile));
      fs.writeFileSync(outFile, 'an earlier run');
      // A repository of the test's own: the suite also runs from a copy of the files with no .git.
      const repoRoot = path.join(dir, 'repo');
      fs.mkdirSync(repoRoot);
      const git = (...args: string[]): void => {
        const run = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: repoRoot, encoding: 'utf8' });
        assert.equal(run.status, 0, run.stderr);
      };
      git('init', '-q');
      git('commit', '-q', '--allow-empty', '-m', 'empty');
      writeBenchResults({ runs: [{ file: 'bench/streamClient.bench.ts', exitCode: 0 }], partsDir, outFile, loadAtStart: [0.5, 0.5, 0.5], repoRoot });
      const written = benchResultsSchema.parse(JSON.parse(fs.readFileSync(outFile, 'utf8')));
      assert.equal(written.benches[0]?.name, 'streamClient');
      assert.equal(written.machine.node, process.version);
      assert.equal(written.machine.cpus, os.cpus().length);
      assert.deepEqual(written.machine.loadAverage.start, [0.5, 0.5, 0.5]);
      assert.match(written.git?.commit ?? '', /^[0-9a-f]{40}$/);
      assert.deepEqual(fs.readdirSync(path.dirname(outFile)), ['bench-results.json']);
      assert.equal(written.git?.dirty, false);
    });
  });

  describe('benchReport', () => {
    let dir: string;
    beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-report-test-'))));
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('records what a bench prints and leaves it in the parts folder when the process exits', () => {
      const repoRoot = path.join(__dirname, '..', '..', '..');
      const bench = path.join(dir, 'sample.bench.ts');
      const report = JSON.stringify(path.join(repoRoot, 'bench', 'support', 'benchReport.ts'));
      fs.writeFileSync(
        bench,
        `import { figure, figureSpread, printTargets, runBench } from ${report};\n` +
          `runBench(async () => {\n` +
          `  figure('size', '386.7 KB');\n` +
          `  const spread = figureSpread('view ready', [3.9, 7.2, 4.1], 's');\n` +
          `  printTargets([{ name: 'ready', measured: 'x', target: '<= 5 s', pass: spread.median <= 5, spread }]);\n` +
          `});\n`,
      );
      const partsDir = path.join(dir, 'parts');
      fs.mkdirSync(partsDir);
      const run = spawnSync(process.execPath, ['--import', 'tsx', bench], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, [BENCH_PARTS_ENV]: partsDir } });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /view ready +median 4\.1 s \(3\.9–7\.2 s, IQR 4\.0–5\.7, 3 runs\)/);
      assert.match(run.stdout, /PASS {2}ready: x \(target <= 5 s\)/);
      assert.deepEqual(fs.readdirSync(partsDir), ['sample.json']);
      const part = benchPartSchema.parse(JSON.parse(fs.readFileSync(path.join(partsDir, 'sample.json'), 'utf8')));
      assert.equal(part.exitCode, 0);
      assert.deepEqual(part.figures.map((f) => [f.label, f.values[0]?.value, f.spread?.median]), [
        ['size', 386.7, undefined],
        ['view ready', 4.1, 4.1],
      ]);
      assert.deepEqual(part.targets[0]?.value, { value: 4.1, unit: 's' });
    });
  });
});
