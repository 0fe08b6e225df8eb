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

describe('DeltaCoalescer after a quiet spell', () => {
  function setup() {
    const frames = manualScheduler();
    const clock = { now: 0 };
    const delivered: string[] = [];
    const coalescer = new DeltaCoalescer<string>(frames.schedule, (_key, text) => delivered.push(text), { now: () => clock.now, quietMs: 16 });
    return { frames, clock, delivered, coalescer };
  }

  it('hands the first delta on at once and joins the ones that follow within a frame until the frame', () => {
    const { frames, clock, delivered, coalescer } = setup();
    clock.now = 100;
    coalescer.push('a', 'first');
    assert.deepEqual(delivered, ['first'], 'no frame waited for');
    assert.equal(frames.scheduled(), 0);
    clock.now = 105;
    coalescer.push('a', ' second');
    clock.now = 110;
    coalescer.push('a', ' third');
    assert.deepEqual(delivered, ['first']);
    assert.equal(frames.scheduled(), 1);
    clock.now = 116;
    frames.run();
    assert.deepEqual(delivered, ['first', ' second third']);
  });

  it('keeps a steady stream on frames, and hands on at once again after a frame’s time without deltas', () => {
    const { frames, clock, delivered, coalescer } = setup();
    coalescer.push('a', '0');
    for (let t = 5; t <= 50; t += 5) {
      clock.now = t;
      coalescer.push('a', `.${t}`);
      if (t % 15 === 0) frames.run();
    }
    assert.deepEqual(delivered, ['0', '.5.10.15', '.20.25.30', '.35.40.45']);
    clock.now = 60;
    frames.run();
    assert.equal(delivered.at(-1), '.50');
    clock.now = 75;
    coalescer.push('a', 'late');
    assert.equal(delivered.at(-1), '.50', '15 ms after the last delivery: it waits for the frame');
    frames.run();
    assert.equal(delivered.at(-1), 'late');
    clock.now = 200;
    coalescer.push('a', 'alone');
    assert.equal(delivered.at(-1), 'alone', 'after a quiet spell, at once');
    assert.equal(frames.scheduled(), 0);
  });
});
