import assert from 'node:assert/strict';
import { prepareCheckpointsWhenTrusted, type PreparationHost } from '../../../src/core/checkpoints/checkpointPreparation';
import { Checkpoints, type FolderStore } from '../../../src/core/checkpoints/checkpoints';
import { ManualClock } from './support/manualClock';

/** A folder's store that only counts: whether it still needs its first pass, and how often it was prepared or snapshot. */
class CountingStore implements FolderStore {
  prepared = 0;
  snapshots = 0;
  constructor(
    readonly workTree: string,
    private fresh: boolean,
  ) {}
  async needsPreparing(): Promise<boolean> {
    return this.fresh;
  }
  async prepare(): Promise<void> {
    this.prepared += 1;
    this.fresh = false;
  }
  async snapshot(): Promise<{ commit: string; leftOut: [] }> {
    this.snapshots += 1;
    return { commit: 'c', leftOut: [] };
  }
  async changesSince(): Promise<[]> {
    return [];
  }
  async restore(): Promise<[]> {
    return [];
  }
  async fileAt(): Promise<undefined> {
    return undefined;
  }
  async prune(): Promise<number> {
    return 0;
  }
}

function host(trusted: boolean) {
  const shown: string[] = [];
  const logged: string[] = [];
  let grant: (() => void) | undefined;
  const value: PreparationHost & { grantTrust(): void } = {
    trusted: () => trusted,
    onTrusted: (listener) => {
      grant = listener;
      return { dispose: () => (grant = undefined) };
    },
    progress: async (work) => {
      shown.push('progress');
      await work();
    },
    log: { info: (m) => void logged.push(m), warn: (m) => void logged.push(`warn ${m}`) },
    grantTrust: () => {
      trusted = true;
      grant?.();
    },
  };
  return { value, shown, logged };
}

function checkpointsOf(stores: FolderStore[], enabled = () => true): Checkpoints {
  return new Checkpoints({ stores: async () => stores, enabled, clock: new ManualClock(), newId: () => 'id', warnOnce: () => undefined });
}

describe('checkpoints prepared in the background', () => {
  it('prepares every folder that has had no checkpoint yet, with its progress shown, and takes no checkpoint', async () => {
    const fresh = new CountingStore('/a', true);
    const ready = new CountingStore('/b', false);
    const { value, shown } = host(true);
    assert.equal(await prepareCheckpointsWhenTrusted(checkpointsOf([fresh, ready]), value).done, 1);
    assert.deepEqual([fresh.prepared, ready.prepared, fresh.snapshots, ready.snapshots], [1, 0, 0, 0]);
    assert.deepEqual(shown, ['progress']);
  });

  it('shows nothing when every folder is ready', async () => {
    const { value, shown } = host(true);
    assert.equal(await prepareCheckpointsWhenTrusted(checkpointsOf([new CountingStore('/a', false)]), value).done, 0);
    assert.deepEqual(shown, []);
  });

  it('runs nothing in Restricted Mode, and prepares once the workspace is trusted', async () => {
    const store = new CountingStore('/a', true);
    const { value, shown } = host(false);
    const preparation = prepareCheckpointsWhenTrusted(checkpointsOf([store]), value);
    assert.equal(store.prepared, 0);
    assert.deepEqual(shown, []);
    value.grantTrust();
    assert.equal(await preparation.done, 1);
    assert.equal(store.prepared, 1);
  });

  it('never runs in Restricted Mode when stopped before trust is granted', async () => {
    const store = new CountingStore('/a', true);
    const { value } = host(false);
    const preparation = prepareCheckpointsWhenTrusted(checkpointsOf([store]), value);
    preparation.dispose();
    value.grantTrust();
    assert.equal(await preparation.done, 0);
    assert.equal(store.prepared, 0);
  });

  it('runs nothing when checkpoints are switched off', async () => {
    const store = new CountingStore('/a', true);
    const { value, shown } = host(true);
    assert.equal(await prepareCheckpointsWhenTrusted(checkpointsOf([store], () => false), value).done, 0);
    assert.equal(store.prepared, 0);
    assert.deepEqual(shown, []);
  });
});
