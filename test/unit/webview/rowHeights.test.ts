import assert from 'node:assert/strict';
import { RowHeights, type RowSize } from '../../../src/webview/components/rowHeights';

function rows(count: number, chars = 450): RowSize[] {
  return Array.from({ length: count }, (_, i) => ({ key: `m${i}`, chars, blocks: 1 }));
}

describe('RowHeights', () => {
  it('places rows by their estimates until measured, then by what was measured', () => {
    const heights = new RowHeights();
    heights.setRows(rows(4));
    const estimate = heights.height(0);
    assert.ok(estimate > 0);
    assert.equal(heights.offset(2), 2 * estimate);
    assert.equal(heights.total, 4 * estimate);
    assert.equal(heights.measure('m1', 500), true);
    assert.equal(heights.measure('m1', 500), false, 'the same height again changes nothing');
    assert.equal(heights.offset(2), heights.height(0) + 500);
    assert.equal(heights.measure('not-a-row', 10), false, 'a row not shown is not recorded');
  });

  it('learns pixels per character from measured rows, so the estimates of the others follow', () => {
    const heights = new RowHeights();
    heights.setRows(rows(20));
    const before = heights.height(19);
    // Rows twice as tall as assumed: the estimate of the unmeasured rows grows toward that.
    for (let i = 0; i < 10; i++) heights.measure(`m${i}`, before * 2);
    assert.ok(heights.height(19) > before * 1.5, `${heights.height(19)} > ${before * 1.5}`);
    heights.resetMeasurements();
    assert.equal(heights.height(19), before, 'a new width starts from the first guess');
  });

  it('finds the rows a scroll position shows, with the overscan on each side', () => {
    const heights = new RowHeights();
    heights.setRows(rows(100));
    for (let i = 0; i < 100; i++) heights.measure(`m${i}`, 100);
    assert.equal(heights.indexAt(0), 0);
    assert.equal(heights.indexAt(250), 2);
    assert.equal(heights.indexAt(1e9), 99, 'past the end is the last row');
    assert.deepEqual(heights.rangeFor(1_000, 300, 200), { start: 8, end: 16 });
    assert.deepEqual(heights.rangeFor(0, 300, 200), { start: 0, end: 6 });
    assert.deepEqual(heights.rangeAtEnd(300, 200), { start: 95, end: 100 });
    assert.deepEqual(new RowHeights().rangeFor(0, 300, 200), { start: 0, end: 0 });
  });

  it('keeps the measurements of rows that stay when the rows change, and finds rows by key', () => {
    const heights = new RowHeights();
    heights.setRows(rows(3));
    heights.measure('m2', 321);
    heights.setRows([{ key: 'new', chars: 0, blocks: 0 }, ...rows(3)]);
    assert.equal(heights.indexOf('m2'), 3);
    assert.equal(heights.height(3), 321);
    assert.equal(heights.keyAt(0), 'new');
    assert.equal(heights.indexOf('gone'), -1);
    assert.throws(() => heights.keyAt(9), RangeError);
  });
});
