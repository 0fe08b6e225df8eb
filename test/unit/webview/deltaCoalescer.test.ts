import assert from 'node:assert/strict';
import { DeltaCoalescer } from '../../../src/webview/deltaCoalescer';
import { manualScheduler } from '../../support/manualScheduler';

describe('DeltaCoalescer', () => {
  it('delivers all deltas of a frame joined, once per key, in arrival order', () => {
    const frames = manualScheduler();
    const delivered: [string, string][] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (key, text) => delivered.push([key, text]));
    coalescer.push('content', 'Hel');
    coalescer.push('reasoning', 'think');
    coalescer.push('content', 'lo');
    coalescer.push('content', '!');
    assert.equal(frames.scheduled(), 1, 'one frame requested for many deltas');
    assert.deepEqual(delivered, []);
    frames.run();
    assert.deepEqual(delivered, [['content', 'Hello!'], ['reasoning', 'think']]);
  });

  it('requests a new frame for deltas that arrive after a flush', () => {
    const frames = manualScheduler();
    const delivered: string[] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (_key, text) => delivered.push(text));
    coalescer.push('a', '1');
    frames.run();
    coalescer.push('a', '2');
    assert.equal(frames.scheduled(), 1);
    frames.run();
    assert.deepEqual(delivered, ['1', '2']);
  });

  it('flushes at once on demand and then has nothing left for the frame', () => {
    const frames = manualScheduler();
    const delivered: string[] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (_key, text) => delivered.push(text));
    coalescer.push('a', 'x');
    coalescer.flush();
    assert.deepEqual(delivered, ['x']);
    frames.run();
    assert.deepEqual(delivered, ['x']);
  });

  it('ignores empty deltas', () => {
    const frames = manualScheduler();
    const delivered: [string, string][] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (key, text) => delivered.push([key, text]));
    coalescer.push('a', '');
    assert.equal(frames.scheduled(), 0);
    frames.run();
    assert.deepEqual(delivered, []);
  });

  it('turns 20,000 deltas in one frame into one delivery with the exact text', () => {
    const frames = manualScheduler();
    const delivered: string[] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (_key, text) => delivered.push(text));
    let expected = '';
    for (let i = 0; i < 20_000; i++) {
      const piece = `t${i} `;
      expected += piece;
      coalescer.push('content', piece);
    }
    frames.run();
    assert.deepEqual(delivered, [expected]);
  });
});
