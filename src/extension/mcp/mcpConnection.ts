// One connection to an MCP server through the official SDK: a child process over stdio, or streamable
// HTTP. Only the client and its two transports are imported; the SDK's server side stays out of the
// bundle (dist/mcpServers.js, loaded only when MCP servers are configured).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpServerDefinition } from '../../core/mcp/mcpConfig';
import type { ExternalCallResult } from '../../core/mcp/externalTool';
import { mcpContent } from '../../core/mcp/mcpContent';

export interface McpToolInfo {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
}

export interface McpConnection {
  tools: McpToolInfo[];
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number): Promise<ExternalCallResult>;
  /** Called once when the connection ends for any reason other than close(): the server exited or broke the protocol. */
  onLost(listener: (reason: string) => void): void;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** The child's whole environment (stdio): the allow-listed one plus the server's own `env`. */
  env: Record<string, string>;
  /** Lines the server writes to stderr, for the log. */
  stderr(line: string): void;
  version: string;
  /** Longest the handshake and the tool list may take before the server counts as hung. */
  startTimeoutMs: number;
}

/** Pages of tools/list read at most: a server that keeps answering with a next page is cut off there. */
const MAX_TOOL_PAGES = 20;

export async function connectMcpServer(server: McpServerDefinition, options: ConnectOptions): Promise<McpConnection> {
  const transport =
    server.type === 'stdio'
      ? new StdioClientTransport({ command: server.command, args: server.args, env: options.env, stderr: 'pipe', ...(server.cwd ? { cwd: server.cwd } : {}) })
      : new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers } });
  if (transport instanceof StdioClientTransport) {
    transport.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') options.stderr(line);
    });
  }
  const client = new Client({ name: 'svc-vscode', version: options.version }, { capabilities: {} });
  let closing = false;
  const lostListeners: ((reason: string) => void)[] = [];
  let lost = false;
  const reportLost = (reason: string) => {
    if (closing || lost) return;
    lost = true;
    for (const listener of lostListeners) listener(reason);
  };
  client.onclose = () => reportLost('the server closed the connection (it may have exited)');
  client.onerror = (error) => {
    // A broken message from the server: the call that waits for it fails on its own; a dead process closes.
    if (!closing) options.stderr(`protocol error: ${error.message}`);
  };
  try {
    await client.connect(transport, { timeout: options.startTimeoutMs });
  } catch (error) {
    // The SDK closes on a failed handshake without waiting; the child must be gone before we report.
    closing = true;
    await client.close().catch(() => undefined);
    throw error;
  }
  let tools: McpToolInfo[];
  try {
    tools = await listTools(client, options.startTimeoutMs);
  } catch (error) {
    closing = true;
    await client.close().catch(() => undefined);
    throw error;
  }
  return {
    tools,
    async callTool(name, args, signal, timeoutMs) {
      const result = await client.callTool({ name, arguments: args }, undefined, { signal, timeout: timeoutMs });
      return { content: mcpContent(result.content), ...(result.isError === true ? { isError: true } : {}) };
    },
    onLost: (listener) => void lostListeners.push(listener),
    async close() {
      closing = true;
      await client.close().catch(() => undefined);
    },
  };
}

/** Every tool the server offers (none when it declares no tools), page by page. */
async function listTools(client: Client, timeoutMs: number): Promise<McpToolInfo[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const listed = await client.listTools(cursor !== undefined ? { cursor } : undefined, { timeout: timeoutMs });
    for (const tool of listed.tools) {
      tools.push({ name: tool.name, description: tool.description ?? tool.title ?? tool.name, inputSchema: tool.inputSchema as McpToolInfo['inputSchema'] });
    }
    cursor = listed.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}
