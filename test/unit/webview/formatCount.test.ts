import assert from 'node:assert/strict';
import { formatCount } from '../../../src/webview/dom';

describe('counts as the page writes them', () => {
  it('groups whole numbers by thousands as en-US does, with no formatter', () => {
    const english = new Intl.NumberFormat('en-US');
    for (const value of [0, 7, 42, 999, 1000, 12_345, 100_000, 1_234_567, 9_007_199_254_740_991, -1, -1000, -987_654_321]) {
      assert.equal(formatCount(value), english.format(value), `${value}`);
    }
  });

  it('leaves fractions, infinities and NaN to Intl', () => {
    assert.equal(formatCount(1234.5), '1,234.5');
    assert.equal(formatCount(Infinity), '∞');
    assert.equal(formatCount(Number.NaN), 'NaN');
  });
});
