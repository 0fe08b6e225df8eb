// Errors in the composer with their fixes: a refused request gives the typed text back, a 401 offers to
// set the key, and a rate limit counts down while the host retries.
import assert from 'node:assert/strict';
import { CONVERSATION_ID, conversation, failed, started } from './chatPage';
import type { WebviewCase } from './webviewCase';

export const composerErrorCases: WebviewCase[] = [
  {
    name: 'a refused request shows the field at fault and gives the typed text back',
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('a message the service refuses');
      await input.press('Enter');
      await chat.waitForPosted('send');
      await chat.play([
        started('a1'),
        failed('a1', { kind: 'invalidRequest', status: 400, type: 'invalid_request_error', message: 'Invalid request: temperature', field: 'temperature', action: 'fixRequest' }),
      ]);
      const error = chat.page.locator('[data-testid="error"]');
      assert.match(await error.textContent() ?? '', /field: temperature/);
      assert.equal(await input.inputValue(), 'a message the service refuses', 'the text is not lost');
      await error.locator('button', { hasText: 'Open Settings' }).click();
      assert.equal((await chat.waitForPosted('runAction')).action, 'openSettings');
    },
  },
  {
    name: 'a message refused by request validation before sending comes back as a failed reply and the text is given back',
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('far too long');
      await input.press('Enter');
      await chat.waitForPosted('send');
      const user = { id: 'u1', role: 'user' as const, content: 'far too long', createdAt: 1 };
      await chat.play([
        { type: 'conversation', conversation: conversation([user]) },
        {
          type: 'conversation',
          conversation: conversation([
            user,
            {
              id: 'a1',
              role: 'assistant',
              model: 'svc-v1-8k',
              choices: [{ index: 0, content: '', reasoning: '', finishReason: null }],
              selectedChoice: 0,
              status: 'failed',
              error: { kind: 'tokenLimit', message: 'Input plus max_completion_tokens exceed 8192', field: 'max_completion_tokens', action: 'shortenInput' },
              createdAt: 2,
            },
          ]),
        },
      ]);
      assert.match(await chat.lastAssistant().locator('[data-testid="error"]').textContent() ?? '', /Too many tokens/);
      assert.equal(await input.inputValue(), 'far too long');
    },
  },
  {
    name: 'a 401 offers to set the key; a rate limit counts down while the host retries, and Cancel stops that retry',
    page: 'strict',
    async run(chat) {
      await chat.play([
        started('a1'),
        failed('a1', { kind: 'authentication', status: 401, type: 'incorrect_api_key_error', message: 'Incorrect API key provided', action: 'setKey' }),
      ]);
      await chat.lastAssistant().locator('[data-testid="error"] button', { hasText: 'Set API Key' }).click();
      assert.equal((await chat.waitForPosted('runAction')).action, 'setKey');
      await chat.play([
        started('a2'),
        failed('a2', { kind: 'rateLimit', status: 429, type: 'rate_limit_reached_error', message: 'please try again after 2 seconds', retryAfterSeconds: 2, action: 'retry' }),
      ]);
      const rateLimit = chat.lastAssistant().getByTestId('error');
      assert.equal(await rateLimit.locator('.error-title').innerText(), 'Rate limit reached');
      assert.equal(await rateLimit.locator('.error-message').innerText(), 'please try again after 2 seconds');
      assert.doesNotMatch(await rateLimit.innerText(), /rate_limit_reached_error|HTTP 429/, 'the service code and status wait folded under Details');
      assert.equal(await rateLimit.locator('[data-testid="error-details"] .error-code').textContent(), 'code: rate_limit_reached_error · HTTP 429');
      // No countdown without the host's automatic retry (used up, or restored from disk): Retry Now only.
      assert.equal(await chat.lastAssistant().locator('.error-countdown').count(), 0);
      await chat.lastAssistant().locator('[data-testid="error"] button', { hasText: 'Retry Now' }).click();
      assert.equal((await chat.waitForPosted('retry')).messageId, 'a2');
      await chat.play([
        started('a3'),
        failed('a3', { kind: 'rateLimit', status: 429, type: 'rate_limit_reached_error', message: 'please try again after 1 seconds', retryAfterSeconds: 1, action: 'retry', automaticRetry: true }),
      ]);
      // The host retries by itself: the view counts down, then waits for it without sending a retry of its own.
      const countdown = chat.lastAssistant().locator('.error-countdown');
      assert.match(await countdown.textContent() ?? '', /Retrying in 1 s/);
      await chat.page.waitForFunction(() => [...document.querySelectorAll('[data-testid="message"]')].at(-1)?.querySelector('.error-countdown')?.textContent === 'Retrying…', undefined, { timeout: 10_000 });
      assert.equal((await chat.posted()).filter((m) => m.type === 'retry').length, 1, 'only the click sent a retry');
      await chat.play([
        started('a4'),
        failed('a4', { kind: 'overloaded', status: 429, type: 'engine_overloaded_error', message: 'The engine is currently overloaded', retryAfterSeconds: 30, action: 'retry', automaticRetry: true }),
      ]);
      await chat.lastAssistant().locator('[data-testid="error"] button', { hasText: 'Cancel' }).click();
      assert.equal((await chat.waitForPosted('stop')).conversationId, CONVERSATION_ID, 'Cancel stops the host\'s automatic retry');
      assert.equal(await chat.lastAssistant().locator('.error-countdown').textContent(), 'Automatic retry cancelled');
    },
  },
];
