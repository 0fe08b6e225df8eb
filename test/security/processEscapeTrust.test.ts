// Attacks on the end of an agent task: a command whose children leave its process group (`setsid`, a
// double fork) so that killing the group misses them, also when the command itself finished in time
// and left the task's list. After the task stops its processes, none of them may run on.
import assert from 'node:assert/strict';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TaskProcesses } from '../../src/core/tools/taskProcesses';
import { nodeTestHost, type TestHost } from '../support/testWorkspaceHost';

/** The living processes whose command line holds `marker` (a zombie runs nothing). */
function processesMarked(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z') found.push(Number(name));
    } catch {
      // Gone while read.
    }
  }
  return found;
}

/** The sleeps that run (exec'd, not a shell's fork still on its way there): each escapee's own process is then in place. */
function sleepsRunning(marker: string): number {
  return processesMarked(marker).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8') === `sleep\0${marker}\0`;
    } catch {
      return false;
    }
  }).length;
}

/** Waits until `check` holds, looking every 10 ms for at most `limitMs`; whether it came to hold. */
async function becomes(check: () => boolean, limitMs: number): Promise<boolean> {
  for (let waited = 0; waited <= limitMs; waited += 10) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return check();
}

describe('security: no process escapes the end of its task', function () {
  this.timeout(30_000);
  let ws: string;
  let host: TestHost;
  let processes: TaskProcesses;
  let marker: string;

  before(function () {
    if (process.platform !== 'linux') this.skip();
  });

  beforeEach(async () => {
    ws = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-escape-')));
    host = nodeTestHost([{ name: 'ws', path: ws }]);
    processes = new TaskProcesses(host.commands, 64 * 1024);
    // A sleep nobody else runs: its length is the marker the process table is searched for.
    marker = `30${Math.floor(Math.random() * 1e6)}.5`;
  });

  afterEach(async () => {
    // Whatever escaped a failing case is ended here, so it does not outlive the suite.
    for (const pid of processesMarked(marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    await fs.rm(ws, { recursive: true, force: true });
  });

  const escapees = (): string => `setsid sh -c 'sleep ${marker}; :' >/dev/null 2>&1 </dev/null & ( ( sh -c 'sleep ${marker}; :' >/dev/null 2>&1 </dev/null & ) & )`;

  it('stops a child that left with setsid and one forked twice, while the command still runs', async () => {
    await processes.start({ command: `${escapees()}; sleep ${marker}`, cwd: ws, display: '.', background: true });
    assert.ok(await becomes(() => sleepsRunning(marker) === 3, 10_000), 'the escapees and the command’s own sleep run');
    await processes.stopAll();
    assert.ok(await becomes(() => processesMarked(marker).length === 0, 5_000), `still running: ${processesMarked(marker).join(', ')}`);
  });

  it('stops what a command left behind when the command itself finished in time', async () => {
    const started = await processes.start({ command: escapees(), cwd: ws, display: '.', background: false });
    assert.equal((await started.finished).exitCode, 0, 'the command ended by itself');
    processes.forget(started.id);
    assert.ok(await becomes(() => sleepsRunning(marker) === 2, 10_000), 'the escapees run');
    await processes.stopAll();
    assert.ok(await becomes(() => processesMarked(marker).length === 0, 5_000), `still running: ${processesMarked(marker).join(', ')}`);
  });

  it('stops a child that cleared its environment (no tag) before it left its group', async () => {
    await processes.start({ command: `env -i setsid sh -c 'sleep ${marker}; :' >/dev/null 2>&1 </dev/null & sleep ${marker}`, cwd: ws, display: '.', background: true });
    assert.ok(await becomes(() => sleepsRunning(marker) === 2, 10_000), 'the escapee and the command’s own sleep run');
    await processes.stopAll();
    assert.ok(await becomes(() => processesMarked(marker).length === 0, 5_000), `still running: ${processesMarked(marker).join(', ')}`);
  });
});
