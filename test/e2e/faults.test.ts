// Faults as a person meets them in the real VS Code: the packaged extension in code-server, its local
// emulator answering with the emulator's own faults (asked per request through the fault front,
// SVC_EMULATOR_FAULTS, or per account through SVC_EMULATOR_OPTIONS), and the extension host SIGKILLed
// mid-stream and restarted by VS Code. Each test checks what the chat view shows (the error, its
// action, the partial reply), what the emulator was asked (so retries happen only where allowed) and
// the conversation saved in the workspace storage. One theme: the error UI is the same in both.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FrameLocator, Locator } from 'playwright-core';
import { replayJournal } from '../../src/core/conversations/journalReplay';
import { FAULTS_ENV, OPTIONS_ENV, REQUEST_LOG_ENV } from '../../src/extension/localEmulator';
import { extensionId, themes, useVsCode, type VsCodeSession } from './vscodeSession';

const theme = themes[0];

interface SavedEntry {
  role: string;
  content?: string;
  status?: string;
  error?: { kind: string; action: string; automaticRetry?: boolean };
  alternatives?: { content: string; reasoning: string }[];
}

interface SavedConversation {
  id: string;
  entries: SavedEntry[];
}

interface LoggedRequest {
  time: string;
  path: string;
  headers: Record<string, string | undefined>;
  request?: { messages?: { role: string; content: unknown }[] };
  status?: number;
  ended?: string;
  durationMs: number;
}

/** Numbered words, for a reply whose every prefix is told apart; the scripted model repeats them when asked. */
const words = (label: string, count: number): string => Array.from({ length: count }, (_, i) => `${label}${i + 1}`).join(' ');

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every conversation the extension saved for the workspace (one journal each in its workspace storage). */
function savedConversations(runDir: string): SavedConversation[] {
  const storage = path.join(runDir, 'user-data', 'User', 'workspaceStorage');
  if (!fs.existsSync(storage)) return [];
  const found: SavedConversation[] = [];
  for (const file of fs.readdirSync(storage, { recursive: true, encoding: 'utf8' })) {
    if (!/conversations[\\/][^\\/]+\.jsonl$/.test(file)) continue;
    // A save being appended right now is cut short and dropped by the replay: the next look sees it.
    const conversation = replayJournal(fs.readFileSync(path.join(storage, file), 'utf8')).conversation;
    if (conversation) found.push(conversation as SavedConversation);
  }
  return found;
}

function savedWith(runDir: string, userText: string): SavedConversation | undefined {
  return savedConversations(runDir).find((c) => c.entries.some((e) => e.role === 'user' && e.content === userText));
}

function chatRequests(logFile: string, userText: string): LoggedRequest[] {
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedRequest)
    .filter((e) => e.path === '/v1/chat/completions' && e.request?.messages?.at(-1)?.content === userText);
}

/** The turn as saved: the user message, then exactly one assistant reply with `status` before the next user message. */
function assertSavedTurn(conversation: SavedConversation | undefined, userText: string, reply: { status: string; content?: string }): SavedEntry {
  assert.ok(conversation, `no saved conversation has the message ${JSON.stringify(userText)}`);
  const at = conversation.entries.findIndex((e) => e.role === 'user' && e.content === userText);
  const next = conversation.entries.findIndex((e, i) => i > at && e.role === 'user');
  const after = conversation.entries.slice(at + 1, next < 0 ? undefined : next);
  assert.equal(after.length, 1, `one reply after the message, saved: ${JSON.stringify(after.map((e) => [e.role, e.status]))}`);
  const entry = after[0] as SavedEntry;
  assert.equal(entry.role, 'assistant');
  assert.equal(entry.status, reply.status);
  if (reply.content !== undefined) assert.equal(entry.alternatives?.[0]?.content, reply.content);
  return entry;
}

/** The processes of code-server's group (server, extension host, pty host, watcher) with their command lines. */
function groupProcesses(groupId: number): { pid: number; args: string }[] {
  return execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[2]) === groupId)
    .map((m) => ({ pid: Number(m[1]), args: m[3] ?? '' }));
}

function extensionHostPids(vscode: VsCodeSession): number[] {
  return groupProcesses(vscode.server.group.pid)
    .filter((p) => /--type=extensionHost\b/.test(p.args))
    .map((p) => p.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (theme) {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-e2e-faults-'));
  after(() => fs.rmSync(logDir, { recursive: true, force: true }));

  const RATE_LIMIT_SECONDS = 4;
  const rateLimited = 'Rate probe: reply with exactly "The wait is over"';
  const cancelled = 'Cancel probe: reply with exactly "Sent when asked"';
  const droppedAnswer = words('streamed', 30);
  const dropped = `Drop probe: reply with exactly "${droppedAnswer}"`;
  const killedAnswer = words('slowly', 120);
  const eventAnswer = words('evented', 20);
  const errorEvent = `Event probe: reply with exactly "${eventAnswer}"`;
  const invalidState = 'State probe: reply with exactly "Served after a server error"';
  const killed = `Kill probe: reply with exactly "${killedAnswer}"`;

  describe(`svc faults in VS Code (${theme.name} theme): rate limit, cut stream, error event, 500, extension host killed`, function () {
    this.timeout(120_000);
    const logFile = path.join(logDir, 'requests.jsonl');
    const vscode = useVsCode(theme, {
      env: {
        [REQUEST_LOG_ENV]: logFile,
        [FAULTS_ENV]: JSON.stringify([
          { lastUserText: 'Rate probe', fault: `rate-limit=${RATE_LIMIT_SECONDS}`, times: 1 },
          { lastUserText: 'Cancel probe', fault: `rate-limit=${RATE_LIMIT_SECONDS}`, times: 1 },
          { lastUserText: 'Drop probe', fault: 'drop-after=6', times: 1 },
          { lastUserText: 'Event probe', fault: 'error-event', times: 1 },
          { lastUserText: 'State probe', fault: 'invalid-state', times: 1 },
        ]),
      },
      // Content from the first chunk (no reasoning), paced so the killed reply is still streaming seconds in.
      settings: { 'svc.thinking': false, 'svc.emulator.speed': 40 },
    });
    const chat = (): FrameLocator => vscode.workbench.webviewView(extensionId);
    // Each message sits in a row of its own (the list is virtualised): the reply is in the row after the question's.
    const assistantAfter = (userText: string): Locator =>
      chat()
        .locator('.message-row', { has: chat().locator('[data-testid="message"][data-role="user"]', { hasText: userText }) })
        .locator('xpath=following-sibling::*[contains(concat(" ", normalize-space(@class), " "), " message-row ")][1]')
        .locator('[data-testid="message"][data-role="assistant"]');

    async function openChat(): Promise<void> {
      await vscode.workbench.runCommand('svc: Focus Chat');
      await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
      await chat().getByTestId('status-banner').filter({ hasText: /local emulator/i }).waitFor({ timeout: 30_000 });
      await chat().getByTestId('model-picker').locator('option').first().waitFor({ state: 'attached', timeout: 30_000 });
    }

    async function send(text: string): Promise<void> {
      await chat().getByTestId('composer-input').fill(text);
      await chat().getByTestId('send').click();
      await chat().locator('[data-testid="message"][data-role="user"]', { hasText: text }).waitFor({ timeout: 30_000 });
    }

    const shownComplete = (userText: string, what: string): Promise<true> =>
      until(what, async () => ((await assistantAfter(userText).getAttribute('data-status')) === 'complete' ? true : undefined));

    const savedComplete = (userText: string, what: string): Promise<SavedConversation> =>
      until(what, () => {
        const saved = savedWith(vscode.runDir, userText);
        return saved?.entries.at(-1)?.status === 'complete' ? saved : undefined;
      });

    const loggedRequests = (userText: string, count: number): Promise<LoggedRequest[]> =>
      until(`${count} logged requests`, () => {
        const logged = chatRequests(logFile, userText);
        return logged.length >= count ? logged : undefined;
      });

    it('rate limit "try again after N seconds": the countdown shows, nothing is sent before it ends, then the reply arrives', async () => {
      await openChat();
      await send(rateLimited);
      const reply = assistantAfter(rateLimited);
      const error = reply.getByTestId('error');
      await error.waitFor({ timeout: 30_000 });
      assert.equal(await error.getAttribute('data-kind'), 'rateLimit');
      const shown = (await error.textContent()) ?? '';
      assert.match(shown, /Rate limit reached/);
      assert.match(shown, new RegExp(`please try again after ${RATE_LIMIT_SECONDS} seconds`));
      assert.match(shown, /Retrying in \d s/);
      await vscode.workbench.screenshot('faults-01-rate-limit-countdown');

      const content = reply.getByTestId('message-content').filter({ hasText: 'The wait is over' });
      await content.waitFor({ timeout: 60_000 });
      await shownComplete(rateLimited, 'the reply to end complete');
      assert.equal(await reply.getByTestId('error').count(), 0, 'the error went with the retry');
      await vscode.workbench.screenshot('faults-02-rate-limit-reply');

      const requests = await loggedRequests(rateLimited, 2);
      assert.equal(requests.length, 2, 'one refused request, one retry after the countdown (the client does not retry waits over 2 s)');
      assert.equal(requests[0]?.status, 429);
      assert.equal(requests[0]?.headers['x-svc-fault'], `rate-limit=${RATE_LIMIT_SECONDS}`);
      assert.equal(requests[1]?.status, 200);
      const refusedAt = Date.parse(requests[0]?.time ?? '');
      const retriedAt = Date.parse(requests[1]?.time ?? '') - (requests[1]?.durationMs ?? 0);
      assert.ok(retriedAt - refusedAt >= (RATE_LIMIT_SECONDS - 1) * 1000, `the retry waited for the countdown (${retriedAt - refusedAt} ms)`);
      assertSavedTurn(await savedComplete(rateLimited, 'the saved reply'), rateLimited, { status: 'complete', content: 'The wait is over' });
    });

    it('rate limit, then Cancel: the host sends no retry of its own; Retry Now sends one', async () => {
      await send(cancelled);
      const reply = assistantAfter(cancelled);
      const error = reply.getByTestId('error');
      await error.getByText(/Retrying in \d s/).waitFor({ timeout: 30_000 });
      await error.getByRole('button', { name: 'Cancel' }).click();
      // The host cleared its timer in the same step that saved the error without the countdown flag
      // (the view then shows the error again without a countdown).
      await until('the saved error without its automatic retry', () => {
        const entry = savedWith(vscode.runDir, cancelled)?.entries.at(-1);
        return entry?.status === 'failed' && entry.error?.kind === 'rateLimit' && entry.error.automaticRetry === undefined ? entry : undefined;
      });
      // Past the wait: a timer that survived Cancel would have sent its retry by now.
      await new Promise((resolve) => setTimeout(resolve, (RATE_LIMIT_SECONDS + 2) * 1000));
      assert.equal(await error.getByText(/Retrying in/).count(), 0, 'no countdown after Cancel');
      assert.equal(chatRequests(logFile, cancelled).length, 1, 'nothing was sent after Cancel, past the wait');
      assert.equal(await reply.getAttribute('data-status'), 'failed');

      await error.getByRole('button', { name: /Retry/ }).click();
      await assistantAfter(cancelled).getByTestId('message-content').filter({ hasText: 'Sent when asked' }).waitFor({ timeout: 60_000 });
      const requests = chatRequests(logFile, cancelled);
      assert.deepEqual(requests.map((r) => r.status), [429, 200], 'the refused request, then the one Retry Now sent');
      assertSavedTurn(await savedComplete(cancelled, 'the saved reply'), cancelled, { status: 'complete', content: 'Sent when asked' });
    });

    /** A stream broken after its first chunks: the partial reply stays, marked interrupted and never sent again by itself; Retry completes it. */
    const midStreamCases = [
      {
        name: 'connection dropped mid-stream: the partial reply stays, marked interrupted, not retried by itself; Retry completes it',
        text: dropped,
        answer: droppedAnswer,
        fault: 'drop-after=6',
        kind: 'interrupted',
        message: /The reply was interrupted/,
        screenshots: { shown: 'faults-03-dropped-partial', retried: 'faults-04-dropped-retried' },
      },
      {
        name: 'error event mid-stream: the service\'s message with the partial reply kept, not retried by itself; Retry completes it',
        text: errorEvent,
        answer: eventAnswer,
        fault: 'error-event',
        kind: 'server',
        message: /Service error.*The stream failed on the server/s,
        screenshots: { shown: 'faults-05-error-event' },
      },
    ];

    for (const c of midStreamCases) {
      it(c.name, async () => {
        await send(c.text);
        const reply = assistantAfter(c.text);
        const error = reply.getByTestId('error');
        await error.waitFor({ timeout: 30_000 });
        assert.equal(await error.getAttribute('data-kind'), c.kind);
        assert.match((await error.textContent()) ?? '', c.message);
        assert.equal(await reply.getAttribute('data-status'), 'interrupted');
        const partial = ((await reply.getByTestId('message-content').textContent()) ?? '').trim();
        assert.ok(partial.length > 0 && c.answer.startsWith(partial) && partial !== c.answer, `a strict prefix of the answer is shown: ${JSON.stringify(partial)}`);
        const saved = assertSavedTurn(savedWith(vscode.runDir, c.text), c.text, { status: 'interrupted', content: partial });
        assert.equal(saved.error?.kind, c.kind);
        await vscode.workbench.screenshot(c.screenshots.shown);

        await error.getByRole('button', { name: /Retry/ }).click();
        await reply.getByTestId('message-content').filter({ hasText: c.answer }).waitFor({ timeout: 60_000 });
        await shownComplete(c.text, 'the retried reply to end complete');
        if (c.screenshots.retried) await vscode.workbench.screenshot(c.screenshots.retried);
        assert.deepEqual(chatRequests(logFile, c.text).map((r) => r.headers['x-svc-fault']), [c.fault, undefined], 'the faulted request and the one Retry sent, no automatic retry');
        assertSavedTurn(await savedComplete(c.text, 'the saved retried reply'), c.text, { status: 'complete', content: c.answer });
      });
    }

    it('500 invalid state transition: the client retries by itself and the user just gets the reply', async () => {
      await send(invalidState);
      const reply = assistantAfter(invalidState);
      await reply.getByTestId('message-content').filter({ hasText: 'Served after a server error' }).waitFor({ timeout: 60_000 });
      await shownComplete(invalidState, 'the reply to end complete');
      assert.equal(await reply.getByTestId('error').count(), 0);
      const requests = await loggedRequests(invalidState, 2);
      assert.deepEqual(requests.map((r) => [r.status, r.headers['x-svc-fault']]), [[500, 'invalid-state'], [200, undefined]]);
      assertSavedTurn(savedWith(vscode.runDir, invalidState), invalidState, { status: 'complete', content: 'Served after a server error' });
    });

    it('extension host SIGKILLed mid-stream and restarted: the partial reply comes back interrupted, Retry completes it', async () => {
      const hosts = extensionHostPids(vscode);
      assert.equal(hosts.length, 1, `one extension host in code-server's group: ${JSON.stringify(groupProcesses(vscode.server.group.pid))}`);
      const host = hosts[0] as number;
      await send(killed);
      const reply = assistantAfter(killed);
      // Killed once the view shows part of the reply and the host has saved part of it (it saves while streaming).
      const savedPartial = await until('part of the reply shown and saved', async () => {
        const shown = ((await reply.getByTestId('message-content').textContent().catch(() => '')) ?? '').trim();
        const saved = savedWith(vscode.runDir, killed)?.entries.at(-1);
        const text = saved?.role === 'assistant' ? (saved.alternatives?.[0]?.content ?? '') : '';
        return shown.length >= 40 && text.length >= 40 && saved?.status === 'streaming' ? text : undefined;
      });
      process.kill(host, 'SIGKILL');
      await until('the extension host to die', () => (isAlive(host) ? undefined : true), 10_000);
      assert.notEqual(savedPartial, killedAnswer);
      // What VS Code tells the user (for 5 s in the status bar) while it restarts the host.
      await vscode.workbench.page.locator('.part.statusbar', { hasText: /extension host terminated unexpectedly/i }).waitFor({ timeout: 30_000 });
      await vscode.workbench.screenshot('faults-06-host-killed');

      // VS Code restarts a crashed remote extension host by itself (after repeated crashes it asks).
      const restarted = await until('a new extension host', () => extensionHostPids(vscode).find((pid) => pid !== host), 60_000);
      assert.ok(isAlive(restarted));
      await openChat();
      const restored = assistantAfter(killed);
      await until('the restored reply marked interrupted', async () => ((await restored.getAttribute('data-status').catch(() => null)) === 'interrupted' ? true : undefined), 60_000);
      const shownPartial = ((await restored.getByTestId('message-content').textContent()) ?? '').trim();
      assert.ok(shownPartial.length >= 40 && killedAnswer.startsWith(shownPartial) && shownPartial !== killedAnswer, `a strict prefix of the answer is shown: ${JSON.stringify(shownPartial)}`);
      const error = restored.getByTestId('error');
      await error.waitFor({ timeout: 30_000 });
      assert.equal(await error.getAttribute('data-kind'), 'interrupted');
      assert.match((await error.textContent()) ?? '', /The reply was interrupted.*The editor closed or restarted while the reply was streaming/s);
      await error.scrollIntoViewIfNeeded();
      await vscode.workbench.screenshot('faults-07-restored-interrupted');
      const repaired = assertSavedTurn(savedWith(vscode.runDir, killed), killed, { status: 'interrupted' });
      assert.ok((repaired.alternatives?.[0]?.content ?? '').startsWith(savedPartial.slice(0, 40)));

      await error.getByRole('button', { name: /Retry/ }).click();
      await restored.getByTestId('message-content').filter({ hasText: killedAnswer }).waitFor({ timeout: 90_000 });
      await shownComplete(killed, 'the retried reply to end complete');
      await vscode.workbench.screenshot('faults-08-restored-retried');
      assertSavedTurn(await savedComplete(killed, 'the saved retried reply'), killed, { status: 'complete', content: killedAnswer });
      // The earlier turns of the conversation are still there, whole.
      const whole = savedWith(vscode.runDir, killed);
      assertSavedTurn(whole, rateLimited, { status: 'complete', content: 'The wait is over' });
      assertSavedTurn(whole, cancelled, { status: 'complete', content: 'Sent when asked' });
      assertSavedTurn(whole, dropped, { status: 'complete', content: droppedAnswer });
      assertSavedTurn(whole, errorEvent, { status: 'complete', content: eventAnswer });
      assertSavedTurn(whole, invalidState, { status: 'complete', content: 'Served after a server error' });
      assert.deepEqual(whole?.entries.map((e) => e.role), Array.from({ length: 6 }, () => ['user', 'assistant']).flat());
    });
  });

  const quotaProbe = 'Quota probe: reply with exactly "never sent"';
  describe(`svc faults in VS Code (${theme.name} theme): quota exhausted`, function () {
    this.timeout(120_000);
    const logFile = path.join(logDir, 'quota-requests.jsonl');
    // Above zero, so the extension's own balance check lets the message go, but below the prompt's cost.
    const vscode = useVsCode(theme, { env: { [REQUEST_LOG_ENV]: logFile, [OPTIONS_ENV]: JSON.stringify({ balance: 0.00001 }) } });
    const chat = (): FrameLocator => vscode.workbench.webviewView(extensionId);

    it('quota exhausted: the quota message with Check Balance, never retried', async () => {
      await vscode.workbench.runCommand('svc: Focus Chat');
      await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
      await chat().getByTestId('model-picker').locator('option').first().waitFor({ state: 'attached', timeout: 30_000 });
      await chat().getByTestId('composer-input').fill(quotaProbe);
      await chat().getByTestId('send').click();
      const reply = chat().locator('[data-testid="message"][data-role="assistant"]').last();
      const error = reply.getByTestId('error');
      await error.waitFor({ timeout: 30_000 });
      assert.equal(await error.getAttribute('data-kind'), 'quota');
      const shown = (await error.textContent()) ?? '';
      assert.match(shown, /Out of quota/);
      assert.match(shown, /exceeded your current token quota/);
      assert.equal(await reply.getAttribute('data-status'), 'failed');
      const buttons = await error.getByRole('button').allTextContents();
      assert.deepEqual(buttons.map((b) => b.trim()), ['Check Balance'], 'the one action is Check Balance: no Retry, no countdown');
      assert.doesNotMatch(shown, /Retrying in/);
      await vscode.workbench.screenshot('faults-09-quota');

      await error.getByRole('button', { name: 'Check Balance' }).click();
      // The balance is a notification to read, not a modal that blocks the window.
      const toast = vscode.workbench.page.locator('.notifications-toasts .notification-toast').filter({ hasText: /svc balance: \$0\.00 available/ });
      await toast.waitFor({ timeout: 30_000 });
      assert.match((await toast.textContent()) ?? '', /Available balance/);
      assert.equal(await vscode.workbench.page.locator('.monaco-dialog-box').count(), 0, 'no modal dialog');
      await vscode.workbench.screenshot('faults-10-quota-balance');

      assert.equal(chatRequests(logFile, quotaProbe).length, 1, 'a quota refusal is never retried');
      assert.equal(chatRequests(logFile, quotaProbe)[0]?.status, 429);
      const saved = assertSavedTurn(savedWith(vscode.runDir, quotaProbe), quotaProbe, { status: 'failed' });
      assert.deepEqual({ kind: saved.error?.kind, action: saved.error?.action }, { kind: 'quota', action: 'checkBalance' });
    });
  });
}
