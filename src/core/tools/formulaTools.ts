// Official tools run by the service. Definitions come from GET /formulas/{uri}/tools (cached for the
// session), a call is a fiber: POST /formulas/{uri}/fibers with the model's arguments string unchanged.
import { fiberOutput } from '../../api/index';
import type { Fiber, FiberCall, ToolDefinition } from '../../api/schemas';
import { formulaUri, OFFICIAL_FORMULAS, type OfficialFormula } from '../../api/models';
import type { TaskApprovals } from './approvals';
import { done, failed, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { FormulaToolsError } from './toolErrors';

/** The part of the client formula tools need (SvcClient's `formulas`). */
export interface FormulaService {
  tools(uri: string, options?: { signal?: AbortSignal }): Promise<ToolDefinition[]>;
  call(uri: string, call: FiberCall, options?: { signal?: AbortSignal }): Promise<Fiber>;
}

/** On unless the user switches them off; every other official formula is opt-in. */
export const DEFAULT_FORMULAS: readonly OfficialFormula[] = ['code_runner', 'quickjs', 'fetch'];
/** Each call costs money, so the user is asked once per task. */
export const CHARGED_FORMULAS: readonly OfficialFormula[] = ['web-search'];

export function isOfficialFormula(name: string): name is OfficialFormula {
  return (OFFICIAL_FORMULAS as readonly string[]).includes(name);
}

/**
 * Tool definitions per formula URI for one session, so a task does not refetch them every step; a
 * failed fetch is not cached, so the next task tries again.
 */
export class FormulaToolCatalog {
  private readonly cache = new Map<string, Promise<ToolDefinition[]>>();

  constructor(private readonly service: FormulaService) {}

  definitions(uri: string): Promise<ToolDefinition[]> {
    let pending = this.cache.get(uri);
    if (!pending) {
      pending = this.service.tools(uri);
      this.cache.set(uri, pending);
      pending.catch(() => this.cache.delete(uri));
    }
    return pending;
  }

  /**
   * Tools of the named formulas, keyed by function name; the map of function name to formula URI is
   * what a call is routed by (names differ from formula names: web-search offers web_search).
   */
  async tools(formulas: readonly string[], approvals: TaskApprovals): Promise<FormulaTool[]> {
    const result: FormulaTool[] = [];
    for (const formula of formulas) {
      if (!isOfficialFormula(formula)) {
        throw new FormulaToolsError(formula, `Unknown formula "${formula}"; official formulas are ${OFFICIAL_FORMULAS.join(', ')}.`);
      }
      const uri = formulaUri(formula);
      const definitions = await this.definitions(uri);
      const charged = CHARGED_FORMULAS.includes(formula);
      for (const definition of definitions) {
        result.push(new FormulaTool(this.service, formula, uri, definition, charged ? approvals : undefined));
      }
    }
    return result;
  }
}

export class FormulaTool implements Tool {
  readonly origin: ToolOrigin;

  constructor(
    private readonly service: FormulaService,
    formula: string,
    readonly uri: string,
    readonly definition: ToolDefinition,
    private readonly chargedApprovals: TaskApprovals | undefined,
  ) {
    this.origin = { kind: 'formula', formula };
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const name = this.definition.function.name;
    if (this.chargedApprovals) {
      const allowed = await this.chargedApprovals.allowed(
        { kind: 'charged-tool', title: `Allow ${name} (charged) for this task?`, detail: `${this.uri} costs money per call.`, allowAlways: false },
        signal,
      );
      if (!allowed) return { status: 'rejected', content: `The user did not allow the charged tool ${name} in this task. Do not call it again; continue without it.` };
    }
    const fiber = await this.service.call(this.uri, { name, arguments: args.raw }, { signal });
    const output = fiberOutput(fiber);
    return output.ok ? done(output.content) : failed(output.error);
  }
}
