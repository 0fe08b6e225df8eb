// One connection to an MCP server through the official SDK: a child process over stdio, or streamable
// HTTP. Its own bundle (dist/mcpConnection.js), loaded only when a server is started, so the chat host
// does not carry the SDK for the many sessions that use no MCP server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpServerDefinition } from '../../core/mcp/mcpConfig';
import type { ExternalCallResult, ExternalContent } from '../../core/mcp/externalTool';

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
}

function content(parts: readonly unknown[]): ExternalContent[] {
  return parts.map((part): ExternalContent => {
    const p = part as { type: string; text?: string; data?: string; mimeType?: string; uri?: string; name?: string; resource?: { uri: string; text?: string; mimeType?: string } };
    if (p.type === 'text') return { kind: 'text', text: p.text ?? '' };
    if (p.type === 'image' || p.type === 'audio') return { kind: 'image', mimeType: p.mimeType ?? p.type, bytes: Math.floor(((p.data ?? '').length * 3) / 4) };
    if (p.type === 'resource' && p.resource) return { kind: 'resource', uri: p.resource.uri, ...(p.resource.text !== undefined ? { text: p.resource.text } : {}), ...(p.resource.mimeType ? { mimeType: p.resource.mimeType } : {}) };
    if (p.type === 'resource_link') return { kind: 'resource', uri: p.uri ?? p.name ?? '(unnamed)', ...(p.mimeType ? { mimeType: p.mimeType } : {}) };
    return { kind: 'text', text: `[${p.type} content the extension does not show]` };
  });
}

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
  await client.connect(transport);
  const listed = await client.listTools();
  return {
    tools: listed.tools.map((tool) => ({
      name: tool.name,
      description: tool.description ?? tool.title ?? tool.name,
      inputSchema: tool.inputSchema as McpToolInfo['inputSchema'],
    })),
    async callTool(name, args, signal, timeoutMs) {
      const result = await client.callTool({ name, arguments: args }, undefined, { signal, timeout: timeoutMs });
      const parts = Array.isArray(result.content) ? result.content : [];
      return { content: content(parts), ...(result.isError === true ? { isError: true } : {}) };
    },
    onLost: (listener) => void lostListeners.push(listener),
    async close() {
      closing = true;
      await client.close().catch(() => undefined);
    },
  };
}
