// The MCP servers the agent may use: those of each workspace folder's `.vscode/mcp.json` and of the
// user's `svc.mcp.servers`. A workspace's server starts only once the user approved it, with its whole
// command line shown; the approval is remembered per workspace for that exact definition, so an edit of
// the file asks again, and a "no" is remembered for the window so each task does not ask again. In
// Restricted Mode no workspace server starts. A server starts when an agent task first needs it; its
// state, tools and last error are kept for the servers command and the log.
//
// This file and what it imports (the SDK, jsonc-parser) are their own bundle, dist/mcpServers.js, which
// the chat host loads only when a server is defined (registerMcpFeatures.ts).
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { definitionFingerprint, describeServer, parseMcpConfig, type McpServerDefinition } from '../../core/mcp/mcpConfig';
import { externalToolName } from '../../core/mcp/externalToolNames';
import { capServerTools, DEFAULT_EXTERNAL_LIMITS, DEFAULT_SERVER_TOOL_LIMITS, ExternalTool, type ExternalToolSpec, type ExternalToolTask } from '../../core/mcp/externalTool';
import type { Tool } from '../../core/tools/tool';
import { revealApproval } from '../../shared/revealHiddenText';
import { translateCoreText } from '../coreTranslator';
import { commandEnvironment } from '../workspaceTools/commandEnvironment';
import { mcpJsonFiles, userMcpServers } from './mcpConfigFiles';
import { connectMcpServer, type McpConnection, type McpToolInfo } from './mcpConnection';
import { formatCount } from '../../core/tokens/formatCount';

export type McpServerState = 'stopped' | 'starting' | 'running' | 'failed' | 'disabled' | 'awaiting approval';

export interface McpServerStatus {
  definition: McpServerDefinition;
  state: McpServerState;
  tools: McpToolInfo[];
  lastError?: string;
}

interface Entry extends McpServerStatus {
  connection?: McpConnection;
  starting?: Promise<McpConnection | undefined>;
}

export interface McpServersOptions {
  version: string;
  workspaceState: vscode.Memento;
  log: vscode.LogOutputChannel;
  /** Asks whether a workspace's server may start; true only on the confirming button. */
  confirm(message: string, detail: string, confirmLabel: string): Promise<boolean>;
  /** Test-only: the longest a tool call may take. */
  callTimeoutMs?: number;
  /** Test-only: the longest the handshake and tool list may take (default 60 s, time for `npx` to fetch a server). */
  startTimeoutMs?: number;
}

const DEFAULT_START_TIMEOUT_MS = 60_000;

const APPROVALS_KEY = 'svc.mcp.approvedServers';
const DISABLED_KEY = 'svc.mcp.disabledServers';

function key(server: McpServerDefinition): string {
  return `${server.scope}:${server.name}`;
}

export class McpServers implements vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  /** Workspace servers the user said no to in this window, by key: the fingerprint answered. */
  private readonly declined = new Map<string, string>();

  constructor(private readonly options: McpServersOptions) {
    // This bundle's own copy of core (the tools' approval questions) and of shared code is translated too.
    translateCoreText();
  }

  /** The servers defined now, with the problems of their files and setting (each bad field named). */
  read(): { servers: McpServerDefinition[]; problems: string[] } {
    const servers: McpServerDefinition[] = [];
    const problems: string[] = [];
    const files = mcpJsonFiles();
    const definedIn = new Map<string, string>();
    for (const { folder, file, shape } of files) {
      const errors: ParseError[] = [];
      const value: unknown = parseJsonc(fs.readFileSync(file, 'utf8'), errors, { allowTrailingComma: true });
      if (errors.length > 0) {
        problems.push(vscode.l10n.t('{0}: not valid JSON ({1} at offset {2})', file, printParseErrorCode(errors[0]!.error), errors[0]!.offset));
        continue;
      }
      const parsed = parseMcpConfig(value, 'workspace', { workspaceFolder: folder }, shape);
      for (const server of parsed.servers) {
        const earlier = definedIn.get(server.name);
        // Approvals and "always" go by the name: a second definition would pass for the first one's.
        if (earlier !== undefined) problems.push(vscode.l10n.t('{0}: the server "{1}" is also defined in {2}; that definition is used', file, server.name, earlier));
        else {
          definedIn.set(server.name, file);
          servers.push(server);
        }
      }
      problems.push(...parsed.problems.map((p) => `${file}: ${p}`));
    }
    const user = userMcpServers();
    if (user !== undefined) {
      const firstFolder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
      const parsed = parseMcpConfig({ servers: user }, 'user', { environment: process.env, ...(firstFolder !== undefined ? { workspaceFolder: firstFolder } : {}) });
      servers.push(...parsed.servers);
      problems.push(...parsed.problems.map((p) => `svc.mcp.servers: ${p.replace(/^servers\./, '')}`));
    }
    return { servers, problems };
  }

  /** Every server defined, with its state (a server not started yet is "stopped", or "awaiting approval" for a workspace's). */
  status(): McpServerStatus[] {
    return this.read().servers.map((definition) => {
      if (this.disabled().includes(key(definition))) return { definition, state: 'disabled', tools: [] };
      const entry = this.entries.get(key(definition));
      if (entry && definitionFingerprint(entry.definition) === definitionFingerprint(definition)) return { definition, state: entry.state, tools: entry.tools, ...(entry.lastError !== undefined ? { lastError: entry.lastError } : {}) };
      return { definition, state: this.isApproved(definition) ? 'stopped' : 'awaiting approval', tools: [] };
    });
  }

  /**
   * The tools of every usable server for one agent task: servers start on first use (a workspace's
   * after its approval), a server that cannot start is skipped with a line in the chat and the log.
   */
  async toolsForTask(task: ExternalToolTask, taken: Set<string>, trusted: boolean): Promise<Tool[]> {
    const { servers, problems } = this.read();
    for (const problem of problems) {
      this.options.log.warn(`MCP: ${problem}`);
      task.notice(vscode.l10n.t('MCP configuration: {0}', problem));
    }
    const tools: Tool[] = [];
    for (const server of servers) {
      if (this.disabled().includes(key(server))) continue;
      if (server.scope === 'workspace' && !trusted) continue;
      const wasDeclined = this.declined.has(key(server));
      const connection = await this.connection(server, 'byTask');
      if (!connection) {
        const entry = this.entries.get(key(server));
        if (entry?.state === 'failed') task.notice(vscode.l10n.t('The MCP server "{0}" could not start: {1}', server.name, entry.lastError ?? vscode.l10n.t('unknown error')));
        else if (entry?.state === 'awaiting approval' && !wasDeclined) task.notice(vscode.l10n.t('The MCP server "{0}" of this workspace was not approved and stays stopped; svc: Show MCP Servers can start it.', server.name));
        continue;
      }
      const { kept, leftOut } = capServerTools(connection.tools);
      if (leftOut > 0) {
        const figures = [server.name, connection.tools.length, kept.length, DEFAULT_SERVER_TOOL_LIMITS.maxTools, formatCount(DEFAULT_SERVER_TOOL_LIMITS.maxDefinitionChars)] as const;
        this.options.log.warn(`MCP: The MCP server "${figures[0]}" offers ${figures[1]} tools; the agent gets the first ${figures[2]}, which fit the ${figures[3]}-tool and ${figures[4]}-character share each server has of every request.`);
        task.notice(vscode.l10n.t('The MCP server "{0}" offers {1} tools; the agent gets the first {2}, which fit the {3}-tool and {4}-character share each server has of every request.', ...figures));
      }
      for (const info of kept) {
        tools.push(
          new ExternalTool(
            {
              name: externalToolName('mcp', server.name, info.name, taken),
              toolName: info.name,
              description: info.description,
              inputSchema: { properties: {}, ...(info.inputSchema as object), type: 'object' } as ExternalToolSpec['inputSchema'],
              origin: server.scope === 'workspace' ? { kind: 'mcp', server: server.name, scope: server.scope, file: server.file } : { kind: 'mcp', server: server.name, scope: server.scope },
            },
            async (args, signal) => {
              // The server may have died since the task started: the current connection, or a clear error.
              const current = this.entries.get(key(server))?.connection;
              if (!current) throw new Error(`the server is not running (${this.entries.get(key(server))?.lastError ?? 'stopped'})`);
              return current.callTool(info.name, args, signal, this.options.callTimeoutMs ?? DEFAULT_EXTERNAL_LIMITS.timeoutMs);
            },
            task,
            { ...DEFAULT_EXTERNAL_LIMITS, ...(this.options.callTimeoutMs !== undefined ? { timeoutMs: this.options.callTimeoutMs } : {}) },
          ),
        );
      }
    }
    return tools;
  }

  /**
   * Stops the server if it runs and starts it again; a workspace's server not approved yet is asked about
   * again. In Restricted Mode (`trusted` false) a workspace's server is only stopped.
   */
  async restart(name: string, scope: McpServerDefinition['scope'], trusted: boolean): Promise<void> {
    const id = `${scope}:${name}`;
    await this.entries.get(id)?.connection?.close();
    this.entries.delete(id);
    this.declined.delete(id);
    const server = this.read().servers.find((s) => s.name === name && s.scope === scope);
    if (server && (scope === 'user' || trusted)) await this.connection(server, 'byUser');
  }

  async setDisabled(name: string, scope: McpServerDefinition['scope'], disabled: boolean): Promise<void> {
    const id = `${scope}:${name}`;
    const list = this.disabled().filter((k) => k !== id);
    await this.options.workspaceState.update(DISABLED_KEY, disabled ? [...list, id] : list);
    if (disabled) {
      await this.entries.get(id)?.connection?.close();
      this.entries.delete(id);
    }
  }

  async dispose(): Promise<void> {
    const open = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(open.map((entry) => entry.connection?.close()));
  }

  private disabled(): string[] {
    return this.options.workspaceState.get<string[]>(DISABLED_KEY, []);
  }

  private isApproved(server: McpServerDefinition): boolean {
    if (server.scope === 'user') return true;
    return this.options.workspaceState.get<Record<string, string>>(APPROVALS_KEY, {})[server.name] === definitionFingerprint(server);
  }

  private async approve(server: McpServerDefinition): Promise<boolean> {
    if (this.isApproved(server)) return true;
    const approvals = this.options.workspaceState.get<Record<string, string>>(APPROVALS_KEY, {});
    const fingerprint = definitionFingerprint(server);
    const changed = approvals[server.name] !== undefined;
    // Hidden characters made visible and blank runs folded, as in every approval: 60 blank lines must not
    // push a `NODE_OPTIONS=--require …` out of the dialog.
    const shown = revealApproval({
      title: changed
        ? vscode.l10n.t('The definition of the MCP server "{0}" in this workspace changed. Start it as it is now?', server.name)
        : vscode.l10n.t("Start the MCP server \"{0}\" from this workspace's {1}?", server.name, server.scope === 'workspace' ? server.file : 'svc.mcp.servers'),
      detail: describeServer(server),
    });
    const ok = await this.options
      .confirm(shown.title, [...shown.warnings, vscode.l10n.t('It runs with your rights and can read your files or send data ({0}):', shown.lines), shown.detail].join('\n\n'), vscode.l10n.t('Start Server'))
      // A question that could not be shown is not a yes.
      .catch(() => false);
    if (ok) await this.options.workspaceState.update(APPROVALS_KEY, { ...approvals, [server.name]: fingerprint });
    else this.declined.set(key(server), fingerprint);
    return ok;
  }

  /**
   * The running connection of the server, starting it (once) if needed; undefined when it cannot or may
   * not run. A workspace server the user said no to in this window is asked about again only when the
   * user asks for it (`byUser`: restart from the servers command) or its definition changed.
   */
  private async connection(server: McpServerDefinition, asked: 'byTask' | 'byUser'): Promise<McpConnection | undefined> {
    const id = key(server);
    let entry = this.entries.get(id);
    if (entry && definitionFingerprint(entry.definition) !== definitionFingerprint(server)) {
      await entry.connection?.close();
      this.entries.delete(id);
      entry = undefined;
    }
    if (entry?.connection) return entry.connection;
    if (entry?.starting) return entry.starting;
    if (asked === 'byTask' && this.declined.get(id) === definitionFingerprint(server)) return undefined;
    const fresh: Entry = { definition: server, state: this.isApproved(server) ? 'starting' : 'awaiting approval', tools: [] };
    this.entries.set(id, fresh);
    fresh.starting = this.start(fresh);
    const connection = await fresh.starting;
    delete fresh.starting;
    return connection;
  }

  private async start(entry: Entry): Promise<McpConnection | undefined> {
    const server = entry.definition;
    if (!(await this.approve(server))) {
      this.options.log.info(`MCP: the server "${server.name}" was not approved and stays stopped.`);
      return undefined;
    }
    entry.state = 'starting';
    try {
      const env = server.type === 'stdio' ? { ...(commandEnvironment(process.env) as Record<string, string>), ...server.env } : {};
      const connection = await connectMcpServer(server, {
        env,
        version: this.options.version,
        startTimeoutMs: this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
        stderr: (line) => this.options.log.info(`MCP ${server.name}: ${line}`),
      });
      entry.connection = connection;
      entry.tools = connection.tools;
      entry.state = 'running';
      delete entry.lastError;
      connection.onLost((reason) => {
        entry.state = 'failed';
        entry.lastError = reason;
        delete entry.connection;
        this.options.log.warn(`MCP: the server "${server.name}" stopped: ${reason}`);
      });
      this.options.log.info(`MCP: "${server.name}" is running with ${connection.tools.length} tools: ${connection.tools.map((t) => t.name).join(', ')}`);
      return connection;
    } catch (error) {
      entry.state = 'failed';
      entry.lastError = error instanceof Error ? error.message : String(error);
      this.options.log.error(`MCP: the server "${server.name}" could not start: ${entry.lastError}`);
      return undefined;
    }
  }
}
