// The first-use walk, scene by scene, in light and dark, English and Chinese, at 170 and 400 px: what a
// new user sees must read right in each, and the screenshots (test-results/walk/) are kept to look at.
import assert from 'node:assert/strict';
import type { ErrorInfo } from '../../src/shared/protocol';
import { conversation, failed, started } from './chatPage';
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

export const walkCases: WebviewCase[] = [
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
          await error.getByTestId('error-details').locator('summary').click();
          assert.match(await error.locator('.error-service-message').innerText(), /org-…<ak-…>/);
          await error.getByTestId('error-details').locator('summary').click();
        },
      );
    },
  },
];
