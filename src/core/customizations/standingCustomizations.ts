// What the customizations add to the standing instructions of every request: the instruction files that
// apply everywhere (as rules, shown as chips like AGENTS.md), then the skills' names and descriptions. The
// files the user must look at (invalid front matter, hidden characters) are listed with what is wrong.
import type { SystemMessage } from '../../api/index';
import * as l10n from '../l10n';
import { capRules, rulesMessage, type RuleSource } from '../rules/projectRules';
import type { Customization } from './customization';
import { standingInstructionFiles } from './scopedInstructions';
import { skillCatalogue } from './skillCatalogue';

/** A rules chip: a rule the request carries, or a customization file the user must fix or look at. */
export interface RuleChip extends RuleSource {
  /** What is wrong, in the display language; the file is then not used, or used with its hidden characters marked. */
  warning?: string;
}

/** The instruction files every request carries, as rules. */
export function instructionRules(items: readonly Customization[]): RuleChip[] {
  return standingInstructionFiles(items).map((item) => ({
    label: item.label,
    path: item.file,
    scope: item.origin.scope,
    text: capRules(item.label, item.details?.kind === 'instructions' ? item.details.body : ''),
    ...(item.hiddenCharacters > 0 ? { warning: hiddenWarning(item.hiddenCharacters) } : {}),
  }));
}

function hiddenWarning(count: number): string {
  return count === 1 ? l10n.t('1 hidden or direction-changing character, sent marked as ⟨U+…⟩') : l10n.t('{0} hidden or direction-changing characters, sent marked as ⟨U+…⟩', count);
}

/** The problem of a customization the user should see, in the display language; undefined when none. */
export function customizationProblem(item: Customization): string | undefined {
  switch (item.validity.state) {
    case 'invalid':
      return item.validity.problems.map((p) => (p.field ? l10n.t('{0}: {1}', p.field, p.message) : p.message)).join('; ');
    case 'applies':
      return item.kind !== 'instructions' && item.hiddenCharacters > 0 ? hiddenWarning(item.hiddenCharacters) : undefined;
    case 'shadowed':
    case 'disabled':
    case 'restricted':
    case 'ignored':
      return undefined;
  }
}

/** Skills and prompt files the user should look at: invalid ones and ones with hidden characters. */
export function problemChips(items: readonly Customization[]): RuleChip[] {
  return items.flatMap((item) => {
    const warning = item.kind === 'instructions' && item.validity.state === 'applies' ? undefined : customizationProblem(item);
    return warning ? [{ label: item.label, path: item.file, scope: item.origin.scope, text: '', warning }] : [];
  });
}

/** The one system message of rules, instruction files and skills; undefined when there is nothing. */
export function standingMessage(rules: readonly RuleSource[], items: readonly Customization[]): SystemMessage | undefined {
  const sent = rules.filter((rule) => rule.text !== '');
  const base = rulesMessage(sent)?.content;
  const skills = skillCatalogue(items);
  const parts = [typeof base === 'string' ? base : undefined, skills].filter((part): part is string => part !== undefined);
  return parts.length === 0 ? undefined : { role: 'system', content: parts.join('\n\n') };
}
