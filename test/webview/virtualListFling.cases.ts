// A fast fling through a long agent session (half a viewport a frame, faster than the rows beyond the
// screen can be built between frames): every step uncovers part of the screen, which the scroll builds at
// once while keeping the rows it just passed. The oldest message must be reached with its text, reasoning
// and tool card whole, the window must stay bounded, and the way back must end at the newest message.
import assert from 'node:assert/strict';
import { openLong } from './virtualList.cases';
import type { WebviewCase } from './webviewCase';

/** Rows a window may hold after a fling: the screen's, the rows kept beside them, and the overscan. */
const MAX_MOUNTED = 60;

export const virtualListFlingCases: WebviewCase[] = [
  {
    name: 'a fast fling to the oldest message and back keeps the screen covered and reaches the oldest message whole',
    page: 'strict',
    async run(chat, report) {
      const view = await openLong(chat);
      const fling = await chat.page.evaluate(async () => {
        const list = document.querySelector('.messages') as HTMLElement;
        const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
        const covered = (): boolean => {
          const box = list.getBoundingClientRect();
          const inset = parseFloat(getComputedStyle(list).paddingTop) + 2;
          return [box.top + inset, box.top + box.height / 2, box.bottom - inset].every((y) => document.elementFromPoint(box.left + box.width / 2, y)?.closest('.message-row'));
        };
        let steps = 0;
        let gaps = 0;
        let maxMounted = 0;
        const step = async (by: number): Promise<void> => {
          list.scrollTop += by;
          await frame();
          steps += 1;
          if (!covered()) gaps += 1;
          maxMounted = Math.max(maxMounted, list.querySelectorAll('.message-row').length);
        };
        while (list.scrollTop > 0 && steps < 20_000) await step(-list.clientHeight / 2);
        const oldest = list.querySelector<HTMLElement>('.message-row[data-row="u0"]');
        const reply = list.querySelector<HTMLElement>('.message-row[data-row="c0"]');
        const card = list.querySelector<HTMLElement>('.message-row[data-row="t0"]');
        const top = { steps, oldestText: oldest?.innerText ?? '', replyText: reply?.textContent ?? '', cardTitle: card?.querySelector('[data-testid="tool-title"]')?.textContent ?? '', oldestOnScreen: oldest !== null && oldest.offsetTop - list.scrollTop < list.clientHeight };
        while (list.scrollHeight - list.scrollTop - list.clientHeight > 2 && steps < 40_000) await step(list.clientHeight / 2);
        const rows = [...list.querySelectorAll<HTMLElement>('.message-row')];
        return { top, steps, gaps, maxMounted, newest: rows.at(-1)?.dataset.row ?? '' };
      });
      report(`${fling.steps} steps, at most ${fling.maxMounted} rows mounted`);
      assert.ok(fling.top.steps > 100, `the fling up took many steps (${fling.top.steps})`);
      assert.equal(fling.gaps, 0, 'every step showed messages across the viewport');
      assert.ok(fling.top.oldestOnScreen, 'the oldest message is on screen at the top');
      assert.match(fling.top.oldestText, /Why does this fail\?/, 'the oldest question reads whole');
      assert.match(fling.top.oldestText, /const x0 = parse\(input0\);/, 'with its code');
      assert.ok(fling.top.replyText.includes('Reading src/module0.ts first.'), 'the first reply is whole');
      assert.match(fling.top.cardTitle, /module0\.ts/, 'the first tool call shows its card, naming its file');
      assert.ok(fling.maxMounted <= MAX_MOUNTED, `the DOM held a window, not the conversation (${fling.maxMounted} rows at most)`);
      assert.equal(fling.newest, view.messages.at(-1)?.id, 'the way back ends at the newest message');
    },
  },
];
