// One list of everything that customizes the agent in this window, for "svc: Show Customizations": the
// catalogue's skills, prompt files and instruction files (and any kind the catalogue gains), the rules
// sources, the hooks and the MCP servers. Each row says what it is, where it came from (which tool's
// folder), whether it counts now and, when not, why, and carries the key its switch turns off.
import * as l10n from '../l10n';
import type { HookDefinition } from '../hooks/hookConfig';
import { hookLabel } from '../hooks/hookRunner';
import type { RuleSource } from '../rules/projectRules';
import type { Customization, CustomizationKind } from './customization';
import { customizationKey, hookKey, rulesKey } from './disabledCustomizations';

export type ListedKind = CustomizationKind | 'rules' | 'hook' | 'mcp';

/** on: it counts now; off: the user turned it off in this workspace; unused: it cannot count now (`why`). */
export type ListedState = 'on' | 'off' | 'unused';

export interface ListedCustomization {
  kind: ListedKind;
  name: string;
  /** The file as the user reads it (".github/skills/review/SKILL.md", "~/.claude/CLAUDE.md") or the setting. */
  where: string;
  scope: 'workspace' | 'user';
  /** Whose format and folder it is: GitHub Copilot, Claude Code, Agent Skills, svc. */
  tool: string;
  /** The absolute path, when it is a file. */
  file?: string;
  description?: string;
  state: ListedState;
  why?: string;
  /** The key the switch stores (`DisabledCustomizations`); absent when the row has no switch. */
  key?: string;
}

/** The kinds in the order the list shows them, each with its heading. */
export function kindHeading(kind: ListedKind): string {
  const headings: Record<ListedKind, string> = {
    skill: l10n.t('Skills'),
    prompt: l10n.t('Prompt files and commands'),
    agent: l10n.t('Custom agents'),
    instructions: l10n.t('Instruction files'),
    rules: l10n.t('Rules'),
    hook: l10n.t('Hooks'),
    mcp: l10n.t('MCP servers'),
  };
  return headings[kind];
}

export function kindOrder(kind: ListedKind): number {
  const order: Record<ListedKind, number> = { rules: 0, instructions: 1, skill: 2, prompt: 3, agent: 4, hook: 5, mcp: 6 };
  return order[kind];
}

/** Whose folder or file a location is, from its path as the user reads it. */
export function toolOf(where: string): string {
  const parts = where.split('/');
  if (parts.includes('.github') || parts.includes('.copilot') || parts.includes('.vscode')) return 'GitHub Copilot';
  if (parts.includes('.claude') || parts.includes('CLAUDE.md') || parts.includes('.mcp.json')) return 'Claude Code';
  if (parts.includes('.agents')) return 'Agent Skills';
  if (parts.includes('AGENTS.md') && !parts.includes('.svc')) return 'AGENTS.md';
  return 'svc';
}

const RESTRICTED = () => l10n.t('Restricted Mode: a workspace file is not read until you trust this workspace');
const TURNED_OFF = () => l10n.t('turned off in this workspace');

function catalogueWhy(item: Customization): { state: ListedState; why?: string } {
  switch (item.validity.state) {
    case 'applies':
      if (item.details?.kind === 'instructions' && item.details.applyTo?.length === 0) return { state: 'unused', why: l10n.t('no applyTo in its front matter: it applies to no file') };
      if (item.details?.kind === 'instructions' && item.details.applyTo) return { state: 'on', why: l10n.t('for files matching {0}', item.details.applyTo.join(', ')) };
      return { state: 'on' };
    case 'disabled':
      return { state: 'off', why: TURNED_OFF() };
    case 'invalid':
      return { state: 'unused', why: l10n.t('invalid front matter in {0}: {1}', item.label, item.validity.problems.map((p) => (p.field ? l10n.t('{0}: {1}', p.field, p.message) : p.message)).join('; ')) };
    case 'restricted':
      return { state: 'unused', why: RESTRICTED() };
    case 'shadowed':
      return { state: 'unused', why: l10n.t('{0} of the same name wins', item.validity.by) };
    case 'ignored':
      return { state: 'unused', why: item.validity.why };
  }
}

/** The catalogue's items, whatever their kind. */
export function listCatalogue(items: readonly Customization[]): ListedCustomization[] {
  return items.map((item) => ({
    kind: item.kind,
    name: item.name,
    where: item.label,
    scope: item.origin.scope,
    tool: toolOf(item.origin.location),
    file: item.file,
    ...(item.description !== undefined ? { description: item.description } : {}),
    ...catalogueWhy(item),
    key: customizationKey(item),
  }));
}

/** The rules sources: `read` false for a workspace's file in Restricted Mode. */
export function listRules(sources: readonly { source: Omit<RuleSource, 'text'>; read: boolean }[], disabled: ReadonlySet<string>): ListedCustomization[] {
  return sources.map(({ source, read }) => {
    const key = rulesKey(source);
    const state = disabled.has(key) ? { state: 'off' as const, why: TURNED_OFF() } : read ? { state: 'on' as const } : { state: 'unused' as const, why: RESTRICTED() };
    return { kind: 'rules', name: source.label, where: source.label, scope: source.scope, tool: toolOf(source.path === undefined ? 'svc.rules' : source.label), ...(source.path !== undefined ? { file: source.path } : {}), ...state, key };
  });
}

export interface HookListing {
  hooks: readonly { hook: HookDefinition; approved: boolean }[];
  /** A workspace file's bad fields, each "<file>: <problem>". */
  problems: readonly string[];
  /** Workspace hook files that exist but are not read (Restricted Mode). */
  unread: readonly { file: string; shown: string }[];
}

function hookWhen(hook: HookDefinition): string {
  return hook.matcher === undefined ? hook.event : `${hook.event} (${hook.matcher})`;
}

export function listHooks(listing: HookListing, disabled: ReadonlySet<string>): ListedCustomization[] {
  const hooks = listing.hooks.map(({ hook, approved }): ListedCustomization => {
    const key = hookKey(hook);
    const where = hook.origin.kind === 'user' ? 'svc.hooks' : hook.origin.shown;
    const state = disabled.has(key)
      ? { state: 'off' as const, why: TURNED_OFF() }
      : approved
        ? { state: 'on' as const }
        : { state: 'unused' as const, why: l10n.t('not approved yet: you are asked the first time it would run') };
    return { kind: 'hook', name: hookLabel(hook), where, scope: hook.origin.kind, tool: hook.origin.kind === 'user' ? 'svc' : 'Claude Code', ...(hook.origin.kind === 'workspace' ? { file: hook.origin.file } : {}), description: hookWhen(hook), ...state, key };
  });
  const problems = listing.problems.map((problem): ListedCustomization => {
    const at = problem.indexOf(': ');
    const file = at > 0 ? problem.slice(0, at) : undefined;
    return { kind: 'hook', name: l10n.t('hooks not used'), where: file ?? '', scope: 'workspace', tool: 'Claude Code', ...(file !== undefined ? { file } : {}), state: 'unused', why: at > 0 ? problem.slice(at + 2) : problem };
  });
  const unread = listing.unread.map(({ file, shown }): ListedCustomization => ({ kind: 'hook', name: shown, where: shown, scope: 'workspace', tool: 'Claude Code', file, state: 'unused', why: RESTRICTED() }));
  return [...hooks, ...problems, ...unread];
}

/** The whole list in the order it is shown: by kind, then as each source ordered it. */
export function orderedList(rows: readonly ListedCustomization[]): ListedCustomization[] {
  return rows.map((row, index) => ({ row, index })).sort((a, b) => kindOrder(a.row.kind) - kindOrder(b.row.kind) || a.index - b.index).map(({ row }) => row);
}
