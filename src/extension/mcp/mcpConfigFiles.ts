// Where MCP servers are defined: each workspace folder's `.vscode/mcp.json` and `.mcp.json`, and the user's
// `svc.mcp.servers`. Kept apart from the servers' manager so the chat host can tell, without loading the
// manager's bundle (the SDK), whether there is anything to load.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { WORKSPACE_MCP_FILES, type WorkspaceMcpFile } from '../../core/mcp/mcpConfig';
import { userSetting } from '../settings/settingsReader';

export interface McpJsonFile {
  folder: string;
  file: string;
  /** Which of the workspace files it is, and so its format. */
  shape: WorkspaceMcpFile;
}

/** The workspace MCP files of the open folders that exist now, VS Code's own before `.mcp.json` in each folder. */
export function mcpJsonFiles(): McpJsonFile[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .flatMap((folder) => WORKSPACE_MCP_FILES.map(({ path: shape }) => ({ folder: folder.uri.fsPath, file: path.join(folder.uri.fsPath, ...shape.split('/')), shape })))
    .filter(({ file }) => fs.existsSync(file));
}

/** The user's `svc.mcp.servers` (user settings only: a repository must not add servers that start unasked). */
export function userMcpServers(): unknown {
  return userSetting<unknown>('mcp.servers', undefined);
}

/** True when any server may be defined (or the setting is malformed, which the manager reports), so the manager is worth loading. */
export function mcpConfigured(): boolean {
  const user = userMcpServers();
  const emptyUser = user === undefined || (typeof user === 'object' && user !== null && !Array.isArray(user) && Object.keys(user).length === 0);
  return !emptyUser || mcpJsonFiles().length > 0;
}
