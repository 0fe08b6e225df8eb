import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AssistantEntry } from '../../../src/core/conversations/conversation';
import { journalName } from '../../../src/core/conversations/conversationJournal';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { accountKey } from '../../../src/core/files/accountKey';
import { uploadStorageKey } from '../../../src/core/files/uploadCache';
import { systemClock } from '../../../src/core/clock';
import { ConversationFolderFiles } from '../../../src/extension/conversationFolderFiles';
import { FileKeyValueStorage } from '../../../src/extension/fileKeyValueStorage';
import { startEmulatorTestBed, tempDir, type EmulatorTestBed } from '../../support/emulatorTestBed';

const ROUNDS = 12;

function runWindow(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support', 'sharedFolderWorker.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`window ${args[2]} exited with ${code}: ${err}`))));
  });
}

describe('two processes on one storage folder', function () {
  this.timeout(180_000);
  let emu: EmulatorTestBed;
  let dir: string;
  afterEach(async () => {
    await emu?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('create, rename, delete and stream at once: no update is lost, nothing deleted comes back, both upload records stay', async () => {
    emu = await startEmulatorTestBed();
    dir = tempDir('svc-shared-folder-');
    const conversationsDir = path.join(dir, 'conversations');
    const uploadsDir = path.join(dir, 'uploads');
    const { store: setup } = await ConversationStore.open(new ConversationFolderFiles(conversationsDir), systemClock);
    const shared = await setup.create();
    shared.entries.push({ id: 'first', role: 'user', createdAt: 0, content: 'shared question' });
    await setup.save(shared);

    const common = [conversationsDir, uploadsDir];
    const rest = [emu.url, emu.apiKey, shared.id, String(ROUNDS)];
    const [a] = await Promise.all([runWindow([...common, 'A', ...rest]), runWindow([...common, 'B', ...rest])]);
    const { deletedOthers } = JSON.parse(a) as { deletedOthers: string[] };

    const { store, problems } = await ConversationStore.open(new ConversationFolderFiles(conversationsDir), systemClock);
    assert.deepEqual(problems, []);
    const titles = store.list().map((s) => s.title);
    for (const tag of ['A', 'B']) {
      for (let round = 0; round < ROUNDS; round++) {
        const expected = round % 3 === 0 ? 0 : 1;
        assert.equal(titles.filter((t) => t === `${tag} ${round}`).length, expected, `${tag} ${round}: created, renamed${expected ? '' : ', deleted'}`);
      }
    }
    for (const summary of store.list().filter((s) => /^[AB] \d+$/.test(s.title))) {
      const reply = (await store.read(summary.id))?.entries[1] as AssistantEntry;
      assert.equal(reply.alternatives[0]?.content, 'w0 w1 w2 w3 w4 ', `${summary.title}: every streamed save is there`);
      assert.equal(reply.status, 'complete');
    }
    assert.ok(deletedOthers.length > 0, 'window A deleted conversations window B kept saving');
    for (const id of deletedOthers) {
      assert.equal(store.summary(id), undefined, `${id} stays deleted`);
      assert.ok(!fs.existsSync(path.join(conversationsDir, journalName(id))), `${id} has no journal`);
    }
    const back = await store.read(shared.id);
    assert.equal(back?.title, `A round ${ROUNDS - 1}`, 'the last rename of window A is kept');
    assert.equal(back?.entries.length, 1 + 2 * ROUNDS, 'every message window B added is kept');
    assert.ok(back?.entries.every((e) => e.role !== 'assistant' || e.alternatives[0]?.content === 'w0 w1 w2 '));

    const record = (await new FileKeyValueStorage(uploadsDir).read(uploadStorageKey(accountKey(emu.url, emu.apiKey)))) as { uploads: { filename: string }[] };
    const names = record.uploads.map((u) => u.filename).sort();
    const expectedNames = ['A', 'B'].flatMap((tag) => Array.from({ length: ROUNDS }, (_, round) => `${tag}-${round}.txt`)).sort();
    assert.deepEqual(names, expectedNames, 'both windows’ upload records are kept');
    assert.ok(!fs.existsSync(path.join(conversationsDir, '.lock')), 'the lock was released');
  });
});
