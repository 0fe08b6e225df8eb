// A checkpoint that cannot hold up what it is taken for. An agent step that may change files waits for
// its checkpoint; a folder that makes git slow (a huge first checkpoint, a hung file system, a special
// file) must not make every step wait with it. Past the time limit, or when the checkpoint fails, the
// step goes on and the record says there is no checkpoint for it, and why; the late checkpoint still
// finishes in the background (its store keeps one checkpoint at a time).
import type { Clock } from '../clock';
import * as l10n from '../l10n';
import type { TakeCheckpoint } from './checkpointedTool';

/** How long a step waits for its checkpoint before it goes on without one. */
export const CHECKPOINT_WAIT_MS = 5_000;

export interface CheckpointWithinOptions {
  limitMs: number;
  clock: Pick<Clock, 'now'>;
  newId: () => string;
  /** Told of each checkpoint that could not be had (for the log). */
  onMissing: (label: string, reason: string) => void;
}

/** `take`, bounded: a checkpoint, undefined when checkpoints are off, or a record of why there is none. */
export function checkpointWithin(take: TakeCheckpoint, options: CheckpointWithinOptions): TakeCheckpoint {
  return async (label) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<{ late: true }>((resolve) => (timer = setTimeout(() => resolve({ late: true }), options.limitMs)));
    const taking = take(label).then(
      (ref) => ({ ref }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    );
    const outcome = await Promise.race([taking, late]);
    clearTimeout(timer);
    if ('ref' in outcome) return outcome.ref;
    const reason = 'late' in outcome ? l10n.t('it was not taken within {0} s (a very large folder, or a slow or hung file system)', Math.round(options.limitMs / 1000)) : outcome.error;
    options.onMissing(label, reason);
    return { id: options.newId(), label, createdAt: options.clock.now(), folders: [], leftOut: [], missing: reason };
  };
}
