import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { canSweep, newProcessTag, PROCESS_TAG_VARIABLE, ProcessSweep } from '../../../src/extension/workspaceTools/processSweep';
import { processEnds, processRuns } from '../../support/testWorkspaceHost';

describe('extension ProcessSweep', function () {
  this.timeout(20_000);
  const children: ChildProcess[] = [];

  before(function () {
    if (!canSweep()) this.skip();
  });

  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  /** A process in a session of its own that carries `tag`, as a `setsid` child of a command would. */
  function tagged(tag: string, seconds: string): ChildProcess {
    const child = spawn('sleep', [seconds], { env: { PATH: process.env.PATH, [PROCESS_TAG_VARIABLE]: tag }, detached: true, stdio: 'ignore' });
    children.push(child);
    return child;
  }

  async function started(child: ChildProcess): Promise<number> {
    await new Promise((resolve) => child.once('spawn', resolve));
    return child.pid!;
  }

  it('ends every process that carries the tag and leaves one with another tag alone', async () => {
    const tag = newProcessTag();
    const mine = await started(tagged(tag, '301'));
    const other = await started(tagged(newProcessTag(), '302'));
    const left = await new ProcessSweep({ tag, rootPid: undefined }).killAll();
    assert.deepEqual(left, []);
    assert.equal(await processEnds(mine), true);
    assert.equal(processRuns(other), true, 'another command’s process runs on');
  });

  it('names a process the system refuses to end, by pid and command line', async () => {
    const tag = newProcessTag();
    const refused = await started(tagged(tag, '303'));
    const ended = await started(tagged(tag, '304'));
    const sendSignal = (pid: number, signal: NodeJS.Signals): void => {
      if (pid === refused) throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
      process.kill(pid, signal);
    };
    const left = await new ProcessSweep({ tag, rootPid: undefined, sendSignal }).killAll();
    assert.deepEqual(left, [{ pid: refused, commandLine: 'sleep 303' }]);
    assert.equal(await processEnds(ended), true);
  });
});
