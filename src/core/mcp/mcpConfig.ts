// MCP server definitions in VS Code's own format (`.vscode/mcp.json`, and the `svc.mcp.servers` user
// setting of the same shape: `servers` by name) and in the workspace `.mcp.json` that Claude Code, Copilot's
// CLI and VS Code 1.140 read (`mcpServers` by name); each server a local command (`stdio`: command, args,
// env, cwd) or a remote one (`http`: url, headers). Every bad field is named with what is allowed; one bad
// server does not hide the others.
import { createHash } from 'node:crypto';
// A namespace import lets esbuild keep only the parts used: these files also go into the lazily loaded
// MCP bundle, which would otherwise carry all of zod's classic API.
import * as z from 'zod';
import * as l10n from '../l10n';

export interface StdioServerDefinition {
  type: 'stdio';
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface HttpServerDefinition {
  type: 'http';
  name: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * The workspace files that define servers, each with the field that lists them and the other top-level fields
 * its format has; VS Code's own comes first, and a name both define keeps that definition.
 */
export const WORKSPACE_MCP_FILES = [
  { path: '.vscode/mcp.json', listField: 'servers', otherFields: ['inputs'] },
  { path: '.mcp.json', listField: 'mcpServers', otherFields: [] },
] as const;

export type WorkspaceMcpFile = (typeof WORKSPACE_MCP_FILES)[number]['path'];

export type McpServerDefinition = (StdioServerDefinition | HttpServerDefinition) &
  (
    | { scope: 'user' }
    /** Defined in a workspace file: asked before it starts; `file` says which, as the user reads it. */
    | { scope: 'workspace'; file: WorkspaceMcpFile }
  );

export interface McpConfig {
  servers: McpServerDefinition[];
  /** One line per bad field or server, e.g. `servers.db.command: must be a non-empty string`. */
  problems: string[];
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const nonEmpty = z.string().trim().min(1, 'must be a non-empty string');
const stringMap = z.record(z.string(), z.string({ error: 'must be a string' }), { error: 'must be an object of strings' });

const StdioSchema = z.strictObject({
  type: z.literal('stdio').optional(),
  command: nonEmpty,
  args: z.array(z.string({ error: 'must be a string' }), { error: 'must be a list of strings' }).optional(),
  env: stringMap.optional(),
  cwd: nonEmpty.optional(),
  envFile: z.never({ error: 'is not supported; put the variables in env' }).optional(),
});

const HttpSchema = z.strictObject({
  type: z.enum(['http', 'sse'], { error: 'must be "stdio" or "http"' }),
  url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  headers: stringMap.optional(),
});

/** Where `${…}` variables come from while one file or the setting is read. */
export interface McpVariableSources {
  /** `${workspaceFolder}`: the folder of the mcp.json, or for the user's setting the first folder open. */
  workspaceFolder?: string;
  /** `${env:NAME}`, in the user's setting only: the editor's environment. */
  environment?: Readonly<Record<string, string | undefined>>;
}

const VARIABLE = /\$\{([^}]*)\}/g;

/**
 * VS Code's variables the extension fills in; any other `${…}` is refused, naming the field. `${env:NAME}`
 * counts only in the user's own setting: in a repository's mcp.json it would hand the editor's variables
 * (tokens, keys) to a command the repository chose.
 */
function substitute(value: string, field: string, scope: McpServerDefinition['scope'], sources: McpVariableSources, problems: string[]): string {
  return value.replace(VARIABLE, (whole, variable: string) => {
    if (variable === 'workspaceFolder') {
      if (sources.workspaceFolder !== undefined) return sources.workspaceFolder;
      problems.push(`${field}: \${workspaceFolder} needs a folder open in the window`);
    } else if (variable.startsWith('env:')) {
      if (scope === 'user') return sources.environment?.[variable.slice('env:'.length)] ?? '';
      problems.push(`${field}: ${whole} is not allowed in a workspace's mcp.json (it would give the repository's server a variable of your editor's environment); define the server in the svc.mcp.servers user setting to use it`);
    } else if (variable.startsWith('input:')) {
      problems.push(`${field}: ${whole} refers to "inputs", which svc does not prompt for; write the value itself${scope === 'workspace' ? ', or define the server in the svc.mcp.servers user setting' : ''} (allowed variables: \${workspaceFolder}${scope === 'user' ? ', ${env:NAME}' : ''})`);
    } else {
      problems.push(`${field}: the variable ${whole} is not supported; allowed: \${workspaceFolder}${scope === 'user' ? ', ${env:NAME}' : ''}`);
    }
    return whole;
  });
}

function issueLines(error: z.ZodError, prefix: string): string[] {
  return error.issues.map((issue) => {
    const field = [prefix, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') return `${prefix}: unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}; allowed: type, command, args, env, cwd (stdio) or type, url, headers (http)`;
    return `${field}: ${issue.message}`;
  });
}

/**
 * The servers of one workspace file (its parsed JSON; `.vscode/mcp.json` unless `file` says otherwise) or of the
 * setting (`{ servers: <the setting> }`, scope `user`).
 */
export function parseMcpConfig(value: unknown, scope: McpServerDefinition['scope'], sources: McpVariableSources = {}, file: WorkspaceMcpFile = '.vscode/mcp.json'): McpConfig {
  const problems: string[] = [];
  const servers: McpServerDefinition[] = [];
  const format = scope === 'user' ? WORKSPACE_MCP_FILES[0] : WORKSPACE_MCP_FILES.find((f) => f.path === file) ?? WORKSPACE_MCP_FILES[0];
  const { listField } = format;
  const origin = scope === 'user' ? ({ scope } as const) : ({ scope, file: format.path } as const);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { servers, problems: [`(top level): must be an object with "${listField}"`] };
  const record = value as Record<string, unknown>;
  const allowedTop: readonly string[] = [listField, ...format.otherFields];
  const unknownTop = Object.keys(record).filter((key) => !allowedTop.includes(key));
  if (unknownTop.length > 0) problems.push(`(top level): unknown field ${unknownTop.map((k) => `"${k}"`).join(', ')}; allowed: ${allowedTop.join(', ')}`);
  const all = record[listField];
  if (all === undefined) return { servers, problems };
  if (typeof all !== 'object' || all === null || Array.isArray(all)) return { servers, problems: [...problems, `${listField}: must be an object of servers by name`] };
  for (const [name, definition] of Object.entries(all)) {
    const prefix = `${listField}.${name}`;
    if (!NAME.test(name)) {
      problems.push(`${prefix}: the name must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit`);
      continue;
    }
    const isHttp = typeof definition === 'object' && definition !== null && 'type' in definition && (definition as { type: unknown }).type !== 'stdio';
    const parsed = isHttp ? HttpSchema.safeParse(definition) : StdioSchema.safeParse(definition);
    if (!parsed.success) {
      problems.push(...issueLines(parsed.error, prefix));
      continue;
    }
    const before = problems.length;
    if ('command' in parsed.data) {
      const data = parsed.data;
      const env = Object.fromEntries(Object.entries(data.env ?? {}).map(([k, v]) => [k, substitute(v, `${prefix}.env.${k}`, scope, sources, problems)]));
      const server: McpServerDefinition = {
        type: 'stdio',
        name,
        ...origin,
        command: substitute(data.command, `${prefix}.command`, scope, sources, problems),
        args: (data.args ?? []).map((arg, i) => substitute(arg, `${prefix}.args.${i}`, scope, sources, problems)),
        env,
        ...(data.cwd !== undefined ? { cwd: substitute(data.cwd, `${prefix}.cwd`, scope, sources, problems) } : {}),
      };
      if (problems.length === before) servers.push(server);
    } else {
      const data = parsed.data as z.infer<typeof HttpSchema>;
      const headers = Object.fromEntries(Object.entries(data.headers ?? {}).map(([k, v]) => [k, substitute(v, `${prefix}.headers.${k}`, scope, sources, problems)]));
      const server: McpServerDefinition = { type: 'http', name, ...origin, url: substitute(data.url, `${prefix}.url`, scope, sources, problems), headers };
      if (problems.length === before) servers.push(server);
    }
  }
  return { servers, problems };
}

/** What the user approved, as one value: any change to command, arguments, environment, URL or headers asks again. */
export function definitionFingerprint(server: McpServerDefinition): string {
  return createHash('sha256').update(canonicalJson(whatRuns(server))).digest('hex');
}

/** The definition without where it was written: the same server moved between the two workspace files is the same server. */
function whatRuns(server: McpServerDefinition): StdioServerDefinition | HttpServerDefinition {
  if (server.scope === 'workspace') {
    const { scope: _scope, file: _file, ...definition } = server;
    return definition;
  }
  const { scope: _scope, ...definition } = server;
  return definition;
}

/** JSON with every object's keys sorted, so equal definitions give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The definition as the approval question shows it: the whole command line, environment names and values,
 * or the URL, as written; only the words around them are in the display language.
 */
export function describeServer(server: McpServerDefinition): string {
  if (server.type === 'http') {
    const headers = Object.keys(server.headers);
    return [server.url, ...(headers.length > 0 ? [l10n.t('headers: {0}', headers.join(', '))] : [])].join('\n');
  }
  const quoted = [server.command, ...server.args].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
  const env = Object.entries(server.env).map(([k, v]) => `${k}=${v}`);
  return [quoted, ...(server.cwd ? [l10n.t('in {0}', server.cwd)] : []), ...(env.length > 0 ? [l10n.t('environment:'), ...env] : [])].join('\n');
}
