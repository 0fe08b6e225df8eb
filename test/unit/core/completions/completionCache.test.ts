// The small cache of identical contexts and the completion the user types into.
import assert from 'node:assert/strict';
import { CompletionCache } from '../../../../src/core/completions/completionCache';
import { remainderAfterTyping } from '../../../../src/core/completions/shownCompletion';

describe('the completion cache and the completion typed into', () => {
  it('keeps the most recently used contexts and forgets the oldest first', () => {
    const cache = new CompletionCache(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    assert.equal(cache.get('a'), 'A');
    cache.set('c', 'C');
    assert.equal(cache.get('b'), undefined, 'b was the least recently used');
    assert.equal(cache.get('a'), 'A');
    assert.equal(cache.get('c'), 'C');
    assert.equal(cache.count, 2);
  });

  it('shortens a shown completion while the user types its start, and not otherwise', () => {
    const shown = { path: 'a.ts', before: 'const x = ', after: ';\n', text: 'compute(1, 2)' };
    assert.equal(remainderAfterTyping(shown, 'a.ts', 'const x = comp', ';\n'), 'ute(1, 2)');
    assert.equal(remainderAfterTyping(shown, 'a.ts', 'const x = cop', ';\n'), undefined, 'typed something else');
    assert.equal(remainderAfterTyping(shown, 'b.ts', 'const x = comp', ';\n'), undefined, 'another file');
    assert.equal(remainderAfterTyping(shown, 'a.ts', 'const x = comp', '\n'), undefined, 'the text after the cursor changed');
    assert.equal(remainderAfterTyping(shown, 'a.ts', 'const x = compute(1, 2)', ';\n'), undefined, 'typed all of it');
    assert.equal(remainderAfterTyping(shown, 'a.ts', 'const x = ', ';\n'), undefined, 'nothing typed: the cache answers that');
  });
});
