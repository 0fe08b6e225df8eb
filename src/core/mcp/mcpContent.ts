// What an MCP server's tool call answers (`content` of a CallToolResult), as the parts the agent shows the
// model. The server is outside the extension: each part is checked, and one the extension cannot read
// becomes a line saying so instead of failing the whole result.
// A namespace import lets esbuild keep only the parts used: these files also go into the lazily loaded
// MCP bundle, which would otherwise carry all of zod's classic API.
import * as z from 'zod';
import type { ExternalContent } from './externalTool';

const McpContentPartSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.enum(['image', 'audio']), data: z.string(), mimeType: z.string() }),
  z.looseObject({
    type: z.literal('resource'),
    resource: z.looseObject({ uri: z.string(), mimeType: z.string().optional(), text: z.string().optional(), blob: z.string().optional() }),
  }),
  z.looseObject({ type: z.literal('resource_link'), uri: z.string(), name: z.string().optional(), mimeType: z.string().optional() }),
]);

/** Bytes that base64 text of this length holds. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function partOf(raw: unknown): ExternalContent {
  const parsed = McpContentPartSchema.safeParse(raw);
  if (!parsed.success) {
    const type = typeof raw === 'object' && raw !== null && typeof (raw as { type?: unknown }).type === 'string' ? `"${(raw as { type: string }).type}" ` : '';
    return { kind: 'text', text: `[a ${type}content part the extension cannot read]` };
  }
  const part = parsed.data;
  switch (part.type) {
    case 'text':
      return { kind: 'text', text: part.text };
    case 'image':
    case 'audio':
      return { kind: 'media', media: part.type, mimeType: part.mimeType, bytes: base64Bytes(part.data) };
    case 'resource': {
      const { uri, mimeType, text } = part.resource;
      return { kind: 'resource', uri, ...(text !== undefined ? { text } : {}), ...(mimeType !== undefined ? { mimeType } : {}) };
    }
    case 'resource_link':
      return { kind: 'resource', uri: part.uri, ...(part.mimeType !== undefined ? { mimeType: part.mimeType } : {}) };
  }
}

/** The `content` list of a tool result (none is empty); anything but a list is said to be unreadable. */
export function mcpContent(content: unknown): ExternalContent[] {
  if (content === undefined) return [];
  return Array.isArray(content) ? content.map(partOf) : [{ kind: 'text', text: '[content that is not a list, which the extension cannot read]' }];
}
