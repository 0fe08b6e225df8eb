// Long conversations: agent sessions of 500 and 5,000 messages (questions, replies that reason and call a
// tool, tool cards with their results, markdown answers with lists and code; test/support/longConversation.ts).
// Host: the conversation is saved through the extension's ConversationFolderFiles (journal and index), read back by
// ConversationStore.open as after a window reload, and turned into the `init` payload. Webview: the real
// bundle in headless Chromium is posted that `init` (3 runs a size); timed in the page from posting to the
// end of the frame that shows the newest message with its text (the view opens at the bottom), with the
// renderer main thread traced meanwhile. Then, traced again, the list is scrolled from the newest message
// to the oldest and back, half a viewport a frame, checking at each step that messages fill the viewport; the
// two sizes' longest scroll tasks are compared over stretches of the same number of steps. The page's JS heap
// is read through the Chrome DevTools Protocol after a forced collection.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Page } from 'playwright-core';
import { systemClock } from '../src/core/clock';
import { ConversationStore } from '../src/core/conversations/conversationStore';
import { conversationView } from '../src/extension/chat/conversationView';
import { PartedConversationPoster } from '../src/extension/chat/partedConversationPoster';
import { ConversationFolderFiles } from '../src/extension/conversationFolderFiles';
import type { HostMessage } from '../src/shared/protocol';
import { resultsDir } from '../test/harness/toolPaths';
import { fillLongConversation } from '../test/support/longConversation';
import { ChatPage, initMessage } from '../test/webview/chatPage';
import { formatBreakdown, launchBenchBrowser, traceMainThread, type BenchBrowser, type MainThreadFigures } from './support/benchBrowser';
import { figure, ms, printTargets, runBench, type TargetResult } from './support/benchReport';
import type { ProbeWindow } from './support/pageProbeApi';

const SIZES = [500, 5_000];
const OPEN_RUNS = 3;
const MB = 1024 * 1024;
const OPEN_TARGET_MS = 300;
const TASK_TARGET_MS = 50;
const HEAP_TARGET_MB = 150;
/** A scroll step a frame, in viewports: half a 900 px view a frame is a fast fling (27,000 px/s at 60 Hz). */
const SCROLL_STEP = 0.5;

// Full collections are needed to read heap growth; `npm run bench` does not pass --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsed(): number {
  for (let i = 0; i < 3; i++) collectGarbage();
  return process.memoryUsage().heapUsed;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function spread(values: readonly number[], format: (value: number) => string): string {
  return `median ${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))}, ${values.length} runs)`;
}

async function jsHeapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize');
    if (!used) throw new Error('no JSHeapUsedSize metric');
    return used.value;
  } finally {
    await cdp.detach();
  }
}

interface OpenRun {
  /** `init` posted → the frame showing the newest message's text. */
  openMs: number;
  opening: MainThreadFigures;
  heapMb: number;
  domElements: number;
  mountedRows: number;
}

interface ScrollRun {
  steps: number;
  /** Steps after which the viewport was not filled with messages (a spacer in view). */
  gaps: number;
  maxMountedRows: number;
  scrolling: MainThreadFigures;
}

async function openInWebview(page: Page, url: string, posted: HostMessage[], newestText: string): Promise<OpenRun> {
  const chat = new ChatPage(page);
  await page.goto(url);
  await chat.waitForPosted('ready');
  // Each host message in a task of its own, as the extension host posts them one by one.
  await page.evaluate((messages) => (window as unknown as ProbeWindow).__bench.load(messages.map((m) => [m])), posted);
  await chat.frames(2);
  const { result: openMs, figures: opening } = await traceMainThread(page, () => page.evaluate(
    async (lastText) => {
      const bench = (window as unknown as ProbeWindow).__bench;
      const newestShown = (): boolean => {
        const newest = [...document.querySelectorAll('[data-testid="message"]')].at(-1);
        return newest?.getAttribute('data-role') === 'assistant' && (newest.querySelector('[data-testid="message-content"]')?.textContent ?? '').includes(lastText);
      };
      const start = bench.now();
      const opened = bench.whenPainted(newestShown);
      void bench.feed();
      console.timeStamp('svc-posted');
      return (await opened) - start;
    },
    newestText,
  ), 'svc-posted');
  await chat.frames(2);
  const heapMb = (await jsHeapUsed(page)) / MB;
  const dom = await page.evaluate(() => ({ elements: document.getElementsByTagName('*').length, rows: document.querySelectorAll('.message-row').length }));
  return { openMs, opening, heapMb, domElements: dom.elements, mountedRows: dom.rows };
}

async function scrollThrough(page: Page): Promise<ScrollRun> {
  const { result, figures: scrolling } = await traceMainThread(page, () => page.evaluate(async (stepViewports) => {
    const list = document.querySelector('.messages') as HTMLElement;
    const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const covered = (): boolean => {
      const box = list.getBoundingClientRect();
      const inset = parseFloat(getComputedStyle(list).paddingTop) + 2;
      return [box.top + inset, box.top + box.height / 2, box.bottom - inset].every((y) => document.elementFromPoint(box.left + box.width / 2, y)?.closest('.message-row'));
    };
    let steps = 0;
    let gaps = 0;
    let maxMountedRows = 0;
    const step = async (by: number): Promise<void> => {
      list.scrollTop += by;
      await frame();
      steps += 1;
      if (!covered()) gaps += 1;
      maxMountedRows = Math.max(maxMountedRows, list.querySelectorAll('.message-row').length);
    };
    while (list.scrollTop > 0 && steps < 50_000) await step(-list.clientHeight * stepViewports);
    while (list.scrollHeight - list.scrollTop - list.clientHeight > 2 && steps < 100_000) await step(list.clientHeight * stepViewports);
    return { steps, gaps, maxMountedRows };
  }, SCROLL_STEP));
  return { ...result, scrolling };
}

interface SizeFigures {
  messages: number;
  targets: TargetResult[];
  domElements: number;
  scrollTaskMs: number;
  /** The scroll's top-level tasks' wall times, in order. */
  scrollTasks: number[];
  scrollSteps: number;
}

/**
 * The longest task of each of `parts` stretches of a walk, of equal task count: a walk ten times as long
 * has ten times the tasks, and its longest is the tail of ten times the samples; a stretch as long as the
 * shorter walk is compared with it like for like.
 */
function longestPerStretch(taskMs: readonly number[], parts: number): number[] {
  const size = Math.ceil(taskMs.length / parts);
  const maxima: number[] = [];
  for (let start = 0; start < taskMs.length; start += size) maxima.push(Math.max(...taskMs.slice(start, start + size)));
  return maxima;
}

async function benchSize(browser: BenchBrowser, messages: number): Promise<SizeFigures> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(resultsDir, 'bench-long-'));
  const storageDir = path.join(dir, 'state');
  try {
    // Saved by one store, as the extension does while the user chats.
    const writer = (await ConversationStore.open(new ConversationFolderFiles(storageDir), systemClock)).store;
    const written = await writer.create();
    fillLongConversation(written, messages);
    await writer.save(written);
    await writer.flush();
    const conversationId = written.id;
    const fileBytes = fs.readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).reduce((sum, f) => sum + fs.statSync(path.join(f.parentPath, f.name)).size, 0);
    const textChars = written.entries.reduce((sum, e) => sum + (e.role === 'assistant' ? (e.alternatives[0]?.content.length ?? 0) + (e.alternatives[0]?.reasoning.length ?? 0) : e.content.length), 0);

    // Read back by a fresh store, as after a reload; its memory is the heap growth across the open.
    const before = heapUsed();
    const hostStart = performance.now();
    const { store, problems } = await ConversationStore.open(new ConversationFolderFiles(storageDir), systemClock);
    const conversation = await store.load(conversationId);
    if (!conversation) throw new Error('the saved conversation is not listed');
    const hostOpenMs = performance.now() - hostStart;
    const hostMb = (heapUsed() - before) / MB;
    assert.deepEqual(problems, [], 'the saved conversation reads back');
    assert.equal(conversation.entries.length, messages, 'all messages came back');
    const viewStart = performance.now();
    const view = conversationView(conversation);
    const viewMs = performance.now() - viewStart;
    const init = initMessage({ active: view, conversations: store.list() });
    const initMb = Buffer.byteLength(JSON.stringify(init)) / MB;
    const posted: HostMessage[] = [];
    new PartedConversationPoster((message) => posted.push(message)).post(init);
    const largestPostMb = Math.max(...posted.map((m) => Buffer.byteLength(JSON.stringify(m)))) / MB;

    const newest = conversation.entries.at(-1);
    const newestText = newest?.role === 'assistant' ? (/[A-Za-z0-9]+(?=[^A-Za-z0-9]*$)/.exec(newest.alternatives[0]?.content ?? '')?.[0] ?? '') : '';
    assert.notEqual(newestText, '', 'the newest message is an answer that ends in a word');

    const runs: OpenRun[] = [];
    let scroll: ScrollRun | undefined;
    for (let i = 0; i < OPEN_RUNS; i++) {
      const page = await browser.newPage();
      runs.push(await openInWebview(page, browser.server.strictUrl, posted, newestText));
      if (i === OPEN_RUNS - 1) scroll = await scrollThrough(page);
      await page.close();
    }
    if (!scroll) throw new Error('no scroll run');

    const opens = runs.map((r) => viewMs + r.openMs);
    const openingTask = median(runs.map((r) => r.opening.longestTaskMs));
    const heapMb = Math.max(...runs.map((r) => r.heapMb));
    const domElements = Math.max(...runs.map((r) => r.domElements));
    console.log(`\n${messages} messages: ${(textChars / 1e6).toFixed(2)} M chars of text`);
    figure('host: saved conversation on disk', `${(fileBytes / MB).toFixed(2)} MB`);
    figure('host: ConversationStore.open + load (read + validate)', ms(hostOpenMs));
    figure('host: heap held by the store after GC', `${hostMb.toFixed(1)} MB`);
    figure('host: conversationView (the init payload)', `${ms(viewMs)}, ${initMb.toFixed(2)} MB as JSON`);
    figure('host: posted as', `${posted.length} messages, the largest ${largestPostMb.toFixed(2)} MB`);
    figure('opens: conversationView + init to the newest message painted', spread(opens, ms));
    figure('webview: longest task while opening', spread(runs.map((r) => r.opening.longestTaskMs), ms));
    figure('webview: ms by work while opening (last run)', formatBreakdown((runs.at(-1) as OpenRun).opening.breakdown));
    figure('webview: JS heap with the conversation (after GC)', runs.map((r) => `${r.heapMb.toFixed(1)} MB`).join(', '));
    figure('webview: DOM elements / rows mounted after opening', `${domElements} / ${Math.max(...runs.map((r) => r.mountedRows))}`);
    figure('webview: scroll newest -> oldest -> newest', `${scroll.steps} steps, ${scroll.gaps} without messages in view, at most ${scroll.maxMountedRows} rows mounted`);
    figure('webview: longest task / tasks over 50 ms while scrolling', `${ms(scroll.scrolling.longestTaskMs)} / ${scroll.scrolling.tasksOver50Ms} of ${scroll.scrolling.tasks}`);
    figure('webview: longest task while scrolling in thread CPU time (what load does not inflate)', ms(scroll.scrolling.longestTaskCpuMs));
    figure('webview: ms by work while scrolling', formatBreakdown(scroll.scrolling.breakdown));
    const label = `${messages} messages`;
    return {
      messages,
      domElements,
      scrollTaskMs: scroll.scrolling.longestTaskMs,
      scrollTasks: scroll.scrolling.taskMs,
      scrollSteps: scroll.steps,
      targets: [
        { name: `${label}: opens to the newest message painted (median of ${OPEN_RUNS})`, measured: ms(median(opens)), target: `<= ${OPEN_TARGET_MS} ms`, pass: median(opens) <= OPEN_TARGET_MS },
        { name: `${label}: longest task while opening (median of ${OPEN_RUNS})`, measured: ms(openingTask), target: `<= ${TASK_TARGET_MS} ms`, pass: openingTask <= TASK_TARGET_MS },
        { name: `${label}: scrolling to the oldest and back, every step painted with messages, longest task`, measured: `${ms(scroll.scrolling.longestTaskMs)}, ${scroll.gaps} empty steps`, target: `<= ${TASK_TARGET_MS} ms, 0 empty`, pass: scroll.scrolling.longestTaskMs <= TASK_TARGET_MS && scroll.gaps === 0 },
        { name: `${label}: webview JS heap`, measured: `${heapMb.toFixed(1)} MB`, target: `<= ${HEAP_TARGET_MB} MB`, pass: heapMb <= HEAP_TARGET_MB },
      ],
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const browser = await launchBenchBrowser('long');
  const results: SizeFigures[] = [];
  try {
    for (const size of SIZES) results.push(await benchSize(browser, size));
  } finally {
    await browser.close();
  }
  const [small, large] = results as [SizeFigures, SizeFigures];
  const domRatio = large.domElements / small.domElements;
  const parts = Math.max(1, Math.round(large.scrollSteps / small.scrollSteps));
  const stretches = longestPerStretch(large.scrollTasks, parts);
  const largePerStretch = median(stretches);
  const scrollRatio = largePerStretch / small.scrollTaskMs;
  figure(`longest scroll task at ${large.messages} / at ${small.messages} messages, whole walks`, `${(large.scrollTaskMs / small.scrollTaskMs).toFixed(2)}× (${ms(large.scrollTaskMs)} over ${large.scrollSteps} steps / ${ms(small.scrollTaskMs)} over ${small.scrollSteps})`);
  figure(`longest scroll task at ${large.messages} messages per stretch of ${small.scrollSteps} steps`, `median ${ms(largePerStretch)} of ${stretches.length} stretches (${stretches.map((value) => value.toFixed(1)).join(', ')} ms)`);
  console.log('');
  printTargets([
    ...results.flatMap((r) => r.targets),
    { name: `DOM bounded by the screen: elements at ${large.messages} / at ${small.messages} messages`, measured: `${domRatio.toFixed(2)}× (${large.domElements} / ${small.domElements})`, target: '<= 1.5×', pass: domRatio <= 1.5 },
    // Both sizes scroll in the same run, under the same load: a scroll whose work follows the screen, not the
    // conversation, takes about as long at either size whatever else the machine is doing; compared over
    // stretches of the same number of steps, so the longer walk's extra samples do not decide it.
    { name: `Scrolling bounded by the screen: longest scroll task at ${large.messages} messages per stretch of ${small.scrollSteps} steps (median of ${parts}) / at ${small.messages}`, measured: `${scrollRatio.toFixed(2)}× (${ms(largePerStretch)} / ${ms(small.scrollTaskMs)})`, target: '<= 1.5×', pass: scrollRatio <= 1.5 },
  ]);
}

runBench(main);
