import assert from 'node:assert/strict';
import { shortTitle } from '../../../src/core/conversations/conversationTitle';

describe('shortTitle', () => {
  it('keeps the first sentence without the polite opening, capitalised', () => {
    assert.equal(shortTitle('Can you please explain how the retry policy works? I read retryPolicy.ts but...'), 'Explain how the retry policy works?');
    assert.equal(shortTitle('hi, could you add a test for the parser.'), 'Add a test for the parser');
  });

  it('leaves out mentions and code blocks', () => {
    assert.equal(shortTitle('@src/app.ts why does `main` crash?\n```\nTypeError: x is undefined\n```'), 'Why does main crash?');
  });

  it('cuts a long sentence at a word, with no ellipsis', () => {
    const title = shortTitle('Refactor the conversation store so that every journal write is batched and flushed on idle') ?? '';
    assert.ok(title.length <= 48, title);
    assert.equal(title, 'Refactor the conversation store so that every');
    assert.doesNotMatch(title, /…/);
  });

  it('has no title for a message with nothing to name it by', () => {
    assert.equal(shortTitle('@README.md'), undefined);
    assert.equal(shortTitle('```\n1 2 3\n```'), undefined);
  });
});
