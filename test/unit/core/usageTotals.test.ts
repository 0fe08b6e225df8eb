import assert from 'node:assert/strict';
import { addUsage, usageFromWire } from '../../../src/core/conversations/usageTotals';

describe('usage totals', () => {
  it('reads cached tokens from the top of usage or from prompt_tokens_details, and reasoning tokens', () => {
    assert.deepEqual(usageFromWire({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, cached_tokens: 8, prompt_tokens_details: { cached_tokens: 3 } }), {
      promptTokens: 10,
      completionTokens: 5,
      cachedTokens: 8,
      reasoningTokens: 0,
    });
    assert.deepEqual(
      usageFromWire({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, prompt_tokens_details: { cached_tokens: 3 }, completion_tokens_details: { reasoning_tokens: 4 } }),
      { promptTokens: 10, completionTokens: 5, cachedTokens: 3, reasoningTokens: 4 },
    );
    assert.equal(usageFromWire({ prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }).cachedTokens, 0);
  });

  it('adds up', () => {
    const a = { promptTokens: 1, completionTokens: 2, cachedTokens: 3, reasoningTokens: 4 };
    assert.deepEqual(addUsage(a, a), { promptTokens: 2, completionTokens: 4, cachedTokens: 6, reasoningTokens: 8 });
  });
});
