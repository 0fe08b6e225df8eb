// Attacks on the storage folders' files (conversation journals, the index, the lock, the upload
// record) by another local process that can write into the folder: links planted where the extension
// appends or replaces, a lock left behind to stall every window.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { journalName } from '../../src/core/conversations/conversationJournal';
import { systemClock } from '../../src/core/clock';
import { ConversationFolderFiles } from '../../src/extension/conversationFolderFiles';
import { FileKeyValueStorage } from '../../src/extension/fileKeyValueStorage';
import { tempDir } from '../support/emulatorTestBed';

describe('storage folder files, under attack', () => {
  let dir: string;
  let outside: string;
  beforeEach(() => {
    dir = tempDir('svc-storage-attack-');
    outside = path.join(tempDir('svc-storage-victim-'), 'victim.txt');
    fs.writeFileSync(outside, 'untouched');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(path.dirname(outside), { recursive: true, force: true });
  });

  it('a link planted in place of a journal is never appended through', async () => {
    const folder = new ConversationFolderFiles(dir);
    const { store } = await ConversationStore.open(folder, systemClock);
    const conversation = await store.create();
    const journal = path.join(dir, journalName(conversation.id));
    fs.rmSync(journal);
    fs.symlinkSync(outside, journal);
    conversation.entries.push({ id: 'u', role: 'user', createdAt: 1, content: 'secret question' });
    await assert.rejects(folder.append(journalName(conversation.id), 'evil\n', true), /ELOOP|EMLINK/);
    await store.save(conversation).catch(() => undefined);
    assert.equal(fs.readFileSync(outside, 'utf8'), 'untouched');
  });

  it('a link planted in place of the index or a temporary file is replaced, not written through', async () => {
    fs.symlinkSync(outside, path.join(dir, 'index.json'));
    const { store } = await ConversationStore.open(new ConversationFolderFiles(dir), systemClock);
    await store.create();
    assert.equal(fs.readFileSync(outside, 'utf8'), 'untouched');
    assert.ok(!fs.lstatSync(path.join(dir, 'index.json')).isSymbolicLink());
    const records = new FileKeyValueStorage(path.join(dir, 'uploads'));
    fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
    fs.symlinkSync(outside, path.join(dir, 'uploads', `${encodeURIComponent('k')}.json.${process.pid}.1.tmp`));
    await assert.rejects(records.update('k', () => ({ n: 1 })), /EEXIST/);
    assert.equal(fs.readFileSync(outside, 'utf8'), 'untouched');
  });

  it('a lock left by a process that is gone does not stall the windows, and the files stay private', async () => {
    fs.mkdirSync(path.join(dir, '.lock'));
    fs.writeFileSync(path.join(dir, '.lock', 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), at: Date.now() }));
    const { store } = await ConversationStore.open(new ConversationFolderFiles(dir), systemClock);
    const conversation = await store.create();
    assert.ok(!fs.existsSync(path.join(dir, '.lock')));
    assert.equal(fs.statSync(path.join(dir, journalName(conversation.id))).mode & 0o077, 0);
    assert.equal(fs.statSync(path.join(dir, 'index.json')).mode & 0o077, 0);
  });

  it('a file name that climbs out of the folder is refused', async () => {
    await assert.rejects(new ConversationFolderFiles(dir).replace('../escape.jsonl', 'x'), /Not a file name/);
    assert.ok(!fs.existsSync(path.join(dir, '..', 'escape.jsonl')));
  });
});
