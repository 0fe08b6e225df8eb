// Four background tasks streaming at once. This process plays the extension host
// (bench/support/backgroundTaskHost.ts: the real worktrees, conversation store, agent tasks, tools and list of
// sessions) with the real emulator on a worker thread of this process, as the extension runs its local
// emulator when no key is set; the emulator paces every stream at STREAM_SPEED tokens a second. Each task reads two files, edits one,
// writes a test, reads the README and answers at length, every step with reasoning, all in its own worktree.
// Measured, in one run:
// - memory: the process's JS heap (heapUsed + external) and RSS after two forced collections, sampled while
//   every task of a run streams; 1 task against 4, per extra task = (4 tasks − 1 task) / 3;
// - the longest event-loop delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution) from the tasks' start to
//   their end, with 1 task and with 4, no forced collections in these runs;
// - the chat view's longest task: what the host posted to the view during the 4-task run (the active
//   conversation's live steps and text, and the list of sessions for all four) is replayed into the real
//   webview bundle in headless Chromium at the times it was posted, once with the list of sessions closed and
//   once open, under a Chrome trace (renderer main thread RunTask events). Chromium runs after the host runs,
//   so neither measurement takes processor time from the other.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SvcClient } from '../src/api/index';
import { startEmulatorThread } from '../src/emulator/emulatorThread';
import type { Scenario } from '../src/emulator/index';
import type { HostMessage } from '../src/shared/protocol';
import { resultsDir } from '../test/harness/toolPaths';
import { repositoryWith } from '../test/support/taskWorktreesBed';
import { ChatPage, initMessage } from '../test/webview/chatPage';
import { longReply } from '../test/webview/longReply';
import { BackgroundTaskHost, type PostedMessage, type PreparedTask } from './support/backgroundTaskHost';
import { launchBenchBrowser, traceMainThread, type BenchBrowser, type MainThreadFigures, formatBreakdown } from './support/benchBrowser';
import { figure, ms, printTargets, runBench } from './support/benchReport';
import type { ProbeWindow } from './support/pageProbeApi';

const TASKS = 4;
const MODEL = 'svc-k2.5';
const API_KEY = 'sk-bench-background';
/** Tokens a second per stream: a fast service. */
const STREAM_SPEED = 150;
const ANSWER_TOKENS = 1_500;
const MB = 1024 * 1024;
const SAMPLE_EVERY_MS = 500;
const DELAY_TARGET_MS = 50;
const TASK_TARGET_MS = 50;
const MEMORY_TARGET_MB = 30;

// Memory is read after full collections; `npm run bench` does not pass --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function words(count: number, seed: number): string {
  return longReply(count, seed).join('').replace(/[#`*>\-\n]+/g, ' ').replace(/\s+/g, ' ').trim();
}

function moduleText(k: number): string {
  const body = Array.from({ length: 120 }, (_, i) => `export function step${k}_${i}(value: number): number {\n  return value * ${i + 1} + ${k};\n}\n`).join('');
  return `// module ${k}\nexport const NAME = 'module ${k}';\n${body}`;
}

const taskText = (k: number): string => `Background task ${k}: tidy src/module${k}.ts and add a test for it.`;

/** Task k's steps: reads, an edit, a new file, a read, then a long answer; each step reasons first. */
function scenarios(): Scenario[] {
  return Array.from({ length: TASKS }, (_, k) => {
    const match = (step: number) => ({ lastUserText: `background task ${k}:`, toolStepsSinceUser: step });
    const step = (index: number, name: string, args: Record<string, unknown>): Scenario => ({
      name: `task ${k} step ${index}`,
      match: match(index),
      reply: { reasoning: words(70, 1_000 * k + index), content: `Step ${index + 1}: ${name} next.`, toolCalls: [{ name, arguments: args }] },
    });
    const test = Array.from({ length: 60 }, (_, i) => `assert.equal(step${k}_${i}(1), ${i + 1 + k + 1});`).join('\n');
    return [
      step(0, 'read_file', { path: `src/module${k}.ts` }),
      step(1, 'read_file', { path: 'src/shared.ts' }),
      step(2, 'edit_file', { path: `src/module${k}.ts`, old_text: `export const NAME = 'module ${k}';`, new_text: `export const NAME = 'module ${k}, tidied';` }),
      step(3, 'write_file', { path: `src/module${k}.test.ts`, content: `import assert from 'node:assert/strict';\nimport { ${Array.from({ length: 60 }, (_, i) => `step${k}_${i}`).join(', ')} } from './module${k}';\n\n${test}\n` }),
      step(4, 'read_file', { path: 'README.md' }),
      { name: `task ${k} answer`, match: match(5), reply: { reasoning: words(250, 7_000 + k), content: longReply(ANSWER_TOKENS, 300 + k).join('') } },
    ];
  }).flat();
}

interface Memory {
  heap: number;
  rss: number;
}

function memoryNow(): Memory {
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed + usage.external, rss: usage.rss };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function checkTasks(records: Awaited<ReturnType<BackgroundTaskHost['launch']>>, prepared: readonly PreparedTask[]): void {
  records.forEach((record, i) => {
    assert.equal(record?.summary.stopReason, 'stop', `task ${i} ended with its answer: ${record?.summary.error ?? ''}`);
    const task = prepared[i] as PreparedTask;
    const k = Number(/task (\d+)/.exec(task.text)?.[1]);
    assert.match(fs.readFileSync(path.join(task.record.path, `src/module${k}.ts`), 'utf8'), /tidied/, `task ${i} edited its own worktree`);
    assert.ok(fs.existsSync(path.join(task.record.path, `src/module${k}.test.ts`)), `task ${i} wrote its test in its worktree`);
  });
}

/** Runs `count` tasks at once with memory sampled while they stream; the median sample. */
async function memoryRun(host: BackgroundTaskHost, count: number): Promise<Memory & { samples: number }> {
  const prepared = await host.prepare(Array.from({ length: count }, (_, k) => taskText(k)));
  const samples: Memory[] = [];
  const timer = setInterval(() => samples.push(memoryNow()), SAMPLE_EVERY_MS);
  const records = await host.launch(prepared).finally(() => clearInterval(timer));
  checkTasks(records, prepared);
  await host.discard(prepared);
  // The tasks run the same script at the same pace and end together; the last second, as they end, is left out.
  const kept = samples.slice(0, Math.max(1, samples.length - Math.ceil(1_000 / SAMPLE_EVERY_MS)));
  return { heap: median(kept.map((s) => s.heap)), rss: median(kept.map((s) => s.rss)), samples: kept.length };
}

interface DelayRun {
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  wallMs: number;
  posted: PostedMessage[];
  prepared: PreparedTask[];
}

/** Runs `count` tasks at once, their streams timed by the event-loop monitor and what they post recorded. */
async function delayRun(host: BackgroundTaskHost, count: number): Promise<DelayRun> {
  host.startRecording();
  const prepared = await host.prepare(Array.from({ length: count }, (_, k) => taskText(k)));
  const monitor = monitorEventLoopDelay({ resolution: 1 });
  const start = performance.now();
  monitor.enable();
  const records = await host.launch(prepared);
  monitor.disable();
  const wallMs = performance.now() - start;
  await new Promise((resolve) => setImmediate(resolve));
  const posted = host.stopRecording();
  checkTasks(records, prepared);
  return { maxMs: monitor.max / 1e6, p99Ms: monitor.percentile(99) / 1e6, meanMs: monitor.mean / 1e6, wallMs, posted, prepared };
}

interface ViewRun {
  figures: MainThreadFigures;
  turns: number;
  messages: number;
}

/** Replays what the host posted into a fresh page at the times it was posted, traced. */
async function replay(browser: BenchBrowser, init: HostMessage, posted: readonly PostedMessage[], sessionsOpen: boolean, lastWord: string): Promise<ViewRun> {
  const turns = new Map<number, PostedMessage[]>();
  for (const message of posted) turns.set(message.turn, [...(turns.get(message.turn) ?? []), message]);
  const grouped = [...turns.values()];
  const first = (grouped[0]?.[0] as PostedMessage).at;
  const at = grouped.map((turn) => (turn[0] as PostedMessage).at - first);
  const messages = grouped.map((turn) => turn.map((m) => JSON.parse(m.json) as unknown));
  const page = await browser.newPage();
  try {
    const chat = new ChatPage(page);
    await chat.open(browser.server.strictUrl, init as Parameters<ChatPage['open']>[1]);
    if (sessionsOpen) {
      await page.locator('[data-action="toggle-conversations"]').click();
      await page.getByTestId('conversation-panel').waitFor({ state: 'visible' });
    }
    await page.evaluate(([all, times]) => (window as unknown as ProbeWindow).__bench.load(all, times), [messages, at] as const);
    await chat.frames(2);
    const { figures } = await traceMainThread(page, async () => {
      await page.evaluate(async () => void (await (window as unknown as ProbeWindow).__bench.feed()));
      await chat.frames(3);
    });
    if (sessionsOpen) assert.ok((await page.locator('[data-testid="session-state"][data-state="done"]').count()) >= TASKS, 'the list shows the four tasks done');
    else {
      const last = await page.evaluate(() => {
        const message = [...document.querySelectorAll('[data-testid="message"]')].at(-1);
        return { status: message?.getAttribute('data-status'), text: message?.querySelector('[data-testid="message-content"]')?.textContent ?? '' };
      });
      assert.equal(last.status, 'complete', 'the active task\'s answer is shown complete');
      assert.ok(last.text.includes(lastWord), 'the view shows the active task\'s answer to its end');
    }
    return { figures, turns: grouped.length, messages: posted.length };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(resultsDir, 'bench-background-'));
  const files: Record<string, string> = { 'README.md': `# Project\n\n${words(300, 5)}\n`, 'src/shared.ts': moduleText(99) };
  for (let k = 0; k < TASKS; k++) files[`src/module${k}.ts`] = moduleText(k);
  const repository = repositoryWith(files, 'svc-bench-background-repo-');
  const emulator = await startEmulatorThread({ host: '127.0.0.1', port: 0, apiKey: API_KEY, dataDir: path.join(dir, 'data'), speed: STREAM_SPEED, scenarios: scenarios() });
  const client = new SvcClient({ baseUrl: emulator.url, apiKey: API_KEY, maxRetries: 0 });
  const host = await BackgroundTaskHost.open({ storageDir: path.join(dir, 'conversations'), repository, client, model: MODEL, maxSteps: 20 });
  try {
    const idle = memoryNow();
    const one = await memoryRun(host, 1);
    const four = await memoryRun(host, TASKS);
    const single = await delayRun(host, 1);
    await host.discard(single.prepared);
    const all = await delayRun(host, TASKS);

    const activeId = host.store.activeConversationId;
    const active = activeId ? host.store.get(activeId) : undefined;
    assert.ok(active, 'a task\'s conversation is the active one');
    const activeTask = all.prepared.find((task) => task.conversationId === active.id) as PreparedTask;
    const k = Number(/task (\d+)/.exec(activeTask.text)?.[1]);
    const lastWord = /[A-Za-z0-9]+(?=[^A-Za-z0-9]*$)/.exec(longReply(ANSWER_TOKENS, 300 + k).join(''))?.[0] ?? '';
    assert.notEqual(lastWord, '', 'the answer ends in a word');
    const init = initMessage({ conversations: host.store.list(), settings: { model: MODEL, thinking: true, jsonMode: false, showReasoning: 'collapsed', choiceCount: 1 } });
    await host.discard(all.prepared);

    const perTaskHeap = (four.heap - one.heap) / (TASKS - 1) / MB;
    const perTaskRss = (four.rss - one.rss) / (TASKS - 1) / MB;
    const bytes = all.posted.reduce((sum, m) => sum + m.json.length, 0);
    console.log(`emulator in this process at ${STREAM_SPEED} tokens/s a stream, ${MODEL} with reasoning; each task 6 steps (5 tool calls) and a ${ANSWER_TOKENS}-token answer`);
    figure('idle host: JS heap / RSS after GC', `${(idle.heap / MB).toFixed(1)} / ${(idle.rss / MB).toFixed(1)} MB`);
    figure(`1 task streaming: JS heap / RSS after GC (median of ${one.samples})`, `${(one.heap / MB).toFixed(1)} / ${(one.rss / MB).toFixed(1)} MB`);
    figure(`${TASKS} tasks streaming: JS heap / RSS after GC (median of ${four.samples})`, `${(four.heap / MB).toFixed(1)} / ${(four.rss / MB).toFixed(1)} MB`);
    figure('per extra task: JS heap / RSS', `${perTaskHeap.toFixed(2)} / ${perTaskRss.toFixed(2)} MB`);
    figure('1 task: event-loop delay max / p99 / mean', `${ms(single.maxMs)} / ${ms(single.p99Ms)} / ${ms(single.meanMs)} over ${(single.wallMs / 1000).toFixed(1)} s`);
    figure(`${TASKS} tasks: event-loop delay max / p99 / mean`, `${ms(all.maxMs)} / ${ms(all.p99Ms)} / ${ms(all.meanMs)} over ${(all.wallMs / 1000).toFixed(1)} s`);
    figure('load average (1 / 5 min) after the host runs', `${os.loadavg()[0]!.toFixed(1)} / ${os.loadavg()[1]!.toFixed(1)} on ${os.cpus().length} cores`);
    const browser = await launchBenchBrowser('background');
    let closed: ViewRun;
    let open: ViewRun;
    try {
      closed = await replay(browser, init, all.posted, false, lastWord);
      open = await replay(browser, init, all.posted, true, lastWord);
    } finally {
      await browser.close();
    }

    figure(`posted to the view during the ${TASKS}-task run`, `${all.posted.length} messages in ${closed.turns} host turns, ${(bytes / MB).toFixed(2)} MB as JSON`);
    for (const [label, run] of [['view, list of sessions closed', closed], ['view, list of sessions open', open]] as const) {
      figure(`${label}: longest task, wall / CPU`, `${ms(run.figures.longestTaskMs)} / ${ms(run.figures.longestTaskCpuMs)} (${run.figures.tasksOver50Ms} of ${run.figures.tasks} over 50 ms)`);
      figure(`${label}: main-thread busy, wall / CPU`, `${ms(run.figures.busyMs)} / ${ms(run.figures.busyCpuMs)}`);
      figure(`${label}: ms by work`, formatBreakdown(run.figures.breakdown));
    }
    const longestView = Math.max(closed.figures.longestTaskMs, open.figures.longestTaskMs);
    printTargets([
      { name: `${TASKS} background tasks streaming: the host's longest event-loop delay`, measured: ms(all.maxMs), target: `<= ${DELAY_TARGET_MS} ms`, pass: all.maxMs <= DELAY_TARGET_MS },
      { name: `${TASKS} background tasks streaming: the chat view's longest task (list closed, open)`, measured: `${ms(longestView)} (${ms(closed.figures.longestTaskMs)}, ${ms(open.figures.longestTaskMs)})`, target: `<= ${TASK_TARGET_MS} ms`, pass: longestView <= TASK_TARGET_MS },
      { name: 'memory per extra background task in the host (JS heap; RSS)', measured: `${perTaskHeap.toFixed(2)} MB; ${perTaskRss.toFixed(2)} MB`, target: `<= ${MEMORY_TARGET_MB} MB`, pass: Math.max(perTaskHeap, perTaskRss) <= MEMORY_TARGET_MB },
    ]);
  } finally {
    await host.close();
    await emulator.close();
    fs.rmSync(repository, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
