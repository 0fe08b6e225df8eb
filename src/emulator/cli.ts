// Command-line flags of the emulator (see USAGE), parsed into EmulatorOptions with clear errors.
import { parseArgs } from 'node:util';
import { DEFAULT_CLI_PORT, type EmulatorOptions } from './options';

export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export const USAGE = `usage: node dist/emulator.js [options]
  --host HOST              loopback listen address: 127.0.0.1 (default), localhost or ::1
  --port N                 port (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --api-key KEY            accepted key (default $SVC_EMULATOR_KEY, else a random key printed at start)
  --other-key KEY          a second account's key (cannot read the first key's files)
  --data-dir DIR           where files, memory and balance persist (default: a folder in the OS temp dir)
  --speed N                streamed tokens per second (0 = as fast as possible, default)
  --scenarios FILE         JSON scenario file for the scripted model
  --log FILE               append every request and response as JSON lines (API key redacted)
  --balance USD            starting cash balance of a new account (default 100)
  --voucher USD            starting voucher balance of a new account (default 0)
  --price USD              price per million tokens (default 1)
  --concurrency N          max chat requests in flight per key (0 = unlimited)
  --rpm N                  max chat requests per minute per key (0 = unlimited)
  --tpm N                  max tokens per minute per key (0 = unlimited)
  --tpd N                  max tokens per day per key (0 = unlimited)
  --overload-rate R        fraction 0..1 of chat requests answered 429 engine_overloaded_error
  --invalid-state-rate R   fraction 0..1 of chat requests answered 500 invalid state transition
  --drop-after N           cut every stream's connection after N chunks
  --slow-first-byte MS     delay the first byte of every chat response
  --max-file-bytes N       per-file size limit (default 100 MB)
  --max-files N            files per key (default 1000)
  --max-total-bytes N      total bytes per key (default 10 GB)
  --help                   this text`;

function numberFlag(name: string, raw: string | undefined, min: number, max = Number.POSITIVE_INFINITY): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new CliUsageError(`--${name} must be a number from ${min}${Number.isFinite(max) ? ` to ${max}` : ' up'}, got "${raw}"`);
  }
  return value;
}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): EmulatorOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'api-key': { type: 'string' },
        'other-key': { type: 'string' },
        'data-dir': { type: 'string' },
        speed: { type: 'string' },
        scenarios: { type: 'string' },
        log: { type: 'string' },
        balance: { type: 'string' },
        voucher: { type: 'string' },
        price: { type: 'string' },
        concurrency: { type: 'string' },
        rpm: { type: 'string' },
        tpm: { type: 'string' },
        tpd: { type: 'string' },
        'overload-rate': { type: 'string' },
        'invalid-state-rate': { type: 'string' },
        'drop-after': { type: 'string' },
        'slow-first-byte': { type: 'string' },
        'max-file-bytes': { type: 'string' },
        'max-files': { type: 'string' },
        'max-total-bytes': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values;
  if (v.help) return 'help';
  return {
    host: v.host ?? '127.0.0.1',
    port: numberFlag('port', v.port, 0, 65535) ?? DEFAULT_CLI_PORT,
    apiKey: v['api-key'] ?? env.SVC_EMULATOR_KEY,
    otherKey: v['other-key'],
    dataDir: v['data-dir'],
    speed: numberFlag('speed', v.speed, 0),
    scenarios: v.scenarios,
    logFile: v.log,
    balance: numberFlag('balance', v.balance, Number.NEGATIVE_INFINITY),
    voucherBalance: numberFlag('voucher', v.voucher, 0),
    price: numberFlag('price', v.price, 0),
    limits: {
      concurrency: numberFlag('concurrency', v.concurrency, 0),
      rpm: numberFlag('rpm', v.rpm, 0),
      tpm: numberFlag('tpm', v.tpm, 0),
      tpd: numberFlag('tpd', v.tpd, 0),
    },
    faults: {
      overloadRate: numberFlag('overload-rate', v['overload-rate'], 0, 1),
      invalidStateRate: numberFlag('invalid-state-rate', v['invalid-state-rate'], 0, 1),
      dropAfterChunks: numberFlag('drop-after', v['drop-after'], 0),
      slowFirstByteMs: numberFlag('slow-first-byte', v['slow-first-byte'], 0),
    },
    fileLimits: {
      maxFileBytes: numberFlag('max-file-bytes', v['max-file-bytes'], 1),
      maxFiles: numberFlag('max-files', v['max-files'], 1),
      maxTotalBytes: numberFlag('max-total-bytes', v['max-total-bytes'], 1),
    },
  };
}
