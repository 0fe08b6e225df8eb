// Headless Chromium for the webview benches: the webview bundle and fake host of the browser test kit
// (test/webview), served on 127.0.0.1, with the bench probe installed in every page before its scripts.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { chromiumPath, chromiumTempDir, resultsDir } from '../../test/harness/toolPaths';
import { buildBundles, startPageServer, type PageServer } from '../../test/webview/pageServer';

export interface BenchBrowser {
  context: BrowserContext;
  server: PageServer;
  bundleDir: string;
  /** A fresh page with the probe installed. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Bundles a browser entry (IIFE) to a string, for addInitScript / addScriptTag. */
export async function bundleForPage(entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}

export async function launchBenchBrowser(name: string): Promise<BenchBrowser> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const bundleDir = path.join(resultsDir, `bench-${name}-bundle`);
  const profile = fs.mkdtempSync(path.join(resultsDir, `bench-${name}-chromium-`));
  await buildBundles(bundleDir);
  const probe = await bundleForPage(path.join(__dirname, 'pageProbe.ts'));
  const server = await startPageServer(bundleDir);
  const tmp = chromiumTempDir();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    env: { ...process.env, TMPDIR: tmp } as Record<string, string>,
    viewport: { width: 420, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  await context.addInitScript({ content: probe });
  // Only the bench's own page may have a renderer, so the trace's renderer main thread is that page's.
  for (const open of context.pages()) await open.close();
  return {
    context,
    server,
    bundleDir,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      await server.close();
      fs.rmSync(profile, { recursive: true, force: true });
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export interface MainThreadFigures {
  /** Sum of the renderer main thread's top-level tasks (trace RunTask events), ms. */
  busyMs: number;
  /** The same in thread CPU time (trace tdur): what the tasks cost without the time the OS gave other processes. */
  busyCpuMs: number;
  longestTaskMs: number;
  longestTaskCpuMs: number;
  tasksOver50Ms: number;
  tasks: number;
  /** Each top-level task's wall time in ms, in the order they ran. */
  taskMs: number[];
  /** Time by kind of work (trace event name -> ms), over all tasks and over the tasks longer than 50 ms. */
  breakdown: Record<string, number>;
  longTaskBreakdown: Record<string, number>;
}

/** Kinds of main-thread work reported in the breakdown (script inside them may also force Layout). */
const BREAKDOWN = ['EventDispatch', 'FireAnimationFrame', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'MinorGC', 'MajorGC'];

export function formatBreakdown(breakdown: Record<string, number>): string {
  return Object.entries(breakdown)
    .filter(([, value]) => value >= 1)
    .map(([name, value]) => `${name} ${value.toFixed(0)}`)
    .join(', ');
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string } };
}

/**
 * Traces the page's renderer main thread while `work` runs. With `from`, only tasks that start after the page
 * called `console.timeStamp(from)` count: the task that posts a message to the page (and pays for cloning
 * it, which in VS Code the sending side does) is the driver's, not the view's.
 */
export async function traceMainThread<T>(page: Page, work: () => Promise<T>, from?: string): Promise<{ result: T; figures: MainThreadFigures }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    // The protocol types trace events as string maps; they are JSON objects of this shape.
    for (const event of data.value as unknown as TraceEvent[]) events.push(event);
  });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'disabled-by-default-devtools.timeline,devtools.timeline,toplevel', transferMode: 'ReportEvents' });
  let result: T;
  try {
    result = await work();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  if (mainThreads.size === 0) throw new Error('the trace has no renderer main thread');
  const mark = from === undefined ? undefined : events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === from);
  if (from !== undefined && !mark) throw new Error(`the trace has no console.timeStamp('${from}')`);
  const startUs = mark?.ts ?? -Infinity;
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mainThreads.has(`${e.pid}:${e.tid}`) && e.dur !== undefined && e.ts > startUs)
    .sort((a, b) => a.ts - b.ts);
  // Only top-level tasks: a task nested in another (a nested run loop) is already in its parent's time.
  let busyUs = 0;
  let busyCpuUs = 0;
  let longestUs = 0;
  let longestCpuUs = 0;
  let over50 = 0;
  let count = 0;
  const taskMs: number[] = [];
  let coveredUntil = -Infinity;
  for (const task of tasks) {
    const end = task.ts + (task.dur as number);
    if (task.ts < coveredUntil) continue;
    coveredUntil = end;
    taskMs.push((task.dur as number) / 1000);
    busyUs += task.dur as number;
    busyCpuUs += task.tdur ?? 0;
    longestUs = Math.max(longestUs, task.dur as number);
    longestCpuUs = Math.max(longestCpuUs, task.tdur ?? 0);
    if ((task.dur as number) > 50_000) over50++;
    count++;
  }
  if (count === 0) throw new Error('the trace has no main-thread tasks');
  const longSpans = tasks.filter((t) => (t.dur as number) > 50_000).map((t) => [t.ts, t.ts + (t.dur as number)] as const);
  const breakdown: Record<string, number> = {};
  const longTaskBreakdown: Record<string, number> = {};
  // Outermost event of each kind only, so a kind nested in itself is not counted twice.
  const openUntil = new Map<string, number>();
  const kinds = events
    .filter((e) => e.ph === 'X' && BREAKDOWN.includes(e.name) && mainThreads.has(`${e.pid}:${e.tid}`) && e.dur !== undefined && e.ts > startUs)
    .sort((a, b) => a.ts - b.ts);
  for (const event of kinds) {
    if (event.ts < (openUntil.get(event.name) ?? -Infinity)) continue;
    openUntil.set(event.name, event.ts + (event.dur as number));
    breakdown[event.name] = (breakdown[event.name] ?? 0) + (event.dur as number) / 1000;
    if (longSpans.some(([start, end]) => event.ts >= start && event.ts < end)) {
      longTaskBreakdown[event.name] = (longTaskBreakdown[event.name] ?? 0) + (event.dur as number) / 1000;
    }
  }
  return {
    result,
    figures: { busyMs: busyUs / 1000, busyCpuMs: busyCpuUs / 1000, longestTaskMs: longestUs / 1000, longestTaskCpuMs: longestCpuUs / 1000, tasksOver50Ms: over50, tasks: count, taskMs, breakdown, longTaskBreakdown },
  };
}
