// Everything a handler needs, built once per running emulator from its options.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODEL_IDS } from '../api/models';
import { Authenticator } from './auth';
import { BalanceBook } from './balance';
import { FaultInjector } from './faults';
import { FileStore } from './files/fileStore';
import { FormulaService } from './formulas/formulaService';
import { RateLimiter } from './limits';
import { randomApiKey, type EmulatorOptions } from './options';
import { PromptCache } from './promptCache';
import { RequestLog } from './requestLog';
import { DEMO_SCENARIOS } from './demoScenario';
import { loadScenarios } from './scenarios';
import { ScriptedModel } from './scriptedModel';

export interface EmulatorContext {
  auth: Authenticator;
  dataDir: string;
  /** Streamed tokens per second; 0 = no pacing. */
  speed: number;
  balances: BalanceBook;
  files: FileStore;
  formulas: FormulaService;
  model: ScriptedModel;
  cache: PromptCache;
  limits: RateLimiter;
  faults: FaultInjector;
  log: RequestLog | undefined;
  /** What GET /models lists. */
  modelIds: readonly string[];
}

/**
 * The user's own data folder, never the shared temp folder: there another local user can create the folder
 * first (world-readable, or a symlink to a place of theirs) and read every upload.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = os.homedir()): string {
  if (platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'svc-emulator');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'svc-emulator');
  return path.join(env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : path.join(home, '.local', 'share'), 'svc-emulator');
}

export class DataDirError extends Error {
  override readonly name = 'DataDirError';
  constructor(dir: string, reason: string) {
    super(`The emulator's data folder ${dir} ${reason}; choose another with --data-dir (dataDir).`);
  }
}

/** Makes the data folder (owner-only) or checks an existing one is a real folder of this user, then closes it to others. */
export function preparePrivateDataDir(dir: string): void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = fs.lstatSync(dir);
  if (stat.isSymbolicLink()) throw new DataDirError(dir, 'is a symbolic link');
  if (!stat.isDirectory()) throw new DataDirError(dir, 'is not a folder');
  if (process.platform === 'win32') return;
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) throw new DataDirError(dir, `belongs to another user (uid ${stat.uid})`);
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
}

function listedModels(models: unknown): readonly string[] {
  if (models === undefined) return MODEL_IDS;
  if (!Array.isArray(models) || models.some((id) => typeof id !== 'string' || id === '')) {
    throw new TypeError(`models must be a list of model ids (non-empty strings), got ${JSON.stringify(models)}`);
  }
  return models as string[];
}

export async function createContext(options: EmulatorOptions): Promise<EmulatorContext> {
  const apiKey = options.apiKey ?? randomApiKey();
  const keys = [{ key: apiKey, identity: options.accountIdentity ?? apiKey }, ...(options.otherKey ? [{ key: options.otherKey, identity: options.otherKey }] : [])];
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir());
  preparePrivateDataDir(dataDir);
  if (options.speed !== undefined && (!Number.isFinite(options.speed) || options.speed < 0)) {
    throw new RangeError(`speed must be a number of tokens per second >= 0 (0 = as fast as possible), got ${options.speed}`);
  }
  const files = await FileStore.open(path.join(dataDir, 'files'), options.fileLimits ?? {});
  const balances = BalanceBook.open(path.join(dataDir, 'balance.json'), {
    cash: options.balance ?? 100,
    voucher: options.voucherBalance ?? 0,
    pricePerMillion: options.price ?? 1,
  });
  return {
    auth: new Authenticator(keys),
    dataDir,
    speed: options.speed ?? 0,
    balances,
    files,
    formulas: new FormulaService({ dataDir, files, limits: options.formulaLimits ?? {}, charge: (account, usd) => balances.charge(account, usd) }),
    // The given scenarios first, so a test can still script the demo's task its own way.
    model: new ScriptedModel([...loadScenarios(options.scenarios), ...DEMO_SCENARIOS]),
    cache: new PromptCache(),
    limits: new RateLimiter(options.limits ?? {}),
    faults: new FaultInjector(options.faults ?? {}),
    modelIds: listedModels(options.models),
    log: options.logFile ? new RequestLog(options.logFile, keys.map((entry) => entry.key)) : undefined,
  };
}
