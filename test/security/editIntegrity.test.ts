// Attacks on the bytes of a file the agent edits: a repository file whose bytes would not survive a
// decode and re-encode (so an edit would silently rewrite bytes nobody approved), and a file swapped,
// while the user is asked, for the same text in other bytes (a text comparison cannot see it).
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as iconv from 'iconv-lite';
import { TaskApprovals, type Approver } from '../../src/core/tools/approvals';
import { ChangeJournal } from '../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import type { ToolRunResult } from '../../src/core/tools/tool';
import { createWorkspaceTools } from '../../src/core/tools/workspaceTools';
import { tempDir } from '../support/emulatorTestBed';
import { nodeTestHost } from '../support/testWorkspaceHost';

describe('security: an edit never writes bytes the user did not approve', () => {
  let ws: string;
  const asked: string[] = [];

  function run(approver: Approver, name: string, args: Record<string, unknown>): Promise<ToolRunResult> {
    const tools = new ToolRegistry(createWorkspaceTools(nodeTestHost([{ name: 'ws', path: ws }]), new TaskApprovals(approver, { autoApproveEdits: false }), new ChangeJournal(), { maxCommandOutputBytes: 1024 }));
    const tool = tools.get(name);
    assert.ok(tool);
    return tool.run(parseToolArguments(tool.definition, JSON.stringify(args)), new AbortController().signal);
  }

  const approveAll: Approver = {
    request: async (request) => {
      asked.push(request.title);
      return 'approve';
    },
  };

  beforeEach(async () => {
    ws = await fs.realpath(tempDir('svc-edit-integrity-'));
    asked.length = 0;
  });

  afterEach(async () => {
    await fs.rm(ws, { recursive: true, force: true });
  });

  it('bytes that do not round-trip (a UTF-8 BOM over invalid UTF-8, odd UTF-16) are refused before the user is asked', async () => {
    const hostile = [Buffer.from([0xef, 0xbb, 0xbf, 0x6b, 0x65, 0x79, 0x3d, 0xc3, 0x28, 0x0a]), Buffer.from([0xfe, 0xff, 0x00, 0x6b, 0x00])];
    for (const [i, bytes] of hostile.entries()) {
      const file = path.join(ws, `hostile-${i}.txt`);
      await fs.writeFile(file, bytes);
      for (const [name, args] of [['edit_file', { old_text: 'k', new_text: 'K' }], ['write_file', { content: 'replaced' }]] as const) {
        const result = await run(approveAll, name, { path: `hostile-${i}.txt`, ...args });
        assert.equal(result.status, 'failed', result.content);
        assert.match(result.content, /cannot be read or edited safely/);
        assert.deepEqual(await fs.readFile(file), bytes);
      }
    }
    assert.deepEqual(asked, []);
  });

  it('a file swapped during the approval for the same text in other bytes is not overwritten', async () => {
    const file = path.join(ws, 'menu.txt');
    await fs.writeFile(file, iconv.encode('crème brûlée\n', 'windows-1252'));
    const swaps: Approver = {
      request: async () => {
        await fs.writeFile(file, 'crème brûlée\n');
        return 'approve';
      },
    };
    const result = await run(swaps, 'edit_file', { path: 'menu.txt', old_text: 'crème', new_text: 'crema' });
    assert.equal(result.status, 'failed');
    assert.match(result.content, /changed since read/);
    assert.equal(await fs.readFile(file, 'utf8'), 'crème brûlée\n');
  });
});
