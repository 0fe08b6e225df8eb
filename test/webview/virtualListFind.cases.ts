// Find in a long conversation: Ctrl+F finds text in messages of the virtualised list that are not mounted,
// counts every match, steps through them and opens the folded reasoning that holds one.
import assert from 'node:assert/strict';
import { uniqueWord } from '../support/longConversation';
import { openLong } from './virtualList.cases';
import type { WebviewCase } from './webviewCase';

export const virtualListFindCases: WebviewCase[] = [
  {
    name: 'Ctrl+F finds text in messages that are not mounted, counts every match, steps with Enter and Shift+Enter, opens the folded reasoning that holds it, and Escape closes',
    page: 'strict',
    async run(chat, report) {
      const view = await openLong(chat);
      await chat.page.locator('.messages').focus();
      await chat.page.keyboard.press('Control+f');
      const input = chat.page.getByTestId('find-input');
      assert.ok(await input.evaluate((e) => e === document.activeElement), 'Ctrl+F puts the focus in the find box');

      const word = uniqueWord(3);
      await input.fill(word);
      assert.equal(await chat.page.getByTestId('find-count').textContent(), '1 of 1');
      await chat.frames(2);
      const found = await chat.page.evaluate((query) => {
        const row = document.querySelector<HTMLElement>('.message-row[data-row="c3"]');
        const list = document.querySelector('.messages') as HTMLElement;
        const current = CSS.highlights.get('svc-find-current');
        const range = current ? ([...current] as Range[])[0] : undefined;
        const box = range?.getBoundingClientRect();
        const bounds = list.getBoundingClientRect();
        return {
          mounted: row !== null,
          reasoningOpen: row?.querySelector<HTMLDetailsElement>('details.thinking')?.open ?? false,
          highlighted: range?.toString().toLowerCase() === query.toLowerCase(),
          inView: box !== undefined && box.top >= bounds.top && box.bottom <= bounds.bottom,
        };
      }, word);
      assert.ok(found.mounted, 'the old message that holds the text is mounted');
      assert.ok(found.reasoningOpen, 'its folded reasoning, which holds the text, is opened');
      assert.ok(found.highlighted, 'the match is marked as the current one');
      assert.ok(found.inView, 'the match is scrolled into view');

      // needle1marker, needle10…19marker and needle100…199marker: 111 reasoning sections.
      await input.fill('needle1');
      const counted = /^(\d+) of (\d+)$/.exec((await chat.page.getByTestId('find-count').textContent()) ?? '');
      assert.ok(counted, 'the count reads "n of m"');
      assert.equal(Number(counted[2]), 111, 'every message is searched, mounted or not');
      const at = Number(counted[1]);
      const next = at % 111 + 1;
      await input.press('Enter');
      assert.equal(await chat.page.getByTestId('find-count').textContent(), `${next} of 111`, 'Enter goes to the next match');
      await input.press('Shift+Enter');
      assert.equal(await chat.page.getByTestId('find-count').textContent(), `${at} of 111`, 'Shift+Enter goes back');
      report(`matches of "needle1": ${counted[2]} in ${view.messages.length} messages`);

      await input.fill('no such text anywhere');
      assert.equal(await chat.page.getByTestId('find-count').textContent(), 'No results');
      await input.press('Escape');
      assert.ok(await chat.page.getByTestId('find-bar').isHidden(), 'Escape closes the find bar');
      assert.equal(await chat.page.evaluate(() => CSS.highlights.has('svc-find')), false, 'closing clears the marks');
    },
  },
];
