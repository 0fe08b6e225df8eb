import assert from 'node:assert/strict';
import { conversationMatches, countOccurrences, searchableText } from '../../../src/webview/find/conversationMatches';
import type { MessageView } from '../../../src/shared/protocol';

const messages: MessageView[] = [
  { id: 'u1', role: 'user', content: 'Why does parse() fail? PARSE again.', createdAt: 1 },
  {
    id: 'a1',
    role: 'assistant',
    model: 'svc-k2.5',
    choices: [
      { index: 0, content: 'Because parse gets null.', reasoning: 'Look at parse first.', finishReason: 'stop' },
      { index: 1, content: 'parse parse parse', reasoning: '', finishReason: 'stop' },
    ],
    selectedChoice: 0,
    status: 'complete',
    createdAt: 2,
  },
  { id: 't1', role: 'tool', toolCallId: 'c1', name: 'read_file', content: 'no match here', createdAt: 3 },
];

describe('conversationMatches', () => {
  it('counts case-insensitive, non-overlapping occurrences', () => {
    assert.equal(countOccurrences('aaaa', 'aa'), 2);
    assert.equal(countOccurrences('Parse parse PARSE', 'parse'), 3);
    assert.equal(countOccurrences('text', ''), 0);
  });

  it('searches what a message shows: a reply\'s reasoning then its selected answer, not the other alternatives', () => {
    assert.equal(searchableText(messages[1] as MessageView), 'Look at parse first.\nBecause parse gets null.');
    assert.deepEqual(conversationMatches(messages, 'parse'), [
      { messageId: 'u1', ordinal: 0 },
      { messageId: 'u1', ordinal: 1 },
      { messageId: 'a1', ordinal: 0 },
      { messageId: 'a1', ordinal: 1 },
    ]);
  });

  it('finds nothing for a blank query or text nobody wrote', () => {
    assert.deepEqual(conversationMatches(messages, '   '), []);
    assert.deepEqual(conversationMatches(messages, 'absent'), []);
  });
});
