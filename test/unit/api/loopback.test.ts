import assert from 'node:assert/strict';
import { isLoopbackHost } from '../../../src/api/loopback';

describe('loopback hosts', () => {
  it('knows this computer by name, by any 127 address and by ::1 with or without brackets', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) assert.equal(isLoopbackHost(host), true, host);
  });

  it('refuses every other host, including look-alikes', () => {
    for (const host of ['0.0.0.0', '192.168.1.2', 'localhost.example.com', '127.0.0.1.example.com', '::', '[::2]', 'example.com', '']) assert.equal(isLoopbackHost(host), false, host);
  });
});
