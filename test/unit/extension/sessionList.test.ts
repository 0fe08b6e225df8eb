// The chat view's list of sessions joins its sources (this window's conversations and, from their own
// feature, background tasks), sends the view the whole list once per burst of changes, keeps the view's
// badge on the number waiting for an approval and routes open, stop and resume to the source that owns
// the session. `vscode` here is a stand-in with what the list uses: Disposable and l10n.
import { strict as assert } from 'node:assert';
import Module from 'node:module';
import type { SessionRecord, SessionSource } from '../../../src/core/sessions/sessionSource';
import type * as SessionListModule from '../../../src/extension/sessions/sessionList';
import { parseHostMessage } from '../../../src/shared/messageParsing';
import { installVscodeStandIn } from '../../support/vscodeStandIn';
import type { HostMessage } from '../../../src/shared/protocol';

/** A source of sessions the test changes by hand, recording what it was asked to do. */
class HandSource implements SessionSource {
  readonly asked: string[] = [];
  private readonly listeners = new Set<() => void>();
  constructor(public records: SessionRecord[]) {}
  sessions(): SessionRecord[] {
    return this.records;
  }
  owns(sessionId: string): boolean {
    return this.records.some((r) => r.id === sessionId);
  }
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  change(records: SessionRecord[]): void {
    this.records = records;
    for (const listener of this.listeners) listener();
  }
  async open(sessionId: string): Promise<void> {
    this.asked.push(`open ${sessionId}`);
  }
  stop(sessionId: string): boolean {
    this.asked.push(`stop ${sessionId}`);
    return true;
  }
  async resume(sessionId: string): Promise<void> {
    this.asked.push(`resume ${sessionId}`);
  }
}

/** A source whose sessions work apart from the folder, so they can be applied and discarded. */
class BringingSource extends HandSource {
  async apply(sessionId: string): Promise<void> {
    this.asked.push(`apply ${sessionId}`);
  }
  async discard(sessionId: string): Promise<void> {
    this.asked.push(`discard ${sessionId}`);
  }
}

function record(id: string, state: SessionRecord['state'], updatedAt: number, extra: Partial<SessionRecord> = {}): SessionRecord {
  return { id, conversationId: id, title: `Session ${id}`, kind: 'foreground', state, tokens: 10, filesChanged: 0, updatedAt, ...extra };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the list of sessions (host side)', () => {
  let restore: () => void;
  let list: typeof SessionListModule;

  before(() => {
    restore = installVscodeStandIn();
    list = Module.createRequire(__filename)('../../../src/extension/sessions/sessionList') as typeof SessionListModule;
  });

  after(() => restore());

  function made() {
    const posted: HostMessage[] = [];
    const badges: SessionListModule.SessionBadge[] = [];
    const sessions = new list.SessionList({ post: (m) => posted.push(m), setBadge: (b) => badges.push(b) });
    return { sessions, posted, badges };
  }

  it('sends every source\'s sessions newest first, in messages the view accepts, once per burst of changes', async () => {
    const { sessions, posted } = made();
    const foreground = new HandSource([record('c1', 'done', 10), record('c2', 'running', 30, { model: 'svc-k2.5', usd: 0.02 })]);
    const background = new HandSource([record('bg1', 'waiting', 20, { kind: 'background', conversationId: 'bc1', worktree: { path: '/tmp/wt/bg1', branch: 'svc/task-1', applied: false } })]);
    sessions.add(foreground);
    sessions.add(background);
    foreground.change([...foreground.records]);
    await turn();
    assert.equal(posted.length, 1, 'three changes in one turn, one message');
    const message = posted[0]!;
    assert.equal(parseHostMessage(JSON.parse(JSON.stringify(message))).ok, true, 'the protocol accepts it');
    assert.ok(message.type === 'sessions');
    assert.deepEqual(message.sessions.map((s) => `${s.id}:${s.state}`), ['c2:running', 'bg1:waiting', 'c1:done']);
    assert.deepEqual(message.sessions[0], { id: 'c2', conversationId: 'c2', title: 'Session c2', kind: 'foreground', state: 'running', model: 'svc-k2.5', tokens: 10, usd: 0.02, filesChanged: 0, updatedAt: 30 });
    assert.deepEqual(message.sessions[1]?.worktree, { path: '/tmp/wt/bg1', branch: 'svc/task-1', applied: false });
    assert.equal(message.sessions[2]?.model, null);

    background.change([...background.records]);
    await turn();
    assert.equal(posted.length, 1, 'a change that shows nothing new sends nothing');
    sessions.viewReady();
    assert.equal(posted.length, 2, 'a page that (re)loaded gets the list at once');
  });

  it('sets the view\'s badge to the number waiting, only when it changes, and clears it when none waits', async () => {
    const { sessions, badges } = made();
    const source = new HandSource([record('c1', 'waiting', 1)]);
    sessions.add(source);
    await turn();
    source.change([record('c1', 'waiting', 2), record('c2', 'waiting', 3)]);
    await turn();
    source.change([record('c1', 'waiting', 4), record('c2', 'waiting', 5)]);
    await turn();
    source.change([record('c1', 'done', 6)]);
    await turn();
    assert.deepEqual(badges, [{ value: 1, tooltip: '1 session waits for your approval' }, { value: 2, tooltip: '2 sessions wait for your approval' }, undefined]);
  });

  it('routes open, stop and resume to the source that owns the session, and refuses an unknown one by name', async () => {
    const { sessions } = made();
    const foreground = new HandSource([record('c1', 'running', 1)]);
    const background = new HandSource([record('bg1', 'stopped', 2, { kind: 'background' })]);
    sessions.add(foreground);
    const removal = sessions.add(background);
    const handlers = sessions.handlers();
    await handlers.stopSession({ type: 'stopSession', sessionId: 'c1' });
    await handlers.resumeSession({ type: 'resumeSession', sessionId: 'bg1' });
    await handlers.openSession({ type: 'openSession', sessionId: 'bg1' });
    assert.deepEqual(foreground.asked, ['stop c1']);
    assert.deepEqual(background.asked, ['resume bg1', 'open bg1']);
    removal.dispose();
    assert.throws(() => handlers.openSession({ type: 'openSession', sessionId: 'bg1' }), /No session "bg1"/);
    assert.deepEqual(sessions.sessions().map((s) => s.id), ['c1'], 'a source taken out is listed no more');
  });

  it('routes Apply and Discard to the background source that owns the session; it refuses an unknown id and a conversation of this window by name', async () => {
    const { sessions } = made();
    const foreground = new HandSource([record('c1', 'done', 1)]);
    const background = new BringingSource([record('background:t1', 'done', 2, { kind: 'background', conversationId: 'bc1', filesChanged: 1, worktree: { path: '/tmp/wt/t1', branch: 'svc/task-t1', applied: false } })]);
    sessions.add(foreground);
    sessions.add(background);
    const handlers = sessions.handlers();
    await handlers.applySession({ type: 'applySession', sessionId: 'background:t1' });
    await handlers.discardSession({ type: 'discardSession', sessionId: 'background:t1' });
    assert.deepEqual(background.asked, ['apply background:t1', 'discard background:t1']);
    assert.throws(() => handlers.applySession({ type: 'applySession', sessionId: 'background:gone' }), /No session "background:gone" in this window: it ended or was deleted\./);
    assert.throws(() => handlers.discardSession({ type: 'discardSession', sessionId: 'background:gone' }), /No session "background:gone"/);
    assert.throws(() => handlers.applySession({ type: 'applySession', sessionId: 'c1' }), (error: unknown) => error instanceof list.NotBackgroundSessionError && /Session "c1" is not a background task: only a background task's changes can be applied or discarded\./.test(error.message));
    assert.throws(() => handlers.discardSession({ type: 'discardSession', sessionId: 'c1' }), list.NotBackgroundSessionError);
    assert.deepEqual(foreground.asked, [], 'a conversation of this window was asked nothing');
  });

  it('lists a background task\'s conversation once, as the task: the foreground row of the same conversation is left out, and its waiting counts once', async () => {
    const { sessions, posted, badges } = made();
    const foreground = new HandSource([record('c1', 'done', 1), record('bc1', 'waiting', 3)]);
    const background = new HandSource([record('background:t1', 'waiting', 2, { kind: 'background', conversationId: 'bc1', worktree: { path: '/tmp/wt/t1', branch: 'svc/task-t1', applied: false } })]);
    sessions.add(foreground);
    sessions.add(background);
    await turn();
    const message = posted.at(-1);
    assert.ok(message?.type === 'sessions');
    assert.deepEqual(message.sessions.map((s) => `${s.id}:${s.kind}`), ['background:t1:background', 'c1:foreground']);
    assert.deepEqual(badges, [{ value: 1, tooltip: '1 session waits for your approval' }]);
  });
});
