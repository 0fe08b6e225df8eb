// What reaches the wire: the real emulator (emulatorTestBed) and the host's RequestIdentity made from
// settings a test chooses (testRequestIdentity.ts), so a test runs a feature on `bed.client` with
// `bed.identity` and reads the request the service received. A new request field costs one short test.
import type { ChatRequest } from '../../src/api/index';
import type { RequestIdentity } from '../../src/core/requests/requestIdentity';
import { startEmulatorTestBed, type EmulatorTestBed } from './emulatorTestBed';
import { requestIdentityWith } from './testRequestIdentity';

export interface WireBed extends EmulatorTestBed {
  /** The identity the host would build from these settings. */
  identity: RequestIdentity;
  /** The body of the newest chat request the emulator received; waits for its log line, fails when none comes. */
  lastChatRequest(): Promise<ChatRequest>;
}

const LOG_WAIT_MS = 5000;

/** `settings` by name without `svc.`, as settings.json holds them. */
export async function startWireBed(settings: Record<string, unknown> = {}): Promise<WireBed> {
  const bed = await startEmulatorTestBed();
  const chatRequests = () => bed.exchanges().filter((x) => x.method === 'POST' && x.path === '/v1/chat/completions');
  return Object.assign(bed, {
    identity: requestIdentityWith(settings),
    async lastChatRequest(): Promise<ChatRequest> {
      const deadline = Date.now() + LOG_WAIT_MS;
      // The emulator appends an exchange to its log once the answer is out, which the client may see first.
      for (;;) {
        const last = chatRequests().at(-1);
        if (last) return last.request as ChatRequest;
        if (Date.now() > deadline) throw new Error(`no POST /v1/chat/completions in the emulator's log after ${LOG_WAIT_MS} ms`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  });
}
