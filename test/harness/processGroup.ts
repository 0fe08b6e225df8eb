// Every long-lived process the harness starts (code-server and, through it, the extension host, pty host and
// file watcher) runs in its own process group, so one kill reaches all of them; the groups still alive are
// killed when this process exits for any reason, Ctrl-C and failures included.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const live = new Set<ProcessGroup>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const group of live) group.signal('SIGKILL');
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      for (const group of live) group.signal('SIGTERM');
      process.exit(130);
    });
  }
}

export class ProcessGroup {
  private readonly exited: Promise<void>;

  constructor(readonly child: ChildProcess, readonly name: string) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} has no pid: it did not start`);
    return this.child.pid;
  }

  /** True while any process of the group is alive (the leader may be gone and its children not). */
  isAlive(): boolean {
    if (this.child.pid === undefined) return false;
    try {
      process.kill(-this.child.pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  signal(sig: NodeJS.Signals): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, sig);
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  /** SIGTERM to the whole group, then SIGKILL to whatever is left after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    this.signal('SIGTERM');
    const deadline = Date.now() + graceMs;
    await Promise.race([this.exited, sleep(graceMs)]);
    while (this.isAlive() && Date.now() < deadline) await sleep(100);
    if (this.isAlive()) this.signal('SIGKILL');
    while (this.isAlive()) await sleep(50);
    live.delete(this);
  }
}

export function spawnGroup(name: string, command: string, args: string[], options: SpawnOptions): ProcessGroup {
  installExitHooks();
  const child = spawn(command, args, { ...options, detached: true });
  const group = new ProcessGroup(child, name);
  live.add(group);
  child.once('exit', () => {
    if (!group.isAlive()) live.delete(group);
  });
  return group;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
