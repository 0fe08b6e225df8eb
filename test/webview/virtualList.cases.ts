// The virtualised message list on a 1,000-message agent session: it opens at the bottom in the first frame
// with only a window of rows in the DOM, scrolls to the oldest message and back with something on screen
// at every step, builds the rows beyond the screen between frames rather than in the scroll, keeps what
// the user opened on an old message after it scrolled far away, and keeps the DOM of messages an update did
// not change. Finding text in messages that are not mounted: virtualListFind.cases.ts.
import assert from 'node:assert/strict';
import { conversationView } from '../../src/extension/chat/conversationView';
import { PartedConversationPoster } from '../../src/extension/chat/partedConversationPoster';
import type { ConversationView, HostMessage } from '../../src/shared/protocol';
import { longConversation, uniqueWord } from '../support/longConversation';
import type { ChatPage } from './chatPage';
import { content, finished, initMessage, started } from './chatPage';
import type { FakeWindow } from './fakeHostApi';
import type { WebviewCase } from './webviewCase';

const MESSAGES = 1_000;
/** Rows a window may hold on a 720 px page: the viewport and the overscan on each side, with room to spare. */
const MAX_MOUNTED = 60;

function restored(): ConversationView {
  return conversationView(longConversation(MESSAGES));
}

export async function openLong(chat: ChatPage): Promise<ConversationView> {
  const view = restored();
  await chat.send(initMessage({ active: view }));
  await chat.frames(2);
  return view;
}

interface WindowState {
  mounted: string[];
  visible: string[];
  atBottom: boolean;
  atTop: boolean;
  domElements: number;
}

async function windowState(chat: ChatPage): Promise<WindowState> {
  return chat.page.evaluate(() => {
    const list = document.querySelector('.messages') as HTMLElement;
    const view = list.getBoundingClientRect();
    const rows = [...list.querySelectorAll<HTMLElement>('.message-row')];
    return {
      mounted: rows.map((r) => r.dataset.row ?? ''),
      visible: rows.filter((r) => {
        const box = r.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      }).map((r) => r.dataset.row ?? ''),
      atBottom: list.scrollHeight - list.scrollTop - list.clientHeight <= 2,
      atTop: list.scrollTop === 0,
      domElements: document.getElementsByTagName('*').length,
    };
  });
}

function assertContiguous(view: ConversationView, mounted: readonly string[], where: string): void {
  const ids = view.messages.map((m) => m.id);
  const first = ids.indexOf(mounted[0] ?? '');
  assert.ok(first >= 0, `${where}: the first mounted row is a message of the conversation`);
  assert.deepEqual(mounted, ids.slice(first, first + mounted.length), `${where}: mounted rows are consecutive messages in order`);
}

async function findCount(chat: ChatPage, query: string): Promise<string | null> {
  await chat.page.getByTestId('find-input').fill(query);
  return chat.page.getByTestId('find-count').textContent();
}

export const virtualListCases: WebviewCase[] = [
  {
    name: 'a long conversation posted as its newest messages and then earlier parts shows every message once the parts arrived, and a turn\'s update keeps them',
    page: 'strict',
    async run(chat) {
      const posted: HostMessage[] = [];
      const poster = new PartedConversationPoster((message) => posted.push(message));
      const whole = restored();
      poster.post(initMessage({ active: whole }));
      assert.ok(posted.length > 2, 'posted in parts');
      await chat.send(posted[0] as HostMessage);
      await chat.frames(1);
      assert.equal((await windowState(chat)).visible.at(-1), whole.messages.at(-1)?.id, 'the newest message shows before the earlier parts come');
      for (const message of posted.slice(1)) await chat.send(message);
      await chat.frames(2);
      await chat.page.locator('[data-action="find-in-conversation"]').click();
      assert.equal(await findCount(chat, uniqueWord(0)), '1 of 1', 'the oldest message arrived');
      assert.match((await findCount(chat, 'needle1')) ?? '', / of 111$/, 'every message is held once');

      posted.length = 0;
      const next: ConversationView = { ...whole, messages: [...whole.messages, { id: 'u-next', role: 'user', content: 'And then?', createdAt: 3 }] };
      poster.post({ type: 'conversation', conversation: next });
      assert.deepEqual(posted.map((m) => m.type), ['conversation'], 'the turn posts only the newest part');
      await chat.send(posted[0] as HostMessage);
      await chat.frames(2);
      assert.equal(await findCount(chat, uniqueWord(0)), '1 of 1', 'the earlier parts are kept');
      assert.equal(await findCount(chat, 'And then?'), '1 of 1', 'the new message is there');
    },
  },
  {
    name: `a ${MESSAGES}-message session opens at the bottom with its newest message in the first frame and only a window of rows in the DOM`,
    page: 'strict',
    async run(chat, report) {
      const view = restored();
      const first = await chat.page.evaluate((message: HostMessage) => {
        // This listener runs right after the view's own, so the frame measured is the first after `init`.
        const handled = new Promise<void>((resolve) => window.addEventListener('message', () => resolve(), { once: true }));
        (window as unknown as FakeWindow).__host.send(message);
        return new Promise<{ lastId: string | null; lastVisible: boolean; atBottom: boolean; mounted: number }>((resolve) =>
          void handled.then(() => requestAnimationFrame(() => {
            const list = document.querySelector('.messages') as HTMLElement;
            const all = list.querySelectorAll('[data-testid="message"]');
            const last = all[all.length - 1];
            const box = last?.getBoundingClientRect();
            const bounds = list.getBoundingClientRect();
            resolve({
              lastId: last?.getAttribute('data-message-id') ?? null,
              lastVisible: box !== undefined && box.bottom > bounds.top && box.top < bounds.bottom && (last?.querySelector('[data-testid="message-content"]')?.textContent ?? '') !== '',
              atBottom: list.scrollHeight - list.scrollTop - list.clientHeight <= 2,
              mounted: all.length,
            });
          })),
        );
      }, initMessage({ active: view }));
      report(`first frame: ${first.mounted} of ${view.messages.length} messages mounted`);
      assert.equal(first.lastId, view.messages.at(-1)?.id, 'the newest message is in the first frame');
      assert.ok(first.lastVisible, 'the newest message is visible, with its content, in the first frame');
      assert.ok(first.atBottom, 'the view opens scrolled to the bottom');
      assert.ok(first.mounted >= 1 && first.mounted <= MAX_MOUNTED, `a window of rows is mounted (${first.mounted})`);
      const state = await windowState(chat);
      assertContiguous(view, state.mounted, 'at the bottom');
      assert.equal(state.mounted.at(-1), view.messages.at(-1)?.id, 'the window ends at the newest message');
    },
  },
  {
    name: 'scrolling from the newest message to the oldest and back shows messages at every step, in order, with a bounded DOM',
    page: 'strict',
    async run(chat, report) {
      const view = await openLong(chat);
      const walk = await chat.page.evaluate(async () => {
        const list = document.querySelector('.messages') as HTMLElement;
        const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
        /** Whether the viewport shows messages from top to bottom (no spacer standing in for one is in view). */
        const covered = (): boolean => {
          const box = list.getBoundingClientRect();
          const inset = parseFloat(getComputedStyle(list).paddingTop) + 2;
          for (const y of [box.top + inset, box.top + box.height / 2, box.bottom - inset]) {
            const hit = document.elementFromPoint(box.left + box.width / 2, y);
            if (!hit?.closest('.message-row')) return false;
          }
          return true;
        };
        let steps = 0;
        let gaps = 0;
        let maxMounted = 0;
        while (list.scrollTop > 0 && steps < 5_000) {
          list.scrollTop -= list.clientHeight * 1.5;
          await frame();
          steps += 1;
          if (!covered()) gaps += 1;
          maxMounted = Math.max(maxMounted, list.querySelectorAll('.message-row').length);
        }
        const up = { steps, gaps, maxMounted };
        steps = 0;
        gaps = 0;
        while (list.scrollHeight - list.scrollTop - list.clientHeight > 2 && steps < 5_000) {
          list.scrollTop += list.clientHeight * 1.5;
          await frame();
          steps += 1;
          if (!covered()) gaps += 1;
          maxMounted = Math.max(maxMounted, list.querySelectorAll('.message-row').length);
        }
        return { up, down: { steps, gaps }, maxMounted };
      });
      report(`up ${walk.up.steps} steps, down ${walk.down.steps} steps, at most ${walk.maxMounted} rows mounted`);
      assert.ok(walk.up.steps > 30, `the walk up took many screens (${walk.up.steps})`);
      assert.equal(walk.up.gaps, 0, 'every step up shows messages across the viewport');
      assert.equal(walk.down.gaps, 0, 'every step down shows messages across the viewport');
      assert.ok(walk.maxMounted <= MAX_MOUNTED, `the DOM holds a window, not the conversation (${walk.maxMounted} rows at most)`);
      const bottom = await windowState(chat);
      assert.equal(bottom.visible.at(-1), view.messages.at(-1)?.id, 'back at the newest message');
      assertContiguous(view, bottom.mounted, 'back at the bottom');

      await chat.page.evaluate(() => {
        (document.querySelector('.messages') as HTMLElement).scrollTop = 0;
      });
      await chat.frames(3);
      const top = await windowState(chat);
      assert.ok(top.atTop, 'a jump to the top stays at the top');
      assert.equal(top.visible[0], view.messages[0]?.id, 'the oldest message is shown first');
      assertContiguous(view, top.mounted, 'at the top');
      await chat.page.evaluate(() => {
        const list = document.querySelector('.messages') as HTMLElement;
        list.scrollTop = list.scrollHeight / 2;
      });
      await chat.frames(3);
      const middle = await windowState(chat);
      assert.ok(middle.visible.length > 0, 'a jump to the middle (the scrollbar dragged) shows messages');
      assertContiguous(view, middle.mounted, 'in the middle');
      report(`DOM elements: ${middle.domElements}`);
    },
  },
  {
    name: 'reasoning opened on an old message is still open after the message scrolled far away and back',
    page: 'strict',
    async run(chat) {
      await openLong(chat);
      await chat.page.evaluate(() => {
        (document.querySelector('.messages') as HTMLElement).scrollTop = 0;
      });
      await chat.frames(3);
      const summary = chat.page.locator('.message-row[data-row="c0"] summary.thinking-summary');
      await summary.click();
      assert.ok(await chat.page.locator('.message-row[data-row="c0"] details.thinking').evaluate((d) => (d as HTMLDetailsElement).open), 'the reasoning opens');
      // Far enough down that the row is dropped, not only detached.
      await chat.page.evaluate(async () => {
        const list = document.querySelector('.messages') as HTMLElement;
        for (let i = 0; i < 150; i++) {
          list.scrollTop += list.clientHeight * 0.9;
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      });
      assert.equal(await chat.page.locator('.message-row[data-row="c0"]').count(), 0, 'the old row left the DOM');
      await chat.page.evaluate(() => {
        (document.querySelector('.messages') as HTMLElement).scrollTop = 0;
      });
      await chat.frames(3);
      assert.ok(await chat.page.locator('.message-row[data-row="c0"] details.thinking').evaluate((d) => (d as HTMLDetailsElement).open), 'the reasoning is still open');
    },
  },
  {
    name: 'a new compaction brings its summary, under the last message it covers, into view',
    page: 'strict',
    async run(chat) {
      const view = await openLong(chat);
      await chat.send({ type: 'conversation', conversation: { ...view, compaction: { summary: 'What the first 400 messages decided.', upTo: 'a99' } } });
      await chat.frames(2);
      const shown = await chat.page.evaluate(() => {
        const card = document.querySelector('[data-testid="compaction"]');
        const box = card?.getBoundingClientRect();
        const list = (document.querySelector('.messages') as HTMLElement).getBoundingClientRect();
        return { row: card?.closest<HTMLElement>('.message-row')?.dataset.row, visible: box !== undefined && box.bottom > list.top && box.top < list.bottom };
      });
      assert.deepEqual(shown, { row: 'a99', visible: true });
    },
  },
  {
    name: 'an update that adds messages keeps the DOM of the messages it did not change and stays at the bottom; a new turn is followed there from anywhere',
    page: 'strict',
    async run(chat) {
      const view = await openLong(chat);
      await chat.page.evaluate(() => {
        const rows = document.querySelectorAll('.message-row');
        (rows[rows.length - 1] as HTMLElement & { kept?: boolean }).kept = true;
      });
      const more: ConversationView = {
        ...view,
        messages: [...view.messages, { id: 'u-new', role: 'user', content: 'One more question', createdAt: 2 }],
      };
      await chat.send({ type: 'conversation', conversation: more });
      await chat.frames(2);
      const after = await chat.page.evaluate((id) => {
        const row = document.querySelector<HTMLElement & { kept?: boolean }>(`.message-row[data-row="${id}"]`);
        const list = document.querySelector('.messages') as HTMLElement;
        return { kept: row?.kept === true, atBottom: list.scrollHeight - list.scrollTop - list.clientHeight <= 2 };
      }, view.messages.at(-1)?.id ?? '');
      assert.ok(after.kept, 'the unchanged message kept its DOM');
      assert.ok(after.atBottom, 'the view follows the new message');
      const state = await windowState(chat);
      assert.equal(state.visible.at(-1), 'u-new');

      // Scrolled up to read, then a new turn starts (a plan approved up there, say): the view follows it.
      await chat.page.evaluate(() => {
        (document.querySelector('.messages') as HTMLElement).scrollTop = 0;
      });
      await chat.frames(3);
      const reply: ConversationView = { ...more, messages: [...more.messages, { id: 'a-new', role: 'assistant', model: 'svc-k2.5', choices: [{ index: 0, content: 'An answer.', reasoning: '', finishReason: 'stop' }], selectedChoice: 0, status: 'complete', createdAt: 3 }] };
      await chat.send({ type: 'conversation', conversation: reply });
      await chat.frames(2);
      assert.ok((await windowState(chat)).atTop, 'a reply while the user reads above leaves the view where it is');
      await chat.send({ type: 'conversation', conversation: { ...reply, messages: [...reply.messages, { id: 'u-turn', role: 'user', content: 'Carry out the plan', createdAt: 4 }] } });
      await chat.frames(2);
      const followed = await windowState(chat);
      assert.ok(followed.atBottom, 'a new turn brings the view to the bottom');
      assert.equal(followed.visible.at(-1), 'u-turn');
    },
  },
  {
    name: 'scrolling near the edge of the mounted rows builds none in the scroll itself: the rows beyond the screen are built between frames, and a jump builds the screen at once',
    page: 'strict',
    async run(chat) {
      await openLong(chat);
      const near = await chat.page.evaluate(async () => {
        const list = document.querySelector('.messages') as HTMLElement;
        const keys = (): string[] => [...list.querySelectorAll<HTMLElement>('.message-row')].map((r) => r.dataset.row ?? '');
        const before = keys();
        const first = list.querySelector<HTMLElement>('.message-row') as HTMLElement;
        // Registered after the list's own listener, so it sees what the list did in the same event.
        const inScroll = new Promise<string[]>((resolve) => list.addEventListener('scroll', () => resolve(keys()), { once: true }));
        list.scrollTop = first.offsetTop + 10;
        const duringScroll = await inScroll;
        const screenTop = [...list.querySelectorAll<HTMLElement>('.message-row')].find((r) => r.offsetTop + r.offsetHeight > list.scrollTop)?.dataset.row;
        await new Promise((resolve) => setTimeout(resolve, 600));
        const later = [...list.querySelectorAll<HTMLElement>('.message-row')].find((r) => r.offsetTop + r.offsetHeight > list.scrollTop)?.dataset.row;
        return { before, duringScroll, after: keys(), screenTop, later };
      });
      assert.deepEqual(near.duringScroll, near.before, 'the scroll event mounted and built no row');
      const firstBefore = near.before[0] as string;
      assert.ok(near.after.indexOf(firstBefore) > 0, `rows above ${firstBefore} were built and mounted once the page was idle (${near.after.slice(0, 3).join(', ')}…)`);
      assert.equal(near.later, near.screenTop, 'the row at the top of the screen stayed there');
      const jump = await chat.page.evaluate(async () => {
        const list = document.querySelector('.messages') as HTMLElement;
        const inScroll = new Promise<string[]>((resolve) =>
          list.addEventListener('scroll', () => resolve([...list.querySelectorAll<HTMLElement>('.message-row')].filter((r) => r.offsetTop + r.offsetHeight > list.scrollTop && r.offsetTop < list.scrollTop + list.clientHeight).map((r) => r.dataset.row ?? '')), { once: true }),
        );
        list.scrollTop = 0;
        return inScroll;
      });
      assert.equal(jump[0], 'u0', 'a jump to the oldest message has its rows on screen within the scroll event');
    },
  },
  {
    name: 'replies streamed before the host lists them stay in the list when far more than the kept rows scroll past',
    page: 'strict',
    async run(chat) {
      await chat.send(initMessage());
      const replies = 150;
      const messages: HostMessage[] = [];
      for (let i = 0; i < replies; i++) messages.push(started(`s${i}`), content(`s${i}`, `Streamed reply number ${i}, long enough to fill a row.`), finished(`s${i}`));
      await chat.play(messages);
      assert.ok((await windowState(chat)).mounted.length < replies / 2, 'only a window of rows is mounted');
      await chat.page.evaluate(() => {
        (document.querySelector('.messages') as HTMLElement).scrollTop = 0;
      });
      await chat.frames(3);
      const state = await windowState(chat);
      assert.equal(state.visible[0], 's0', 'the oldest reply is there at the top');
      assert.match(await chat.page.locator('.message-row[data-row="s0"]').innerText(), /Streamed reply number 0,/);
    },
  },
  {
    name: 'a reply priced while far off screen shows its cost once it scrolls into view',
    page: 'strict',
    async run(chat) {
      const view = await openLong(chat);
      const oldest = view.messages.find((m) => m.role === 'assistant' && m.usage !== undefined && m.id.startsWith('a'))?.id ?? '';
      const newest = view.messages.at(-1)?.id ?? '';
      for (const [messageId, usd] of [[oldest, 0.5], [newest, 0.25]] as const) await chat.send({ type: 'replyCost', conversationId: view.id, messageId, label: `$${usd}`, usd });
      const cost = (id: string) => chat.page.locator(`[data-message-id="${id}"] [data-testid="reply-cost"]`);
      assert.equal(await cost(newest).textContent(), '$0.25');
      assert.equal(await chat.page.locator(`[data-message-id="${oldest}"]`).count(), 0, 'the oldest reply is not mounted yet');
      await chat.page.evaluate(async (id) => {
        const list = document.querySelector('.messages') as HTMLElement;
        const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
        for (let i = 0; i < 500 && !list.querySelector(`[data-message-id="${id}"]`); i++) {
          list.scrollTop = 0;
          await frame();
        }
      }, oldest);
      assert.equal(await cost(oldest).textContent(), '$0.50');
    },
  },
  {
    name: 'while the page waits for the host it builds sample rows out of sight: each taken away at once, nothing posted, nothing left',
    page: 'strict',
    async run(chat) {
      await chat.page.addInitScript(() => {
        const seen: { rehearsed: number; removed: number } = { rehearsed: 0, removed: 0 };
        (window as unknown as { __rows: typeof seen }).__rows = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) if (node instanceof HTMLElement && node.matches('.message-row.rehearsal')) seen.rehearsed += 1;
            for (const node of record.removedNodes) if (node instanceof HTMLElement && node.matches('.message-row.rehearsal')) seen.removed += 1;
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await chat.page.goto(chat.page.url());
      await chat.waitForPosted('ready');
      await chat.page.waitForFunction(() => (window as unknown as { __rows: { rehearsed: number } }).__rows.rehearsed >= 4, undefined, { timeout: 10_000 });
      await chat.frames(2);
      const after = await chat.page.evaluate(() => {
        const list = document.querySelector('.messages') as HTMLElement;
        return { ...(window as unknown as { __rows: object }).__rows, rows: document.querySelectorAll('.message-row').length, scrollable: list.scrollHeight > list.clientHeight };
      });
      assert.deepEqual(after, { rehearsed: 4, removed: 4, rows: 0, scrollable: false });
      assert.deepEqual((await chat.posted()).map((m) => m.type), ['ready'], 'nothing but ready reaches the host');
      await chat.send(initMessage({ active: restored() }));
      await chat.frames(2);
      assert.ok((await windowState(chat)).atBottom, 'a conversation then opens as usual');
    },
  },
];
