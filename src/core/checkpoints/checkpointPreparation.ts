// The first checkpoint of a folder reads every file (seconds on a large repository); later ones only
// what changed. So that work is done in the background once svc starts in a window, with its progress
// shown, instead of in front of the first message. Only in a trusted workspace: nobody asked for it, and
// a folder opened in Restricted Mode gets nothing run on it unasked.
import type { Checkpoints } from './checkpoints';

export interface PreparationHost {
  trusted(): boolean;
  /** Calls `listener` once the user trusts the workspace. */
  onTrusted(listener: () => void): { dispose(): void };
  /** Runs `work` with its progress shown to the user. */
  progress(work: () => Promise<void>): Promise<void>;
  log: { info(message: string): void; warn(message: string): void };
}

/** Prepares the checkpoints now when the workspace is trusted, else once it is; dispose to stop waiting. */
export function prepareCheckpointsWhenTrusted(checkpoints: Checkpoints, host: PreparationHost): { dispose(): void; done: Promise<number> } {
  let resolveDone!: (folders: number) => void;
  const done = new Promise<number>((resolve) => (resolveDone = resolve));
  const run = (): void => {
    checkpoints.prepare((work) => host.progress(work)).then(
      (folders) => {
        if (folders > 0) host.log.info(`Checkpoints: prepared ${folders} folder(s) in the background.`);
        resolveDone(folders);
      },
      (error: unknown) => {
        host.log.warn(`Checkpoints could not be prepared: ${error instanceof Error ? error.message : String(error)}`);
        resolveDone(0);
      },
    );
  };
  if (host.trusted()) {
    run();
    return { dispose: () => undefined, done };
  }
  const waiting = host.onTrusted(() => {
    waiting.dispose();
    run();
  });
  return {
    dispose: () => {
      waiting.dispose();
      resolveDone(0);
    },
    done,
  };
}
