// The command line: flag parsing, the exact first stdout line, and that requiring the entry starts
// nothing (the extension host require()s the bundle).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CliUsageError, parseCli } from '../../../src/emulator/cli';
import { DEFAULT_CLI_PORT } from '../../../src/emulator/options';
import { tempDir } from '../../support/emulatorTestBed';

const ROOT = path.join(__dirname, '../../..');

describe('emulator command line', () => {
  it('parses every flag into options, with the defaults of the issue', () => {
    const options = (argv: string[], env: NodeJS.ProcessEnv) => {
      const o = parseCli(argv, env);
      assert.notEqual(o, 'help');
      return o as Exclude<typeof o, 'help'>;
    };
    const o = options([], {});
    assert.equal(o.port, DEFAULT_CLI_PORT);
    assert.equal(o.host, '127.0.0.1');
    assert.equal(o.apiKey, undefined, 'no constant key: startEmulator makes a random one');
    assert.equal(options([], { SVC_EMULATOR_KEY: 'sk-env' }).apiKey, 'sk-env');
    assert.equal(options(['--api-key', 'sk-flag'], { SVC_EMULATOR_KEY: 'sk-env' }).apiKey, 'sk-flag');
    const full = parseCli([
      '--host', '0.0.0.0', '--port', '0', '--api-key', 'k1', '--other-key', 'k2', '--data-dir', '/tmp/x', '--speed', '40',
      '--scenarios', 's.json', '--log', 'l.jsonl', '--balance', '5', '--voucher', '1', '--price', '2', '--concurrency', '3', '--rpm', '60',
      '--tpm', '1000', '--tpd', '9000', '--overload-rate', '0.25', '--invalid-state-rate', '0.1', '--drop-after', '4', '--slow-first-byte', '50',
      '--max-file-bytes', '1024', '--max-files', '10', '--max-total-bytes', '4096',
    ], {});
    assert.deepEqual(full, {
      host: '0.0.0.0', port: 0, apiKey: 'k1', otherKey: 'k2', dataDir: '/tmp/x', speed: 40, scenarios: 's.json', logFile: 'l.jsonl',
      balance: 5, voucherBalance: 1, price: 2,
      limits: { concurrency: 3, rpm: 60, tpm: 1000, tpd: 9000 },
      faults: { overloadRate: 0.25, invalidStateRate: 0.1, dropAfterChunks: 4, slowFirstByteMs: 50 },
      fileLimits: { maxFileBytes: 1024, maxFiles: 10, maxTotalBytes: 4096 },
    });
    assert.equal(parseCli(['--help'], {}), 'help');
  });

  it('rejects unknown flags and bad numbers with a message naming the flag', () => {
    assert.throws(() => parseCli(['--colour', 'red'], {}), (e: unknown) => e instanceof CliUsageError && /--colour/.test(e.message));
    assert.throws(() => parseCli(['--port', '70000'], {}), /--port must be a number from 0 to 65535, got "70000"/);
    assert.throws(() => parseCli(['--overload-rate', '2'], {}), /--overload-rate must be a number from 0 to 1/);
    assert.throws(() => parseCli(['--speed', 'fast'], {}), /--speed must be a number from 0 up, got "fast"/);
  });

  it('prints exactly "listening on http://HOST:PORT/v1" first, then serves', async function () {
    this.timeout(30_000);
    const dir = tempDir();
    const child = spawn(process.execPath, ['-r', 'tsx/cjs', path.join(ROOT, 'src/emulator/main.ts'), '--port', '0', '--data-dir', dir, '--api-key', 'sk-cli'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const m = /^listening on http:\/\/127\.0\.0\.1:(\d+)\/v1$/.exec(firstLine);
      assert.ok(m, firstLine);
      const res = await fetch(`http://127.0.0.1:${m[1]}/v1/models`, { headers: { authorization: 'Bearer sk-cli' } });
      assert.equal(res.status, 200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('only exports startEmulator when required, starting nothing', async function () {
    this.timeout(30_000);
    const script = `const m = require(${JSON.stringify(path.join(ROOT, 'src/emulator/main.ts'))}); console.log(JSON.stringify(Object.keys(m)), typeof m.startEmulator);`;
    const child = spawn(process.execPath, ['-r', 'tsx/cjs', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(code, 0, 'the process ends by itself: no server was started');
    assert.equal(out.trim(), '["startEmulator"] function');
  });
});
