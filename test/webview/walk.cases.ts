// The first-use walk, scene by scene, in light and dark, English and Chinese, at 170 and 400 px: what a
// new user sees must read right in each, and the screenshots (test-results/walk/) are kept to look at.
import assert from 'node:assert/strict';
import type { AssistantMessageView, ErrorInfo, MessageView } from '../../src/shared/protocol';
import { step, tool } from './agent.cases';
import { CONVERSATION_ID, conversation, failed, started } from './chatPage';
import { hostSays, inEveryLook } from './walkLooks';
import type { WebviewCase } from './webviewCase';

const RATE_LIMIT: ErrorInfo = {
  kind: 'rateLimit',
  status: 429,
  type: 'rate_limit_reached_error',
  message: 'This account sent too many requests in the last minute. The service asks to wait a little.',
  serviceMessage: 'Your account org-…<ak-…> request reached organization max RPM: 0, please try again after 29 seconds',
  retryAfterSeconds: 29,
  action: 'retry',
  automaticRetry: true,
};

const DEMO_TASK = { en: 'On the svc sample project, fix the discount bug in prices.js, add a test for it and run the tests.', 'zh-cn': '在 svc 示例项目中修复 prices.js 的折扣错误，为它添加测试并运行测试。' };
const priceEdit = '{"path":"prices.js","old_text":"  return price - percent;","new_text":"  return price - (price * percent) / 100;"}';
const testEdit = '{"path":"test.js","old_text":"assert.strictEqual(discounted(200, 10), 180);","new_text":"assert.strictEqual(discounted(200, 10), 180);\\nassert.strictEqual(discounted(50, 0), 50);"}';

/** A step as the host shows it once its calls have cards: the calls are in the cards, not in the step. */
function carded(id: string, call: { id: string; name: string; arguments: string }): AssistantMessageView {
  const view = step(id, 'complete', [call]);
  return { ...view, choices: view.choices.map(({ toolCalls: _carded, ...choice }) => choice) };
}

/** The demo's task after an earlier task that changed notes.md, whose change is still to review. */
function demoConversation(lang: 'en' | 'zh-cn'): MessageView[] {
  const earlier: AssistantMessageView = {
    ...step('e1', 'complete', [], '', 'Wrote the notes.'),
    agentSummary: { taskId: 'task-0', stopReason: 'stop', steps: 1, toolCalls: { write_file: 1 }, filesChanged: ['notes.md'], usage: { promptTokens: 300, completionTokens: 20, cachedTokens: 0 }, durationMs: 900 },
  };
  const answer: AssistantMessageView = {
    ...step('s5', 'complete', [], '', 'Fixed `discounted` in prices.js and added a test for a zero discount in test.js; `node test.js` passes.'),
    agentSummary: {
      taskId: 'task-1',
      stopReason: 'stop',
      steps: 5,
      toolCalls: { read_file: 1, edit_file: 2, run_command: 1, update_plan: 2 },
      filesChanged: ['prices.js', 'test.js'],
      usage: { promptTokens: 5120, completionTokens: 310, cachedTokens: 3900 },
      durationMs: 6400,
    },
  };
  return [
    { id: 'u0', role: 'user', content: 'Write notes.md', createdAt: 1 },
    earlier,
    { id: 'u1', role: 'user', content: DEMO_TASK[lang], createdAt: 2 },
    carded('s1', { id: 'c1', name: 'read_file', arguments: '{"path":"prices.js"}' }),
    tool('t1', 'c1', 'read_file', '{"path":"prices.js"}', 'done', 'function discounted(price, percent) {'),
    carded('s2', { id: 'c2', name: 'edit_file', arguments: priceEdit }),
    tool('t2', 'c2', 'edit_file', priceEdit, 'done', 'Edited prices.js.'),
    carded('s3', { id: 'c3', name: 'edit_file', arguments: testEdit }),
    tool('t3', 'c3', 'edit_file', testEdit, 'done', 'Edited test.js.'),
    carded('s4', { id: 'c4', name: 'run_command', arguments: '{"command":"node test.js"}' }),
    tool('t4', 'c4', 'run_command', '{"command":"node test.js"}', 'done', 'all tests passed'),
    answer,
  ];
}

const PLAN_TEXT = 'I read prices.js; the discount is subtracted as an amount.\n\n1. Fix `discounted` in prices.js\n2. Run the tests\nFiles:\n- prices.js\nCommands:\n- node test.js';
const writeArgs = '{"path":"prices.test.js","content":"require(\'./test\');\\n"}';

/** An approved plan whose task also wrote a file the plan does not list. */
function planConversation(lang: 'en' | 'zh-cn'): MessageView[] {
  const plan: AssistantMessageView = {
    ...step('p1', 'complete', [], '', PLAN_TEXT),
    plan: { steps: ['Fix `discounted` in prices.js', 'Run the tests'], files: ['prices.js'], commands: ['node test.js'], status: 'approved', todo: ['done', 'in_progress'] },
  };
  return [
    { id: 'u1', role: 'user', content: lang === 'en' ? 'Fix the discount' : '修复折扣', createdAt: 1 },
    plan,
    { id: 'u2', role: 'user', content: hostSays(lang, 'Plan approved'), createdAt: 3 },
    carded('s1', { id: 'c1', name: 'edit_file', arguments: priceEdit }),
    tool('t1', 'c1', 'edit_file', priceEdit, 'done', 'Edited prices.js.', { change: { path: 'prices.js', created: false, added: 1, removed: 1, lines: [{ kind: 'removed', text: '  return price - percent;' }, { kind: 'added', text: '  return price - (price * percent) / 100;' }] } }),
    carded('s2', { id: 'c2', name: 'write_file', arguments: writeArgs }),
    tool('t2', 'c2', 'write_file', writeArgs, 'done', 'Created prices.test.js.', { change: { path: 'prices.test.js', created: true, added: 1, removed: 0, lines: [{ kind: 'added', text: "require('./test');" }], outsidePlan: true } }),
  ];
}

/** An edit's detail as the host sends it (changeText): blank lines of the file are bare marks. */
const EDIT_DETAIL = ['  function total(items) {', '-   return items.reduce((sum, item) => sum + discounted(price, item.percent), 0);', '+   const sum = items.reduce((all, item) => all + discounted(item.price, item.percent), 0);', '+', '+   return Math.round(sum * 100) / 100;', '', '  }'].join('\n');

export const walkCases: WebviewCase[] = [
  {
    name: 'walk: an approval shows blank lines as blank, keeps code lines whole (scrolling sideways) and asks in plain words',
    page: 'strict',
    async run(chat) {
      await inEveryLook(
        chat,
        'approval-blank-lines',
        async (lang) => {
          await chat.play([
            { type: 'conversation', conversation: conversation([{ id: 'u1', role: 'user', content: 'Round the total', createdAt: 1 }, step('s1', 'streaming', [])]) },
            { type: 'approvalRequest', requestId: 'r1', conversationId: CONVERSATION_ID, kind: 'edit', title: hostSays(lang, 'Make this edit to {0}?').replace('{0}', 'prices.js'), detail: EDIT_DETAIL, allowAlways: true },
          ]);
        },
        async ({ lang, width }) => {
          const approval = chat.page.getByTestId('approval');
          const text = await approval.innerText();
          assert.doesNotMatch(text, /trailing|行尾/, 'no blank line is called a trailing space');
          if (lang === 'zh-cn') assert.match(text, /要对 prices\.js 进行此编辑吗？/);
          const wrapped = await approval.locator('.diff-line').evaluateAll((lines) => lines.filter((line) => line.getBoundingClientRect().height > parseFloat(getComputedStyle(line).lineHeight) * 1.5).length);
          assert.equal(wrapped, 0, `no diff line breaks inside at ${width} px`);
          for (const button of await approval.locator('.approval-actions button').all()) {
            const box = await button.boundingBox();
            assert.ok(box && box.x >= 0 && box.x + box.width <= width + 0.5, `each button in sight at ${width} px`);
          }
        },
      );
    },
  },
  {
    name: 'walk: a plan shows its words once, its card whole, and a file written outside it is marked',
    page: 'strict',
    async run(chat) {
      await inEveryLook(
        chat,
        'plan-outside-file',
        async (lang) => {
          await chat.play([{ type: 'conversation', conversation: conversation(planConversation(lang)) }]);
        },
        async ({ lang }) => {
          const planReply = chat.page.locator('[data-message-id="p1"]');
          const said = await planReply.locator('.choices').innerText();
          assert.match(said, /the discount is subtracted as an amount/);
          assert.doesNotMatch(said, /Run the tests|Commands:|node test\.js/, 'the plan is the card\'s, not repeated above it');
          assert.match(await chat.page.getByTestId('plan-card').innerText(), /Run the tests/);
          const marks = chat.page.getByTestId('outside-plan');
          assert.equal(await marks.count(), 1, 'only the file outside the plan is marked');
          assert.equal(await marks.innerText(), lang === 'en' ? 'not in the plan' : '不在计划中');
          const card = chat.page.getByTestId('tool-card').filter({ has: marks });
          assert.match(await card.innerText(), /prices\.test\.js/);
        },
      );
    },
  },
  {
    name: "walk: the demo's summary counts its own changes, names the tools in words, and the mode picker says Agent",
    page: 'strict',
    async run(chat) {
      await inEveryLook(
        chat,
        'demo-summary',
        async (lang) => {
          await chat.play([
            { type: 'taskMode', mode: 'agent' },
            { type: 'conversation', conversation: conversation(demoConversation(lang)) },
            { type: 'agentReview', hunks: 3, files: 3, byFile: { 'notes.md': 1, 'prices.js': 1, 'test.js': 1 } },
          ]);
        },
        async ({ lang }) => {
          assert.equal(await chat.page.getByTestId('mode-picker').inputValue(), 'agent', 'the picker shows the mode the task runs in');
          const summary = chat.page.getByTestId('agent-summary').last();
          const text = await summary.innerText();
          if (lang === 'en') {
            assert.match(text, /Files changed \(2\)/);
            assert.equal(await summary.getByTestId('agent-review-count').innerText(), '2 changes to review in 2 files', 'the earlier task\'s change is not counted here');
            assert.match(text, /Tools used: Read file, Edit file ×2, Run command/);
          } else {
            assert.match(text, /使用的工具/);
            assert.doesNotMatch(text, /read_file|edit_file|run_command/, 'tool names in words');
          }
          assert.doesNotMatch(text, /update_plan/, 'the plan bookkeeping is no tool the user cares about');
        },
      );
    },
  },
  {
    name: 'walk: no token figure in sight but the composer\'s meter: the header\'s total, a reply\'s usage, Thinking and the task summary keep theirs in tooltips, read aloud',
    page: 'strict',
    async run(chat) {
      await inEveryLook(
        chat,
        'quiet-numbers',
        async (lang) => {
          const question: MessageView = { id: 'u9', role: 'user', content: lang === 'en' ? 'Why do the prices round down?' : '价格为什么向下取整？', createdAt: 3 };
          const answer: AssistantMessageView = {
            id: 'a9',
            role: 'assistant',
            model: 'svc-k2-thinking',
            choices: [{ index: 0, content: 'Because `Math.floor` is applied to the total.', reasoning: 'The total is floored.', finishReason: 'stop' }],
            selectedChoice: 0,
            status: 'complete',
            usage: { promptTokens: 1200, completionTokens: 300, cachedTokens: 1000, reasoningTokens: 100 },
            createdAt: 4,
          };
          const view = conversation([...demoConversation(lang), question, answer]);
          await chat.play([
            { type: 'conversation', conversation: { ...view, totals: { promptTokens: 11_620, completionTokens: 630, cachedTokens: 4900 } } },
            { type: 'replyCost', conversationId: CONVERSATION_ID, messageId: 'a9', label: '1,500 tokens (1,000 cached) · $0.0031', usd: 0.0031 },
          ]);
        },
        async ({ lang }) => {
          const figures = await chat.page.evaluate(() => {
            const shown: string[] = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const parent = node.parentElement;
              if (!parent || parent.closest('.token-estimate') || node.textContent?.trim() === '') continue;
              const box = parent.getBoundingClientRect();
              if (box.width > 1 && box.height > 1 && parent.checkVisibility({ visibilityProperty: true })) shown.push(node.textContent ?? '');
            }
            return shown.filter((text) => /\d\s*(tokens?|Token)|Token[：:]|Tokens:/i.test(text));
          });
          assert.deepEqual(figures, [], 'no token figure in sight');
          const totals = chat.page.getByTestId('conversation-totals');
          assert.match(await totals.getAttribute('title') ?? '', lang === 'en' ? /^Conversation total: 12k tokens\n/ : /^对话总计：12k Token\n/);
          const usage = chat.lastAssistant().getByTestId('usage-line');
          assert.equal(await usage.innerText(), '$0.0031', 'the price a price table gave stays in sight');
          assert.match(await usage.getAttribute('aria-label') ?? '', lang === 'en' ? /^Usage: 1\.5k tokens\. Prompt: 1,200 tokens, 1,000 cached\./ : /^用量：1\.5k Token。/);
          assert.match(await chat.lastAssistant().getByTestId('thinking').locator('summary').getAttribute('title') ?? '', /^100 (tokens|Token)$/);
          const steps = chat.page.getByTestId('agent-summary').last().getByTestId('agent-steps');
          assert.match(await steps.getAttribute('title') ?? '', lang === 'en' ? /^Tokens: 5,120 prompt \(3,900 cached\) · 310 completion$/ : /^Token：输入 5,120（缓存 3,900）· 输出 310$/);
        },
      );
    },
  },
  {
    name: 'walk: a failed reply waiting to retry says so once, in words, with its buttons in sight and the service text folded',
    page: 'strict',
    async run(chat) {
      await inEveryLook(
        chat,
        'failed-reply',
        async (lang) => {
          await chat.play([
            { type: 'conversation', conversation: conversation([{ id: 'u1', role: 'user', content: 'Why do the prices round down?', createdAt: 1 }]) },
            started('a1'),
            failed('a1', { ...RATE_LIMIT, message: hostSays(lang, RATE_LIMIT.message) }),
            {
              type: 'attachments',
              chips: [{ id: 'f1', name: 'prices.js', size: 2048, sizeLabel: '2.0 KB', kind: 'text', status: 'error', statusDetails: hostSays(lang, "Can't reach {0}. Check your connection or proxy (http.proxy), or use the local emulator.").replace('{0}', 'api.svc.example') }],
            },
          ]);
        },
        async ({ lang, width }) => {
          const reply = chat.lastAssistant();
          assert.equal(await reply.locator('.status-badge').isVisible(), false, 'no "Failed" beside "Retrying"');
          const error = reply.getByTestId('error');
          assert.match(await error.locator('.error-countdown').innerText(), lang === 'en' ? /Retrying in \d+ s/ : /秒后重试/);
          const text = await error.innerText();
          assert.doesNotMatch(text, /org-|ak-|RPM/, 'no account ids or service jargon in sight');
          if (lang === 'zh-cn') assert.doesNotMatch(await error.locator('.error-message').innerText(), /[A-Za-z]{4,}/, 'said in Chinese');
          for (const button of await error.locator('button').all()) {
            const box = await button.boundingBox();
            assert.ok(box && box.x >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= 700, `a button of the error is in sight at ${width} px`);
          }
          const chip = chat.page.locator('.attachment-chip.error');
          assert.equal(await chip.locator('.attachment-name').innerText(), 'prices.js', `the failed chip's name reads whole at ${width} px`);
          const size = await chip.locator('.attachment-size').boundingBox();
          assert.ok(size && size.height < 24, `the size on one line at ${width} px`);
          await error.getByTestId('error-details').locator('summary').click();
          assert.match(await error.locator('.error-service-message').innerText(), /org-…<ak-…>/);
          await error.getByTestId('error-details').locator('summary').click();
        },
      );
    },
  },
];
