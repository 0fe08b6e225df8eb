// Per-message actions: copy, insert at cursor, code-block actions, regenerate, edit and resend.
import assert from 'node:assert/strict';
import { CONVERSATION_ID, content, conversation, finished, started } from './chatPage';
import type { WebviewCase } from './webviewCase';

export const actionCases: WebviewCase[] = [
  {
    name: 'code blocks can be copied, inserted at the cursor and applied to a file; answers copied, inserted and regenerated',
    page: 'strict',
    async run(chat) {
      const answer = 'Use this:\n\n```python\nprint("hi")\n```\n';
      await chat.play([started('a1'), content('a1', answer), finished('a1')]);
      const block = chat.lastAssistant().locator('.code-block');
      await block.locator('[data-action="copy-code"]').click();
      assert.deepEqual(await chat.waitForPosted('copy'), { type: 'copy', text: 'print("hi")\n' });
      await block.locator('[data-action="insert-code"]').click();
      assert.deepEqual(await chat.waitForPosted('insertAtCursor'), { type: 'insertAtCursor', text: 'print("hi")\n' });
      await block.locator('[data-action="apply-code"]').click();
      assert.deepEqual(await chat.waitForPosted('applyCodeBlock'), { type: 'applyCodeBlock', code: 'print("hi")\n', language: 'python' });
      await chat.lastAssistant().locator('[data-action="copy-answer"]').click();
      assert.deepEqual(await chat.waitForPosted('copy', 2), { type: 'copy', text: answer });
      await chat.lastAssistant().locator('[data-action="insert-answer"]').click();
      assert.deepEqual(await chat.waitForPosted('insertAtCursor', 2), { type: 'insertAtCursor', text: answer });
      await chat.lastAssistant().locator('[data-action="regenerate"]').click();
      assert.deepEqual(await chat.waitForPosted('regenerate'), { type: 'regenerate', conversationId: CONVERSATION_ID, messageId: 'a1' });
    },
  },
  {
    name: 'a user message can be edited and resent; the buttons are keyboard reachable and labelled',
    page: 'strict',
    async run(chat) {
      await chat.play([{ type: 'conversation', conversation: conversation([{ id: 'u1', role: 'user', content: 'Old question', createdAt: 1 }]) }]);
      const user = chat.page.locator('[data-role="user"]');
      const edit = user.locator('[data-action="edit-message"]');
      assert.equal(await edit.getAttribute('aria-label'), 'Edit and resend');
      await edit.focus();
      await chat.page.keyboard.press('Enter');
      const editor = user.locator('textarea');
      await editor.fill('New question');
      await editor.press('Enter');
      assert.deepEqual(await chat.waitForPosted('editAndResend'), { type: 'editAndResend', conversationId: CONVERSATION_ID, messageId: 'u1', text: 'New question' });
      const unlabelled = await chat.page.evaluate(() =>
        [...document.querySelectorAll('button, select, textarea, input')].filter((e) => !e.getAttribute('aria-label') && !(e.textContent ?? '').trim()).length,
      );
      assert.equal(unlabelled, 0, 'every control has a name');
    },
  },
];
