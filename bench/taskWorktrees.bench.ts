// Background task worktrees on the large repository (git/git copied 16 times, about 77,000 files, committed
// in a private copy): making a task's worktree against plain `git worktree add` of the same commit, and
// applying a 10-file change of a task against plain `git diff | git apply`, alternately in the same run.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { figure, ms, printTargets, runBench } from './support/benchReport';
import { largeRepository, scratchCopy } from './support/largeRepository';
import { worktreeBed } from '../test/support/taskWorktreesBed';

const CREATE_ROUNDS = 3;
const APPLY_ROUNDS = 5;
const FILES_CHANGED = 10;

const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };

function sh(script: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', script], { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, _out, stderr) => (error ? reject(new Error(`${script}: ${stderr || error.message}`)) : resolve()));
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

runBench(async () => {
  const repository = largeRepository();
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-worktrees-')));
  try {
    const root = scratchCopy(repository, base);
    execFileSync('bash', ['-c', 'git add -A && git -c user.name=b -c user.email=b@b.invalid commit --quiet -m tree'], { cwd: root, env, stdio: 'inherit' });
    figure('repository', `${repository.files} files committed: ${repository.copies} copies of ${repository.source.commit.slice(0, 12)}`);
    const bed = worktreeBed(() => [root]);
    const plainDir = path.join(base, 'plain');
    const plain: number[] = [];
    const ours: number[] = [];
    for (let round = 0; round < CREATE_ROUNDS; round++) {
      plain.push(await timed(() => sh(`git worktree add --quiet -b plain-${round} ${plainDir} HEAD`, root)));
      await sh(`mv ${plainDir} ${path.join(base, `trash-${round}`)} && git worktree prune && git branch -D --quiet plain-${round}`, root);
      ours.push(await timed(() => bed.worktrees.create(root, { id: `create-${round}`, task: 'bench', carry: 'nothing' })));
      await bed.worktrees.discard(`create-${round}`);
    }
    figure(`create: plain git worktree add, median of ${CREATE_ROUNDS}`, `${ms(median(plain))} (${plain.map((v) => v.toFixed(0)).join(', ')})`);
    figure(`create: task worktree, median of ${CREATE_ROUNDS}`, `${ms(median(ours))} (${ours.map((v) => v.toFixed(0)).join(', ')})`);
    const createRatio = median(ours) / median(plain);

    const record = await bed.worktrees.create(root, { id: 'apply', task: 'bench', carry: 'nothing' });
    const copies = fs.readdirSync(record.path).filter((name) => name.startsWith('copy')).sort();
    const changed = Array.from({ length: FILES_CHANGED }, (_, i) => `${copies[i % copies.length] as string}/${i % 2 === 0 ? 'README.md' : 'Makefile'}`);
    const plainApply: number[] = [];
    const oursApply: number[] = [];
    const reset = () => sh(`git checkout -- ${changed.join(' ')}`, root);
    for (let round = 0; round < APPLY_ROUNDS; round++) {
      for (const file of changed) fs.appendFileSync(path.join(record.path, file), `\n# changed by the task, round ${round}\n`);
      plainApply.push(await timed(() => sh(`git -C ${record.path} diff ${record.base} | git apply`, root)));
      await reset();
      oursApply.push(
        await timed(async () => {
          const report = await bed.changes.apply(record, await bed.changes.plan(record), 'leave-conflicts');
          if (report.written.length !== FILES_CHANGED) throw new Error(`applied ${report.written.length} files, not ${FILES_CHANGED}: ${JSON.stringify(report.left)}`);
        }),
      );
      await reset();
    }
    figure(`apply ${FILES_CHANGED} files: plain git diff | git apply, median of ${APPLY_ROUNDS}`, `${ms(median(plainApply))} (${plainApply.map((v) => v.toFixed(0)).join(', ')})`);
    figure(`apply ${FILES_CHANGED} files: task Apply (compare, three-way plan, write), median of ${APPLY_ROUNDS}`, `${ms(median(oursApply))} (${oursApply.map((v) => v.toFixed(0)).join(', ')})`);
    const applyRatio = median(oursApply) / median(plainApply);
    await bed.worktrees.discard('apply');
    bed.dispose();
    printTargets([
      { name: 'task worktree vs plain git worktree add (same commit, same run)', measured: `${createRatio.toFixed(2)}×`, target: '≤ 1.5×', pass: createRatio <= 1.5 },
      { name: `Apply of a ${FILES_CHANGED}-file change vs git diff | git apply (same run)`, measured: `${applyRatio.toFixed(2)}×`, target: '≤ 1.5×', pass: applyRatio <= 1.5 },
    ]);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});
