// Which stretches of a host's CPU profile are ours: frames of our files anywhere on the stack count, a
// sampling gap after our last sample does not.
import assert from 'node:assert/strict';
import type { Profiler } from 'node:inspector';
import { extensionStretches } from '../../../bench/support/extensionStretches';

const OURS = '/ext/dist/';
const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9, columnNumber: 0, scriptId: '0' });
/** (root) → host's loop → our provider → host's configuration (called by ours); (root) → (idle). */
const nodes: Profiler.ProfileNode[] = [
  { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
  { id: 2, callFrame: frame('processTicks', 'node:internal/process/task_queues'), children: [3] },
  { id: 3, callFrame: frame('provideInlineCompletionItems', `file://${OURS}chatHost.js`), children: [4] },
  { id: 4, callFrame: frame('getConfiguration', '/vscode/out/extensionHostProcess.js') },
  { id: 5, callFrame: frame('(idle)', '') },
];
/** Samples as [node, µs since the previous sample]. */
function profile(samples: Array<[number, number]>): Profiler.Profile {
  return { nodes, startTime: 0, endTime: samples.reduce((sum, [, delta]) => sum + delta, 0), samples: samples.map(([id]) => id), timeDeltas: samples.map(([, delta]) => delta) };
}
const every = (id: number, count: number, delta = 250): Array<[number, number]> => Array.from({ length: count }, () => [id, delta]);

describe('bench: extension stretches in a CPU profile', () => {
  it('counts consecutive samples with our frame anywhere on the stack as one stretch, named by our outermost frame', () => {
    const result = extensionStretches(profile([...every(5, 20), ...every(3, 10), ...every(4, 30), ...every(5, 20), ...every(3, 8), ...every(5, 5)]), OURS);
    assert.equal(result.longestMs, 10);
    assert.equal(result.longestAt, 'provideInlineCompletionItems (chatHost.js:10)');
    assert.equal(result.totalMs, 12);
  });

  it('does not stretch our last sample over a gap of the sampler; a gap between two samples of ours counts', () => {
    const gapAfter = extensionStretches(profile([...every(5, 20), ...every(3, 4), [5, 40_000], ...every(5, 4)]), OURS);
    assert.equal(gapAfter.longestMs, 1);
    const gapInside = extensionStretches(profile([...every(5, 20), ...every(3, 4), [4, 40_000], ...every(3, 3), ...every(5, 4)]), OURS);
    assert.equal(gapInside.longestMs, 0.75 + 40 + 0.75 + 0.25);
  });

  it('finds nothing of ours in a profile of the host alone', () => {
    const result = extensionStretches(profile(every(5, 50)), '/other/dist/');
    assert.deepEqual({ longest: result.longestMs, at: result.longestAt, total: result.totalMs }, { longest: 0, at: '', total: 0 });
  });
});
