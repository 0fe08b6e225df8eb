// What the customization commands run (registerCustomizationCommands.ts): the list with its switches and
// the writing of a new skill, prompt file or agent. A file of its own (esbuild.mjs), loaded on the first of them.
export { showCustomizations } from './showCustomizations';
export { newCustomization } from './newCustomizationCommands';
