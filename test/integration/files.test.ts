// Files as context in a real extension host, on the local emulator the extension starts itself:
// "Explain This File" run as the explorer's context-menu command uploads the file, and the answer talks
// about what is really in it; a second explain reuses the upload; "Manage Uploaded Files" lists and deletes.
// What crossed the wire is read from the emulator's request log (SVC_EMULATOR_LOG_FILE).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AssistantEntry } from '../../src/core/conversations/conversation';
import type { SvcTestApi } from '../../src/extension/extension';
import { lastReply, openChatHost, setSetting, svcExtension } from './extensionUnderTest';
import type { ManageUploadsSeam, UploadItem } from '../../src/extension/files/manageUploadsCommand';
import { REQUEST_LOG_ENV } from '../../src/extension/localEmulator';


interface LoggedRequest {
  method: string;
  path: string;
  request?: unknown;
  status: number;
  response?: unknown;
}

function readLog(file: string): LoggedRequest[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LoggedRequest);
}

const isUpload = (r: LoggedRequest) => r.method === 'POST' && r.path === '/v1/files';
const isChat = (r: LoggedRequest) => r.method === 'POST' && r.path === '/v1/chat/completions';



function workspaceFile(...segments: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace is open');
  return vscode.Uri.joinPath(folder.uri, ...segments);
}

/** Runs the command as the explorer's context menu does: the clicked file and the selection. */
async function explainFromExplorer(api: SvcTestApi, uri: vscode.Uri): Promise<AssistantEntry> {
  await vscode.commands.executeCommand('svc.newChat');
  await vscode.commands.executeCommand('svc.explainFile', uri, [uri]);
  await api.whenIdle();
  const id = api.activeConversationId();
  assert.ok(id, 'the explanation went into a conversation');
  return lastReply(api.getConversation(id));
}

describe('svc files (integration, local emulator)', function () {
  this.timeout(90_000);
  let api: SvcTestApi;
  const logFile = path.join(os.tmpdir(), `svc-files-requests-${process.pid}-${Date.now()}.jsonl`);
  const inventory = () => workspaceFile('src', 'inventory.py');

  before(async () => {
    const extension = svcExtension();
    api = await openChatHost(extension);
    // The emulator reads the variable when it starts; a change of pace restarts it.
    process.env[REQUEST_LOG_ENV] = logFile;
    await setSetting('emulator.speed', 1_000_000);
    await setSetting('emulator.speed', undefined);
  });

  after(async () => {
    delete process.env[REQUEST_LOG_ENV];
    fs.rmSync(logFile, { force: true });
    await setSetting('model', undefined);
  });

  it('explains a file from the explorer: uploaded for extraction, and the answer names what is in it', async () => {
    await setSetting('model', 'svc-k2-turbo-preview');
    const before = readLog(logFile);
    const reply = await explainFromExplorer(api, inventory());
    assert.equal(reply.status, 'complete');
    const answer = reply.alternatives[0]?.content ?? '';
    assert.match(answer, /reorder_list/, `the answer names a function of inventory.py: ${answer}`);
    assert.match(answer, /\bItem\b/, 'and its class');

    const during = readLog(logFile).slice(before.length);
    assert.equal(during.filter(isUpload).length, 1, 'the file was uploaded once');
    assert.equal(during.filter(isUpload)[0]?.status, 200);
    const chat = during.filter(isChat).at(-1);
    assert.ok(chat, 'a chat request was sent');
    const messages = (chat.request as { messages: { role: string; content: unknown }[] }).messages;
    const system = messages.filter((m) => m.role === 'system').map((m) => JSON.stringify(m.content)).join('\n');
    assert.match(system, /def reorder_list/, 'the extracted file went as a system message');
    const user = messages.at(-1);
    assert.equal(user?.role, 'user');
    assert.match(JSON.stringify(user.content), /inventory\.py/, 'the question names the file');
  });

  it('explains the same unchanged file again without uploading it again', async () => {
    await setSetting('model', 'svc-k2-turbo-preview');
    await explainFromExplorer(api, inventory());
    const before = readLog(logFile);
    const reply = await explainFromExplorer(api, inventory());
    assert.equal(reply.status, 'complete');
    assert.match(reply.alternatives[0]?.content ?? '', /reorder_list/);
    const during = readLog(logFile).slice(before.length);
    assert.equal(during.filter(isUpload).length, 0, `no new upload; requests: ${during.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    assert.equal(during.filter(isChat).length, 1, 'the explanation was still asked for');
  });

  it('a file added to the chat goes with the next message as a system message, and is not attached again to the one after', async () => {
    const formatJs = workspaceFile('src', 'format.js');
    await vscode.commands.executeCommand('svc.newChat');
    await vscode.commands.executeCommand('svc.addFileToChat', formatJs, [formatJs]);
    const before = readLog(logFile).length;
    await api.sendMessage('What does this module export?', { model: 'svc-k2-turbo-preview' });
    await api.sendMessage('Thanks!', { model: 'svc-k2-turbo-preview' });
    const [withFile, after] = readLog(logFile).slice(before).filter(isChat);
    const systemText = (r: LoggedRequest | undefined) =>
      JSON.stringify((r?.request as { messages: { role: string; content: unknown }[] }).messages.filter((m) => m.role === 'system'));
    assert.match(systemText(withFile), /format\.js/, 'the attached file went with the message');
    const sent = JSON.parse(systemText(withFile)) as { content: string }[];
    assert.equal(systemText(after), systemText(withFile), 'the next turn carries it once, in the history, not as a new attachment');
    assert.ok(sent.some((m) => m.content.includes(fs.readFileSync(formatJs.fsPath, 'utf8').split('\n')[0] ?? '')), 'with its extracted content');
  });

  it('an attached image is stopped on a model that cannot see, and goes as image_url on a vision model', async () => {
    const png = workspaceFile('diagram.png');
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await vscode.workspace.fs.writeFile(png, PNG);
    try {
      await vscode.commands.executeCommand('svc.newChat');
      await vscode.commands.executeCommand('svc.addFileToChat', png, [png]);
      const before = readLog(logFile).length;
      await assert.rejects(api.sendMessage('What is in the picture?', { model: 'svc-v1-8k' }), /svc-v1-8k cannot see images or videos/);
      assert.equal(readLog(logFile).slice(before).filter(isChat).length, 0, 'no request that would fail was sent');

      await api.sendMessage('What is in the picture?', { model: 'svc-k2.5', thinking: false });
      const chat = readLog(logFile).slice(before).filter(isChat).at(-1);
      const user = (chat?.request as { messages: { role: string; content: unknown }[] }).messages.at(-1);
      assert.ok(Array.isArray(user?.content), 'the user message has parts');
      const image = (user.content as { type: string; image_url?: { url: string } }[]).find((p) => p.type === 'image_url');
      assert.match(image?.image_url?.url ?? '', /^data:image\/png;base64,iVBORw0KGgo/, 'a small image goes inline as a data URI');
    } finally {
      await vscode.workspace.fs.delete(png);
    }
  });

  it('lists uploaded files in "Manage Uploaded Files" and deletes the one picked', async () => {
    await explainFromExplorer(api, workspaceFile('src', 'format.js'));
    const uploaded = readLog(logFile)
      .filter(isUpload)
      .map((r) => r.response as { id: string; filename: string })
      .find((f) => f.filename.endsWith('format.js'));
    assert.ok(uploaded, 'format.js was uploaded');

    const confirmations: string[] = [];
    let shown: { pick: vscode.QuickPick<UploadItem>; accept: () => Promise<void> } | undefined;
    const seam: ManageUploadsSeam = {
      shown: (pick, accept) => (shown = { pick, accept }),
      confirm: (message) => {
        confirmations.push(message);
        return Promise.resolve(true);
      },
    };
    await vscode.commands.executeCommand('svc.manageUploads', seam);
    assert.ok(shown, 'the quick pick was shown');
    const { pick, accept } = shown;
    try {
      const ids = () => pick.items.map((i) => i.row.file.id);
      assert.ok(ids().includes(uploaded.id), 'the upload is listed');
      const item = pick.items.find((i) => i.row.file.id === uploaded.id);
      assert.ok(item);
      assert.match(item.label, /format\.js/);
      assert.ok(item.row.owned, 'it is marked as uploaded by this extension');
      assert.match(pick.title ?? '', /of [\d,]+ files/, 'totals against the limits are in the title');

      const logged = readLog(logFile).length;
      pick.selectedItems = [item];
      await accept();
      assert.equal(confirmations.length, 1);
      assert.match(confirmations[0] ?? '', /format\.js/);
      const deletes = readLog(logFile).slice(logged).filter((r) => r.method === 'DELETE');
      assert.deepEqual(deletes.map((r) => [r.path, r.status]), [[`/v1/files/${uploaded.id}`, 200]]);
      assert.ok(!ids().includes(uploaded.id), 'the list was reloaded without it');
    } finally {
      pick.hide();
    }
  });
});
