// The MCP servers the agent may use: those of each workspace folder's `.vscode/mcp.json` and of the
// user's `svc.mcp.servers`. A workspace's server starts only once the user approved it, with its whole
// command line shown; the approval is remembered per workspace for that exact definition, so an edit of
// the file asks again. In Restricted Mode no workspace server starts. A server starts when an agent task
// first needs it; its state, tools and last error are kept for the servers command and the log.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { definitionFingerprint, describeServer, parseMcpConfig, type McpServerDefinition } from '../../core/mcp/mcpConfig';
import { externalToolName } from '../../core/mcp/externalToolNames';
import { DEFAULT_EXTERNAL_LIMITS, ExternalTool, type ExternalToolSpec, type ExternalToolTask } from '../../core/mcp/externalTool';
import type { Tool } from '../../core/tools/tool';
import { commandEnvironment } from '../workspaceTools/commandEnvironment';
import { userSetting } from '../userSettings';
import type { McpConnection, McpToolInfo } from './mcpConnection';

export type McpServerState = 'stopped' | 'starting' | 'running' | 'failed' | 'disabled' | 'not approved';

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

interface ConnectionModule {
  connectMcpServer(server: McpServerDefinition, options: { env: Record<string, string>; stderr(line: string): void; version: string }): Promise<McpConnection>;
}

export interface McpServersOptions {
  extensionPath: string;
  version: string;
  workspaceState: vscode.Memento;
  log: vscode.LogOutputChannel;
  /** Asks whether a workspace's server may start; true only on the confirming button. */
  confirm(message: string, detail: string, confirmLabel: string): Promise<boolean>;
  /** Test-only: the longest a tool call may take. */
  callTimeoutMs?: number;
}

const APPROVALS_KEY = 'svc.mcp.approvedServers';
const DISABLED_KEY = 'svc.mcp.disabledServers';

function key(server: McpServerDefinition): string {
  return `${server.scope}:${server.name}`;
}

export class McpServers implements vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private connectionModule: ConnectionModule | undefined;

  constructor(private readonly options: McpServersOptions) {}

  /** The servers defined now, with the problems of their files and setting (each bad field named). */
  read(): { servers: McpServerDefinition[]; problems: string[] } {
    const servers: McpServerDefinition[] = [];
    const problems: string[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const file = path.join(folder.uri.fsPath, '.vscode', 'mcp.json');
      if (!fs.existsSync(file)) continue;
      const errors: ParseError[] = [];
      const value: unknown = parseJsonc(fs.readFileSync(file, 'utf8'), errors, { allowTrailingComma: true });
      if (errors.length > 0) {
        problems.push(`${file}: not valid JSON (${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset})`);
        continue;
      }
      const parsed = parseMcpConfig(value, 'workspace', folder.uri.fsPath);
      servers.push(...parsed.servers);
      problems.push(...parsed.problems.map((p) => `${file}: ${p}`));
    }
    const user = userSetting<unknown>('mcp.servers', undefined);
    if (user !== undefined) {
      const parsed = parseMcpConfig({ servers: user }, 'user');
      servers.push(...parsed.servers);
      problems.push(...parsed.problems.map((p) => `svc.mcp.servers: ${p.replace(/^servers\./, '')}`));
    }
    return { servers, problems };
  }

  /** Every server defined, with its state (servers not started yet are "stopped"). */
  status(): McpServerStatus[] {
    return this.read().servers.map((definition) => {
      const entry = this.entries.get(key(definition));
      const disabled = this.disabled().includes(key(definition));
      if (entry && definitionFingerprint(entry.definition) === definitionFingerprint(definition)) return { ...entry, ...(disabled ? { state: 'disabled' as const } : {}) };
      return { definition, state: disabled ? 'disabled' : 'stopped', tools: [] };
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
      task.notice(`MCP configuration: ${problem}`);
    }
    const tools: Tool[] = [];
    for (const server of servers) {
      if (this.disabled().includes(key(server))) continue;
      if (server.scope === 'workspace' && !trusted) continue;
      const connection = await this.connection(server);
      if (!connection) {
        const entry = this.entries.get(key(server));
        if (entry?.state === 'failed') task.notice(`The MCP server "${server.name}" could not start: ${entry.lastError ?? 'unknown error'}`);
        continue;
      }
      for (const info of connection.tools) {
        tools.push(
          new ExternalTool(
            {
              name: externalToolName('mcp', server.name, info.name, taken),
              toolName: info.name,
              description: info.description,
              inputSchema: { properties: {}, ...(info.inputSchema as object), type: 'object' } as ExternalToolSpec['inputSchema'],
              origin: { kind: 'mcp', server: server.name },
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

  async restart(name: string, scope: McpServerDefinition['scope']): Promise<void> {
    const entry = this.entries.get(`${scope}:${name}`);
    await entry?.connection?.close();
    this.entries.delete(`${scope}:${name}`);
    const server = this.read().servers.find((s) => s.name === name && s.scope === scope);
    if (server) await this.connection(server);
    this.changed.fire();
  }

  async setDisabled(name: string, scope: McpServerDefinition['scope'], disabled: boolean): Promise<void> {
    const id = `${scope}:${name}`;
    const list = this.disabled().filter((k) => k !== id);
    await this.options.workspaceState.update(DISABLED_KEY, disabled ? [...list, id] : list);
    if (disabled) {
      await this.entries.get(id)?.connection?.close();
      this.entries.delete(id);
    }
    this.changed.fire();
  }

  async dispose(): Promise<void> {
    const open = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(open.map((entry) => entry.connection?.close()));
    this.changed.dispose();
  }

  private disabled(): string[] {
    return this.options.workspaceState.get<string[]>(DISABLED_KEY, []);
  }

  private async approved(server: McpServerDefinition): Promise<boolean> {
    if (server.scope === 'user') return true;
    const approvals = this.options.workspaceState.get<Record<string, string>>(APPROVALS_KEY, {});
    const fingerprint = definitionFingerprint(server);
    if (approvals[server.name] === fingerprint) return true;
    const changed = approvals[server.name] !== undefined;
    const ok = await this.options
      .confirm(
        `${changed ? 'The definition of the MCP server' : 'Start the MCP server'} "${server.name}" ${changed ? 'in this workspace changed. Start it as it is now?' : "from this workspace's .vscode/mcp.json?"}`,
        `It runs with your rights and can read your files or send data:\n\n${describeServer(server)}`,
        'Start Server',
      )
      // A question that could not be shown is not a yes.
      .catch(() => false);
    if (ok) await this.options.workspaceState.update(APPROVALS_KEY, { ...approvals, [server.name]: fingerprint });
    return ok;
  }

  /** The running connection of the server, starting it (once) if needed; undefined when it cannot or may not run. */
  private async connection(server: McpServerDefinition): Promise<McpConnection | undefined> {
    const id = key(server);
    let entry = this.entries.get(id);
    if (entry && definitionFingerprint(entry.definition) !== definitionFingerprint(server)) {
      await entry.connection?.close();
      this.entries.delete(id);
      entry = undefined;
    }
    if (entry?.connection) return entry.connection;
    if (entry?.starting) return entry.starting;
    const fresh: Entry = { definition: server, state: 'starting', tools: [] };
    this.entries.set(id, fresh);
    fresh.starting = this.start(fresh);
    const connection = await fresh.starting;
    delete fresh.starting;
    this.changed.fire();
    return connection;
  }

  private async start(entry: Entry): Promise<McpConnection | undefined> {
    const server = entry.definition;
    if (!(await this.approved(server))) {
      entry.state = 'not approved';
      this.options.log.info(`MCP: the server "${server.name}" was not approved and stays stopped.`);
      return undefined;
    }
    try {
      const env = server.type === 'stdio' ? { ...(commandEnvironment(process.env) as Record<string, string>), ...server.env } : {};
      const connection = await this.module().connectMcpServer(server, {
        env,
        version: this.options.version,
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
        this.changed.fire();
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

  private module(): ConnectionModule {
    // A run-time require of a path esbuild cannot see: the SDK is in its own bundle.
    this.connectionModule ??= (require as NodeJS.Require)(path.join(this.options.extensionPath, 'dist', 'mcpConnection.js')) as ConnectionModule;
    return this.connectionModule;
  }
}
