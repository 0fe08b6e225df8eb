// Wires MCP servers into the agent: the servers' manager, the command that shows each server's state,
// tools and last error (with restart and disable), and the source of their tools for each agent task
// (the agent's features add other extensions' VS Code tools to it). The manager and the SDK are their own bundle
// (dist/mcpServers.js), loaded the first time a server is defined; a window without one never loads it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { addMcpServer } from './addMcpServer';
import type { ExternalToolTask } from '../../core/mcp/externalTool';
import type { Tool } from '../../core/tools/tool';
import { mcpConfigured } from './mcpConfigFiles';
import type { McpServers, McpServersOptions, McpServerStatus } from './mcpServers';

interface McpServersModule {
  McpServers: new (options: McpServersOptions) => McpServers;
}

export type ExternalToolSource = (task: ExternalToolTask, taken: Set<string>, trusted: boolean) => Promise<Tool[]>;

interface ServerItem extends vscode.QuickPickItem {
  status: McpServerStatus;
}

const STATE_ICONS: Record<McpServerStatus['state'], string> = {
  running: '$(pass-filled)',
  starting: '$(loading~spin)',
  stopped: '$(circle-outline)',
  failed: '$(error)',
  disabled: '$(circle-slash)',
  'awaiting approval': '$(shield)',
};

function stateLabel(state: McpServerStatus['state']): string {
  switch (state) {
    case 'running':
      return vscode.l10n.t('running');
    case 'starting':
      return vscode.l10n.t('starting');
    case 'stopped':
      return vscode.l10n.t('stopped');
    case 'failed':
      return vscode.l10n.t('failed');
    case 'disabled':
      return vscode.l10n.t('disabled');
    case 'awaiting approval':
      return vscode.l10n.t('awaiting approval');
  }
}

async function showServers(servers: McpServers | undefined, log: vscode.LogOutputChannel): Promise<void> {
  const { problems } = servers?.read() ?? { problems: [] };
  const restricted = !vscode.workspace.isTrusted;
  const items: ServerItem[] = (servers?.status() ?? []).map((status) => ({
    status,
    label: `${STATE_ICONS[status.state]} ${status.definition.name}`,
    description: `${stateLabel(status.state)} · ${status.definition.scope === 'workspace' ? `${status.definition.file}${restricted ? ` · ${vscode.l10n.t('not started in Restricted Mode')}` : ''}` : 'svc.mcp.servers'}`,
    detail: status.lastError ? vscode.l10n.t('last error: {0}', status.lastError) : status.tools.length > 0 ? vscode.l10n.t('tools: {0}', status.tools.map((t) => t.name).join(', ')) : undefined,
  }));
  if (!servers || items.length === 0) {
    const more = problems.length > 0 ? ` ${vscode.l10n.t('Problems: {0}', problems.join('; '))}` : '';
    const add = vscode.l10n.t('Add Server');
    const choice = await vscode.window.showInformationMessage(vscode.l10n.t('svc: no MCP server is defined. Add one to .vscode/mcp.json, .mcp.json or the svc.mcp.servers setting.{0}', more), add);
    if (choice === add) await addMcpServer();
    return;
  }
  for (const problem of problems) log.warn(`MCP: ${problem}`);
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('svc: MCP Servers'), placeHolder: vscode.l10n.t('Pick a server to restart, disable or see its tools') });
  if (!picked) return;
  const { definition, state } = picked.status;
  const start = state === 'running' || state === 'failed' ? vscode.l10n.t('Restart') : vscode.l10n.t('Start');
  const enable = vscode.l10n.t('Enable');
  const disable = vscode.l10n.t('Disable');
  const showTools = vscode.l10n.t('Show Tools');
  const startable = state !== 'disabled' && !(restricted && definition.scope === 'workspace');
  const actions = [...(startable ? [start] : []), state === 'disabled' ? enable : disable, showTools];
  const action = await vscode.window.showQuickPick(actions, { title: vscode.l10n.t('MCP server "{0}" ({1})', definition.name, stateLabel(state)) });
  if (action === start) await servers.restart(definition.name, definition.scope, !restricted);
  else if (action === disable || action === enable) await servers.setDisabled(definition.name, definition.scope, action === disable);
  else if (action === showTools) {
    const tools = servers.status().find((s) => s.definition.name === definition.name && s.definition.scope === definition.scope)?.tools ?? [];
    await vscode.window.showQuickPick(
      tools.map((t) => ({ label: t.name, detail: t.description })),
      { title: vscode.l10n.t('Tools of "{0}"', definition.name), placeHolder: tools.length === 0 ? vscode.l10n.t('No tools yet: the server starts when an agent task needs it') : undefined },
    );
  }
}

/** The servers for the list of customizations: each with its state, and the switch the servers command has too. */
export interface McpServerList {
  status(): McpServerStatus[];
  setDisabled: McpServers['setDisabled'];
}

export function registerMcpFeatures(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): { externalTools: ExternalToolSource; servers: McpServerList } {
  let servers: McpServers | undefined;
  const load = (): McpServers => {
    if (!servers) {
      // A run-time require of a path esbuild cannot see, so the SDK stays out of the chat host's bundle.
      const { McpServers } = (require as NodeJS.Require)(path.join(context.extensionPath, 'dist', 'mcpServers.js')) as McpServersModule;
      servers = new McpServers({
        version: (context.extension.packageJSON as { version?: string }).version ?? '0.0.0',
        workspaceState: context.workspaceState,
        log,
        confirm: async (message, detail, confirmLabel) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, confirmLabel)) === confirmLabel,
      });
      context.subscriptions.push(servers);
    }
    return servers;
  };
  const loaded = (): McpServers | undefined => servers ?? (mcpConfigured() ? load() : undefined);
  context.subscriptions.push(vscode.commands.registerCommand('svc.mcp.showServers', () => showServers(loaded(), log)));
  const externalTools: ExternalToolSource = async (task, taken, trusted) => (await loaded()?.toolsForTask(task, taken, trusted)) ?? [];
  const list: McpServerList = {
    status: () => loaded()?.status() ?? [],
    setDisabled: async (name, scope, disabled) => loaded()?.setDisabled(name, scope, disabled),
  };
  return { externalTools, servers: list };
}
