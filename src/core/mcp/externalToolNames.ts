// Names for tools that come from outside (MCP servers, other extensions) as the model sees them:
// prefixed by where they come from, so they cannot take the name of one of ours or of each other, and
// limited to the characters and length chat APIs accept for function names.
import { createHash } from 'node:crypto';

const MAX_LENGTH = 64;

function sanitize(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '') || 'tool';
}

/**
 * `mcp_<server>_<tool>` (or `vscode_<tool>` with no source), sanitized; a name too long keeps a short hash of the whole so
 * two long names stay apart; a name already taken gets `_2`, `_3`, …. The chosen name is added to `taken`.
 */
export function externalToolName(prefix: string, source: string, tool: string, taken: Set<string>): string {
  let base = source === '' ? `${prefix}_${sanitize(tool)}` : `${prefix}_${sanitize(source)}_${sanitize(tool)}`;
  if (base.length > MAX_LENGTH) {
    const hash = createHash('sha256').update(`${source}\u0000${tool}`).digest('hex').slice(0, 8);
    base = `${base.slice(0, MAX_LENGTH - 9)}_${hash}`;
  }
  let name = base;
  for (let n = 2; taken.has(name); n++) {
    const suffix = `_${n}`;
    name = `${base.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
  }
  taken.add(name);
  return name;
}
