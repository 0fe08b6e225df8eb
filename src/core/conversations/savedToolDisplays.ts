// Cards saved before tools declared how they show (toolDisplay.ts) carry no display. These are the tools
// of that time, by name, with the phrases they declare, so that an old conversation's cards look as they
// did. Frozen: every tool added since saves its display on its cards, so nothing is ever added here.
import * as l10n from '../l10n';
import { cardDisplay, toolDisplay, type ToolCardDisplay, type ToolDisplay } from '../tools/toolDisplay';

const EDIT = toolDisplay('edit', 'path', () => ({ running: l10n.t('Editing {0}'), done: l10n.t('Edited {0}') }));
const SEARCH = toolDisplay('search', 'query', () => ({ running: l10n.t('Searching for {0}'), done: l10n.t('Searched for {0}'), found: { one: l10n.t('1 result'), many: l10n.t('{0} results') } }));

const BEFORE_DECLARATIONS: Readonly<Record<string, ToolDisplay>> = {
  list_files: toolDisplay('list', 'path', () => ({ running: l10n.t('Listing {0}'), done: l10n.t('Listed {0}') })),
  read_file: toolDisplay('read', 'path', () => ({ running: l10n.t('Reading {0}'), done: l10n.t('Read {0}') })),
  search_text: SEARCH,
  find_files: toolDisplay('search', 'pattern', () => ({ running: l10n.t('Finding files {0}'), done: l10n.t('Found files {0}'), found: { one: l10n.t('1 file'), many: l10n.t('{0} files') } })),
  edit_file: EDIT,
  write_file: EDIT,
  run_command: toolDisplay('command', 'command', () => ({ running: l10n.t('Running {0}'), done: l10n.t('Ran {0}') })),
  update_plan: toolDisplay('plan', undefined, () => ({ running: l10n.t('Updating the plan'), done: l10n.t('Updated the plan') })),
};

/** The display a card saved without one had by its tool's name; undefined for any other tool (the generic card). */
export function savedCardDisplay(name: string | undefined): ToolCardDisplay | undefined {
  const display = name !== undefined && Object.hasOwn(BEFORE_DECLARATIONS, name) ? BEFORE_DECLARATIONS[name] : undefined;
  return display && cardDisplay(display);
}
