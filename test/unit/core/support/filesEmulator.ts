// The real local emulator for the file-feature tests, each test with its own data dir and request log,
// so assertions can be made on what actually crossed the wire.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SvcClient } from '../../../../src/api';
import { startEmulator, type EmulatorOptions } from '../../../../src/emulator';

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

export interface FilesEmulator {
  url: string;
  apiKey: string;
  client: SvcClient;
  /** Every request so far, in order. */
  requests(): LoggedRequest[];
  /** Requests so far matching method and path (a string for equality, a RegExp to test). */
  count(method: string, pathPattern: string | RegExp): number;
  close(): Promise<void>;
}

export async function startFilesEmulator(options: EmulatorOptions = {}): Promise<FilesEmulator> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-files-test-'));
  const logFile = path.join(dir, 'requests.jsonl');
  const apiKey = options.apiKey ?? 'sk-files-test';
  const emulator = await startEmulator({ host: '127.0.0.1', port: 0, dataDir: path.join(dir, 'data'), logFile, ...options, apiKey });
  const client = new SvcClient({ baseUrl: emulator.url, apiKey, maxRetries: 0 });
  const requests = (): LoggedRequest[] =>
    fs.existsSync(logFile)
      ? fs
          .readFileSync(logFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as LoggedRequest)
      : [];
  return {
    url: emulator.url,
    apiKey,
    client,
    requests,
    count: (method, pattern) =>
      requests().filter((r) => r.method === method && (typeof pattern === 'string' ? r.path === pattern : pattern.test(r.path))).length,
    close: async () => {
      await emulator.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
