// "svc: Show Customizations": every skill, prompt file, instruction file, rules source, hook and MCP
// server of this window in one QuickPick, as the editor's other lists of this kind (the MCP servers, the
// worktrees) are: grouped by kind, each row saying where it came from and why it does not count when it
// does not, with a button that turns it off or on again for this workspace and one that opens its file.
import * as vscode from 'vscode';
import { kindHeading, listCatalogue, listHooks, listRules, orderedList, toolOf, type ListedCustomization } from '../../core/customizations/customizationList';
import type { DisabledCustomizations } from '../../core/customizations/disabledCustomizations';
import type { HookFeatures } from '../hooks/hookFeatures';
import type { McpServerList } from '../mcp/registerMcpFeatures';
import type { McpServerStatus } from '../mcp/mcpServers';
import type { WorkspaceRules } from '../rules/workspaceRules';
import type { WorkspaceCustomizations } from './workspaceCustomizations';

export interface CustomizationSources {
  customizations: Pick<WorkspaceCustomizations, 'items'>;
  rules: Pick<WorkspaceRules, 'sources'>;
  hooks: Pick<HookFeatures, 'list'>;
  mcp: McpServerList;
  disabled: DisabledCustomizations;
}

/** A row and what its switch does: the store's key, or the MCP servers' own switch (kept by the servers). */
interface Row {
  listed: ListedCustomization;
  turn?: (state: 'on' | 'off') => Promise<void>;
  setting?: string;
}

interface RowItem extends vscode.QuickPickItem {
  row?: Row;
}

function mcpRow(status: McpServerStatus, mcp: McpServerList): Row {
  const { definition } = status;
  const where = definition.scope === 'workspace' ? definition.file : 'svc.mcp.servers';
  const restricted = definition.scope === 'workspace' && !vscode.workspace.isTrusted;
  const state =
    status.state === 'disabled'
      ? { state: 'off' as const, why: vscode.l10n.t('turned off in this workspace') }
      : restricted
        ? { state: 'unused' as const, why: vscode.l10n.t('Restricted Mode: a workspace file is not read until you trust this workspace') }
        : status.state === 'awaiting approval'
          ? { state: 'unused' as const, why: vscode.l10n.t('not approved yet: you are asked when an agent task first needs it') }
          : status.state === 'failed'
            ? { state: 'unused' as const, why: vscode.l10n.t('last error: {0}', status.lastError ?? '') }
            : { state: 'on' as const };
  const listed: ListedCustomization = { kind: 'mcp', name: definition.name, where, scope: definition.scope, tool: toolOf(where), ...state };
  return { listed, turn: (next) => mcp.setDisabled(definition.name, definition.scope, next === 'off'), ...(definition.scope === 'user' ? { setting: 'svc.mcp.servers' } : {}) };
}

export async function customizationRows(sources: CustomizationSources): Promise<Row[]> {
  const [items, ruleSources, hooks, disabled] = await Promise.all([sources.customizations.items(), sources.rules.sources(), sources.hooks.list(), sources.disabled.keys()]);
  const listed = orderedList([...listCatalogue(items), ...listRules(ruleSources, disabled), ...listHooks(hooks, disabled)]);
  const rows = listed.map((row): Row => {
    const { key } = row;
    const setting = row.file === undefined ? (row.kind === 'rules' ? 'svc.rules' : row.kind === 'hook' ? 'svc.hooks' : undefined) : undefined;
    return { listed: row, ...(key !== undefined ? { turn: (state: 'on' | 'off') => sources.disabled.set(key, state) } : {}), ...(setting ? { setting } : {}) };
  });
  return [...rows, ...sources.mcp.status().map((status) => mcpRow(status, sources.mcp))];
}

const STATE_ICONS: Record<ListedCustomization['state'], string> = { on: '$(pass-filled)', off: '$(circle-slash)', unused: '$(warning)' };

const turnOffButton = (): vscode.QuickInputButton => ({ iconPath: new vscode.ThemeIcon('circle-slash'), tooltip: vscode.l10n.t('Turn off in this workspace') });
const turnOnButton = (): vscode.QuickInputButton => ({ iconPath: new vscode.ThemeIcon('check'), tooltip: vscode.l10n.t('Turn on in this workspace') });
const openButton = (): vscode.QuickInputButton => ({ iconPath: new vscode.ThemeIcon('go-to-file'), tooltip: vscode.l10n.t('Open the file') });

function stateText(row: ListedCustomization): string {
  switch (row.state) {
    case 'on':
      return row.why ? vscode.l10n.t('applies {0}', row.why) : vscode.l10n.t('applies');
    case 'off':
      return vscode.l10n.t('off: {0}', row.why ?? '');
    case 'unused':
      return vscode.l10n.t('not used: {0}', row.why ?? '');
  }
}

function rowItem(row: Row): RowItem {
  const { listed } = row;
  const scope = listed.scope === 'workspace' ? vscode.l10n.t('workspace') : vscode.l10n.t('yours');
  const buttons = [...(row.turn ? [listed.state === 'off' ? turnOnButton() : turnOffButton()] : []), ...(listed.file ? [openButton()] : [])];
  return {
    row,
    label: `${STATE_ICONS[listed.state]} ${listed.name}`,
    description: [listed.where !== listed.name ? listed.where : undefined, listed.tool, scope].filter((part) => part !== undefined).join(' · '),
    detail: [stateText(listed), listed.description].filter((part) => part !== undefined && part !== '').join(' — '),
    buttons,
  };
}

function pickItems(rows: readonly Row[]): RowItem[] {
  const items: RowItem[] = [];
  let heading: string | undefined;
  for (const row of rows) {
    const next = kindHeading(row.listed.kind);
    if (next !== heading) items.push({ label: next, kind: vscode.QuickPickItemKind.Separator });
    heading = next;
    items.push(rowItem(row));
  }
  return items;
}

const rowId = (row: Row) => `${row.listed.kind}\n${row.listed.where}\n${row.listed.name}\n${row.listed.file ?? ''}`;

async function open(row: Row): Promise<void> {
  if (row.listed.file) await vscode.window.showTextDocument(vscode.Uri.file(row.listed.file));
  else if (row.setting) await vscode.commands.executeCommand('workbench.action.openSettings', row.setting);
}

export async function showCustomizations(sources: CustomizationSources): Promise<void> {
  const pick = vscode.window.createQuickPick<RowItem>();
  pick.title = vscode.l10n.t('svc: Customizations');
  pick.placeholder = vscode.l10n.t('Skills, prompt files, instructions, rules, hooks and MCP servers of this window; the buttons turn one off or on');
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  const newButtons = [
    { iconPath: new vscode.ThemeIcon('sparkle'), tooltip: vscode.l10n.t('New Skill…'), command: 'svc.newSkill' },
    { iconPath: new vscode.ThemeIcon('new-file'), tooltip: vscode.l10n.t('New Prompt File…'), command: 'svc.newPromptFile' },
    { iconPath: new vscode.ThemeIcon('person-add'), tooltip: vscode.l10n.t('New Agent…'), command: 'svc.newAgent' },
  ];
  pick.buttons = newButtons;
  const refresh = async (keep?: Row) => {
    pick.busy = true;
    const items = pickItems(await customizationRows(sources));
    pick.items = items;
    const active = keep ? items.find((item) => item.row && rowId(item.row) === rowId(keep)) : undefined;
    if (active) pick.activeItems = [active];
    pick.busy = false;
  };
  const done = new Promise<void>((resolve) => {
    pick.onDidHide(() => {
      pick.dispose();
      resolve();
    });
  });
  pick.onDidTriggerButton((button) => {
    const command = newButtons.find((b) => b === button)?.command;
    if (!command) return;
    pick.hide();
    void vscode.commands.executeCommand(command);
  });
  pick.onDidTriggerItemButton(async ({ item, button }) => {
    const row = item.row;
    if (!row) return;
    if (button.tooltip === openButton().tooltip) {
      pick.hide();
      await open(row);
      return;
    }
    await row.turn?.(row.listed.state === 'off' ? 'on' : 'off');
    await refresh(row);
  });
  pick.onDidAccept(async () => {
    const row = pick.selectedItems[0]?.row;
    pick.hide();
    if (row) await open(row);
  });
  pick.show();
  await refresh();
  await done;
}
