import assert from 'node:assert/strict';
import { conversationToMarkdown } from '../../../src/core/conversations/conversationMarkdown';
import type { Conversation } from '../../../src/core/conversations/conversation';

describe('conversationToMarkdown', () => {
  it('writes title, messages, thinking, tool calls, status notes and fences that survive backticks', () => {
    const c: Conversation = {
      version: 1,
      id: 'c',
      title: 'Sorting',
      titleIsCustom: true,
      createdAt: 0,
      updatedAt: Date.UTC(2026, 10, 21),
      usageTotals: { promptTokens: 12, completionTokens: 30, cachedTokens: 4, reasoningTokens: 0 },
      entries: [
        { id: 'u', role: 'user', createdAt: 0, content: 'Sort this' },
        { id: 'a', role: 'assistant', createdAt: 0, model: 'svc-k2-thinking', selected: 0, status: 'stopped', alternatives: [{ content: 'Use `sort.Slice`.', reasoning: 'line one\n\nline two', toolCalls: [{ id: '1', type: 'function', function: { name: 'date', arguments: '{}' } }], finishReason: null }] },
        { id: 't', role: 'tool', createdAt: 0, toolCallId: '1', name: 'date', content: 'has ``` inside' },
      ],
    };
    const md = conversationToMarkdown(c);
    assert.ok(md.startsWith('# Sorting\n'));
    assert.match(md, /prompt 12, completion 30, cached 4 tokens/);
    assert.match(md, /## User\n\nSort this/);
    assert.match(md, /## Assistant \(svc-k2-thinking\)/);
    assert.match(md, /<details><summary>Thinking<\/summary>\n\n> line one\n>\n> line two/);
    assert.match(md, /Tool call `date`/);
    assert.match(md, /_\(stopped by the user\)_/);
    assert.match(md, /````\nhas ``` inside\n````/);
    assert.ok(md.endsWith('\n') && !md.endsWith('\n\n'));
  });

  it('writes the conversation’s time and each timed reply’s speed', () => {
    const c: Conversation = {
      version: 1,
      id: 'c',
      title: 'Fast',
      titleIsCustom: true,
      createdAt: 0,
      updatedAt: 0,
      usageTotals: { promptTokens: 5, completionTokens: 90, cachedTokens: 0, reasoningTokens: 0 },
      timeTotals: { replies: 1, waitMs: 300, streamMs: 3000 },
      entries: [
        { id: 'a', role: 'assistant', createdAt: 0, model: 'svc-k2-thinking', selected: 0, status: 'complete', alternatives: [{ content: 'ok', reasoning: 'hm', finishReason: 'stop' }], usage: { promptTokens: 5, completionTokens: 90, cachedTokens: 0, reasoningTokens: 0 }, reasoningTokens: 30, timing: { firstTokenMs: 300, reasoningMs: 1000, answerMs: 2000 } },
      ],
    };
    const md = conversationToMarkdown(c);
    assert.match(md, /cached 0 tokens; 1 timed reply, 3\.3 s \(0\.3 s to first tokens\)\._/);
    assert.match(md, /ok\n\n_\(first token 300 ms, thinking 30 tokens\/s, answer 30 tokens\/s, split between thinking and answer estimated\)_/);
  });
});
