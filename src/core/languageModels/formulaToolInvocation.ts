// The service's formulas as tools any extension can call through VS Code: what the user is shown
// before a call (the code that runs, the address fetched, the cost), and the call itself, whose
// result is the fiber's output unchanged (a protected formula's encrypted_output included). A bad
// call comes back as an error result, never as a throw into the caller.
import { fiberOutput, formulaUri } from '../../api/index';
import * as l10n from '../l10n';
import { formulaFunctionOf, languageModelToolName } from '../tools/formulaFunctions';
import type { FormulaToolCatalog, FormulaService } from '../tools/formulaTools';
import { FORMULA_TRAITS } from '../tools/formulaTraits';
import { parseToolArguments } from '../tools/toolArguments';
import { ToolArgumentsError } from '../tools/toolErrors';

export interface InvocationPreview {
  /** Shown while the tool runs. */
  invocationMessage: string;
  /** The code the tool runs, shown with the invocation message. */
  code?: { text: string; language: string };
  /** When set, the caller asks the user before running: `lead`, then `detail` shown whole. */
  confirmation?: { title: string; lead: string; detail: string; language: string };
}

export interface FormulaToolResult {
  ok: boolean;
  text: string;
}

function field(input: unknown, name: string): string {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/**
 * What will run or leave, in full. Code that runs on this computer (the local emulator's code_runner),
 * a fetch (data leaves for that address) and a charged search are confirmed first; the others run in
 * the service's sandbox on what the caller passed, and only say what they do.
 */
export function previewInvocation(toolName: string, input: unknown, runsOnThisComputer: boolean): InvocationPreview {
  const known = formulaFunctionOf(toolName);
  if (!known) return { invocationMessage: l10n.t('Unknown svc tool {0}', toolName) };
  const { fn, formula } = known;
  if (fn === 'code_runner') {
    const code = field(input, 'code');
    if (!runsOnThisComputer) return { invocationMessage: l10n.t("Running Python in the service's sandbox"), code: { text: code, language: 'python' } };
    return {
      invocationMessage: l10n.t('Running Python on this computer (the local emulator has no sandbox)'),
      confirmation: { title: l10n.t('Run this Python program on this computer?'), lead: l10n.t('It runs with your files, network and rights:'), detail: code, language: 'python' },
    };
  }
  if (fn === 'quickjs') return { invocationMessage: l10n.t("Running JavaScript in the service's sandbox"), code: { text: field(input, 'code'), language: 'js' } };
  if (fn === 'fetch') {
    const url = field(input, 'url');
    return { invocationMessage: l10n.t('Fetching {0}', url), confirmation: { title: l10n.t('Fetch this address?'), lead: l10n.t('The service fetches, and the caller receives:'), detail: url, language: '' } };
  }
  if (FORMULA_TRAITS[formula].charged) {
    return {
      invocationMessage: l10n.t('Searching the web (charged)'),
      confirmation: {
        title: l10n.t('Run {0}? It costs money per call.', languageModelToolName(fn)),
        lead: l10n.t('{0} is charged to your svc balance for each call. Arguments:', formulaUri(formula)),
        detail: JSON.stringify(input, null, 2),
        language: 'json',
      },
    };
  }
  return { invocationMessage: l10n.t('Running the svc formula {0} ({1})', formula, fn) };
}

export interface FormulaInvocationDeps {
  service: FormulaService;
  catalog: FormulaToolCatalog;
  /** The formulas switched on in the user's settings. */
  enabled: readonly string[];
}

export async function invokeFormulaTool(toolName: string, input: unknown, deps: FormulaInvocationDeps, signal?: AbortSignal): Promise<FormulaToolResult> {
  const known = formulaFunctionOf(toolName);
  if (!known) return { ok: false, text: `Error: ${toolName} is not an svc tool.` };
  const { fn, formula } = known;
  if (!deps.enabled.includes(formula)) {
    return { ok: false, text: `Error: the svc formula ${formula} is switched off; the user can switch it on in the setting svc.agent.formulas.` };
  }
  try {
    const uri = formulaUri(formula);
    const definition = (await deps.catalog.definitions(uri)).find((d) => d.function.name === fn);
    if (!definition) return { ok: false, text: `Error: the service does not offer ${fn} in ${uri} any more.` };
    const args = parseToolArguments(definition, JSON.stringify(input ?? {}));
    const fiber = await deps.service.call(uri, { name: fn, arguments: args.raw }, signal ? { signal } : {});
    const output = fiberOutput(fiber);
    return output.ok ? { ok: true, text: output.content } : { ok: false, text: `Error: ${output.error}` };
  } catch (error) {
    if (error instanceof ToolArgumentsError) return { ok: false, text: `Error: ${error.message}` };
    return { ok: false, text: `Error: ${toolName} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
