// The narrowest side bar (170 px) while a planned task asks for an approval: the pinned to-do list, the
// approval card and the composer share the height with the conversation. The list folds to its one
// summary line (a click opens it), the approval's detail scrolls within a cap so its buttons stay in
// sight, and the conversation keeps a real share of the view.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { AssistantMessageView, HostMessage, MessageView } from '../../src/shared/protocol';
import { resultsDir } from '../harness/toolPaths';
import { step, tool } from './agent.cases';
import { CONVERSATION_ID, conversation, type ChatPage } from './chatPage';
import type { WebviewCase } from './webviewCase';

/** A side bar on a laptop screen. */
const HEIGHT = 860;
const user: MessageView = { id: 'u1', role: 'user', content: 'plan: upper-case both files', createdAt: 1 };
const steps = ['Upper-case the first line of alpha.txt', 'Upper-case the first line of beta.txt', 'Check both files'];
const planned: AssistantMessageView = { ...step('p1', 'complete', [], '', 'The plan.'), plan: { steps, files: ['alpha.txt', 'beta.txt'], commands: [], status: 'approved', todo: ['done', 'in_progress', 'pending'] } };
const approved: MessageView = { id: 'u2', role: 'user', content: 'Plan approved', createdAt: 4 };
const editArgs = '{"path":"beta.txt","old_text":"beta one","new_text":"BETA ONE"}';
const running: MessageView[] = [user, planned, approved, step('s1', 'streaming', [{ id: 'call-1', name: 'edit_file', arguments: editArgs }]), tool('t1', 'call-1', 'edit_file', editArgs, 'running')];
const longDiff = Array.from({ length: 60 }, (_, i) => `${i % 2 === 0 ? '-' : '+'} line ${i} of beta.txt`).join('\n');
const approval: HostMessage = { type: 'approvalRequest', requestId: 'r1', conversationId: CONVERSATION_ID, kind: 'edit', title: 'Make this edit to beta.txt?', detail: longDiff, allowAlways: true };

async function layout(chat: ChatPage): Promise<{ open: boolean; summaryHeight: number; todoShown: boolean; conversation: number; buttonsInView: boolean; detailInView: number }> {
  await chat.frames(2);
  return chat.page.evaluate((height) => {
    const pinned = document.querySelector<HTMLDetailsElement>('[data-testid="pinned-plan"]')!;
    const summary = pinned.querySelector('summary')!.getBoundingClientRect();
    const area = document.querySelector('.approvals')!.getBoundingClientRect();
    const buttons = [...document.querySelectorAll('[data-testid="approval"] button')].map((b) => b.getBoundingClientRect());
    return {
      open: pinned.open,
      summaryHeight: summary.height,
      todoShown: pinned.querySelector('[data-testid="pinned-plan-todo"]')?.checkVisibility() ?? false,
      conversation: document.querySelector('.messages')!.getBoundingClientRect().height,
      // On screen, and not scrolled out of the approvals' own area.
      buttonsInView: buttons.length > 0 && buttons.every((b) => b.top >= Math.max(0, area.top) && b.bottom <= Math.min(height, area.bottom)),
      // How much of what is approved shows between the top of the area and the buttons.
      detailInView: (() => {
        const detail = document.querySelector('[data-testid="approval-detail"]')?.getBoundingClientRect();
        const actions = document.querySelector('.approval-actions')?.getBoundingClientRect();
        return detail && actions ? Math.min(detail.bottom, actions.top) - Math.max(detail.top, area.top) : 0;
      })(),
    };
  }, HEIGHT);
}

export const narrowApprovalCases: WebviewCase[] = [
  {
    name: 'at 170 px an approval with the pinned to-do list leaves the conversation room: the list folds to its summary line, the approval keeps its buttons in sight',
    page: 'strict',
    async run(chat) {
      await chat.page.setViewportSize({ width: 170, height: HEIGHT });
      await chat.play([{ type: 'conversation', conversation: conversation(running) }]);
      let now = await layout(chat);
      assert.equal(now.open, true, 'with room and no question, the whole list shows');
      assert.equal(now.todoShown, true);

      await chat.play([approval]);
      now = await layout(chat);
      await chat.page.screenshot({ path: path.join(resultsDir, 'webview-approval-pinned-plan-170px.png') });
      assert.equal(now.open, false, 'while an approval asks, the list folds');
      assert.equal(now.todoShown, false);
      assert.ok(now.summaryHeight < 24, `the folded list is one summary line: ${now.summaryHeight} px`);
      assert.equal(now.buttonsInView, true, "the approval's buttons are on screen");
      assert.ok(now.detailInView >= 60, `several lines of the change show above the buttons: ${now.detailInView} px`);
      assert.ok(now.conversation >= HEIGHT / 7, `the conversation keeps a share of the view: ${now.conversation} px of ${HEIGHT}`);

      const summary = chat.page.getByTestId('pinned-plan-summary');
      await summary.click();
      assert.equal((await layout(chat)).todoShown, true, 'the summary line opens the list on demand');
      await summary.click();
      await chat.play([{ type: 'approvalSettled', requestId: 'r1' }]);
      assert.equal((await layout(chat)).open, true, 'answered, the list opens again');

      await summary.click();
      await chat.play([approval, { type: 'approvalSettled', requestId: 'r1' }]);
      assert.equal((await layout(chat)).open, false, 'a list the user folded stays folded');
      await summary.click();

      await chat.page.setViewportSize({ width: 170, height: 420 });
      assert.equal((await layout(chat)).open, false, 'a short view shows the summary line only');
      await chat.page.setViewportSize({ width: 170, height: HEIGHT });
      assert.equal((await layout(chat)).open, true);
    },
  },
];
