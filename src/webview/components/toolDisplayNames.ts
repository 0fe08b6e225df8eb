// The workspace tools by the words a user reads (in their language) rather than the names the model calls
// them by; a tool of a formula, an MCP server or another extension keeps its own name.
import * as l10n from '../../shared/l10n';

const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  read_file: l10n.t('Read file'),
  list_files: l10n.t('List files'),
  find_files: l10n.t('Find files'),
  search_text: l10n.t('Search text'),
  list_problems: l10n.t('List problems'),
  edit_file: l10n.t('Edit file'),
  write_file: l10n.t('Write file'),
  run_command: l10n.t('Run command'),
  list_processes: l10n.t('List processes'),
  read_process_output: l10n.t('Read process output'),
  stop_process: l10n.t('Stop process'),
  run_subagent: l10n.t('Subagent'),
};

/** Tools that keep the task's own records rather than act on the workspace: not listed as tools used. */
const BOOKKEEPING = new Set(['update_plan']);

export function toolDisplayName(name: string): string {
  return DISPLAY_NAMES[name] ?? name;
}

export function isBookkeepingTool(name: string): boolean {
  return BOOKKEEPING.has(name);
}
