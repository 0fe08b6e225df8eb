import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scanForSecret } from '../../harness/secretScan';

describe('secretScan', () => {
  const secret = 'sk-integration-0123456789abcdef0123456789abcdef';
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-scan-'));
    fs.mkdirSync(path.join(dir, 'logs', 'deep'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'settings.json'), '{"svc.baseUrl": "http://127.0.0.1:1/v1"}');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds nothing in clean files, and counts what it read', () => {
    const scan = scanForSecret([dir, path.join(dir, 'missing')], secret);
    assert.deepEqual(scan.leaks, []);
    assert.equal(scan.files, 1);
  });

  it('finds the key, its random part alone and its base64 form, in nested files', () => {
    fs.writeFileSync(path.join(dir, 'logs', 'deep', 'a.log'), `Authorization: Bearer ${secret}\n`);
    fs.writeFileSync(path.join(dir, 'logs', 'b.log'), 'key part 0123456789abcdef0123456789abcdef');
    fs.writeFileSync(path.join(dir, 'c.bin'), Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from(`Basic ${Buffer.from(secret).toString('base64')}`)]));
    const leaks = scanForSecret([dir], secret).leaks.map((leak) => path.relative(dir, leak.slice(0, leak.indexOf(':'))));
    assert.deepEqual(leaks.sort(), ['c.bin', path.join('logs', 'b.log'), path.join('logs', 'deep', 'a.log'), path.join('logs', 'deep', 'a.log')].sort());
  });
});
