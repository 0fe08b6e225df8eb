// Where MCP servers are defined: each workspace folder's `.vscode/mcp.json` and the user's
// `svc.mcp.servers`. Kept apart from the servers' manager so the chat host can tell, without loading the
// manager's bundle (the SDK), whether there is anything to load.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { userSetting } from '../settings/settingsReader';

export interface McpJsonFile {
  folder: string;
  file: string;
}

/** The `.vscode/mcp.json` files of the open folders that exist now. */
export function mcpJsonFiles(): McpJsonFile[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .map((folder) => ({ folder: folder.uri.fsPath, file: path.join(folder.uri.fsPath, '.vscode', 'mcp.json') }))
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
