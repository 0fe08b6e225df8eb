// Which official formula offers each function, and the name a function has among VS Code's language
// model tools. The service lists a formula's functions at run time; VS Code needs tool names in the
// manifest, so they are fixed here (a unit test holds them to the emulator's definitions and the manifest).
import type { OfficialFormula } from '../../api/index';

export const FORMULA_OF_FUNCTION: Readonly<Record<string, OfficialFormula>> = {
  code_runner: 'code_runner',
  quickjs: 'quickjs',
  fetch: 'fetch',
  web_search: 'web-search',
  convert: 'convert',
  rethink: 'rethink',
  random_choice: 'random-choice',
  mew_generator: 'mew',
  memory: 'memory',
  excel: 'excel',
  date: 'date',
  base64_encode: 'base64',
  base64_decode: 'base64',
};

const PREFIX = 'svc_';

export function languageModelToolName(fn: string): string {
  return `${PREFIX}${fn}`;
}

/** The formula function behind a VS Code tool name; undefined for a name that is not ours. */
export function formulaFunctionOf(toolName: string): { fn: string; formula: OfficialFormula } | undefined {
  if (!toolName.startsWith(PREFIX)) return undefined;
  const fn = toolName.slice(PREFIX.length);
  const formula = FORMULA_OF_FUNCTION[fn];
  return formula ? { fn, formula } : undefined;
}
