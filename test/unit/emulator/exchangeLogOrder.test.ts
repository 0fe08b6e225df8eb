// The session log's line of an exchange is written before the answer's last bytes leave: a client that has read
// a whole answer finds its line in the log (the emulator runs on its own thread, beside the client).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Exchange } from '../../../src/emulator/exchange';

type Answer = (ex: Exchange) => Promise<void> | void;

async function answered(answer: Answer): Promise<{ endedBeforeHook: boolean | undefined; calls: number; body: string }> {
  let endedBeforeHook: boolean | undefined;
  let calls = 0;
  const server = http.createServer((req, res) => {
    const ex = new Exchange(req, res, Buffer.alloc(0));
    ex.beforeEnd = () => {
      calls += 1;
      endedBeforeHook = res.writableEnded;
    };
    void answer(ex);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const body = await fetch(`http://127.0.0.1:${port}/v1/x`).then((r) => r.text()).catch(() => '(cut)');
    return { endedBeforeHook, calls, body };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('Exchange: the session log before the answer ends', () => {
  it('calls the hook once, before a JSON answer ends', async () => {
    const seen = await answered((ex) => ex.sendJson(200, { ok: true }));
    assert.deepEqual(seen, { endedBeforeHook: false, calls: 1, body: '{"ok":true}' });
  });

  it('calls the hook once, before a text answer ends', async () => {
    const seen = await answered((ex) => ex.sendText(200, 'plain', 'text/plain'));
    assert.deepEqual(seen, { endedBeforeHook: false, calls: 1, body: 'plain' });
  });

  it('calls the hook once, before a stream ends', async () => {
    const seen = await answered(async (ex) => {
      ex.openStream();
      await ex.writeEvent('{"a":1}');
      await ex.writeEvent('[DONE]');
      ex.endStream();
      ex.endStream();
    });
    assert.deepEqual(seen, { endedBeforeHook: false, calls: 1, body: 'data: {"a":1}\n\ndata: [DONE]\n\n' });
  });

  it('calls the hook once, before a dropped stream is cut', async () => {
    const seen = await answered(async (ex) => {
      ex.openStream();
      await ex.writeEvent('{"a":1}');
      await ex.drop('dropped by a fault');
    });
    assert.equal(seen.calls, 1);
    assert.equal(seen.endedBeforeHook, false);
  });
});
