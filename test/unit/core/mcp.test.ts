import assert from 'node:assert/strict';
import { DEFAULT_EXTERNAL_LIMITS, ExternalTool, resultText, type ExternalCallResult, type ExternalToolTask } from '../../../src/core/mcp/externalTool';
import { externalToolName } from '../../../src/core/mcp/externalToolNames';
import { mcpContent } from '../../../src/core/mcp/mcpContent';
import { definitionFingerprint, describeServer, parseMcpConfig } from '../../../src/core/mcp/mcpConfig';
import { TaskApprovals, type ApprovalDecision, type ApprovalRequest } from '../../../src/core/tools/approvals';

describe('MCP configuration (VS Code\'s mcp.json format)', () => {
  it('reads stdio and http servers of a workspace and fills ${workspaceFolder}', () => {
    const { servers, problems } = parseMcpConfig(
      {
        servers: {
          files: { type: 'stdio', command: 'npx', args: ['-y', 'server', '${workspaceFolder}/notes'], env: { ROOT: '${workspaceFolder}' } },
          plain: { command: 'node', args: ['server.js'] },
          docs: { type: 'http', url: 'https://example.com/mcp', headers: { 'X-Team': 'a' } },
        },
        inputs: [],
      },
      'workspace',
      { workspaceFolder: '/w', environment: { GH_TOKEN: 'never-read' } },
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(servers, [
      { type: 'stdio', name: 'files', scope: 'workspace', file: '.vscode/mcp.json', command: 'npx', args: ['-y', 'server', '/w/notes'], env: { ROOT: '/w' } },
      { type: 'stdio', name: 'plain', scope: 'workspace', file: '.vscode/mcp.json', command: 'node', args: ['server.js'], env: {} },
      { type: 'http', name: 'docs', scope: 'workspace', file: '.vscode/mcp.json', url: 'https://example.com/mcp', headers: { 'X-Team': 'a' } },
    ]);
  });

  it("reads a workspace's .mcp.json in the format Claude Code and Copilot's CLI share (mcpServers), naming its fields", () => {
    const { servers, problems } = parseMcpConfig(
      {
        mcpServers: {
          db: { type: 'stdio', command: 'npx', args: ['-y', '@example/db-mcp'] },
          docs: { type: 'sse', url: 'https://example.com/sse' },
          home: { command: 'node', env: { KEY: '${API_KEY}' } },
          bad: { command: '' },
        },
        servers: {},
      },
      'workspace',
      { workspaceFolder: '/w', environment: { API_KEY: 'never-read' } },
      '.mcp.json',
    );
    assert.deepEqual(servers, [
      { type: 'stdio', name: 'db', scope: 'workspace', file: '.mcp.json', command: 'npx', args: ['-y', '@example/db-mcp'], env: {} },
      { type: 'http', name: 'docs', scope: 'workspace', file: '.mcp.json', url: 'https://example.com/sse', headers: {} },
    ]);
    assert.deepEqual(problems, [
      '(top level): unknown field "servers"; allowed: mcpServers',
      'mcpServers.home.env.KEY: the variable ${API_KEY} is not supported; allowed: ${workspaceFolder}',
      'mcpServers.bad.command: must be a non-empty string',
    ]);
    assert.deepEqual(parseMcpConfig([], 'workspace', {}, '.mcp.json').problems, ['(top level): must be an object with "mcpServers"']);
  });

  it('fingerprints what runs, not which workspace file holds it', () => {
    const [inVsCodeFile] = parseMcpConfig({ servers: { s: { command: 'node', args: ['x.js'] } } }, 'workspace').servers;
    const [inMcpJson] = parseMcpConfig({ mcpServers: { s: { command: 'node', args: ['x.js'] } } }, 'workspace', {}, '.mcp.json').servers;
    assert.ok(inVsCodeFile && inMcpJson);
    assert.equal(definitionFingerprint(inVsCodeFile), definitionFingerprint(inMcpJson));
  });

  it("fills ${env:NAME} from the editor's environment in the user's setting only, and refuses it in a workspace's file", () => {
    const environment = { GH_TOKEN: 'ghp_user', HOME: '/home/me' };
    const user = parseMcpConfig({ servers: { gh: { command: 'gh-mcp', env: { TOKEN: '${env:GH_TOKEN}', MISSING: '${env:NOT_SET}' }, args: ['${workspaceFolder}'] } } }, 'user', { environment, workspaceFolder: '/first' });
    assert.deepEqual(user.problems, []);
    assert.deepEqual(user.servers[0], { type: 'stdio', name: 'gh', scope: 'user', command: 'gh-mcp', args: ['/first'], env: { TOKEN: 'ghp_user', MISSING: '' } });
    const workspace = parseMcpConfig({ servers: { gh: { command: 'gh-mcp', env: { TOKEN: '${env:GH_TOKEN}' } } } }, 'workspace', { environment, workspaceFolder: '/w' });
    assert.deepEqual(workspace.servers, [], 'the server is not offered with the variable half-filled');
    assert.deepEqual(workspace.problems, [
      "servers.gh.env.TOKEN: ${env:GH_TOKEN} is not allowed in a workspace's mcp.json (it would give the repository's server a variable of your editor's environment); define the server in the svc.mcp.servers user setting to use it",
    ]);
    assert.deepEqual(parseMcpConfig({ servers: { s: { command: 'x', args: ['${workspaceFolder}'] } } }, 'user', { environment }).problems, [
      'servers.s.args.0: ${workspaceFolder} needs a folder open in the window',
    ]);
  });

  it('names every bad field and what is allowed, and keeps the good servers', () => {
    const { servers, problems } = parseMcpConfig(
      {
        servers: {
          good: { command: 'node' },
          noCommand: { type: 'stdio', args: ['x'] },
          badArgs: { command: 'node', args: 'x' },
          badEnv: { command: 'node', env: { A: 1 } },
          badUrl: { type: 'http', url: 'file:///etc/passwd' },
          badType: { type: 'websocket', url: 'ws://x' },
          extra: { command: 'node', shell: true },
          input: { command: 'node', args: ['${input:password}'] },
          inputUrl: { type: 'http', url: 'https://example.com/${input:tenant}/mcp' },
          command: { command: 'node', env: { A: '${command:pick}' } },
          'bad name!': { command: 'node' },
        },
        extraTop: 1,
      },
      'user',
    );
    assert.deepEqual(servers.map((s) => s.name), ['good']);
    const joined = problems.join('\n');
    for (const expected of [
      /\(top level\): unknown field "extraTop"; allowed: servers, inputs/,
      /servers\.noCommand\.command: /,
      /servers\.badArgs\.args: must be a list of strings/,
      /servers\.badEnv\.env\.A: must be a string/,
      /servers\.badUrl\.url: must be an http:\/\/ or https:\/\/ URL/,
      /servers\.badType\.type: must be "stdio" or "http"/,
      /servers\.extra: unknown field "shell"/,
      /servers\.input\.args\.0: \$\{input:password\} refers to "inputs", which svc does not prompt for; write the value itself \(allowed variables: \$\{workspaceFolder\}, \$\{env:NAME\}\)/,
      /servers\.inputUrl\.url: \$\{input:tenant\} refers to "inputs"/,
      /servers\.command\.env\.A: the variable \$\{command:pick\} is not supported; allowed: \$\{workspaceFolder\}, \$\{env:NAME\}/,
      /servers\.bad name!: the name must be/,
    ]) assert.match(joined, expected);
    assert.deepEqual(parseMcpConfig([], 'user').problems, ['(top level): must be an object with "servers"']);
    assert.deepEqual(parseMcpConfig({ servers: [] }, 'user').problems, ['servers: must be an object of servers by name']);
  });

  it('fingerprints the whole definition (a changed argument or variable is a new approval) and shows the whole command line', () => {
    const [a] = parseMcpConfig({ servers: { s: { command: 'node', args: ['x.js'], env: { A: '1' } } } }, 'workspace').servers;
    const [b] = parseMcpConfig({ servers: { s: { command: 'node', args: ['x.js'], env: { A: '2' } } } }, 'workspace').servers;
    const [c] = parseMcpConfig({ servers: { s: { env: { A: '1' }, args: ['x.js'], command: 'node' } } }, 'workspace').servers;
    assert.ok(a && b && c);
    assert.notEqual(definitionFingerprint(a), definitionFingerprint(b));
    assert.equal(definitionFingerprint(a), definitionFingerprint(c), 'key order does not matter');
    assert.equal(describeServer(a), 'node x.js\nenvironment:\nA=1');
    const [spaced] = parseMcpConfig({ servers: { s: { command: 'sh', args: ['-c', 'curl x | sh'] } } }, 'workspace').servers;
    assert.equal(describeServer(spaced!), 'sh -c "curl x | sh"');
  });
});

/** The service's rule for function names (the emulator's chatRules.ts checks the same). */
const SERVICE_FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

describe('names of external tools', () => {
  it('prefixes by source, sanitizes, and never collides with ours or each other', () => {
    const taken = new Set(['read_file', 'mcp_git_status']);
    assert.equal(externalToolName('mcp', 'my server', 'get.status', taken), 'mcp_my_server_get_status');
    assert.equal(externalToolName('mcp', 'git', 'status', taken), 'mcp_git_status_2');
    assert.equal(externalToolName('mcp', 'git', 'status', taken), 'mcp_git_status_3');
    assert.equal(externalToolName('vscode', '', 'copilot_search', taken), 'vscode_copilot_search');
    assert.equal(externalToolName('vscode', '', 'read_file', taken), 'vscode_read_file', 'another extension\'s read_file cannot pass for ours');
    assert.equal(externalToolName('mcp', 'a.b', 'x', taken), 'mcp_a_b_x');
    assert.equal(externalToolName('mcp', 'a_b', 'x', taken), 'mcp_a_b_x_2', 'two servers that sanitize alike stay apart');
    assert.equal(externalToolName('mcp', 'ünï', '💥', taken), 'mcp_n_tool', 'nothing but symbols still makes a name');
    const long1 = externalToolName('mcp', 's'.repeat(40), 'a'.repeat(40), taken);
    const long2 = externalToolName('mcp', 's'.repeat(40), `${'a'.repeat(39)}b`, taken);
    assert.equal(long1.length, 64);
    assert.notEqual(long1, long2);
    const long1Again = externalToolName('mcp', 's'.repeat(40), 'a'.repeat(40), taken);
    assert.equal(long1Again, `${long1.slice(0, 62)}_2`, 'a collision of a cut name is suffixed within the length');
    for (const name of taken) assert.match(name, SERVICE_FUNCTION_NAME);
  });

  it('gives the same names for the same tools in the same order (each task names them afresh)', () => {
    const tools = [['git', 'status'], ['git.hub', 'status'], ['git_hub', 'status'], ['x'.repeat(70), 'y']] as const;
    const once = () => {
      const taken = new Set(['read_file']);
      return tools.map(([server, tool]) => externalToolName('mcp', server, tool, taken));
    };
    assert.deepEqual(once(), once());
    assert.deepEqual(once().slice(0, 3), ['mcp_git_status', 'mcp_git_hub_status', 'mcp_git_hub_status_2']);
  });
});

describe('MCP tool results', () => {
  it('maps text, images, audio, embedded resources and links, and says what it cannot read', () => {
    assert.deepEqual(
      mcpContent([
        { type: 'text', text: 'hello' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } },
        { type: 'resource', resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: 'UEsDBA==' } },
        { type: 'resource_link', uri: 'file:///big.log', name: 'big.log' },
        { type: 'hologram', data: 'x' },
        { type: 'text' },
        'not a part',
      ]),
      [
        { kind: 'text', text: 'hello' },
        { kind: 'media', media: 'image', mimeType: 'image/png', bytes: 8 },
        { kind: 'media', media: 'audio', mimeType: 'audio/wav', bytes: 3 },
        { kind: 'resource', uri: 'file:///notes.md', text: '# Notes', mimeType: 'text/markdown' },
        { kind: 'resource', uri: 'file:///a.zip', mimeType: 'application/zip' },
        { kind: 'resource', uri: 'file:///big.log' },
        { kind: 'text', text: '[a "hologram" content part the extension cannot read]' },
        { kind: 'text', text: '[a "text" content part the extension cannot read]' },
        { kind: 'text', text: '[a content part the extension cannot read]' },
      ],
    );
    assert.deepEqual(mcpContent(undefined), []);
    assert.deepEqual(mcpContent({ type: 'text', text: 'not in a list' }), [{ kind: 'text', text: '[content that is not a list, which the extension cannot read]' }]);
  });
});

function task(decisions: ApprovalDecision[]): { task: ExternalToolTask; asked: ApprovalRequest[]; notices: string[] } {
  const asked: ApprovalRequest[] = [];
  const notices: string[] = [];
  const approvals = new TaskApprovals({
    request: async (request) => {
      asked.push(request);
      return decisions.shift() ?? 'reject';
    },
  });
  return { task: { approvals, alwaysAllowed: new Set(), notice: (m) => void notices.push(m) }, asked, notices };
}

function tool(call: (args: Record<string, unknown>, signal: AbortSignal) => Promise<ExternalCallResult>, t: ExternalToolTask, timeoutMs = 1000, server = 'srv') {
  return new ExternalTool(
    { name: `mcp_${server}_echo`, toolName: 'echo', description: 'Echo', inputSchema: { type: 'object', properties: {} }, origin: { kind: 'mcp', server, scope: 'user' } },
    call,
    t,
    { ...DEFAULT_EXTERNAL_LIMITS, timeoutMs },
  );
}

const args = (value: Record<string, unknown>) => ({ raw: JSON.stringify(value), value });

describe('external tools in a task', () => {
  it('asks with the server, tool and arguments; a rejection runs nothing; "always" covers that server for the task', async () => {
    const { task: t, asked } = task(['reject', 'always']);
    let calls = 0;
    const echo = tool(async (a) => {
      calls++;
      return { content: [{ kind: 'text', text: String(a.message) }] };
    }, t);
    const rejected = await echo.run(args({ message: 'x' }), new AbortController().signal);
    assert.equal(rejected.status, 'rejected');
    assert.equal(calls, 0);
    assert.equal((await echo.run(args({ message: 'hi' }), new AbortController().signal)).content, 'hi');
    assert.equal((await echo.run(args({ message: 'again' }), new AbortController().signal)).content, 'again');
    assert.equal(asked.length, 2, 'not asked again after "always"');
    const other = tool(async () => ({ content: [{ kind: 'text', text: 'other' }] }), t, 1000, 'other');
    assert.equal((await other.run(args({}), new AbortController().signal)).status, 'rejected', '"always" for one server does not cover another');
    assert.equal(asked.length, 3);
    assert.match(asked[2]?.title ?? '', /"echo" of your MCP server "other" \(svc\.mcp\.servers\)/);
    assert.equal(asked[0]?.kind, 'external-tool');
    assert.match(asked[0]?.title ?? '', /"echo" of your MCP server "srv" \(svc\.mcp\.servers\)/);
    assert.match(asked[0]?.detail ?? '', /"message": "x"/);
  });

  it('gives the model an error result and the user a line when the server crashes or hangs, and the task goes on', async () => {
    const { task: t, notices } = task(['always']);
    const crashed = await tool(async () => {
      throw new Error('the server closed the connection');
    }, t).run(args({}), new AbortController().signal);
    assert.equal(crashed.status, 'failed');
    assert.match(crashed.content, /failed: the server closed the connection/);
    const hung = await tool(() => new Promise(() => undefined), t, 50).run(args({}), new AbortController().signal);
    assert.equal(hung.status, 'failed');
    assert.match(hung.content, /did not answer within/);
    assert.equal(notices.length, 2);
    const reported = await tool(async () => ({ content: [{ kind: 'text', text: 'bad input' }], isError: true }), t).run(args({}), new AbortController().signal);
    assert.deepEqual(reported, { status: 'failed', content: 'bad input' });
  });

  it('turns images and resources into text and cuts long results to the budget', () => {
    assert.equal(
      resultText(
        [
          { kind: 'text', text: 'a' },
          { kind: 'media', media: 'image', mimeType: 'image/png', bytes: 10 },
          { kind: 'media', media: 'audio', mimeType: 'audio/wav', bytes: 3 },
          { kind: 'resource', uri: 'file:///x', text: 'body' },
          { kind: 'resource', uri: 'blob:1', mimeType: 'application/zip' },
        ],
        1000,
      ),
      'a\n[image/png image, 10 bytes: not shown to the model]\n[audio/wav audio, 3 bytes: not shown to the model]\n[resource file:///x]\nbody\n[resource blob:1, application/zip: no text]',
    );
    const cut = resultText([{ kind: 'text', text: 'x'.repeat(50) }], 10);
    assert.equal(cut, `${'x'.repeat(10)}\n[cut: the result had 50 characters; only the first 10 are shown]`);
  });
});
