// Wires MCP servers and other extensions' VS Code tools into the agent: the servers' manager, the
// command that shows each server's state, tools and last error (with restart and disable), and the
// source of external tools for each agent task.
import * as vscode from 'vscode';
import type { ExternalToolTask } from '../../core/mcp/externalTool';
import type { Tool } from '../../core/tools/tool';
import { McpServers, type McpServerStatus } from './mcpServers';
import { vscodeToolsForTask } from './vscodeLanguageModelTools';

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
  'not approved': '$(shield)',
};

async function showServers(servers: McpServers, log: vscode.LogOutputChannel): Promise<void> {
  const { problems } = servers.read();
  const items: ServerItem[] = servers.status().map((status) => ({
    status,
    label: `${STATE_ICONS[status.state]} ${status.definition.name}`,
    description: `${status.state} · ${status.definition.scope === 'workspace' ? '.vscode/mcp.json' : 'svc.mcp.servers'}`,
    detail: status.lastError ? `last error: ${status.lastError}` : status.tools.length > 0 ? `tools: ${status.tools.map((t) => t.name).join(', ')}` : undefined,
  }));
  if (items.length === 0) {
    const more = problems.length > 0 ? ` Problems: ${problems.join('; ')}` : '';
    void vscode.window.showInformationMessage(`svc: no MCP server is defined. Add one to .vscode/mcp.json or to the svc.mcp.servers setting.${more}`);
    return;
  }
  for (const problem of problems) log.warn(`MCP: ${problem}`);
  const picked = await vscode.window.showQuickPick(items, { title: 'svc: MCP Servers', placeHolder: 'Pick a server to restart, disable or see its tools' });
  if (!picked) return;
  const { definition, state } = picked.status;
  const actions = ['Restart', state === 'disabled' ? 'Enable' : 'Disable', 'Show Tools'];
  const action = await vscode.window.showQuickPick(actions, { title: `MCP server "${definition.name}" (${state})` });
  if (action === 'Restart') await servers.restart(definition.name, definition.scope);
  else if (action === 'Disable' || action === 'Enable') await servers.setDisabled(definition.name, definition.scope, action === 'Disable');
  else if (action === 'Show Tools') {
    const tools = servers.status().find((s) => s.definition.name === definition.name && s.definition.scope === definition.scope)?.tools ?? [];
    await vscode.window.showQuickPick(
      tools.map((t) => ({ label: t.name, detail: t.description })),
      { title: `Tools of "${definition.name}"`, placeHolder: tools.length === 0 ? 'No tools yet: the server starts when an agent task needs it' : undefined },
    );
  }
}

export function registerMcpFeatures(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): { servers: McpServers; externalTools: ExternalToolSource } {
  const servers = new McpServers({
    extensionPath: context.extensionPath,
    version: (context.extension.packageJSON as { version?: string }).version ?? '0.0.0',
    workspaceState: context.workspaceState,
    log,
    confirm: async (message, detail, confirmLabel) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, confirmLabel)) === confirmLabel,
  });
  context.subscriptions.push(servers, vscode.commands.registerCommand('svc.mcp.showServers', () => showServers(servers, log)));
  const externalTools: ExternalToolSource = async (task, taken, trusted) => [...(await servers.toolsForTask(task, taken, trusted)), ...vscodeToolsForTask(task, taken)];
  return { servers, externalTools };
}
