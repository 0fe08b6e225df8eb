// The review of an agent's edits on a real source file: two edits of a task reviewed hunk by hunk (one
// kept, one undone) give the exact text; the counts follow the decisions; the user's typing is carried
// or protected; "Undo these changes" and checkpoint restores agree with what was decided.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { AgentEditReview, ReviewConflictError, ReviewHunkGoneError, type ReviewCounts } from '../../../src/core/review/agentEditReview';
import { endOnRestore, followJournal } from '../../../src/core/review/reviewSources';
import { Checkpoints, type CheckpointChange, type FolderStore } from '../../../src/core/checkpoints/checkpoints';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { MemoryFiles } from '../../support/memoryFiles';

const REPO = path.join(__dirname, '..', '..', '..');
const ORIGINAL = readFileSync(path.join(REPO, 'src/core/chat/chatRequestBuilder.ts'), 'utf8');
const FILE = '/ws/src/chatRequestBuilder.ts';
const OTHER = '/ws/src/notes.md';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

interface Bed {
  files: MemoryFiles;
  journal: ChangeJournal;
  review: AgentEditReview;
  agentWrites(p: string, text: string): Promise<void>;
}

function bed(): Bed {
  const files = new MemoryFiles();
  const journal = new ChangeJournal();
  const review = new AgentEditReview(files);
  const feed = followJournal(review, journal, async (bytes) => decode(bytes), (error) => assert.fail(String(error)));
  return {
    files,
    journal,
    review,
    async agentWrites(p, text) {
      const before = files.bytes(p);
      files.setText(p, text);
      const after = files.bytes(p)!;
      journal.record(before === undefined ? { kind: 'create', path: p, display: path.basename(p), after } : { kind: 'write', path: p, display: path.basename(p), before, after });
      await feed.settled();
    },
  };
}

/** The task's two edits of the real file, far apart: the model line, then the tools line. */
const firstEdit = (text: string) => text.replace('model: settings.model,', 'model: settings.model.trim(),');
const secondEdit = (text: string) => text.replace('request.tools = tools;', 'request.tools = [...tools];');

async function twoEdits(text = ORIGINAL): Promise<Bed> {
  const b = bed();
  b.files.setText(FILE, text);
  await b.agentWrites(FILE, firstEdit(text));
  await b.agentWrites(FILE, secondEdit(firstEdit(text)));
  return b;
}

/** The window-wide figures; byFile is checked where a test is about it. */
function totals(counts: ReviewCounts): Pick<ReviewCounts, 'hunks' | 'files'> {
  return { hunks: counts.hunks, files: counts.files };
}

describe('review of an agent task edits', () => {
  it('offers both edits of a task as hunks against the text before its first edit, placed where they are now', async () => {
    const { review, files } = await twoEdits();
    assert.deepEqual(totals(review.counts()), { hunks: 2, files: 1 });
    assert.deepEqual(Object.values(review.counts().byFile), [2], 'per file, under the name the summary lists');
    const hunks = await review.hunks(FILE);
    const lines = files.text(FILE)!.split('\n');
    assert.deepEqual(hunks.map((h) => lines[h.line]), hunks.map((h) => h.added[0]));
    assert.match(hunks[0]!.removed[0]!, /model: settings\.model,/);
    assert.match(hunks[1]!.added[0]!, /\[\.\.\.tools\]/);
  });

  it('keeps one hunk and undoes the other: the file is exactly the kept edit alone, and the review is done', async () => {
    const { review, files } = await twoEdits();
    const [model, tools] = await review.hunks(FILE);
    review.keep(FILE, model!.id);
    assert.deepEqual(totals(review.counts()), { hunks: 1, files: 1 });
    assert.equal(files.writes, 0, 'keeping writes nothing');
    await review.undo(FILE, tools!.id);
    assert.equal(files.text(FILE), firstEdit(ORIGINAL));
    assert.deepEqual(totals(review.counts()), { hunks: 0, files: 0 });
    assert.deepEqual(review.paths(), []);
    await assert.rejects(review.undo(FILE, tools!.id), ReviewHunkGoneError);
  });

  it('undoes a hunk of a CRLF file with no final newline and keeps every other byte', async () => {
    const crlf = ORIGINAL.replace(/\n/g, '\r\n').replace(/\r\n$/, '');
    const { review, files } = await twoEdits(crlf);
    const [model] = await review.hunks(FILE);
    await review.undo(FILE, model!.id);
    assert.equal(files.text(FILE), secondEdit(crlf));
  });

  it('undoing every hunk of a file one by one equals undoing the file, and equals "Undo these changes"', async () => {
    const one = await twoEdits();
    for (const hunk of await one.review.hunks(FILE)) await one.review.undo(FILE, (await one.review.hunks(FILE)).find((h) => h.added[0] === hunk.added[0])!.id);
    const whole = await twoEdits();
    await whole.review.undoFile(FILE);
    const task = await twoEdits();
    const report = await task.journal.undoAll(task.files);
    assert.deepEqual(report.skipped, []);
    assert.equal(one.files.text(FILE), ORIGINAL);
    assert.equal(whole.files.text(FILE), ORIGINAL);
    assert.equal(task.files.text(FILE), ORIGINAL);
    assert.deepEqual(totals(one.review.counts()), { hunks: 0, files: 0 });
    assert.deepEqual(totals(whole.review.counts()), { hunks: 0, files: 0 });
  });

  it('"Undo these changes" after a hunk was undone neither fails nor brings the hunk back, and ends the review', async () => {
    const b = await twoEdits();
    await b.agentWrites(OTHER, '# notes\n');
    const [, tools] = await b.review.hunks(FILE);
    await b.review.undo(FILE, tools!.id);
    assert.deepEqual(totals(b.review.counts()), { hunks: 2, files: 2 });
    const report = await b.journal.undoAll(b.files);
    assert.deepEqual(report.skipped, []);
    assert.deepEqual(report.restored, ['chatRequestBuilder.ts']);
    assert.deepEqual(report.deleted, ['notes.md']);
    assert.equal(b.files.text(FILE), ORIGINAL);
    await b.review.endReverted();
    assert.deepEqual(totals(b.review.counts()), { hunks: 0, files: 0 });
  });

  it('undoing a hunk carries the user typing made since onto the result', async () => {
    const b = await twoEdits();
    const typed = `// typed by the user\n${b.files.text(FILE)!}`;
    b.files.setText(FILE, typed);
    const hunks = await b.review.hunks(FILE);
    const lines = typed.split('\n');
    assert.deepEqual(hunks.map((h) => lines[h.line]), hunks.map((h) => h.added[0]), 'hunks are placed in the typed text');
    await b.review.undo(FILE, hunks[0]!.id);
    assert.equal(b.files.text(FILE), `// typed by the user\n${secondEdit(ORIGINAL)}`);
    // The typed file is the user's now: "Undo these changes" leaves it alone rather than losing the typing.
    const report = await b.journal.undoAll(b.files);
    assert.equal(report.skipped.length, 1);
    assert.ok(b.files.text(FILE)!.startsWith('// typed by the user\n'));
  });

  it('refuses to undo a hunk whose lines the user changed since, and writes nothing', async () => {
    const b = await twoEdits();
    const typed = b.files.text(FILE)!.replace('model: settings.model.trim(),', 'model: settings.model.toLowerCase(),');
    b.files.setText(FILE, typed);
    const [model, tools] = await b.review.hunks(FILE);
    await assert.rejects(b.review.undo(FILE, model!.id), (error: unknown) => error instanceof ReviewConflictError && /you changed line \d+ of chatRequestBuilder\.ts/.test(error.message));
    assert.equal(b.files.text(FILE), typed);
    assert.equal(b.files.writes, 0);
    await b.review.undo(FILE, tools!.id);
    assert.ok(b.files.text(FILE)!.includes('model: settings.model.toLowerCase(),'));
    assert.ok(b.files.text(FILE)!.includes('request.tools = tools;'));
    const { refused } = await b.review.undoAll();
    assert.equal(refused.length, 1);
  });

  it('a new edit of the agent while the review is open adds to it, keeping what was decided', async () => {
    const b = await twoEdits();
    const [model] = await b.review.hunks(FILE);
    b.review.keep(FILE, model!.id);
    await b.agentWrites(FILE, `${b.files.text(FILE)!}// added later\n`);
    const hunks = await b.review.hunks(FILE);
    assert.equal(hunks.length, 2);
    assert.ok(hunks.every((h) => !h.added.some((line) => line.includes('trim()'))));
    b.review.keepAll();
    assert.deepEqual(totals(b.review.counts()), { hunks: 0, files: 0 });
    assert.equal(b.files.writes, 0);
  });

  it('undoing all of a file the task created deletes it, as "Undo these changes" does, and that undo then agrees', async () => {
    const b = bed();
    await b.agentWrites(OTHER, '# notes\n\n- first\n');
    const created = bed();
    await created.agentWrites(OTHER, '# notes\n\n- first\n');
    await b.review.undoFile(OTHER);
    assert.equal(b.files.has(OTHER), false);
    assert.deepEqual(totals(b.review.counts()), { hunks: 0, files: 0 });
    const report = await b.journal.undoAll(b.files);
    assert.deepEqual(report, { restored: [], deleted: ['notes.md'], movedBack: [], skipped: [] });
    const direct = await created.journal.undoAll(created.files);
    assert.deepEqual(direct.deleted, ['notes.md']);
    assert.equal(created.files.has(OTHER), false);
  });

  it('a file the agent moves is reviewed at its new path, in its place in the list; an undone hunk there is undone by "Undo these changes" too', async () => {
    const b = await twoEdits();
    await b.agentWrites(OTHER, '# notes\n');
    const moved = '/ws/src/requests/chatRequestBuilder.ts';
    const bytes = b.files.bytes(FILE)!;
    b.files.setText(moved, b.files.text(FILE)!);
    await b.files.deleteFile(FILE);
    b.journal.record({ kind: 'move', from: { path: FILE, display: 'chatRequestBuilder.ts' }, to: { path: moved, display: 'requests/chatRequestBuilder.ts' }, bytes });
    await b.agentWrites(OTHER, '# notes\n\n- moved the builder\n');
    assert.deepEqual(b.review.paths(), [moved, OTHER]);
    assert.equal(b.review.display(moved), 'requests/chatRequestBuilder.ts');
    assert.deepEqual(await b.review.hunks(FILE), []);
    const [model] = await b.review.hunks(moved);
    const lines = b.files.text(moved)!.split('\n');
    assert.equal(lines[model!.line], model!.added[0]);
    await b.review.undo(moved, model!.id);
    assert.equal(b.files.text(moved), secondEdit(ORIGINAL));
    assert.deepEqual(b.journal.filesChanged(), ['requests/chatRequestBuilder.ts', 'notes.md']);
    const report = await b.journal.undoAll(b.files);
    assert.deepEqual(report, { restored: ['chatRequestBuilder.ts'], deleted: ['notes.md'], movedBack: [{ from: 'requests/chatRequestBuilder.ts', to: 'chatRequestBuilder.ts' }], skipped: [] });
    assert.equal(b.files.text(FILE), ORIGINAL);
    assert.equal(b.files.has(moved), false);
    await b.review.endReverted();
    assert.deepEqual(totals(b.review.counts()), { hunks: 0, files: 0 });
  });

  it('a file the agent deletes leaves the review, and "Undo these changes" brings it back as it was before the task', async () => {
    const b = await twoEdits();
    await b.agentWrites(OTHER, '# notes\n');
    const bytes = b.files.bytes(FILE)!;
    await b.files.deleteFile(FILE);
    b.journal.record({ kind: 'delete', path: FILE, display: 'chatRequestBuilder.ts', before: bytes });
    await b.agentWrites(OTHER, '# notes\n\n- deleted the builder\n');
    assert.deepEqual(b.review.paths(), [OTHER]);
    const report = await b.journal.undoAll(b.files);
    assert.deepEqual(report, { restored: ['chatRequestBuilder.ts'], deleted: ['notes.md'], movedBack: [], skipped: [] });
    assert.equal(b.files.text(FILE), ORIGINAL);
  });

  it('a checkpoint restore ends the review of the files it touched, and only those', async () => {
    const b = await twoEdits();
    await b.agentWrites(OTHER, '# notes\n');
    const store: FolderStore = {
      workTree: '/ws',
      snapshot: async () => ({ commit: 'now', leftOut: [] }),
      changesSince: async () => [],
      restore: async () => [{ path: 'src/chatRequestBuilder.ts', status: 'modified' }],
      fileAt: async () => undefined,
      prune: async () => 0,
      needsPreparing: async () => false,
      prepare: async () => undefined,
    };
    const checkpoints = new Checkpoints({ stores: async () => [store], enabled: () => true, clock: { now: () => 0 }, newId: () => 'ck', warnOnce: () => undefined });
    const restored: CheckpointChange[][] = [];
    checkpoints.onRestored((changed) => void restored.push([...changed]));
    endOnRestore(b.review, checkpoints);
    await checkpoints.restore({ id: 'ck-0', label: 'before the task', createdAt: 0, folders: [{ folder: '/ws', commit: 'c0' }], leftOut: [] });
    assert.equal(restored.length, 1);
    assert.deepEqual(b.review.paths(), [OTHER]);
  });
});
