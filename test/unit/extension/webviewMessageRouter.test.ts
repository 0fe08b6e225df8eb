import assert from 'node:assert/strict';
import type { WebviewMessage } from '../../../src/shared/protocol';
import { combineHandlerGroups, DuplicateHandlerError, WebviewMessageRouter, type WebviewHandlers } from '../../../src/extension/chat/webviewMessageRouter';

/** A handler for every type, recording what it was given: which one runs is what the router decides. */
function recordingHandlers(seen: string[]): WebviewHandlers {
  return new Proxy({} as WebviewHandlers, {
    get: (_target, type: string) => (message: WebviewMessage) => void seen.push(`${type} ${JSON.stringify(message)}`),
  });
}

describe('the webview message router', () => {
  it('hands each message to the handler of its type, and waits for it', async () => {
    const seen: string[] = [];
    const others = recordingHandlers(seen);
    const copy: WebviewHandlers['copy'] = async (message) => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`copied ${message.text}`);
    };
    const router = new WebviewMessageRouter(new Proxy(others, { get: (target, type: keyof WebviewHandlers) => (type === 'copy' ? copy : target[type]) }));
    await router.route({ type: 'copy', text: 'abc' });
    await router.route({ type: 'retry', conversationId: 'c', messageId: 'm1' });
    assert.deepEqual(seen, ['copied abc', 'retry {"type":"retry","conversationId":"c","messageId":"m1"}']);
  });

  it('passes a handler failure to the caller', async () => {
    const failing = new Proxy({} as WebviewHandlers, {
      get: () => () => {
        throw new Error('busy');
      },
    });
    await assert.rejects(new WebviewMessageRouter(failing).route({ type: 'stop', conversationId: 'c' }), /busy/);
  });

  it('combines the groups into one map and refuses a type two groups handle', () => {
    const combined = combineHandlerGroups({ copy: () => 'copy' }, { stop: () => 'stop' });
    assert.deepEqual(Object.keys(combined).sort(), ['copy', 'stop']);
    assert.throws(
      () => combineHandlerGroups({ copy: () => undefined }, { stop: () => undefined, copy: () => undefined }),
      (error: unknown) => error instanceof DuplicateHandlerError && /"copy"/.test(error.message),
    );
  });

  it('does not compile a map that leaves a message type without a handler', () => {
    const seen: string[] = [];
    const { ready: _ready, ...allButReady } = recordingHandlers(seen);
    // @ts-expect-error "ready" has no handler: the compiler refuses the map (typecheck runs over the tests).
    const incomplete: WebviewHandlers = allButReady;
    assert.ok(incomplete);
  });
});
