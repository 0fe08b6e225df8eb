import assert from 'node:assert/strict';
import { DEFAULT_EXTERNAL_LIMITS, ExternalTool, resultText, type ExternalCallResult, type ExternalToolTask } from '../../../src/core/mcp/externalTool';
import { externalToolName } from '../../../src/core/mcp/externalToolNames';
import { definitionFingerprint, describeServer, parseMcpConfig } from '../../../src/core/mcp/mcpConfig';
import { TaskApprovals, type ApprovalDecision, type ApprovalRequest } from '../../../src/core/tools/approvals';

describe('MCP configuration (VS Code\'s mcp.json format)', () => {
  it('reads stdio and http servers, fills ${workspaceFolder} and drops ${env:…}', () => {
    const { servers, problems } = parseMcpConfig(
      {
        servers: {
          files: { type: 'stdio', command: 'npx', args: ['-y', 'server', '${workspaceFolder}/notes'], env: { ROOT: '${workspaceFolder}', TOKEN: '${env:GH_TOKEN}' } },
          plain: { command: 'node', args: ['server.js'] },
          docs: { type: 'http', url: 'https://example.com/mcp', headers: { 'X-Team': 'a' } },
        },
        inputs: [],
      },
      'workspace',
      '/w',
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(servers, [
      { type: 'stdio', name: 'files', scope: 'workspace', command: 'npx', args: ['-y', 'server', '/w/notes'], env: { ROOT: '/w', TOKEN: '' } },
      { type: 'stdio', name: 'plain', scope: 'workspace', command: 'node', args: ['server.js'], env: {} },
      { type: 'http', name: 'docs', scope: 'workspace', url: 'https://example.com/mcp', headers: { 'X-Team': 'a' } },
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
      /servers\.input\.args\.0: the variable \$\{input:password\} is not supported; allowed: \$\{workspaceFolder\}/,
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

describe('names of external tools', () => {
  it('prefixes by source, sanitizes, and never collides with ours or each other', () => {
    const taken = new Set(['read_file', 'mcp_git_status']);
    assert.equal(externalToolName('mcp', 'my server', 'get.status', taken), 'mcp_my_server_get_status');
    assert.equal(externalToolName('mcp', 'git', 'status', taken), 'mcp_git_status_2');
    assert.equal(externalToolName('mcp', 'git', 'status', taken), 'mcp_git_status_3');
    assert.equal(externalToolName('vscode', '', 'copilot_search', taken), 'vscode_copilot_search');
    const long1 = externalToolName('mcp', 's'.repeat(40), 'a'.repeat(40), taken);
    const long2 = externalToolName('mcp', 's'.repeat(40), `${'a'.repeat(39)}b`, taken);
    assert.ok(long1.length <= 64 && long2.length <= 64);
    assert.notEqual(long1, long2);
    for (const name of taken) assert.match(name, /^[A-Za-z0-9_-]{1,64}$/);
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

function tool(call: (args: Record<string, unknown>, signal: AbortSignal) => Promise<ExternalCallResult>, t: ExternalToolTask, timeoutMs = 1000) {
  return new ExternalTool(
    { name: 'mcp_srv_echo', toolName: 'echo', description: 'Echo', inputSchema: { type: 'object', properties: {} }, origin: { kind: 'mcp', server: 'srv' } },
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
    assert.equal(asked[0]?.kind, 'external-tool');
    assert.match(asked[0]?.title ?? '', /"echo" of the MCP server "srv"/);
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
      resultText([{ kind: 'text', text: 'a' }, { kind: 'image', mimeType: 'image/png', bytes: 10 }, { kind: 'resource', uri: 'file:///x', text: 'body' }, { kind: 'resource', uri: 'blob:1', mimeType: 'application/zip' }], 1000),
      'a\n[image/png image, 10 bytes: not shown to the model]\n[resource file:///x]\nbody\n[resource blob:1, application/zip: no text]',
    );
    const cut = resultText([{ kind: 'text', text: 'x'.repeat(50) }], 10);
    assert.equal(cut, `${'x'.repeat(10)}\n[cut: the result had 50 characters; only the first 10 are shown]`);
  });
});
