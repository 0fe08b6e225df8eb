import assert from 'node:assert/strict';
import { TaskProcesses } from '../../../src/core/tools/taskProcesses';
import type { CommandExit, ProcessLeftRunning, WorkspaceCommands } from '../../../src/core/tools/workspaceCommands';

/** Commands that end when stopped, each leaving behind what `left` says the system refused to end. */
function commands(left: ProcessLeftRunning[]): WorkspaceCommands & { stopped: number } {
  const host = {
    stopped: 0,
    startCommand: async () => {
      let end!: (exit: CommandExit) => void;
      const exited = new Promise<CommandExit>((resolve) => (end = resolve));
      return {
        pid: 1234,
        exited,
        stop: async () => {
          host.stopped++;
          end({ exitCode: undefined });
          return left;
        },
      };
    },
  };
  return host;
}

describe('core/tools TaskProcesses: what could not be stopped', () => {
  it('lists a stopped command that left a process running, naming it, and tells the view', async () => {
    const processes = new TaskProcesses(commands([{ pid: 4321, commandLine: 'sudo sleep 1000' }]), 1024);
    await processes.start({ command: 'sudo sleep 1000 &', cwd: '/w', display: '.', background: true });
    let changes = 0;
    processes.onChange(() => changes++);
    await processes.stopAll();
    assert.deepEqual(processes.running(), []);
    const shown = processes.shown();
    assert.equal(shown.length, 1);
    assert.equal(shown[0]?.state, 'stopped');
    assert.deepEqual(shown[0]?.leftRunning, [{ pid: 4321, commandLine: 'sudo sleep 1000' }]);
    assert.ok(changes > 0, 'the view heard of it');
  });

  it('stops, at the end of the task, a command that finished in time and left the list', async () => {
    const host = commands([]);
    const processes = new TaskProcesses(host, 1024);
    const started = await processes.start({ command: 'setsid daemon', cwd: '/w', display: '.', background: false });
    processes.forget(started.id);
    await processes.stopAll();
    assert.equal(host.stopped, 1, 'what it left behind is looked for too');
    assert.deepEqual(processes.shown(), []);
  });
});
