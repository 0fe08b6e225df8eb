// Standing instructions sent with every chat and agent request: the user's `svc.rules` setting, the
// user's own rules file, and the workspace's AGENTS.md. They go first, before the conversation, always
// in the same order and words, so the service's prompt cache keeps them across requests. A
// repository's file is its authors' words: it is shown to the user, read only in a trusted workspace,
// and capped in size; approvals stay as they are whatever it says.
import type { SystemMessage } from '../../api/index';

export interface RuleSource {
  /** What the view shows: "AGENTS.md", "your rules file", "svc.rules". */
  label: string;
  /** The file, when it is one (the view opens it). */
  path?: string;
  scope: 'user' | 'workspace';
  text: string;
}

export interface RulesReader {
  /** The user's `svc.rules` setting (empty when unset). */
  setting(): string;
  /** Files that may hold rules, in order: the user's rules file, then each workspace folder's AGENTS.md. */
  candidates(): { label: string; path: string; scope: 'user' | 'workspace' }[];
  /** The file's text, or undefined when it does not exist. */
  read(path: string): Promise<string | undefined>;
  /** Workspace rules are read only in a trusted workspace. */
  trusted(): boolean;
}

/** Rules files past this size are cut (with a note): a rules file is instructions, not a knowledge base. */
export const MAX_RULES_CHARS = 32_000;

export function capRules(label: string, text: string): string {
  return text.length > MAX_RULES_CHARS ? `${text.slice(0, MAX_RULES_CHARS)}\n[cut: ${label} has ${text.length} characters; only the first ${MAX_RULES_CHARS} are sent]` : text;
}

export async function discoverRules(reader: RulesReader): Promise<RuleSource[]> {
  const found: RuleSource[] = [];
  const setting = reader.setting().trim();
  if (setting !== '') found.push({ label: 'svc.rules', scope: 'user', text: setting });
  for (const candidate of reader.candidates()) {
    if (candidate.scope === 'workspace' && !reader.trusted()) continue;
    const text = (await reader.read(candidate.path).catch(() => undefined))?.trim();
    if (!text) continue;
    found.push({ ...candidate, text: capRules(candidate.label, text) });
  }
  return found;
}

/** The one system message that carries the rules; undefined when there are none. */
export function rulesMessage(rules: readonly RuleSource[]): SystemMessage | undefined {
  if (rules.length === 0) return undefined;
  const sections = rules.map((rule) => `## ${rule.label}${rule.scope === 'workspace' ? ' (from the workspace)' : ''}\n\n${rule.text}`);
  return { role: 'system', content: `Project rules: standing instructions for this workspace.\n\n${sections.join('\n\n')}` };
}
