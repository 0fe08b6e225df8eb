import assert from 'node:assert/strict';
import { DuplicateHandlerError, UnhandledMessageError, WebviewMessageRouter } from '../../../src/extension/chat/webviewMessageRouter';

describe('the webview message router', () => {
  it('hands each message to the handler registered for its type, and waits for it', async () => {
    const seen: string[] = [];
    const router = new WebviewMessageRouter()
      .on('copy', async (message) => {
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(`copy ${message.text}`);
      })
      .on(['regenerate', 'retry'], (message) => void seen.push(`${message.type} ${message.messageId}`));
    await router.route({ type: 'copy', text: 'abc' });
    await router.route({ type: 'retry', conversationId: 'c', messageId: 'm1' });
    await router.route({ type: 'regenerate', conversationId: 'c', messageId: 'm2' });
    assert.deepEqual(seen, ['copy abc', 'retry m1', 'regenerate m2']);
  });

  it('refuses a second handler for one type', () => {
    const router = new WebviewMessageRouter().on('copy', () => undefined);
    assert.throws(() => router.on(['stop', 'copy'], () => undefined), DuplicateHandlerError);
  });

  it('names a message type nobody handles instead of dropping it', async () => {
    await assert.rejects(new WebviewMessageRouter().route({ type: 'ready' }), (error: unknown) => error instanceof UnhandledMessageError && /"ready"/.test(error.message));
  });

  it('passes a handler failure to the caller', async () => {
    const router = new WebviewMessageRouter().on('stop', () => {
      throw new Error('busy');
    });
    await assert.rejects(router.route({ type: 'stop', conversationId: 'c' }), /busy/);
  });
});
