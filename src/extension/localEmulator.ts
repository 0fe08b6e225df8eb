// The local emulator runs inside the extension host's process when no API key is set, on a worker thread
// of its own (src/emulator/emulatorThread.ts): the separate bundle dist/emulator.js, loaded only when
// needed and never on the host's main thread, so neither start-up nor the editor waits for it while it
// loads or answers. It answers only to this extension: no key is given, so the emulator
// makes a random one per start (other local users and processes cannot guess it), and the server
// refuses foreign Host and Origin headers.
// The variables below script, fault or log the emulator for the test harness; anywhere else they are
// ignored, so nothing in the environment can turn the emulator into something else.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '../core/l10n';
import { startEmulatorThread } from '../emulator/emulatorThread';
import type { EmulatorOptions, RunningEmulator } from '../emulator/index';
import { FAULTS_ENV, parseFaultRules, startFaultFront } from './emulatorFaultFront';

/** The account the emulator keeps files, memory and balance under, whatever the key of this start. */
const ACCOUNT_IDENTITY = 'svc-vscode-local-emulator';
/** A scenario file for the emulator's scripted model, read at each start (integration tests script the model with it). */
export const SCENARIOS_ENV = 'SVC_EMULATOR_SCENARIOS';
/** A file the emulator appends every request to as a JSON line, read at each start (integration tests check what crossed the wire). */
export const REQUEST_LOG_ENV = 'SVC_EMULATOR_LOG_FILE';
/**
 * A JSON object of further emulator options, read at each start (fault tests in a real VS Code use it,
 * e.g. `{"balance": 0.00001}` for a quota refusal). The address, key and data folder stay the extension's.
 */
export const OPTIONS_ENV = 'SVC_EMULATOR_OPTIONS';
export { FAULTS_ENV };

const EXTRA_OPTIONS = ['balance', 'voucherBalance', 'price', 'limits', 'faults', 'fileLimits', 'formulaLimits', 'models'] as const;
type ExtraOptions = Pick<EmulatorOptions, (typeof EXTRA_OPTIONS)[number]>;

export class EmulatorOptionsError extends Error {
  constructor(message: string) {
    super(`${OPTIONS_ENV}: ${message}; allowed: a JSON object with ${EXTRA_OPTIONS.join(', ')}`);
    this.name = 'EmulatorOptionsError';
  }
}

/** The emulator checks the values; this checks the shape, so a typo is not silently ignored. */
export function parseExtraOptions(json: string): ExtraOptions {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new EmulatorOptionsError(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new EmulatorOptionsError('not an object');
  const unknown = Object.keys(value).find((key) => !(EXTRA_OPTIONS as readonly string[]).includes(key));
  if (unknown !== undefined) throw new EmulatorOptionsError(`unknown option ${JSON.stringify(unknown)}`);
  return value as ExtraOptions;
}

/** The emulator with, when FAULTS_ENV lists per-request faults, the fault front before it. */
async function startWithFaults(startEmulator: (options: EmulatorOptions) => Promise<RunningEmulator>, options: EmulatorOptions, faults: string | undefined): Promise<RunningEmulator> {
  const rules = faults ? parseFaultRules(faults) : [];
  const emulator = await startEmulator(options);
  if (rules.length === 0) return emulator;
  const front = await startFaultFront(emulator.port, rules).catch(async (error: unknown) => {
    await emulator.close();
    throw error;
  });
  return {
    url: front.url,
    port: emulator.port,
    apiKey: emulator.apiKey,
    close: async () => {
      await front.close();
      await emulator.close();
    },
  };
}

export class EmulatorBundleMissingError extends Error {
  constructor(readonly bundlePath: string, cause: unknown) {
    super(l10n.t('The local emulator bundle could not be loaded from {0}: {1}', bundlePath, cause instanceof Error ? cause.message : String(cause)));
    this.name = 'EmulatorBundleMissingError';
  }
}

export class LocalEmulator {
  private running: Promise<RunningEmulator> | undefined;
  private speed: number;

  constructor(
    private readonly extensionPath: string,
    private readonly dataDir: string,
    speed: number,
    /** The SVC_EMULATOR_* test variables: the environment's under the test harness (harnessVariables), none elsewhere. */
    private readonly testEnv: (name: string) => string | undefined,
  ) {
    this.speed = speed;
  }

  /** Starts the emulator on a free port of 127.0.0.1 the first time it is asked for. */
  start(): Promise<RunningEmulator> {
    if (!this.running) {
      const bundle = path.join(this.extensionPath, 'dist', 'emulator.js');
      if (!fs.existsSync(bundle)) throw new EmulatorBundleMissingError(bundle, new Error('no such file'));
      const startEmulator = (options: EmulatorOptions): Promise<RunningEmulator> =>
        startEmulatorThread(options, { file: bundle, execArgv: [] }, {
          // A crashed thread takes the emulator with it: the next request starts a new one.
          onExit: () => {
            if (this.running === thisStart) this.running = undefined;
          },
        });
      const testEnv = this.testEnv;
      const scenarios = testEnv(SCENARIOS_ENV);
      const logFile = testEnv(REQUEST_LOG_ENV);
      const extra = testEnv(OPTIONS_ENV);
      // Async, so a malformed option rejects like a failed start (the chat shows it) instead of throwing here.
      const thisStart: Promise<RunningEmulator> = (async () =>
        startWithFaults(startEmulator, {
          ...(extra ? parseExtraOptions(extra) : {}),
          host: '127.0.0.1',
          port: 0,
          accountIdentity: ACCOUNT_IDENTITY,
          dataDir: this.dataDir,
          speed: this.speed,
          ...(scenarios ? { scenarios } : {}),
          ...(logFile ? { logFile } : {}),
        }, testEnv(FAULTS_ENV)))();
      this.running = thisStart;
      thisStart.catch(() => {
        if (this.running === thisStart) this.running = undefined;
      });
    }
    return this.running;
  }

  /** A new pace applies from the next start; a running emulator is closed so the next request restarts it. */
  setSpeed(speed: number): boolean {
    if (speed === this.speed) return false;
    this.speed = speed;
    const running = this.running;
    this.running = undefined;
    void running?.then((emulator) => emulator.close()).catch(() => undefined);
    return running !== undefined;
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) await (await running).close();
  }
}
