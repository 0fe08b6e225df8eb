// What each official formula does, declared once per formula: its tools carry these traits (formulaTools.ts),
// plan mode keeps the formulas that only compute, a charged one is asked once per task, and the egress
// guard knows which results hold nothing from this computer and which calls send data out.
import { OFFICIAL_FORMULAS, type OfficialFormula } from '../../api/index';
import { FORMULA_OF_FUNCTION } from './formulaFunctions';
import { isReadOnly, toolTraits, type ToolTraits } from './toolTraits';

export const FORMULA_TRAITS = {
  // Python with a file system and network: in the service's sandbox, or on this computer with the local emulator.
  code_runner: toolTraits({ readsWorkspace: true, runsPrograms: true }),
  quickjs: toolTraits({}),
  fetch: toolTraits({ sendsData: true }),
  'web-search': toolTraits({ sendsData: true, charged: true }),
  convert: toolTraits({}),
  rethink: toolTraits({}),
  'random-choice': toolTraits({}),
  mew: toolTraits({}),
  // They return what was stored or uploaded, which may be workspace content.
  memory: toolTraits({ readsWorkspace: true, changes: 'service-storage' }),
  excel: toolTraits({ readsWorkspace: true, changes: 'service-storage' }),
  date: toolTraits({}),
  base64: toolTraits({}),
} as const satisfies Record<OfficialFormula, ToolTraits>;

/** The formulas a plan-mode task may use: they compute, they do not act on the world or send data out. */
export const READ_ONLY_FORMULAS: readonly OfficialFormula[] = OFFICIAL_FORMULAS.filter((formula) => isReadOnly(FORMULA_TRAITS[formula]));

/** The traits of a formula's function by its name (web_search, base64_encode), or undefined for a name that is no formula's. */
export function formulaFunctionTraits(name: string): ToolTraits | undefined {
  return Object.hasOwn(FORMULA_OF_FUNCTION, name) ? FORMULA_TRAITS[FORMULA_OF_FUNCTION[name] as OfficialFormula] : undefined;
}
