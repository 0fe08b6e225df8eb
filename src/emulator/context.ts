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

export function defaultDataDir(): string {
  return path.join(os.tmpdir(), 'svc-emulator-data');
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
  fs.mkdirSync(dataDir, { recursive: true });
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
    model: new ScriptedModel(loadScenarios(options.scenarios)),
    cache: new PromptCache(),
    limits: new RateLimiter(options.limits ?? {}),
    faults: new FaultInjector(options.faults ?? {}),
    modelIds: listedModels(options.models),
    log: options.logFile ? new RequestLog(options.logFile, keys.map((entry) => entry.key)) : undefined,
  };
}
