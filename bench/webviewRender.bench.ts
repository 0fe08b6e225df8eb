// Webview render: a 20,000-token reply (reasoning, then an answer with headings, lists and code blocks)
// fed to the real webview bundle in headless Chromium as fast as the page accepts it, against a naive
// renderer that re-renders the whole section's markdown on every message with the same libraries, in the
// same run. The page gets what the extension host posts when its deltas arrive DELTAS_PER_TURN per
// event-loop turn: each turn's deltas through the host's StreamDeltaBatcher, one task per turn; the naive
// renderer and the delivery floor get the very same messages. Main-thread figures come from a Chrome
// trace (RunTask events of the renderer main thread).
import assert from 'node:assert/strict';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import type { Page } from 'playwright-core';
import { ChatPage, content, finished, reasoning, started } from '../test/webview/chatPage';
import { longReply } from '../test/webview/longReply';
import { bundleForPage, formatBreakdown, launchBenchBrowser, traceMainThread, type MainThreadFigures } from './support/benchBrowser';
import { figure, ms, printTargets, runBench } from './support/benchReport';
import { hostTurns } from './support/hostTurns';
import type { ProbeWindow } from './support/pageProbeApi';

const REASONING_TOKENS = 4_000;
const CONTENT_TOKENS = 16_000;
/** Service deltas the host receives per event-loop turn (one network read): many frames' worth, as fast as the page takes them. */
const DELTAS_PER_TURN = 100;
const MESSAGE_ID = 'bench-reply';

interface RunFigures extends MainThreadFigures {
  lastChunkToPaintMs: number;
  elapsedMs: number;
  frames: number;
  framesOver50Ms: number;
  longestFrameMs: number;
}

/** Page-side: normalised text of the answer as shown, and of the expected HTML. */
interface TextCheck {
  shown: string;
  expected: string;
}

async function streamAndMeasure(page: Page, turns: unknown[][], end: unknown, contentSelector: string, expectedLength: number): Promise<RunFigures> {
  await page.evaluate((all) => (window as unknown as ProbeWindow).__bench.load(all), turns);
  const { result, figures } = await traceMainThread(page, () =>
    page.evaluate(
      async ([last, selector, length]) => {
        const bench = (window as unknown as ProbeWindow).__bench;
        const started = bench.now();
        bench.startFrames();
        const lastChunkAt = await bench.feed();
        bench.post(last);
        const complete = (): boolean => {
          const element = document.querySelector(selector);
          const status = element?.closest('[data-testid="message"]')?.getAttribute('data-status');
          return status === 'complete' && (element?.textContent ?? '').replace(/\s+/g, ' ').trim().length >= length;
        };
        const paintedAt = await bench.whenPainted(complete);
        const { frames, intervals } = bench.stopFrames();
        return { lastChunkAt, paintedAt, elapsedMs: paintedAt - started, frames, intervals };
      },
      [end, contentSelector, expectedLength] as const,
    ),
  );
  return {
    ...figures,
    lastChunkToPaintMs: result.paintedAt - result.lastChunkAt,
    elapsedMs: result.elapsedMs,
    frames: result.frames,
    framesOver50Ms: result.intervals.filter((i) => i > 50).length,
    longestFrameMs: Math.max(0, ...result.intervals),
  };
}

async function shownText(page: Page, selector: string, expectedHtml: string): Promise<TextCheck> {
  return page.evaluate(
    ([s, html]) => {
      const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();
      const element = document.querySelector(s);
      if (!element) throw new Error(`nothing matches ${s}`);
      const clone = element.cloneNode(true) as HTMLElement;
      for (const toolbar of clone.querySelectorAll('.code-toolbar')) toolbar.remove();
      return { shown: normalize(clone.textContent ?? ''), expected: normalize(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '') };
    },
    [selector, expectedHtml] as const,
  );
}

/** An empty page of the webview's origin (so it gets the webview's stylesheet) running `script`, which builds its DOM. */
async function emptyPage(opening: Promise<Page>, origin: string, script: string): Promise<Page> {
  const page = await opening;
  await page.route('**/empty.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><html lang="en"><head></head><body></body></html>' }));
  await page.goto(`${origin}/empty.html`);
  await page.addStyleTag({ url: '/webview.css' });
  await page.addScriptTag({ content: script });
  return page;
}

function print(label: string, f: RunFigures): void {
  figure(`${label}: main-thread busy (sum of RunTask), wall / CPU`, `${ms(f.busyMs)} / ${ms(f.busyCpuMs)} in ${f.tasks} tasks`);
  figure(`${label}: longest task, wall / CPU`, `${ms(f.longestTaskMs)} / ${ms(f.longestTaskCpuMs)}`);
  figure(`${label}: tasks over 50 ms`, String(f.tasksOver50Ms));
  figure(`${label}: ms by work, all tasks`, formatBreakdown(f.breakdown));
  figure(`${label}: ms by work, tasks over 50 ms`, formatBreakdown(f.longTaskBreakdown) || '-');
  figure(`${label}: frames / frames over 50 ms / longest frame`, `${f.frames} / ${f.framesOver50Ms} / ${ms(f.longestFrameMs)}`);
  figure(`${label}: first delta to final paint`, ms(f.elapsedMs));
  figure(`${label}: last delta to final paint`, ms(f.lastChunkToPaintMs));
}

async function main(): Promise<void> {
  const reasoningTokens = longReply(REASONING_TOKENS, 7);
  const contentTokens = longReply(CONTENT_TOKENS);
  const contentText = contentTokens.join('');
  const expectedHtml = new MarkdownIt({ html: false, linkify: true }).render(contentText);
  const deltas = [...reasoningTokens.map((t) => reasoning(MESSAGE_ID, t)), ...contentTokens.map((t) => content(MESSAGE_ID, t))];
  const turns = await hostTurns(deltas, DELTAS_PER_TURN);
  const codeBlocks = (contentText.match(/^```ts$/gm) ?? []).length;
  console.log(
    `reply: ${REASONING_TOKENS} reasoning + ${CONTENT_TOKENS} answer tokens (${reasoningTokens.join('').length + contentText.length} chars, ` +
      `${codeBlocks} code blocks), ${deltas.length} deltas arriving ${DELTAS_PER_TURN} per host turn, posted by the host's StreamDeltaBatcher as ` +
      `${turns.flat().length} messages in ${turns.length} tasks (same for all three pages); Chromium headless, main thread from a Chrome trace`,
  );

  const browser = await launchBenchBrowser('render');
  try {
    const naiveScript = await bundleForPage(path.join(__dirname, 'support/naiveRenderer.ts'));
    const floorScript = await bundleForPage(path.join(__dirname, 'support/deliveryFloor.ts'));

    const oursPage = await browser.newPage();
    const chat = new ChatPage(oursPage);
    await chat.open(browser.server.strictUrl);
    await chat.play([started(MESSAGE_ID)]);
    const oursSelector = `[data-message-id="${MESSAGE_ID}"] [data-testid="message-content"]`;
    const probeText = await shownText(oursPage, oursSelector, expectedHtml);
    const ours = await streamAndMeasure(oursPage, turns, finished(MESSAGE_ID), oursSelector, probeText.expected.length);
    const oursText = await shownText(oursPage, oursSelector, expectedHtml);
    assert.equal(oursText.shown, oursText.expected, 'the webview shows the whole answer');
    await oursPage.close();

    const naivePage = await emptyPage(browser.newPage(), browser.server.origin, naiveScript);
    const naiveSelector = '[data-testid="message-content"]';
    const naive = await streamAndMeasure(naivePage, turns, finished(MESSAGE_ID), naiveSelector, probeText.expected.length);
    const naiveText = await shownText(naivePage, naiveSelector, expectedHtml);
    assert.equal(naiveText.shown, naiveText.expected, 'the naive renderer shows the whole answer');
    await naivePage.close();

    const floorPage = await emptyPage(browser.newPage(), browser.server.origin, floorScript);
    const floor = await streamAndMeasure(floorPage, turns, finished(MESSAGE_ID), naiveSelector, 0);
    await floorPage.close();

    print('webview', ours);
    print('naive  ', naive);
    figure('floor (delivery only): main-thread busy, wall / CPU', `${ms(floor.busyMs)} / ${ms(floor.busyCpuMs)}`);
    const ratio = naive.busyMs / ours.busyMs;
    figure('busy-time ratio naive / webview, wall / CPU', `${ratio.toFixed(1)}x / ${(naive.busyCpuMs / ours.busyCpuMs).toFixed(1)}x`);
    figure('same, above the delivery floor (naive - floor) / (webview - floor)', `${((naive.busyMs - floor.busyMs) / (ours.busyMs - floor.busyMs)).toFixed(1)}x`);
    printTargets([
      { name: 'busy time vs naive', measured: `${ratio.toFixed(1)}x less`, target: '>= 10x less', pass: ratio >= 10 },
      { name: 'longest main-thread task', measured: ms(ours.longestTaskMs), target: '<= 50 ms', pass: ours.longestTaskMs <= 50 },
      { name: 'last delta to final paint', measured: ms(ours.lastChunkToPaintMs), target: '<= 100 ms', pass: ours.lastChunkToPaintMs <= 100 },
    ]);
  } finally {
    await browser.close();
  }
}

runBench(main);
