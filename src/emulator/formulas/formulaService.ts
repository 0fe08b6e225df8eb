// The official formulas by name, their tools, and running one function into a fiber object.
import { randomBytes } from 'node:crypto';
import { formulaUri, OFFICIAL_FORMULAS } from '../../api/models';
import type { Fiber, ToolDefinition } from '../../api/schemas';
import type { Account } from '../auth';
import { invalidRequest, ServiceError } from '../errors';
import type { FileStore } from '../files/fileStore';
import type { FormulaLimitOptions } from '../options';
import { base64Formula } from './base64';
import { codeRunnerFormula } from './codeRunner';
import { convertFormula } from './convert';
import { dateFormula } from './date';
import { excelFormula } from './excel';
import { fetchFormula } from './fetch';
import { FormulaArguments, FormulaFailure, type Formula, type FormulaLimits } from './formula';
import { memoryFormula } from './memory';
import { mewFormula } from './mew';
import { quickjsFormula } from './quickjs';
import { randomChoiceFormula } from './randomChoice';
import { rethinkFormula } from './rethink';
import { webSearchFormula } from './webSearch';

const FORMULAS: readonly Formula[] = [
  convertFormula, webSearchFormula, rethinkFormula, randomChoiceFormula, mewFormula, memoryFormula, excelFormula,
  dateFormula, base64Formula, fetchFormula, quickjsFormula, codeRunnerFormula,
];

export const DEFAULT_FORMULA_LIMITS: FormulaLimits = {
  quickjsTimeoutMs: 2_000,
  quickjsMemoryBytes: 32 * 1024 * 1024,
  codeRunnerTimeoutMs: 10_000,
  codeRunnerOutputBytes: 64 * 1024,
  pythonPath: 'python3',
  fetchTimeoutMs: 10_000,
  fetchMaxBytes: 2 * 1024 * 1024,
  fetchAllowedAddresses: [],
};

export interface FormulaServiceDeps {
  dataDir: string;
  files: FileStore;
  limits: FormulaLimitOptions;
  charge(account: Account, usd: number): void;
}

/** `<namespace>/<name>:<tag>`, tag defaulting to latest; only the svc namespace and latest tag exist. */
export function parseFormulaUri(uri: string): Formula {
  const m = /^([^/]+)\/([^:/]+)(?::([^:/]+))?$/.exec(uri);
  if (!m) throw new ServiceError(404, 'resource_not_found_error', `Not found the formula ${uri}: a formula URI has the form <namespace>/<name>:<tag>, e.g. svc/convert:latest`);
  const [, namespace, name, tag = 'latest'] = m;
  if (namespace !== 'svc') throw new ServiceError(404, 'resource_not_found_error', `Not found the formula ${uri}: the only namespace is svc`);
  const formula = FORMULAS.find((f) => f.name === name);
  if (!formula) throw new ServiceError(404, 'resource_not_found_error', `Not found the formula ${uri}; official formulas: ${OFFICIAL_FORMULAS.join(', ')}`);
  if (tag !== 'latest') throw new ServiceError(404, 'resource_not_found_error', `Not found the formula ${uri}: the only tag is latest`);
  return formula;
}

export class FormulaService {
  private readonly limits: FormulaLimits;

  constructor(private readonly deps: FormulaServiceDeps) {
    this.limits = { ...DEFAULT_FORMULA_LIMITS, ...Object.fromEntries(Object.entries(deps.limits).filter(([, v]) => v !== undefined)) };
    for (const [name, value] of Object.entries(this.limits)) {
      if (typeof value === 'number' && !(Number.isFinite(value) && value > 0)) throw new RangeError(`formulaLimits.${name} must be a number > 0, got ${value}`);
    }
  }

  tools(uri: string): ToolDefinition[] {
    return parseFormulaUri(uri).tools;
  }

  /** Runs `name` with the model's JSON `arguments`; failures become a non-succeeded fiber, not an HTTP error. */
  async run(account: Account, uri: string, body: { name: string; arguments: string }, input: string): Promise<Fiber> {
    const formula = parseFormulaUri(uri);
    if (!formula.tools.some((t) => t.function.name === body.name)) {
      throw invalidRequest(`formula ${formulaUri(formula.name)} has no function ${JSON.stringify(body.name)}; its functions: ${formula.tools.map((t) => t.function.name).join(', ')}`);
    }
    const fiber: Fiber = {
      id: `fiber-${randomBytes(10).toString('hex')}`,
      object: 'fiber',
      created_at: Math.floor(Date.now() / 1000),
      lambda_id: `lambda-${formula.name}-${body.name}`,
      status: 'succeeded',
      context: { input },
      formula: formulaUri(formula.name),
      organization_id: account.id,
      project_id: 'proj-default',
    };
    try {
      let args: unknown;
      try {
        args = JSON.parse(body.arguments);
      } catch (error) {
        throw new FormulaFailure('invalid_arguments', `${body.name}: arguments is not valid JSON: ${(error as Error).message}`);
      }
      if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        throw new FormulaFailure('invalid_arguments', `${body.name}: arguments must encode a JSON object`);
      }
      const result = await formula.run(body.name, new FormulaArguments(body.name, args as Record<string, unknown>), {
        account,
        files: this.deps.files,
        dataDir: this.deps.dataDir,
        limits: this.limits,
        charge: (usd) => this.deps.charge(account, usd),
      });
      fiber.context = { ...fiber.context, ...result };
    } catch (error) {
      if (!(error instanceof FormulaFailure)) throw error;
      fiber.status = error.status;
      fiber.error = error.message;
      fiber.context = { ...fiber.context, error: error.message, ...(error.output ? { output: error.output } : {}) };
    }
    return fiber;
  }
}
