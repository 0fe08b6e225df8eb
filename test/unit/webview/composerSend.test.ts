import assert from 'node:assert/strict';
import { parseWebviewMessage } from '../../../src/shared/messageParsing';
import type { SendOptions } from '../../../src/shared/protocol';
import { composerMessage } from '../../../src/webview/composerSend';

const options: SendOptions = { model: 'svc-k2', thinking: true, jsonMode: false, choiceCount: 1 };

describe('what Send posts for each composer mode', () => {
  it('Ask sends a chat message, Plan runs a task in plan mode, Agent runs a task', () => {
    assert.deepEqual(composerMessage('ask', 'c1', 'Hello', options), { type: 'send', conversationId: 'c1', text: 'Hello', options });
    assert.deepEqual(composerMessage('plan', null, 'Tidy up', options), { type: 'runAgentTask', conversationId: null, text: 'Tidy up', options, mode: 'plan' });
    assert.deepEqual(composerMessage('agent', 'c1', 'Fix it', options), { type: 'runAgentTask', conversationId: 'c1', text: 'Fix it', options });
  });

  it('posts only what the host accepts', () => {
    for (const mode of ['ask', 'plan', 'agent'] as const) {
      const parsed = parseWebviewMessage(composerMessage(mode, null, 'text', options));
      assert.ok(parsed.ok, parsed.ok ? '' : parsed.error.message);
    }
  });
});
