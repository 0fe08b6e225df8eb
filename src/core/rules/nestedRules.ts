// A subfolder's AGENTS.md holds the rules of the files under it. It is sent only when the work touches
// that folder (a message mentions a file there, an agent tool reads or changes one), as a system message
// at that point of the conversation rather than with the standing rules, so the cached prefix of every
// request stays the same. Each file is sent once per conversation or task.
import type { SystemMessage } from '../../api/index';
import { capRules, type RuleSource } from './projectRules';

export const RULES_FILE = 'AGENTS.md';

/** Where a subfolder's rules are read from; the extension checks workspace trust and containment. */
export interface NestedRulesSource {
  /**
   * The text of the rules file at this workspace-relative path; undefined when there is none, when it
   * cannot be read, when the workspace is not trusted, or for a workspace folder's own file (that one
   * is a standing rule).
   */
  read(relativePath: string): Promise<string | undefined>;
  /** Whether the workspace-relative path is a folder (its own rules file then applies too). */
  isFolder(relativePath: string): Promise<boolean>;
}

/** The rules files that apply to `path`, outermost first: one per folder on the way to it. */
export async function rulesFilesFor(path: string, source: NestedRulesSource): Promise<string[]> {
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.includes('..')) return [];
  const folders = (await source.isFolder(segments.join('/'))) ? segments.length : segments.length - 1;
  return Array.from({ length: folders }, (_, i) => [...segments.slice(0, i + 1), RULES_FILE].join('/'));
}

/** The rules of the folders on the way to each path that `alreadySent` does not hold, each once. */
export async function nestedRulesFor(paths: readonly string[], source: NestedRulesSource, alreadySent: (label: string) => boolean): Promise<RuleSource[]> {
  const found: RuleSource[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    for (const file of await rulesFilesFor(path, source)) {
      if (seen.has(file) || alreadySent(file)) continue;
      seen.add(file);
      const text = (await source.read(file).catch(() => undefined))?.trim();
      if (text) found.push({ label: file, scope: 'workspace', text: capRules(file, text) });
    }
  }
  return found;
}

const HEADER = 'Rules of ';

/** The system message of one subfolder's rules; its first line names the file, so a later turn knows it was sent. */
export function nestedRulesMessage(rule: RuleSource): SystemMessage {
  const folder = rule.label.slice(0, -RULES_FILE.length - 1);
  return { role: 'system', content: `${HEADER}${rule.label} (from the workspace), for the files under ${folder}/:\n\n${rule.text}` };
}

/** Whether `messages` already carry the rules of `label`. */
export function carriesRules(messages: readonly { content: unknown }[], label: string): boolean {
  const start = `${HEADER}${label} (`;
  return messages.some((m) => typeof m.content === 'string' && m.content.startsWith(start));
}
