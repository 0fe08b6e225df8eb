// The tool-call rule of the service, checked on a conversation a test produced or saw sent: every
// assistant tool call is answered by exactly one tool message right after it, and no tool message
// answers a call that was not just made.
import assert from 'node:assert/strict';
import type { ChatMessage } from '../../src/api/index';

/** No assistant tool call without exactly one tool answer right after it; no tool answer without its call. */
export function assertEveryCallAnswered(messages: readonly ChatMessage[], where: string): void {
  const answered = new Set<string>();
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as ChatMessage;
    if (message.role === 'tool') {
      assert.ok(answered.has(message.tool_call_id), `${where}: tool message ${i} answers a call made just before it`);
      continue;
    }
    answered.clear();
    if (message.role !== 'assistant' || !message.tool_calls?.length) continue;
    let end = i + 1;
    while (end < messages.length && messages[end]?.role === 'tool') end++;
    const answers = messages.slice(i + 1, end).map((m) => (m.role === 'tool' ? m.tool_call_id : ''));
    const ids = message.tool_calls.map((c) => c.id);
    assert.deepEqual([...answers].sort(), [...ids].sort(), `${where}: message ${i} calls ${ids.join(',')} but is answered by ${answers.join(',') || 'nothing'}`);
    for (const id of ids) answered.add(id);
  }
}
