// "Add Server" where the servers list is empty: opens the place a server is defined, as docs/agent.md
// documents it. With a trusted folder open, its `.vscode/mcp.json` (created, when missing, with an empty
// `servers` object and a commented example, only on this click); otherwise the user's svc.mcp.servers
// setting. Nothing starts: a workspace server still asks before its first start.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const TEMPLATE = `// MCP servers for the svc agent in this folder (VS Code's mcp.json format). For example:
//   "everything": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"] }
//   "docs": { "type": "http", "url": "https://example.com/mcp" }
{
  "servers": {}
}
`;

export async function addMcpServer(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || !vscode.workspace.isTrusted) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'svc.mcp.servers');
    return;
  }
  const file = path.join(folder.uri.fsPath, '.vscode', 'mcp.json');
  if (!fs.existsSync(file)) {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, TEMPLATE, { flag: 'wx' });
  }
  await vscode.window.showTextDocument(vscode.Uri.file(file));
}
