// The emulator on a worker thread of its own (as the extension host runs it): it serves, closes, says
// why it did not start, and tells the host when its thread ends on its own.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { EmulatorThreadError, startEmulatorThread } from '../../../src/emulator/emulatorThread';
import { tempDir } from '../../support/emulatorTestBed';

describe('emulator thread', () => {
  const dirs: string[] = [];
  const dir = (): string => {
    const made = tempDir('svc-thread-');
    dirs.push(made);
    return made;
  };
  after(() => {
    for (const made of dirs) fs.rmSync(made, { recursive: true, force: true });
  });

  it('serves the API with its own random key on another thread, then closes its port', async () => {
    const running = await startEmulatorThread({ host: '127.0.0.1', port: 0, dataDir: dir() });
    try {
      assert.match(running.url, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      assert.match(running.apiKey, /^sk-local-/);
      const refused = await fetch(`${running.url}/models`, { headers: { authorization: 'Bearer sk-wrong' } });
      assert.equal(refused.status, 401);
      const models = await fetch(`${running.url}/models`, { headers: { authorization: `Bearer ${running.apiKey}` } });
      assert.equal(models.status, 200);
      const body = (await models.json()) as { data: Array<{ id: string }> };
      assert.ok(body.data.some((m) => m.id.startsWith('svc-')), `models listed: ${JSON.stringify(body.data.map((m) => m.id))}`);
      const reply = await fetch(`${running.url}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${running.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: body.data[0]!.id, messages: [{ role: 'user', content: 'Say hello' }] }),
      });
      assert.equal(reply.status, 200);
      assert.ok(((await reply.json()) as { choices: unknown[] }).choices.length > 0);
    } finally {
      await running.close();
    }
    await assert.rejects(fetch(`${running.url}/models`, { headers: { authorization: `Bearer ${running.apiKey}` } }), /fetch failed/);
    await running.close();
  });

  it('rejects with the emulator\'s own reason when it cannot start (a scenario file that is not there)', async () => {
    const missing = path.join(dir(), 'no-such-scenarios.json');
    await assert.rejects(startEmulatorThread({ host: '127.0.0.1', port: 0, dataDir: dir(), scenarios: missing }), (error: unknown) => {
      assert.ok(error instanceof EmulatorThreadError);
      assert.match(error.message, /no-such-scenarios\.json/);
      return true;
    });
  });

  it('rejects when the entry is not there, naming it', async () => {
    const entry = path.join(dir(), 'emulator.js');
    await assert.rejects(startEmulatorThread({}, { file: entry, execArgv: [] }), (error: unknown) => {
      assert.ok(error instanceof EmulatorThreadError);
      assert.ok(error.message.includes(entry), error.message);
      return true;
    });
  });

  it('tells the host once when a started thread ends on its own, and not when it was asked to close', async () => {
    const entry = path.join(dir(), 'crashing.js');
    fs.writeFileSync(entry, [
      "const { parentPort } = require('node:worker_threads');",
      "parentPort.postMessage({ type: 'started', url: 'http://127.0.0.1:1/v1', port: 1, apiKey: 'k' });",
      'setTimeout(() => process.exit(3), 20);',
    ].join('\n'));
    const exits: string[] = [];
    const ended = new Promise<void>((resolve) => {
      void startEmulatorThread({}, { file: entry, execArgv: [] }, { onExit: (reason) => { exits.push(reason); resolve(); } });
    });
    await ended;
    assert.deepEqual(exits, ["the emulator's thread ended (exit code 3)"]);

    const closing = path.join(dir(), 'closing.js');
    fs.writeFileSync(closing, [
      "const { parentPort } = require('node:worker_threads');",
      "parentPort.on('message', () => parentPort.postMessage({ type: 'closed' }));",
      "parentPort.postMessage({ type: 'started', url: 'http://127.0.0.1:1/v1', port: 1, apiKey: 'k' });",
    ].join('\n'));
    const closedExits: string[] = [];
    const running = await startEmulatorThread({}, { file: closing, execArgv: [] }, { onExit: (reason) => closedExits.push(reason) });
    await running.close();
    assert.deepEqual(closedExits, []);
  });
});
