// A tool of an MCP server or of another extension is asked about in the display language (core's
// translator, a fake here that brackets what it translated): the question, the warning and the line the
// user gets when the source fails. The arguments are shown as they are, and what the model reads stays English.
import assert from 'node:assert/strict';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { ExternalTool, type ExternalToolSpec, type ExternalToolTask } from '../../../src/core/mcp/externalTool';
import { describeServer } from '../../../src/core/mcp/mcpConfig';
import { TaskApprovals, type ApprovalRequest } from '../../../src/core/tools/approvals';

const bracketed = (message: string, args: ReadonlyArray<string | number>): string => `‹${englishText(message, args)}›`;

function externalTool(origin: ExternalToolSpec['origin'], fails: () => Promise<never>, timeoutMs = 1000): { tool: ExternalTool; asked: ApprovalRequest[]; notices: string[] } {
  const asked: ApprovalRequest[] = [];
  const notices: string[] = [];
  const task: ExternalToolTask = {
    approvals: new TaskApprovals({
      request: async (request) => {
        asked.push(request);
        return 'approve';
      },
    }),
    alwaysAllowed: new Set(),
    notice: (message) => void notices.push(message),
  };
  const spec: ExternalToolSpec = { name: 'mcp_db_query', toolName: 'query', description: 'Query', inputSchema: { type: 'object', properties: {} }, origin };
  return { tool: new ExternalTool(spec, fails, task, { timeoutMs, maxResultChars: 1000 }), asked, notices };
}

const args = { raw: '{"sql":"select 1"}', value: { sql: 'select 1' } };

describe('external tools ask in the display language', () => {
  beforeEach(() => useTranslator(bracketed));
  afterEach(() => useTranslator(englishText));

  it("a workspace's MCP server: question, warning and failure line translated; the model's error English", async () => {
    const { tool, asked, notices } = externalTool({ kind: 'mcp', server: 'db', scope: 'workspace', file: '.vscode/mcp.json' }, async () => {
      throw new Error('connection closed');
    });
    const result = await tool.run(args, new AbortController().signal);
    assert.equal(asked[0]?.title, '‹Call the tool "query" of ‹the MCP server "db" of this workspace (.vscode/mcp.json)›?›');
    assert.equal(
      asked[0]?.warning,
      '‹The MCP server "db" of this workspace (.vscode/mcp.json) runs outside the extension: it can act on this computer or send data, as its author wrote it.›',
    );
    assert.equal(asked[0]?.detail, '{\n  "sql": "select 1"\n}');
    assert.deepEqual(notices, ['‹mcp_db_query: ‹the MCP server "db" of this workspace (.vscode/mcp.json)› failed (connection closed); the task goes on without that result.›']);
    assert.deepEqual(result, {
      status: 'failed',
      content: 'The tool query of the MCP server "db" of this workspace (.vscode/mcp.json) failed: connection closed. Continue without it, or try another way.',
    });
  });

  it("another extension's tool that hangs: the line for the user says it did not answer, in the display language", async () => {
    const { tool, asked, notices } = externalTool({ kind: 'vscode-tool', tool: 'other_search' }, () => new Promise<never>(() => undefined), 20);
    const result = await tool.run(args, new AbortController().signal);
    assert.equal(asked[0]?.title, '‹Call the tool "query" of ‹another extension (its VS Code tool "other_search")›?›');
    assert.match(asked[0]?.warning ?? '', /^‹Another extension \(its VS Code tool "other_search"\) runs outside the extension/);
    assert.equal(notices.length, 1);
    assert.match(notices[0] ?? '', /^‹mcp_db_query: ‹another extension \(its VS Code tool "other_search"\)› did not answer within \d+ s; the task goes on without that result\.›$/);
    assert.match(result.content, /^The tool query of another extension \(its VS Code tool "other_search"\) failed: another extension \(its VS Code tool "other_search"\) did not answer within \d+ s\. Continue/);
  });

  it("the user's own MCP server is named as theirs", async () => {
    const { tool, asked } = externalTool({ kind: 'mcp', server: 'db', scope: 'user' }, async () => {
      throw new Error('x');
    });
    await tool.run(args, new AbortController().signal);
    assert.equal(asked[0]?.title, '‹Call the tool "query" of ‹your MCP server "db" (svc.mcp.servers)›?›');
    assert.equal(asked[0]?.warning, '‹Your MCP server "db" (svc.mcp.servers) runs outside the extension: it can act on this computer or send data, as its author wrote it.›');
  });
});

describe("an MCP server's start question in the display language", () => {
  beforeEach(() => useTranslator(bracketed));
  afterEach(() => useTranslator(englishText));

  it('translates the words around the command line, its folder and environment, never the definition itself', () => {
    const stdio = describeServer({ type: 'stdio', name: 'db', scope: 'workspace', file: '.vscode/mcp.json', command: 'node', args: ['server.js', 'a b'], env: { NODE_OPTIONS: '--require ./x.js' }, cwd: 'tools' });
    assert.equal(stdio, 'node server.js "a b"\n‹in tools›\n‹environment:›\nNODE_OPTIONS=--require ./x.js');
    const http = describeServer({ type: 'http', name: 'api', scope: 'user', url: 'https://mcp.example/a', headers: { authorization: 'x' } });
    assert.equal(http, 'https://mcp.example/a\n‹headers: authorization›');
  });
});
