// Long conversations: a 500-message conversation (mixed markdown, lists, code blocks, reasoning).
// Host: the conversation is saved through the extension's ConversationFolderFiles (journal and index), then read back by
// ConversationStore.open as after a window reload; the store's memory is the heap growth across that
// open, after full garbage collections. Webview: the real bundle in headless Chromium is sent the `init`
// message that restores the conversation (as after a reload); timed in the page from posting the message
// to the end of the frame that shows the newest message with its text (what the user sees open: the view
// opens at the bottom), and on to the frame that holds all 500 (older ones render in idle slices). The
// page's JS heap is read through the Chrome DevTools Protocol (Performance.getMetrics JSHeapUsedSize) after
// a forced garbage collection, once every message is rendered.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Page } from 'playwright-core';
import { systemClock } from '../src/core/clock';
import type { Conversation } from '../src/core/conversations/conversation';
import { ConversationStore } from '../src/core/conversations/conversationStore';
import { conversationView } from '../src/extension/chat/conversationView';
import { ConversationFolderFiles } from '../src/extension/conversationFolderFiles';
import type { HostMessage } from '../src/shared/protocol';
import { resultsDir } from '../test/harness/toolPaths';
import { ChatPage, initMessage } from '../test/webview/chatPage';
import { longReply } from '../test/webview/longReply';
import { formatBreakdown, launchBenchBrowser, traceMainThread, type MainThreadFigures } from './support/benchBrowser';
import { figure, ms, printTargets, runBench } from './support/benchReport';
import type { ProbeWindow } from './support/pageProbeApi';

const MESSAGES = 500;
const OPEN_RUNS = 3;
const MB = 1024 * 1024;

// Full collections are needed to read heap growth; `npm run bench` does not pass --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsed(): number {
  for (let i = 0; i < 3; i++) collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** Fills `conversation` with MESSAGES alternating user and assistant messages of varied length. */
function fill(conversation: Conversation): void {
  for (let i = 0; i < MESSAGES / 2; i++) {
    const createdAt = 1_787_000_000_000 + i * 60_000;
    const question = i % 4 === 0 ? `Why does this fail?\n\n\`\`\`ts\nconst x${i} = parse(input${i});\n\`\`\`` : `Question ${i}: ${longReply(30, 900 + i).join('')}`;
    conversation.entries.push({ id: `u${i}`, role: 'user', createdAt, content: question });
    const answer = longReply(150 + (i % 5) * 80, 1_000 + i).join('');
    const reasoning = i % 2 === 0 ? longReply(60 + (i % 3) * 40, 5_000 + i).join('') : '';
    const usage = { promptTokens: 400 + i * 50, completionTokens: 300, cachedTokens: 350 + i * 45, reasoningTokens: reasoning === '' ? 0 : 80 };
    conversation.entries.push({
      id: `a${i}`,
      role: 'assistant',
      createdAt: createdAt + 5_000,
      model: 'svc-k2.5',
      alternatives: [{ content: answer, reasoning, finishReason: 'stop' }],
      selected: 0,
      status: 'complete',
      usage,
      ...(reasoning === '' ? {} : { reasoningTokens: 80 }),
    });
  }
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

interface OpenFigures {
  /** `init` posted → the frame showing the newest message's text. */
  openMs: number;
  /** `init` posted → the frame holding every message, rendered. */
  allMs: number;
  main: MainThreadFigures;
  heapBefore: number;
  heapAfter: number;
  domNodes: number;
}

async function openInWebview(page: Page, url: string, init: HostMessage, newestText: string): Promise<OpenFigures> {
  const chat = new ChatPage(page);
  await page.goto(url);
  await chat.waitForPosted('ready');
  await chat.frames(2);
  const heapBefore = await jsHeapUsed(page);
  const { result: painted, figures: main } = await traceMainThread(page, () => page.evaluate(
    async ([message, count, lastText]) => {
      const bench = (window as unknown as ProbeWindow).__bench;
      const messages = (): NodeListOf<Element> => document.querySelectorAll('[data-testid="message"]');
      const newestShown = (): boolean => {
        const newest = [...messages()].at(-1);
        return newest?.getAttribute('data-role') === 'assistant' && (newest.querySelector('[data-testid="message-content"]')?.textContent ?? '').includes(lastText);
      };
      const allShown = (): boolean => messages().length === count && document.querySelector('[data-render-pending]') === null;
      const start = bench.now();
      const opened = bench.whenPainted(newestShown);
      const complete = bench.whenPainted(allShown);
      bench.post(message);
      return { openMs: (await opened) - start, allMs: (await complete) - start };
    },
    [init, MESSAGES, newestText] as const,
  ));
  await chat.frames(2);
  const heapAfter = await jsHeapUsed(page);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { ...painted, main, heapBefore, heapAfter, domNodes };
}

async function main(): Promise<void> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(resultsDir, 'bench-long-'));
  const storageDir = path.join(dir, 'state');
  try {
    // Saved by one store, as the extension does while the user chats.
    const writer = (await ConversationStore.open(new ConversationFolderFiles(storageDir), systemClock)).store;
    const written = await writer.create();
    fill(written);
    await writer.save(written);
    await writer.flush();
    const conversationId = written.id;
    const fileBytes = fs.readdirSync(storageDir).reduce((sum, f) => sum + fs.statSync(path.join(storageDir, f)).size, 0);
    const textChars = written.entries.reduce((sum, e) => sum + (e.role === 'assistant' ? (e.alternatives[0]?.content.length ?? 0) + (e.alternatives[0]?.reasoning.length ?? 0) : e.content.length), 0);

    // Read back by a fresh store, as after a reload; its memory is the heap growth across the open.
    const before = heapUsed();
    const hostStart = performance.now();
    const { store, problems } = await ConversationStore.open(new ConversationFolderFiles(storageDir), systemClock);
    const hostOpenMs = performance.now() - hostStart;
    const hostBytes = heapUsed() - before;
    assert.deepEqual(problems, [], 'the saved conversation reads back');
    const conversation = store.require(conversationId);
    assert.equal(conversation.entries.length, MESSAGES, 'all messages came back');
    const viewStart = performance.now();
    const view = conversationView(conversation);
    const viewMs = performance.now() - viewStart;
    const init = initMessage({ active: view, conversations: store.list() });
    const initBytes = Buffer.byteLength(JSON.stringify(init));

    const newest = conversation.entries.at(-1);
    const newestText = newest?.role === 'assistant' ? (/[A-Za-z0-9]+(?=[^A-Za-z0-9]*$)/.exec(newest.alternatives[0]?.content ?? '')?.[0] ?? '') : '';
    assert.notEqual(newestText, '', 'the newest message is an answer that ends in a word');

    const browser = await launchBenchBrowser('long');
    const runs: OpenFigures[] = [];
    try {
      for (let i = 0; i < OPEN_RUNS; i++) {
        const page = await browser.newPage();
        runs.push(await openInWebview(page, browser.server.strictUrl, init, newestText));
        const counts = await page.evaluate(() => ({
          user: document.querySelectorAll('[data-testid="message"][data-role="user"]').length,
          assistant: document.querySelectorAll('[data-testid="message"][data-role="assistant"]').length,
        }));
        assert.deepEqual(counts, { user: MESSAGES / 2, assistant: MESSAGES / 2 }, 'the webview shows every message');
        await page.close();
      }
    } finally {
      await browser.close();
    }

    const sorted = [...runs].sort((a, b) => a.openMs - b.openMs);
    const median = sorted[Math.floor(sorted.length / 2)] as OpenFigures;
    const heapMb = Math.max(...runs.map((r) => r.heapAfter)) / MB;
    console.log(`${MESSAGES} messages (${MESSAGES / 2} user, ${MESSAGES / 2} assistant, half with reasoning, code blocks throughout), ${(textChars / 1e6).toFixed(2)} M chars of text`);
    figure('host: saved conversation file', `${(fileBytes / MB).toFixed(2)} MB`);
    figure('host: ConversationStore.open (read + validate)', ms(hostOpenMs));
    figure('host: heap held by the store after GC', `${(hostBytes / MB).toFixed(2)} MB`);
    figure('host: conversationView (the init payload)', `${ms(viewMs)}, ${(initBytes / MB).toFixed(2)} MB as JSON`);
    figure('webview: restore (init) to the newest message painted, each run', runs.map((r) => ms(r.openMs)).join(', '));
    figure('webview: restore (init) to all messages rendered and painted, each run', runs.map((r) => ms(r.allMs)).join(', '));
    figure('opening the conversation: conversationView + webview to the newest message painted (median run)', ms(viewMs + median.openMs));
    figure('webview: JS heap empty -> with the conversation (after GC)', runs.map((r) => `${(r.heapBefore / MB).toFixed(1)} -> ${(r.heapAfter / MB).toFixed(1)} MB`).join(', '));
    figure('webview: DOM elements', String(median.domNodes));
    figure('webview: longest task (median run)', ms(median.main.longestTaskMs));
    figure('webview: ms by work (median run)', formatBreakdown(median.main.breakdown));
    printTargets([
      { name: 'opens: conversationView + webview to the newest message painted (median of 3)', measured: ms(viewMs + median.openMs), target: '<= 300 ms', pass: viewMs + median.openMs <= 300 },
      { name: 'webview JS heap with the conversation', measured: `${heapMb.toFixed(1)} MB`, target: '<= 150 MB', pass: heapMb <= 150 },
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
