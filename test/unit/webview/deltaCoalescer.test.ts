import assert from 'node:assert/strict';
import { DeltaCoalescer } from '../../../src/webview/deltaCoalescer';

function manualFrames(): { schedule: (cb: () => void) => void; runFrame: () => void; scheduled: () => number } {
  let queue: (() => void)[] = [];
  return {
    schedule: (cb) => queue.push(cb),
    runFrame: () => {
      const due = queue;
      queue = [];
      for (const cb of due) cb();
    },
    scheduled: () => queue.length,
  };
}

describe('DeltaCoalescer', () => {
  it('delivers all deltas of a frame joined, once per key, in arrival order', () => {
    const frames = manualFrames();
    const delivered: [string, string][] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (key, text) => delivered.push([key, text]));
    coalescer.push('content', 'Hel');
    coalescer.push('reasoning', 'think');
    coalescer.push('content', 'lo');
    coalescer.push('content', '!');
    assert.equal(frames.scheduled(), 1, 'one frame requested for many deltas');
    assert.deepEqual(delivered, []);
    frames.runFrame();
    assert.deepEqual(delivered, [['content', 'Hello!'], ['reasoning', 'think']]);
  });

  it('requests a new frame for deltas that arrive after a flush', () => {
    const frames = manualFrames();
    const delivered: string[] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (_key, text) => delivered.push(text));
    coalescer.push('a', '1');
    frames.runFrame();
    coalescer.push('a', '2');
    assert.equal(frames.scheduled(), 1);
    frames.runFrame();
    assert.deepEqual(delivered, ['1', '2']);
  });

  it('flushes at once on demand and then has nothing left for the frame', () => {
    const frames = manualFrames();
    const delivered: string[] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (_key, text) => delivered.push(text));
    coalescer.push('a', 'x');
    coalescer.flush();
    assert.deepEqual(delivered, ['x']);
    frames.runFrame();
    assert.deepEqual(delivered, ['x']);
  });

  it('ignores empty deltas', () => {
    const frames = manualFrames();
    const delivered: [string, string][] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (key, text) => delivered.push([key, text]));
    coalescer.push('a', '');
    assert.equal(frames.scheduled(), 0);
    frames.runFrame();
    assert.deepEqual(delivered, []);
  });

  it('turns 20,000 deltas in one frame into one delivery with the exact text', () => {
    const frames = manualFrames();
    const delivered: string[] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (_key, text) => delivered.push(text));
    let expected = '';
    for (let i = 0; i < 20_000; i++) {
      const piece = `t${i} `;
      expected += piece;
      coalescer.push('content', piece);
    }
    frames.runFrame();
    assert.deepEqual(delivered, [expected]);
  });
});
