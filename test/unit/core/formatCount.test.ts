// Counts with thousands separators, without the locale data toLocaleString loads on its first call.
import assert from 'node:assert/strict';
import { formatCount } from '../../../src/core/tokens/formatCount';

describe('formatCount', () => {
  it('groups digits in threes with commas, as en-US does', () => {
    for (const value of [0, 7, 999, 1_000, 12_345, 999_999, 1_000_000, 123_456_789, -1_234, -5]) {
      assert.equal(formatCount(value), value.toLocaleString('en-US'), String(value));
    }
  });

  it('rounds a fraction and leaves what is not a finite number as it is', () => {
    assert.equal(formatCount(1_234.6), '1,235');
    assert.equal(formatCount(-0.4), '0');
    assert.equal(formatCount(Number.NaN), 'NaN');
    assert.equal(formatCount(Number.POSITIVE_INFINITY), 'Infinity');
  });
});
