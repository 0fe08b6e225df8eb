// Official tools run by the service. Definitions come from GET /formulas/{uri}/tools (cached for the
// session), a call is a fiber: POST /formulas/{uri}/fibers with the model's arguments string unchanged.
import { fiberOutput, type Fiber, type FiberCall, type ToolDefinition, formulaUri, OFFICIAL_FORMULAS, type OfficialFormula } from '../../api/index';
import * as l10n from '../l10n';
import type { TaskApprovals } from './approvals';
import type { DataEgressGuard, Egress } from './dataEgressGuard';
import { FORMULA_TRAITS } from './formulaTraits';
import { done, failed, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from './tool';
import { toolDisplay, type ToolDisplay } from './toolDisplay';
import type { ToolTraits } from './toolTraits';
import { FormulaToolsError } from './toolErrors';

/** The part of the client formula tools need (SvcClient's `formulas`). */
export interface FormulaService {
  tools(uri: string, options?: { signal?: AbortSignal }): Promise<ToolDefinition[]>;
  call(uri: string, call: FiberCall, options?: { signal?: AbortSignal }): Promise<Fiber>;
}

/** On unless the user switches them off; every other official formula is opt-in. */
export const DEFAULT_FORMULAS: readonly OfficialFormula[] = ['code_runner', 'quickjs', 'fetch'];
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
  async tools(formulas: readonly string[], approvals: TaskApprovals, options: FormulaTaskOptions = {}): Promise<FormulaTool[]> {
    const result: FormulaTool[] = [];
    for (const formula of formulas) {
      if (!isOfficialFormula(formula)) {
        throw new FormulaToolsError(formula, `Unknown formula "${formula}"; official formulas are ${OFFICIAL_FORMULAS.join(', ')}.`);
      }
      const uri = formulaUri(formula);
      const definitions = await this.definitions(uri);
      for (const definition of definitions) result.push(new FormulaTool(this.service, formula, uri, definition, { approvals, ...options }));
    }
    return result;
  }
}

export interface FormulaTaskOptions {
  /** Asks before workspace content leaves through fetch or web-search. */
  egress?: DataEgressGuard;
  /**
   * True when the service is the local emulator: its code_runner runs Python on this computer, not in
   * the service's sandbox, so every call is asked with the whole program shown.
   */
  formulasRunOnThisComputer?: boolean;
}

/** What the formula tools of one task share with the rest of it. */
interface FormulaTaskContext extends FormulaTaskOptions {
  approvals: TaskApprovals;
}

/** Formulas that send what the model gives them to a destination outside the service. */
function egressOf(formula: string, args: ToolArguments): Egress | undefined {
  if (formula === 'fetch') {
    const url = String(args.value.url ?? '');
    let host = url;
    try {
      host = new URL(url).host;
    } catch {
      // An unparsable URL is refused by the formula itself; the question still shows it whole.
    }
    return { destination: host, tool: 'fetch', payload: url };
  }
  if (formula === 'web-search') return { destination: 'the web search service', shownDestination: l10n.t('the web search service'), tool: 'web_search', payload: args.raw };
  return undefined;
}

export class FormulaTool implements Tool {
  readonly origin: ToolOrigin;
  readonly traits: ToolTraits;
  readonly display: ToolDisplay;

  constructor(
    private readonly service: FormulaService,
    private readonly formula: OfficialFormula,
    readonly uri: string,
    readonly definition: ToolDefinition,
    private readonly task: FormulaTaskContext,
  ) {
    this.origin = { kind: 'formula', formula };
    this.traits = FORMULA_TRAITS[formula];
    this.display = toolDisplay('formula', undefined, () => ({ running: l10n.t('Calling {0}', definition.function.name), done: l10n.t('Called {0}', definition.function.name) }));
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const name = this.definition.function.name;
    const { approvals, egress, formulasRunOnThisComputer } = this.task;
    // In the service's sandbox a program reaches nothing of this computer; with the local emulator it does.
    if (formulasRunOnThisComputer && this.traits.runsPrograms) {
      const code = typeof args.value.code === 'string' ? args.value.code : args.raw;
      const allowed = await approvals.allowed(
        {
          kind: 'run-code',
          title: l10n.t('Run this Python program on this computer?'),
          detail: code,
          warning: l10n.t('The local emulator has no sandbox: this program runs on this computer, with your files, network and rights.'),
          allowAlways: false,
          alwaysAsk: true,
        },
        signal,
      );
      if (!allowed) return { status: 'rejected', content: `The user did not allow ${name} to run this program on their computer. Do not retry it; continue without running code.` };
    }
    if (this.traits.charged) {
      const allowed = await approvals.allowed(
        { kind: 'charged-tool', title: l10n.t('Allow {0} (charged) for this task?', name), detail: l10n.t('{0} costs money per call.', this.uri), allowAlways: false },
        signal,
      );
      if (!allowed) return { status: 'rejected', content: `The user did not allow the charged tool ${name} in this task. Do not call it again; continue without it.` };
    }
    const leaving = egress && this.traits.sendsData ? egressOf(this.formula, args) : undefined;
    if (leaving && egress && !(await egress.mayLeave(leaving, signal))) {
      return { status: 'rejected', content: `The user did not allow sending data to ${leaving.destination}. Do not retry; continue without it.` };
    }
    const fiber = await this.service.call(this.uri, { name, arguments: args.raw }, { signal });
    const output = fiberOutput(fiber);
    return output.ok ? done(output.content) : failed(output.error);
  }
}
