// Checkpoints of a 10,000-file workspace (plus an ignored node_modules of 2,000 files and an oversized
// file): the first checkpoint, a later one after 10 edits, the comparison with now, and a restore after
// 100 edits and 20 new files; the store's size on disk. The baseline, measured in the same run, is the
// naive snapshot: copying every file of the workspace. Git runs in a child process, so the extension
// host's event loop must stay free while a checkpoint is taken: its longest delay is measured too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { ShadowGitStore } from '../src/extension/checkpoints/shadowGitStore';
import { figure, ms, printTargets, runBench } from './support/benchReport';

const FILES = 10_000;
const MB = 1024 * 1024;

function makeWorkspace(root: string): void {
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(root, `pkg${i % 50}`, `mod${i % 20}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `file${i}.ts`), `// file ${i}\n${'export const value = "some realistic source text";\n'.repeat(20 + (i % 40))}`);
  }
  fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  for (let i = 0; i < 2000; i++) {
    const dir = path.join(root, 'node_modules', `dep${i % 100}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `index${i}.js`), 'module.exports = 1;\n');
  }
  fs.writeFileSync(path.join(root, 'huge.log'), Buffer.alloc(12 * MB, 120));
}

function copyAll(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) && !source.endsWith('huge.log') });
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T; maxLoopDelayMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const start = performance.now();
  const value = await work();
  const elapsed = performance.now() - start;
  delay.disable();
  return { ms: elapsed, value, maxLoopDelayMs: delay.max / 1e6 };
}

runBench(async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-ckpt-'));
  const root = path.join(base, 'workspace');
  try {
    makeWorkspace(root);
    const naive = await timed(async () => copyAll(root, path.join(base, 'copy')));
    const store = await ShadowGitStore.open(path.join(base, 'store'), root);
    const first = await timed(() => store.snapshot('first'));
    const sizeAfterFirst = await store.sizeOnDisk();
    for (let i = 0; i < 10; i++) fs.appendFileSync(path.join(root, `pkg${i}`, `mod${i}`, `file${i}.ts`), '// edited\n');
    const second = await timed(() => store.snapshot('second'));
    for (let i = 0; i < 100; i++) fs.appendFileSync(path.join(root, `pkg${i % 50}`, `mod${i % 20}`, `file${i}.ts`), '// edited again\n');
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(root, `new${i}.ts`), 'new\n');
    const compare = await timed(() => store.changesSince(second.value.commit));
    const restore = await timed(() => store.restore(second.value.commit));
    const sizeAfter = await store.sizeOnDisk();

    figure('workspace', `${FILES} files (+2,000 ignored in node_modules, one 12 MB file over the cap)`);
    figure('baseline: copy every file (naive snapshot)', ms(naive.ms));
    figure('first checkpoint', `${ms(first.ms)} (${first.value.leftOut.length} file left out: ${first.value.leftOut.map((f) => f.path).join(', ')})`);
    figure('store size after the first checkpoint', `${(sizeAfterFirst / MB).toFixed(1)} MB`);
    figure('next checkpoint (10 files edited)', ms(second.ms));
    figure('compare with now (120 files differ)', `${ms(compare.ms)}, ${compare.value.length} files`);
    figure('restore (100 edits, 20 new files)', `${ms(restore.ms)}, ${restore.value.length} files`);
    figure('store size after 2 checkpoints and a restore', `${(sizeAfter / MB).toFixed(1)} MB`);
    const longestStall = Math.max(first.maxLoopDelayMs, second.maxLoopDelayMs, compare.maxLoopDelayMs, restore.maxLoopDelayMs);
    figure('longest event-loop delay while checkpointing', ms(longestStall));
    printTargets([
      { name: 'next checkpoint vs copying the workspace', measured: `${(second.ms / naive.ms).toFixed(2)}×`, target: '≤ 0.5×', pass: second.ms <= naive.ms * 0.5 },
      { name: 'restore vs copying the workspace', measured: `${(restore.ms / naive.ms).toFixed(2)}×`, target: '≤ 1×', pass: restore.ms <= naive.ms },
      { name: 'the UI thread stays free (longest event-loop delay)', measured: ms(longestStall), target: '≤ 50 ms', pass: longestStall <= 50 },
      { name: 'oversized and ignored files stay out of the store', measured: `${(sizeAfterFirst / MB).toFixed(1)} MB`, target: '< 12 MB', pass: sizeAfterFirst < 12 * MB },
    ]);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});
