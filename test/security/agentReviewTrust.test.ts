// The review's commands can be run by any extension with any arguments: a file that is not under review,
// a made-up hunk id or a file the user is changing at that moment must never be written. An undo only
// ever writes the agent's text with that hunk reverted (carried onto the user's typing).
import assert from 'node:assert/strict';
import { AgentEditReview, ReviewHunkGoneError, type ReviewedFiles } from '../../src/core/review/agentEditReview';

class Files implements ReviewedFiles {
  readonly texts = new Map<string, string>([
    ['/ws/app.js', 'const a = 2;\nconst b = 2;\n'],
    ['/home/user/.bashrc', 'export PATH=/usr/bin\n'],
  ]);
  readonly written: string[] = [];

  async read(p: string): Promise<string | undefined> {
    return this.texts.get(p);
  }

  async remove(p: string): Promise<void> {
    this.written.push(`removed ${p}`);
    this.texts.delete(p);
  }

  async replace(p: string, expected: string, text: string): Promise<Uint8Array> {
    if (this.texts.get(p) !== expected) throw new Error('changed since read');
    this.written.push(p);
    this.texts.set(p, text);
    return new TextEncoder().encode(text);
  }
}

function reviewed(): { files: Files; review: AgentEditReview } {
  const files = new Files();
  const review = new AgentEditReview(files);
  review.noteAgentWrite({ path: '/ws/app.js', display: 'app.js', before: 'const a = 1;\nconst b = 2;\n', after: 'const a = 2;\nconst b = 2;\n', afterBytes: new Uint8Array() });
  return { files, review };
}

describe('review of agent edits: commands from anywhere', () => {
  it('refuses a file that is not under review, and a made-up hunk, writing nothing', async () => {
    const { files, review } = reviewed();
    await assert.rejects(review.undo('/home/user/.bashrc', 'anything'), ReviewHunkGoneError);
    await assert.rejects(review.undoFile('/home/user/.bashrc'), ReviewHunkGoneError);
    await assert.rejects(review.undo('/ws/app.js', 'not-a-hunk'), ReviewHunkGoneError);
    assert.throws(() => review.keep('/ws/app.js', 'not-a-hunk'), ReviewHunkGoneError);
    assert.deepEqual(files.written, []);
    assert.equal(files.texts.get('/home/user/.bashrc'), 'export PATH=/usr/bin\n');
  });

  it('writes only the agent text with the hunk reverted, and nothing when the file changes under it', async () => {
    const { files, review } = reviewed();
    const [hunk] = await review.hunks('/ws/app.js');
    const racing: ReviewedFiles = { read: (p) => files.read(p), replace: async () => Promise.reject(new Error('changed since read')), remove: async () => Promise.reject(new Error('changed since read')) };
    const raced = new AgentEditReview(racing);
    raced.noteAgentWrite({ path: '/ws/app.js', display: 'app.js', before: 'const a = 1;\nconst b = 2;\n', after: 'const a = 2;\nconst b = 2;\n', afterBytes: new Uint8Array() });
    await assert.rejects(raced.undo('/ws/app.js', hunk!.id), /changed since read/);
    assert.equal(raced.counts().hunks, 1, 'a failed write leaves the hunk to review');
    await review.undo('/ws/app.js', hunk!.id);
    assert.deepEqual(files.written, ['/ws/app.js']);
    assert.equal(files.texts.get('/ws/app.js'), 'const a = 1;\nconst b = 2;\n');
  });
});
