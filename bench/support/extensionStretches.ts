// Which part of an extension host's busy time is our extension's: from a CPU profile of the host's
// thread (the inspector's sampler), the stretches in which a frame of our own files was on the stack.
// A stretch of ours is time the thread could not serve anything else because of our code; what VS Code
// or other extensions do between our calls, and garbage collection, are not counted as ours.
import type { Profiler } from 'node:inspector';

/** From the profiled session: how long the host's thread ran our extension's code without a break. */
export interface ExtensionStretches {
  /** The longest run of consecutive samples with a frame of the extension's own files on the stack. */
  longestMs: number;
  /** Where it was: the extension's outermost function on that run's longest-lasting stack. */
  longestAt: string;
  /** Every sample with our code on the stack, one sampling interval each at most, added up. */
  totalMs: number;
  /** The whole profiled session, for scale. */
  sessionMs: number;
}

/**
 * The stretches of the profile in which our code was on the stack: a sample counts as ours when any frame
 * of its stack is in one of our files (`ourFiles`, a path prefix); consecutive samples of ours make one
 * stretch, from its first sample to its last plus one sampling interval. A stretch's last sample is not
 * stretched to the next one: on a busy machine the sampler's own thread is at times held for tens of
 * milliseconds, and what ran in that gap after our last sample is unknown.
 */
export function extensionStretches(profile: Profiler.Profile, ourFiles: string): ExtensionStretches {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** For each node: the outermost frame of ours on its stack, if any. */
  const oursAt = new Map<number, string | undefined>();
  const isOurs = (url: string): boolean => url.replace(/^file:\/\//, '').startsWith(ourFiles);
  const children = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  const stack = profile.nodes.filter((node) => !children.has(node.id)).map((node): { id: number; at: string | undefined } => ({ id: node.id, at: undefined }));
  while (stack.length > 0) {
    const { id, at } = stack.pop()!;
    const node = byId.get(id)!;
    const here = at ?? (isOurs(node.callFrame.url) ? `${node.callFrame.functionName || '(anonymous)'} (${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1})` : undefined);
    oursAt.set(id, here);
    for (const child of node.children ?? []) stack.push({ id: child, at: here });
  }
  const samples = profile.samples ?? [];
  const deltas = (profile.timeDeltas ?? []).map((delta) => delta / 1000);
  const interval = [...deltas].sort((a, b) => a - b)[Math.floor(deltas.length / 2)] ?? 0;
  let longestMs = 0;
  let longestAt = '';
  let totalMs = 0;
  let runStart = 0;
  let runAt = new Map<string, number>();
  let time = 0;
  for (let i = 0; i < samples.length; i++) {
    time += deltas[i] ?? 0;
    const at = oursAt.get(samples[i]!);
    if (at === undefined) {
      runAt = new Map();
      continue;
    }
    if (runAt.size === 0) runStart = time;
    const lasted = Math.min(deltas[i + 1] ?? interval, interval);
    totalMs += lasted;
    runAt.set(at, (runAt.get(at) ?? 0) + 1);
    const runMs = time - runStart + interval;
    if (runMs > longestMs) {
      longestMs = runMs;
      longestAt = [...runAt].sort((a, b) => b[1] - a[1])[0]![0];
    }
  }
  return { longestMs, longestAt, totalMs, sessionMs: (profile.endTime - profile.startTime) / 1000 };
}
