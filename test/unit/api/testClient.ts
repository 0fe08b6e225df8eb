// A client for the test server whose retry sleeps are recorded instead of waited.
import { SvcClient, type SvcClientOptions } from '../../../src/api';
import type { TestServer } from './testServer';

export interface TestClient {
  client: SvcClient;
  /** Every backoff the client asked for, in ms. */
  sleeps: number[];
}

export function testClient(server: TestServer, options: Partial<SvcClientOptions> = {}): TestClient {
  const sleeps: number[] = [];
  const client = new SvcClient({
    baseUrl: server.baseUrl,
    apiKey: 'sk-test',
    ...options,
    retry: {
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options.retry,
    },
  });
  return { client, sleeps };
}
